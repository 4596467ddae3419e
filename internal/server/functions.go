package server

import (
	"context"
	"errors"
	"html/template"
	"io"
	"net/http"
	"strings"

	"github.com/growthdesk/growthdesk/internal/bodylimit"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// WebhookParser verifies a provider's webhook signature over the raw payload and decodes
// the event. A bad or stale signature is an EInvalid error.
type WebhookParser interface {
	ParseWebhook(ctx context.Context, payload []byte, signature string) (*growthdesk.BillingEvent, error)
}

// maxWebhookBody bounds a provider's webhook; Stripe's events are well below it.
const maxWebhookBody = 512 << 10

// functionRoutes declares every /functions/v1 route with who may call it: the checkout
// function under the name the portal's checkout client calls, the provider's webhook (authorized by its signature), and
// the built-in test provider's pages (authorized by the secret of their links: the checkout
// page's signed key, the card page's signed token, an invoice's unguessable id).
func (s *Server) functionRoutes(fn *apiMux) {
	fn.register("POST", "/functions/v1/stripe-checkout", approved,
		s.rateLimited("checkout", s.cfg.CheckoutLimit, s.withFunctionAccess(approved, s.handleStripeCheckout)))
	fn.public("POST", "/functions/v1/stripe-webhook", http.HandlerFunc(s.handleStripeWebhook))
	fn.public("GET", "/functions/v1/test-checkout/{id}", http.HandlerFunc(s.handleTestCheckoutPage))
	fn.public("POST", "/functions/v1/test-checkout/{id}/pay", http.HandlerFunc(s.handleTestCheckoutPay))
	fn.public("POST", "/functions/v1/test-checkout/{id}/cancel", http.HandlerFunc(s.handleTestCheckoutCancel))
	fn.public("GET", "/functions/v1/test-portal/{token}", http.HandlerFunc(s.handleTestPortalPage))
	fn.public("POST", "/functions/v1/test-portal/{token}", http.HandlerFunc(s.handleTestPortalSave))
	fn.public("GET", "/functions/v1/test-invoices/{id}", http.HandlerFunc(s.handleTestInvoicePage))
}

// FunctionRoutes lists every declared /functions/v1 route, for the route × role test.
func FunctionRoutes() []Route {
	fn := &apiMux{ServeMux: http.NewServeMux(), s: &Server{}}
	fn.s.functionRoutes(fn)
	return fn.routes
}

// withFunctionAccess is withAccess for the checkout function: its refusals carry "error" too.
func (s *Server) withFunctionAccess(who growthdesk.Access, h callerHandler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := s.caller(r)
		if err == nil {
			err = growthdesk.CheckAccess(c, who)
		}
		if err != nil {
			writeFunctionError(w, r, s, err)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		h(w, r, c)
	})
}

// handleStripeCheckout is the checkout function the portal calls: {price_id, success_url, cancel_url,
// mode} → {url}, or {error} (with the API's code, message and fields).
func (s *Server) handleStripeCheckout(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var in growthdesk.CheckoutRequest
	err := decodeJSON(w, r, maxJSONBody, &in)
	var v *growthdesk.CheckoutAnswer
	if err == nil {
		v, err = s.deps.Billing.Checkout(r.Context(), c, in)
	}
	if err != nil {
		writeFunctionError(w, r, s, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

// writeFunctionError answers like writeError, with the message also under "error", where the
// portal's checkout client reads it.
func writeFunctionError(w http.ResponseWriter, r *http.Request, s *Server, err error) {
	rec := &bodyCapture{header: http.Header{}}
	writeError(rec, r, s.log, err)
	for k, v := range rec.header {
		w.Header()[k] = v
	}
	code := growthdesk.ErrorCode(err)
	msg := growthdesk.ErrorMessage(err)
	body := map[string]any{"error": msg, "code": code, "message": msg}
	var e *growthdesk.Error
	if errors.As(err, &e) && e.Fields != nil {
		body["fields"] = e.Fields
	}
	if rid := requestID(r.Context()); rec.status >= 500 {
		body["request_id"] = rid
	}
	writeJSON(w, rec.status, body)
}

// bodyCapture records the status and headers writeError chose.
type bodyCapture struct {
	header http.Header
	status int
}

func (b *bodyCapture) Header() http.Header         { return b.header }
func (b *bodyCapture) Write(p []byte) (int, error) { return len(p), nil }
func (b *bodyCapture) WriteHeader(status int)      { b.status = status }

// handleStripeWebhook reads the raw body (bounded), verifies its signature before parsing
// anything, and applies the event once.
func (s *Server) handleStripeWebhook(w http.ResponseWriter, r *http.Request) {
	if s.deps.StripeWebhooks == nil {
		writeError(w, r, s.log, growthdesk.Errorf(growthdesk.ENotFound, "Stripe webhooks are not configured on this server."))
		return
	}
	payload, err := io.ReadAll(bodylimit.Reader(r, maxWebhookBody))
	if err != nil {
		writeError(w, r, s.log, jsonError(err, maxWebhookBody))
		return
	}
	ev, err := s.deps.StripeWebhooks.ParseWebhook(r.Context(), payload, r.Header.Get("Stripe-Signature"))
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	applied, err := s.deps.Billing.ApplyEvent(r.Context(), ev)
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	s.log.InfoContext(r.Context(), "billing event", "provider", ev.Provider, "id", ev.ID, "type", ev.Type, "applied", applied)
	writeJSON(w, http.StatusOK, map[string]any{"received": true, "applied": applied})
}

// The test provider's pages are plain HTML forms without script.
const testPageCSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

var testPages = template.Must(template.New("page").Funcs(template.FuncMap{
	"money": growthdesk.FormatMoney,
	"upper": strings.ToUpper,
}).Parse(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>{{.Title}}</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f1f5f9;color:#0f172a;margin:0;padding:2rem 1rem}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:1rem;padding:2rem;box-shadow:0 10px 25px rgba(15,23,42,.08)}
h1{font-size:1.5rem;margin:0 0 .25rem}.muted{color:#475569}.price{font-size:2rem;font-weight:700;margin:1rem 0}
.note{background:#fef3c7;color:#78350f;border-radius:.5rem;padding:.75rem;font-size:.875rem}
fieldset{border:1px solid #cbd5e1;border-radius:.5rem;margin:1rem 0;padding:.75rem}label{display:block;padding:.25rem 0}
.actions{display:flex;gap:.75rem;margin-top:1.5rem;flex-wrap:wrap}
button{font:inherit;font-weight:600;border-radius:.5rem;padding:.625rem 1.25rem;border:1px solid transparent;cursor:pointer}
.primary{background:#1d4ed8;color:#fff}.secondary{background:#fff;color:#0f172a;border-color:#94a3b8}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
table{width:100%;border-collapse:collapse;margin-top:1rem}td{padding:.375rem 0;border-bottom:1px solid #e2e8f0}td+td{text-align:right}
a{color:#1d4ed8}
</style></head><body><main>
{{if eq .Kind "checkout"}}
<p class="muted">Test checkout</p><h1>{{.Session.PlanName}}</h1>
<p class="price">{{money .Session.Amount .Session.Currency}}{{if eq .Session.Mode "subscription"}} <span class="muted" style="font-size:1rem;font-weight:400">per {{if eq .Session.Interval "year"}}year{{else}}month{{end}}</span>{{else}} <span class="muted" style="font-size:1rem;font-weight:400">one-time</span>{{end}}</p>
{{if eq .Session.Status "open"}}
<p class="note">This is the built-in test payment provider: no card is charged and no data leaves this server.</p>
<form method="post" action="/functions/v1/test-checkout/{{.Session.ID}}/pay"><input type="hidden" name="key" value="{{.Key}}">
<fieldset><legend>Test card</legend>{{range $i, $c := .Cards}}<label><input type="radio" name="card" value="{{$c.Last4}}" {{if eq $i 0}}checked{{end}}> {{upper $c.Brand}} ending in {{$c.Last4}}</label>{{end}}</fieldset>
<div class="actions"><button class="primary" type="submit">Pay</button>
<button class="secondary" type="submit" formaction="/functions/v1/test-checkout/{{.Session.ID}}/cancel">Cancel</button></div>
</form>
{{else}}<p>This checkout is {{if eq .Session.Status "complete"}}already paid{{else}}canceled{{end}}.</p><p><a href="/portal/billing">Back to billing</a></p>{{end}}
{{else if eq .Kind "portal"}}
<p class="muted">Test payment method</p><h1>Update Payment Method</h1>
<p>{{.Subscription.OrganizationName}}, {{.Subscription.PlanName}}.{{if .Subscription.PaymentMethodLast4}} Current card: {{upper .Subscription.PaymentMethodBrand}} ending in {{.Subscription.PaymentMethodLast4}}.{{end}}</p>
<form method="post"><fieldset><legend>Test card</legend>{{range $i, $c := .Cards}}<label><input type="radio" name="card" value="{{$c.Last4}}" {{if eq $i 0}}checked{{end}}> {{upper $c.Brand}} ending in {{$c.Last4}}</label>{{end}}</fieldset>
<div class="actions"><button class="primary" type="submit">Save card</button><a href="/portal/billing">Cancel</a></div></form>
{{else}}
<p class="muted">Invoice {{.Invoice.Number}}</p><h1>{{.Organization}}</h1>
<table><tr><td>Amount</td><td>{{money .Invoice.Amount .Invoice.Currency}}</td></tr>
<tr><td>Status</td><td>{{.Invoice.Status}}</td></tr>
{{if .Invoice.PeriodStart}}<tr><td>Period</td><td>{{.Invoice.PeriodStart.Format "Jan 2, 2006"}}{{if .Invoice.PeriodEnd}} – {{.Invoice.PeriodEnd.Format "Jan 2, 2006"}}{{end}}</td></tr>{{end}}
{{with .Invoice.PaidAt}}<tr><td>Paid</td><td>{{.Format "Jan 2, 2006 15:04 UTC"}}</td></tr>{{end}}</table>
<p class="muted">Issued by the built-in test payment provider; no card was charged.</p>
{{end}}
</main></body></html>`))

type testPageData struct {
	Title        string
	Kind         string
	Session      *growthdesk.CheckoutSession
	Key          string // the checkout link's secret, posted back by Pay and Cancel
	Subscription *growthdesk.Subscription
	Invoice      *growthdesk.Invoice
	Organization string
	Cards        []growthdesk.PaymentMethod
}

func (s *Server) renderTestPage(w http.ResponseWriter, r *http.Request, d testPageData) {
	d.Cards = s.deps.TestCards
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Security-Policy", testPageCSP)
	if err := testPages.Execute(w, d); err != nil {
		s.log.ErrorContext(r.Context(), "render test payment page", "err", err)
	}
}

func (s *Server) testCard(r *http.Request) growthdesk.PaymentMethod {
	cards := s.deps.TestCards
	if len(cards) == 0 {
		return growthdesk.PaymentMethod{Brand: "visa", Last4: "4242"}
	}
	want := r.PostFormValue("card")
	for _, c := range cards {
		if c.Last4 == want {
			return c
		}
	}
	return cards[0]
}

// The checkout page's link carries its secret as ?key=…; Pay and Cancel post it back in the
// form (never in their URL), so the session id alone opens nothing.
func (s *Server) handleTestCheckoutPage(w http.ResponseWriter, r *http.Request) {
	key := r.URL.Query().Get("key")
	sess, err := s.deps.Billing.TestCheckout(r.Context(), r.PathValue("id"), key)
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	w.Header().Set("Referrer-Policy", "no-referrer")
	s.renderTestPage(w, r, testPageData{Title: "Test checkout: " + sess.PlanName, Kind: "checkout", Session: sess, Key: key})
}

func (s *Server) handleTestCheckoutPay(w http.ResponseWriter, r *http.Request) {
	to, err := s.deps.Billing.PayTestCheckout(r.Context(), r.PathValue("id"), r.PostFormValue("key"), s.testCard(r))
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
}

func (s *Server) handleTestCheckoutCancel(w http.ResponseWriter, r *http.Request) {
	to, err := s.deps.Billing.CancelTestCheckout(r.Context(), r.PathValue("id"), r.PostFormValue("key"))
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
}

func (s *Server) handleTestPortalPage(w http.ResponseWriter, r *http.Request) {
	sub, err := s.deps.Billing.TestPortal(r.Context(), r.PathValue("token"))
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	s.renderTestPage(w, r, testPageData{Title: "Update Payment Method", Kind: "portal", Subscription: sub})
}

func (s *Server) handleTestPortalSave(w http.ResponseWriter, r *http.Request) {
	if err := s.deps.Billing.ChangeTestCard(r.Context(), r.PathValue("token"), s.testCard(r)); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	http.Redirect(w, r, "/portal/billing", http.StatusSeeOther)
}

func (s *Server) handleTestInvoicePage(w http.ResponseWriter, r *http.Request) {
	in, org, err := s.deps.Billing.TestInvoice(r.Context(), r.PathValue("id"))
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	s.renderTestPage(w, r, testPageData{Title: "Invoice " + in.Number, Kind: "invoice", Invoice: in, Organization: org})
}
