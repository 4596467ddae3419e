package server_test

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85/webhook"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/payments"
	"github.com/growthdesk/growthdesk/internal/payments/stripemock"
	"github.com/growthdesk/growthdesk/internal/pdftest"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

var idRe = regexp.MustCompile(`"id":"([^"]+)"`)

// billingOrgs puts the customer into Acme and a second customer ("other") into Beta.
func billingOrgs(t *testing.T, env *portalEnv) (acme, beta string) {
	t.Helper()
	acme = idRe.FindStringSubmatch(env.as(t, "admin", "POST", "/api/v1/admin/organizations", `{"name":"Acme"}`).body)[1]
	beta = idRe.FindStringSubmatch(env.as(t, "admin", "POST", "/api/v1/admin/organizations", `{"name":"Beta Bakery"}`).body)[1]
	env.ids["other"] = env.signUpStaff(t, "other@example.com", "customer")
	env.tokens["other"] = env.signIn(t, "other@example.com")
	for role, org := range map[string]string{"customer": acme, "other": beta} {
		if res := env.as(t, "admin", "PATCH", "/api/v1/admin/users/"+env.ids[role], `{"organization_id":"`+org+`"}`); res.status != 200 {
			t.Fatalf("move %s: %d %s", role, res.status, res.body)
		}
	}
	return acme, beta
}

// checkoutLink reads the test provider's checkout page link from the checkout function's
// answer: the session id, and the link's secret key that opens the page.
func checkoutLink(t *testing.T, body string) (session, key string) {
	t.Helper()
	raw := decode[map[string]string](t, body)["url"]
	u, err := url.Parse(raw)
	if err != nil || !strings.HasPrefix(raw, testSiteURL+"/functions/v1/test-checkout/cs_test_") || u.Query().Get("key") == "" {
		t.Fatalf("checkout url %q", raw)
	}
	return strings.TrimPrefix(u.Path, "/functions/v1/test-checkout/"), u.Query().Get("key")
}

func form(env *portalEnv, t *testing.T, path, body string) response {
	t.Helper()
	return env.do(t, "POST", path, "application/x-www-form-urlencoded", body)
}

func decode[T any](t *testing.T, body string) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		t.Fatalf("decode %s: %v", body, err)
	}
	return v
}

// TestBilling_PurchaseWithTheTestProvider walks the whole purchase offline: the catalogue,
// checkout, the local checkout page, paying, the success page's check, the billing page, the
// card page, cancel and resume, and the admins' overview, CSV, status change and delete.
func TestBilling_PurchaseWithTheTestProvider(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newPortalEnv(t, db)
		billingOrgs(t, env)

		plans := env.as(t, "customer", "GET", "/api/v1/billing/plans", "")
		if plans.status != 200 || !strings.Contains(plans.body, `"name":"Chatbot Setup"`) || !strings.Contains(plans.body, `"description":"A chatbot on your website that answers your customers from your own services, prices and FAQs, with monthly tuning and support."`) ||
			!strings.Contains(plans.body, `"amount":100`) || !strings.Contains(plans.body, `"mode":"subscription"`) {
			t.Fatalf("plans: %d %s", plans.status, plans.body)
		}

		// Return URLs off the site are replaced by the billing page's own.
		res := env.as(t, "customer", "POST", "/functions/v1/stripe-checkout",
			`{"price_id":"price_chatbot_setup_monthly","success_url":"https://evil.example/x","cancel_url":"//evil.example","mode":"payment"}`)
		if res.status != 200 {
			t.Fatalf("checkout: %d %s", res.status, res.body)
		}
		session, key := checkoutLink(t, res.body)

		page := env.do(t, "GET", "/functions/v1/test-checkout/"+session+"?key="+key, "", "")
		if page.status != 200 || !strings.Contains(page.body, "Chatbot Setup") || !strings.Contains(page.body, "$1.00") ||
			!strings.Contains(page.body, ">Pay</button>") || !strings.Contains(page.body, ">Cancel</button>") {
			t.Fatalf("checkout page: %d %s", page.status, page.body)
		}
		if status := env.as(t, "customer", "GET", "/api/v1/billing/checkout-sessions/"+session, ""); !strings.Contains(status.body, `"paid":false`) {
			t.Fatalf("unpaid session: %s", status.body)
		}

		paid := form(env, t, "/functions/v1/test-checkout/"+session+"/pay", "card=4444&key="+key)
		loc, _ := url.Parse(paid.header.Get("Location"))
		if paid.status != 303 || loc.Host != "www.example.com" || loc.Path != "/portal/billing" || loc.Query().Get("success") != "true" ||
			loc.Query().Get("session_id") != session {
			t.Fatalf("pay: %d %s", paid.status, paid.header.Get("Location"))
		}
		// Paying twice (a double click) changes nothing.
		form(env, t, "/functions/v1/test-checkout/"+session+"/pay", "card=4242&key="+key)

		status := env.as(t, "customer", "GET", "/api/v1/billing/checkout-sessions/"+session, "")
		if status.status != 200 || !strings.Contains(status.body, `"paid":true`) || !strings.Contains(status.body, `"status":"complete"`) {
			t.Fatalf("paid session: %d %s", status.status, status.body)
		}
		for _, role := range []string{"other", "employee"} {
			if res := env.as(t, role, "GET", "/api/v1/billing/checkout-sessions/"+session, ""); res.status != 404 {
				t.Fatalf("%s reads another organization's checkout: %d %s", role, res.status, res.body)
			}
		}
		if res := env.as(t, "admin", "GET", "/api/v1/billing/checkout-sessions/"+session, ""); res.status != 200 || !strings.Contains(res.body, `"paid":true`) {
			t.Fatalf("an admin reads the checkout: %d %s", res.status, res.body)
		}
		// Billing's audit entries (with the session id) are an admin's to read, in the audit
		// log and in Recent Activity alike.
		for _, path := range []string{"/api/v1/admin/audit-log", "/api/v1/admin/audit-log?sort=action", "/api/v1/admin/audit-log?sort=who&dir=desc", "/api/v1/admin/dashboard"} {
			if res := env.as(t, "employee", "GET", path, ""); res.status != 200 || strings.Contains(res.body, `"billing.`) || strings.Contains(res.body, session) {
				t.Fatalf("an employee's %s shows billing: %d %s", path, res.status, res.body)
			}
			if res := env.as(t, "admin", "GET", path, ""); res.status != 200 || !strings.Contains(res.body, `"action":"billing.checkout_started"`) {
				t.Fatalf("an admin's %s misses billing: %d %s", path, res.status, res.body)
			}
		}

		acct := decode[growthdesk.BillingAccount](t, env.as(t, "customer", "GET", "/api/v1/billing", "").body)
		sub := acct.Subscription
		if sub == nil || sub.PlanName != "Chatbot Setup" || sub.Status != "active" || sub.Amount != 100 || sub.BillingCycle != "monthly" ||
			sub.NextBillingDate == nil || sub.NextBillingDate.Before(time.Now().Add(27*24*time.Hour)) {
			t.Fatalf("subscription %+v", sub)
		}
		if acct.PaymentMethod == nil || acct.PaymentMethod.Last4 != "4444" || acct.PaymentMethod.Brand != "mastercard" {
			t.Fatalf("payment method %+v", acct.PaymentMethod)
		}
		if len(acct.Invoices) != 1 || acct.Invoices[0].Status != "paid" || acct.Invoices[0].Amount != 100 || acct.Invoices[0].PaidAt == nil {
			t.Fatalf("invoices %+v", acct.Invoices)
		}
		doc, _ := url.Parse(acct.Invoices[0].DocumentURL)
		if res := env.do(t, "GET", doc.Path, "", ""); res.status != 200 || !strings.Contains(res.body, "Acme") || !strings.Contains(res.body, "$1.00") {
			t.Fatalf("invoice document: %d %s", res.status, res.body)
		}
		other := decode[growthdesk.BillingAccount](t, env.as(t, "other", "GET", "/api/v1/billing", "").body)
		if other.Subscription != nil || len(other.Invoices) != 0 {
			t.Fatalf("another organization sees Acme's billing: %+v", other)
		}

		// The same plan again is refused: the organization has it.
		if res := env.as(t, "customer", "POST", "/functions/v1/stripe-checkout", `{"price_id":"price_chatbot_setup_monthly"}`); res.status != 409 ||
			!strings.Contains(res.body, `"error":"Your organization already has the Chatbot Setup plan."`) {
			t.Fatalf("buying the same plan twice: %d %s", res.status, res.body)
		}

		// The card page changes the card through the same event path.
		portal := decode[map[string]string](t, env.as(t, "customer", "POST", "/api/v1/billing/portal-session", "").body)
		pu, _ := url.Parse(portal["url"])
		if res := env.do(t, "GET", pu.Path, "", ""); res.status != 200 || !strings.Contains(res.body, "Update Payment Method") {
			t.Fatalf("card page: %d %s", res.status, res.body)
		}
		if res := form(env, t, pu.Path, "card=4242"); res.status != 303 {
			t.Fatalf("save card: %d %s", res.status, res.body)
		}
		if acct := env.as(t, "customer", "GET", "/api/v1/billing", "").body; !strings.Contains(acct, `"last4":"4242"`) {
			t.Fatalf("card not changed: %s", acct)
		}
		if res := env.as(t, "other", "POST", "/api/v1/billing/portal-session", ""); res.status != 409 {
			t.Fatalf("portal without a customer: %d %s", res.status, res.body)
		}

		if res := env.as(t, "customer", "POST", "/api/v1/billing/cancel", ""); res.status != 200 || !strings.Contains(res.body, `"cancel_at_period_end":true`) {
			t.Fatalf("cancel: %d %s", res.status, res.body)
		}
		next, err := (&growthdesk.Billing{Store: store.NewBillingStore(db)}).NextBillingDate(context.Background(), customerCaller(t, env, db))
		if err != nil || next != nil {
			t.Fatalf("next billing date of a subscription ending: %v %v", next, err)
		}
		if res := env.as(t, "customer", "POST", "/api/v1/billing/resume", ""); res.status != 200 || !strings.Contains(res.body, `"cancel_at_period_end":false`) {
			t.Fatalf("resume: %d %s", res.status, res.body)
		}
		next, err = (&growthdesk.Billing{Store: store.NewBillingStore(db)}).NextBillingDate(context.Background(), customerCaller(t, env, db))
		if err != nil || next == nil || !next.Equal(*sub.NextBillingDate) {
			t.Fatalf("next billing date %v, want %v (%v)", next, sub.NextBillingDate, err)
		}

		// The admins' overview.
		list := decode[growthdesk.SubscriptionPage](t, env.as(t, "admin", "GET", "/api/v1/admin/billing/subscriptions?status=active&q=acm", "").body)
		if list.Total != 1 || list.Items[0].OrganizationName != "Acme" {
			t.Fatalf("overview list %+v", list)
		}
		if l := decode[growthdesk.SubscriptionPage](t, env.as(t, "admin", "GET", "/api/v1/admin/billing/subscriptions?status=past_due", "").body); l.Total != 0 {
			t.Fatalf("past due filter %+v", l)
		}
		sum := decode[growthdesk.BillingSummary](t, env.as(t, "admin", "GET", "/api/v1/admin/billing/summary", "").body)
		if sum.TotalRevenue != 100 || sum.ActiveSubscriptions != 1 || sum.MonthlyRecurring != 100 || sum.ChurnRate != 0 || sum.Currency != "usd" {
			t.Fatalf("summary %+v", sum)
		}
		csvRes := env.as(t, "admin", "GET", "/api/v1/admin/billing/subscriptions.csv?status=active", "")
		rows, err := csv.NewReader(strings.NewReader(csvRes.body)).ReadAll()
		if csvRes.status != 200 || err != nil || len(rows) != 2 || rows[1][0] != "Acme" || rows[1][1] != "Chatbot Setup" || rows[1][2] != "1.00" || rows[1][5] != "active" {
			t.Fatalf("csv: %d %q %v", csvRes.status, rows, err)
		}
		for _, path := range []string{"/api/v1/admin/billing/subscriptions", "/api/v1/admin/billing/summary", "/api/v1/admin/billing/subscriptions.csv"} {
			for _, role := range []string{"employee", "customer"} {
				if res := env.as(t, role, "GET", path, ""); res.status != 403 || !strings.Contains(res.body, `"message":"Only administrators can access billing overview."`) {
					t.Fatalf("%s %s: %d %s", role, path, res.status, res.body)
				}
			}
		}
		for _, method := range []string{"PATCH", "DELETE"} {
			if res := env.as(t, "employee", method, "/api/v1/admin/billing/subscriptions/"+sub.ID, `{"status":"cancelled"}`); res.status != 403 ||
				!strings.Contains(res.body, "Only administrators can access billing overview.") {
				t.Fatalf("employee %s: %d %s", method, res.status, res.body)
			}
		}
		subPath := "/api/v1/admin/billing/subscriptions/" + sub.ID
		for _, bad := range []string{`{"status":"paused"}`, `{"status":1}`, `{`, `[]`} {
			if res := env.as(t, "admin", "PATCH", subPath, bad); res.status < 400 || res.status >= 500 {
				t.Fatalf("bad status change %s: %d %s", bad, res.status, res.body)
			}
		}
		if res := env.as(t, "admin", "PATCH", "/api/v1/admin/billing/subscriptions/nope", `{"status":"active"}`); res.status != 404 {
			t.Fatalf("unknown subscription: %d", res.status)
		}
		if res := env.as(t, "admin", "PATCH", subPath, `{"status":"cancelled"}`); res.status != 200 || !strings.Contains(res.body, `"status":"cancelled"`) {
			t.Fatalf("status change: %d %s", res.status, res.body)
		}
		if sum := decode[growthdesk.BillingSummary](t, env.as(t, "admin", "GET", "/api/v1/admin/billing/summary", "").body); sum.ChurnRate != 100 || sum.ActiveSubscriptions != 0 {
			t.Fatalf("churn after cancelling the only subscription %+v", sum)
		}
		audit := env.as(t, "admin", "GET", "/api/v1/admin/audit-log", "").body
		for _, action := range []string{growthdesk.AuditSubscriptionStatus, growthdesk.AuditCheckoutStart, growthdesk.AuditSubscriptionCancel, growthdesk.AuditSubscriptionResume} {
			if !strings.Contains(audit, action) {
				t.Errorf("audit log lacks %s", action)
			}
		}
		if res := env.as(t, "admin", "DELETE", subPath, ""); res.status != 204 {
			t.Fatalf("delete: %d %s", res.status, res.body)
		}
		if res := env.as(t, "admin", "DELETE", subPath, ""); res.status != 404 {
			t.Fatalf("delete twice: %d", res.status)
		}
		if !strings.Contains(env.as(t, "admin", "GET", "/api/v1/admin/audit-log", "").body, growthdesk.AuditSubscriptionDelete) {
			t.Error("delete not audited")
		}
	})
}

func customerCaller(t *testing.T, env *portalEnv, db *store.DB) *growthdesk.Caller {
	t.Helper()
	p, err := store.NewAccountStore(db).GetProfile(context.Background(), env.ids["customer"])
	if err != nil {
		t.Fatal(err)
	}
	return &growthdesk.Caller{Profile: p}
}

// TestBilling_CheckoutRefusesBadInputAndOtherCallers: refusals carry {error} for the checkout client.
func TestBilling_CheckoutRefusesBadInputAndOtherCallers(t *testing.T) {
	t.Parallel()
	env := newPortalEnv(t, storetest.SQLite(t))
	billingOrgs(t, env)
	cases := []struct {
		name, role, body string
		status           int
		field            string
	}{
		{"unknown price", "customer", `{"price_id":"price_free","mode":"subscription"}`, 422, "price_id"},
		{"no price", "customer", `{"success_url":"/x"}`, 422, "price_id"},
		{"wrong type", "customer", `{"price_id":5}`, 422, "price_id"},
		{"bad mode", "customer", `{"price_id":"price_chatbot_setup_monthly","mode":"forever"}`, 422, "mode"},
		{"malformed", "customer", `{"price_id":`, 400, ""},
		{"control character", "customer", `{"price_id":"price\u0000"}`, 422, "price_id"},
		{"staff", "employee", `{"price_id":"price_chatbot_setup_monthly"}`, 409, ""},
		{"pending", "pending", `{"price_id":"price_chatbot_setup_monthly"}`, 403, ""},
		{"visitor", "visitor", `{"price_id":"price_chatbot_setup_monthly"}`, 401, ""},
	}
	for _, tc := range cases {
		res := env.as(t, tc.role, "POST", "/functions/v1/stripe-checkout", tc.body)
		body := decode[map[string]any](t, res.body)
		if res.status != tc.status || body["error"] == nil || body["error"] == "" {
			t.Errorf("%s: %d %s, want %d with an error", tc.name, res.status, res.body, tc.status)
			continue
		}
		if tc.field != "" {
			if f, _ := body["fields"].(map[string]any); f[tc.field] == nil {
				t.Errorf("%s: no message for %s: %s", tc.name, tc.field, res.body)
			}
		}
	}
	big := `{"price_id":"` + strings.Repeat("a", 70<<10) + `"}`
	if res := env.as(t, "customer", "POST", "/functions/v1/stripe-checkout", big); res.status != 413 {
		t.Errorf("oversized body: %d", res.status)
	}
	// A customer without an organization gets a clear answer.
	id := env.signUpStaff(t, "lonely@example.com", "customer")
	_ = id
	env.tokens["lonely"] = env.signIn(t, "lonely@example.com")
	if res := env.as(t, "lonely", "POST", "/functions/v1/stripe-checkout", `{"price_id":"price_chatbot_setup_monthly"}`); res.status != 409 ||
		!strings.Contains(res.body, "not part of an organization") {
		t.Errorf("no organization: %d %s", res.status, res.body)
	}
	// Canceling on the test page returns to the cancel URL and the session stays unpaid.
	res := env.as(t, "customer", "POST", "/functions/v1/stripe-checkout", `{"price_id":"price_chatbot_setup_monthly","success_url":"/checkout/success?success=true","cancel_url":"/portal/billing?canceled=true"}`)
	session, key := checkoutLink(t, res.body)
	cancel := form(env, t, "/functions/v1/test-checkout/"+session+"/cancel", "key="+key)
	if cancel.status != 303 || cancel.header.Get("Location") != testSiteURL+"/portal/billing?canceled=true" {
		t.Fatalf("cancel: %d %s", cancel.status, cancel.header.Get("Location"))
	}
	if pay := form(env, t, "/functions/v1/test-checkout/"+session+"/pay", "key="+key); pay.header.Get("Location") != testSiteURL+"/portal/billing?canceled=true" {
		t.Fatalf("paying a canceled checkout: %d %s", pay.status, pay.header.Get("Location"))
	}
	if s := env.as(t, "customer", "GET", "/api/v1/billing/checkout-sessions/"+session, "").body; !strings.Contains(s, `"paid":false`) || !strings.Contains(s, `"status":"expired"`) {
		t.Fatalf("canceled session: %s", s)
	}
	if s := env.as(t, "customer", "GET", "/api/v1/billing/checkout-sessions/cs_made_up", ""); s.status != 404 {
		t.Fatalf("made-up session: %d", s.status)
	}
}

// TestBilling_TheSessionIdAloneOpensNoCheckout is the takeover path of the security review:
// a staff member reads a customer's checkout session id in the audit log (or on the admin
// dashboard; admins only, as billing is theirs) and pays or cancels that checkout on the test
// provider's page. The page and its actions need the secret key of the buyer's link, which
// no staff answer carries.
func TestBilling_TheSessionIdAloneOpensNoCheckout(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newPortalEnv(t, db)
		billingOrgs(t, env)
		session, key := checkoutLink(t, env.as(t, "customer", "POST", "/functions/v1/stripe-checkout", `{"price_id":"price_chatbot_setup_monthly"}`).body)
		otherSession, otherKey := checkoutLink(t, env.as(t, "other", "POST", "/functions/v1/stripe-checkout", `{"price_id":"price_chatbot_setup_monthly"}`).body)

		for _, path := range []string{"/api/v1/admin/audit-log", "/api/v1/admin/audit-log?sort=action", "/api/v1/admin/audit-log?sort=who&dir=desc", "/api/v1/admin/dashboard"} {
			res := env.as(t, "admin", "GET", path, "")
			if res.status != 200 || !strings.Contains(res.body, session) {
				t.Fatalf("%s does not name the session (the premise of this test): %d %s", path, res.status, res.body)
			}
			if strings.Contains(res.body, key) || strings.Contains(res.body, "test-checkout") {
				t.Fatalf("%s carries the checkout link: %s", path, res.body)
			}
		}
		base := "/functions/v1/test-checkout/" + session
		for _, tc := range []struct{ name, method, path, body string }{
			{"page without key", "GET", base, ""},
			{"page with an empty key", "GET", base + "?key=", ""},
			{"page with another checkout's key", "GET", base + "?key=" + otherKey, ""},
			{"page with a made-up key", "GET", base + "?key=" + strings.Repeat("0", len(key)), ""},
			{"pay without key", "POST", base + "/pay", "card=4242"},
			{"pay with the key in the URL of another checkout", "POST", base + "/pay?key=" + otherKey, "card=4242"},
			{"pay with another checkout's key", "POST", base + "/pay", "card=4242&key=" + otherKey},
			{"cancel without key", "POST", base + "/cancel", ""},
			{"cancel with another checkout's key", "POST", base + "/cancel", "key=" + otherKey},
			{"the other checkout with this one's key", "POST", "/functions/v1/test-checkout/" + otherSession + "/pay", "key=" + key},
		} {
			var res response
			if tc.method == "GET" {
				res = env.do(t, "GET", tc.path, "", "")
			} else {
				res = form(env, t, tc.path, tc.body)
			}
			if res.status != 404 || strings.Contains(res.body, "Chatbot Setup") {
				t.Errorf("%s: %d %s", tc.name, res.status, res.body)
			}
		}
		for role, id := range map[string]string{"customer": session, "other": otherSession} {
			if st := env.as(t, role, "GET", "/api/v1/billing/checkout-sessions/"+id, "").body; !strings.Contains(st, `"status":"open"`) || !strings.Contains(st, `"paid":false`) {
				t.Fatalf("%s's checkout changed: %s", role, st)
			}
		}
		// The buyer's own link still works.
		if page := env.do(t, "GET", base+"?key="+key, "", ""); page.status != 200 || !strings.Contains(page.body, `name="key" value="`+key+`"`) {
			t.Fatalf("the buyer's link: %d %s", page.status, page.body)
		}
		if paid := form(env, t, base+"/pay", "card=4242&key="+key); paid.status != 303 || !strings.Contains(paid.header.Get("Location"), "session_id="+session) {
			t.Fatalf("the buyer pays: %d %s", paid.status, paid.header.Get("Location"))
		}
	})
}

// stripeEnv is the server on Stripe (stripe-mock) with the customer's organization's Stripe customer known.
func stripeEnv(t *testing.T, db *store.DB) (*portalEnv, string) {
	t.Helper()
	st, err := payments.NewStripe(payments.StripeOptions{SecretKey: "sk_test_123", WebhookSecret: "whsec_test", APIBase: stripemock.Start(t)})
	if err != nil {
		t.Fatal(err)
	}
	env := newGuardEnv(t, db, guardOptions{stripe: st})
	acme, _ := billingOrgs(t, env)
	if err := store.NewBillingStore(db).SaveCustomer(context.Background(), growthdesk.OrganizationScope(acme), "stripe", "cus_acme"); err != nil {
		t.Fatal(err)
	}
	return env, acme
}

func (e *portalEnv) webhook(t *testing.T, id, typ string, created time.Time, obj map[string]any, signedAt time.Time, secret string) response {
	t.Helper()
	raw, _ := json.Marshal(map[string]any{"id": id, "object": "event", "type": typ, "created": created.Unix(), "api_version": "2025-01-27.acacia",
		"data": map[string]any{"object": obj}})
	sig := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: raw, Secret: secret, Timestamp: signedAt})
	return e.do(t, "POST", "/functions/v1/stripe-webhook", "application/json", string(raw), "Stripe-Signature", sig.Header)
}

func stripeSub(status string, periodEnd time.Time, last4 string) map[string]any {
	return map[string]any{"id": "sub_acme", "object": "subscription", "customer": "cus_acme", "status": status, "cancel_at_period_end": false,
		"default_payment_method": map[string]any{"id": "pm_" + last4, "object": "payment_method", "card": map[string]any{"brand": "visa", "last4": last4}},
		"items": map[string]any{"data": []any{map[string]any{"id": "si_1", "current_period_end": periodEnd.Unix(),
			"price": map[string]any{"id": "price_chatbot_setup_monthly", "unit_amount": 100, "currency": "usd", "recurring": map[string]any{"interval": "month"}}}}}}
}

func stripeInvoice(id string, status string) map[string]any {
	return map[string]any{"id": id, "object": "invoice", "customer": "cus_acme", "amount_due": 100, "amount_paid": 0, "currency": "usd", "status": status,
		"hosted_invoice_url": "https://invoice.stripe.com/i/" + id, "parent": map[string]any{"subscription_details": map[string]any{"subscription": "sub_acme"}}}
}

// TestStripeWebhook_SignedOnceInAnyOrder: a bad or stale signature is refused and changes
// nothing, an event delivered twice is applied once, and events out of order end in the
// state of the newest.
func TestStripeWebhook_SignedOnceInAnyOrder(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env, _ := stripeEnv(t, db)
		now := time.Now()
		t0 := now.Add(-time.Hour)
		end := now.Add(30 * 24 * time.Hour).Truncate(time.Second)

		if res := env.webhook(t, "evt_bad", "customer.subscription.created", t0, stripeSub("active", end, "4242"), now, "whsec_wrong"); res.status != 422 {
			t.Fatalf("bad signature: %d %s", res.status, res.body)
		}
		if res := env.webhook(t, "evt_stale", "customer.subscription.created", t0, stripeSub("active", end, "4242"), now.Add(-301*time.Second), "whsec_test"); res.status != 422 {
			t.Fatalf("stale signature: %d %s", res.status, res.body)
		}
		if acct := env.as(t, "customer", "GET", "/api/v1/billing", "").body; !strings.Contains(acct, `"subscription":null`) {
			t.Fatalf("a refused webhook changed billing: %s", acct)
		}

		// Out of order: the update to past_due (t0+2) arrives before the creation (t0+1).
		if res := env.webhook(t, "evt_upd", "customer.subscription.updated", t0.Add(2*time.Second), stripeSub("past_due", end, "1111"), now, "whsec_test"); res.status != 200 {
			t.Fatalf("update: %d %s", res.status, res.body)
		}
		if res := env.webhook(t, "evt_new", "customer.subscription.created", t0.Add(time.Second), stripeSub("active", end, "4242"), now, "whsec_test"); res.status != 200 {
			t.Fatalf("create: %d %s", res.status, res.body)
		}
		acct := decode[growthdesk.BillingAccount](t, env.as(t, "customer", "GET", "/api/v1/billing", "").body)
		if acct.Subscription == nil || acct.Subscription.Status != "past_due" || acct.PaymentMethod == nil || acct.PaymentMethod.Last4 != "1111" ||
			acct.Subscription.PlanName != "Chatbot Setup" || !acct.Subscription.NextBillingDate.Equal(end) {
			t.Fatalf("out of order: %+v %+v", acct.Subscription, acct.PaymentMethod)
		}

		// A failed payment e-mails the organization's customers, once, even when delivered twice.
		before := countMail(t, env, "customer@example.com")
		for i := 0; i < 2; i++ {
			res := env.webhook(t, "evt_fail", "invoice.payment_failed", t0.Add(3*time.Second), stripeInvoice("in_1", "open"), now, "whsec_test")
			if res.status != 200 || (i == 1 && !strings.Contains(res.body, `"applied":false`)) {
				t.Fatalf("payment failed #%d: %d %s", i, res.status, res.body)
			}
		}
		if got := countMail(t, env, "customer@example.com") - before; got != 1 {
			t.Fatalf("payment-failed e-mails: %d, want 1", got)
		}
		if countMail(t, env, "other@example.com") != 0 {
			t.Fatal("another organization's customer got the payment-failed e-mail")
		}
		// The paid invoice (t0+5) wins over an older failure delivered late (t0+4).
		if res := env.webhook(t, "evt_paid", "invoice.paid", t0.Add(5*time.Second), map[string]any{"id": "in_1", "object": "invoice", "customer": "cus_acme",
			"amount_due": 100, "amount_paid": 100, "currency": "usd", "status": "paid", "status_transitions": map[string]any{"paid_at": t0.Add(5 * time.Second).Unix()},
			"parent": map[string]any{"subscription_details": map[string]any{"subscription": "sub_acme"}}}, now, "whsec_test"); res.status != 200 {
			t.Fatalf("paid: %d %s", res.status, res.body)
		}
		env.webhook(t, "evt_fail_late", "invoice.payment_failed", t0.Add(4*time.Second), stripeInvoice("in_1", "open"), now, "whsec_test")
		acct = decode[growthdesk.BillingAccount](t, env.as(t, "customer", "GET", "/api/v1/billing", "").body)
		if acct.Subscription.Status != "active" || len(acct.Invoices) != 1 || acct.Invoices[0].Status != "paid" || acct.Invoices[0].Amount != 100 {
			t.Fatalf("after paid: %+v %+v", acct.Subscription, acct.Invoices)
		}

		// Deleted is final: a late update does not bring the subscription back.
		env.webhook(t, "evt_del", "customer.subscription.deleted", t0.Add(7*time.Second), stripeSub("canceled", end, "1111"), now, "whsec_test")
		env.webhook(t, "evt_late", "customer.subscription.updated", t0.Add(6*time.Second), stripeSub("active", end, "1111"), now, "whsec_test")
		if s := env.as(t, "customer", "GET", "/api/v1/billing", "").body; !strings.Contains(s, `"status":"cancelled"`) {
			t.Fatalf("after delete: %s", s)
		}
		// An unknown customer's event is recorded and ignored.
		other := stripeSub("active", end, "4242")
		other["id"], other["customer"] = "sub_x", "cus_unknown"
		if res := env.webhook(t, "evt_x", "customer.subscription.created", now, other, now, "whsec_test"); res.status != 200 {
			t.Fatalf("unknown customer: %d %s", res.status, res.body)
		}
		if l := decode[growthdesk.SubscriptionPage](t, env.as(t, "admin", "GET", "/api/v1/admin/billing/subscriptions", "").body); l.Total != 1 {
			t.Fatalf("subscriptions %+v", l)
		}
	})
}

// TestStripeCheckout_CreatesASessionAtStripe: checkout through stripe-mock.
func TestStripeCheckout_CreatesASessionAtStripe(t *testing.T) {
	t.Parallel()
	env, _ := stripeEnv(t, storetest.SQLite(t))
	res := env.as(t, "customer", "POST", "/functions/v1/stripe-checkout", `{"price_id":"price_chatbot_setup_monthly","success_url":"/checkout/success?success=true","cancel_url":"/portal/billing?canceled=true","mode":"subscription"}`)
	if res.status != 200 || !strings.Contains(res.body, `"url":"`) {
		t.Fatalf("checkout: %d %s", res.status, res.body)
	}
	if res := env.as(t, "customer", "POST", "/api/v1/billing/portal-session", ""); res.status != 200 || !strings.Contains(res.body, `"url":"`) {
		t.Fatalf("portal: %d %s", res.status, res.body)
	}
	if res := env.do(t, "GET", "/functions/v1/test-checkout/cs_test_x", "", ""); res.status != 404 {
		t.Fatalf("test pages with Stripe: %d", res.status)
	}
}

func countMail(t *testing.T, env *portalEnv, to string) int {
	t.Helper()
	mails, err := env.outbox.ListMail(context.Background(), 500)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range mails {
		if m.Email.To == to && m.Email.Kind == growthdesk.EmailPaymentFailed {
			n++
		}
	}
	return n
}

// TestBilling_TwoClicksOnPayBuyOnce: paying the same test checkout twice at once makes one
// subscription and one invoice.
func TestBilling_TwoClicksOnPayBuyOnce(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newPortalEnv(t, db)
		billingOrgs(t, env)
		res := env.as(t, "customer", "POST", "/functions/v1/stripe-checkout", `{"price_id":"price_chatbot_setup_monthly"}`)
		session, key := checkoutLink(t, res.body)
		done := make(chan int, 2)
		for i := 0; i < 2; i++ {
			go func() {
				req, _ := http.NewRequest("POST", env.srv.URL+"/functions/v1/test-checkout/"+session+"/pay", strings.NewReader("card=4242&key="+key))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
				r, err := client.Do(req)
				if err != nil {
					done <- 0
					return
				}
				r.Body.Close()
				done <- r.StatusCode
			}()
		}
		for i := 0; i < 2; i++ {
			if code := <-done; code != 303 {
				t.Errorf("pay: %d", code)
			}
		}
		acct := decode[growthdesk.BillingAccount](t, env.as(t, "customer", "GET", "/api/v1/billing", "").body)
		list := decode[growthdesk.SubscriptionPage](t, env.as(t, "admin", "GET", "/api/v1/admin/billing/subscriptions", "").body)
		if list.Total != 1 || len(acct.Invoices) != 1 {
			t.Fatalf("two clicks bought %d subscriptions and %d invoices", list.Total, len(acct.Invoices))
		}
	})
}

// TestBilling_APaymentCutShortIsFinishedByTheNextPay: paying a test checkout applies the
// provider's events one by one. A server killed in between (found by the kill -9 runs of
// docs/reliability.md) used to leave a session complete but unpaid for good, and the next
// Pay answered success without paying. Now the session stays open until its last event, and
// the next Pay applies what is missing, and only that: one subscription, one invoice.
func TestBilling_APaymentCutShortIsFinishedByTheNextPay(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newPortalEnv(t, db)
		for _, applied := range []int{1, 2} {
			// Each pass in an organization of its own, as an organization buys a plan once.
			org := idRe.FindStringSubmatch(env.as(t, "admin", "POST", "/api/v1/admin/organizations", fmt.Sprintf(`{"name":"Cut short %d"}`, applied)).body)[1]
			if res := env.as(t, "admin", "PATCH", "/api/v1/admin/users/"+env.ids["customer"], `{"organization_id":"`+org+`"}`); res.status != 200 {
				t.Fatalf("move the customer: %d %s", res.status, res.body)
			}
			session, key := checkoutSession(t, env, "customer", "price_chatbot_setup_monthly")
			ctx := context.Background()
			// What the killed server left: the first `applied` events of the payment.
			bs := store.NewBillingStore(db)
			cs, err := bs.GetCheckoutSession(ctx, growthdesk.SystemScope("test"), session)
			if err != nil {
				t.Fatal(err)
			}
			provider := &payments.TestProvider{SiteURL: testSiteURL, Secret: []byte("test-portal-secret")}
			events, err := provider.CheckoutEvents(cs, payments.TestCards[0])
			if err != nil {
				t.Fatal(err)
			}
			billing := &growthdesk.Billing{Store: bs, SiteURL: testSiteURL, Provider: provider}
			for _, ev := range events[:applied] {
				if _, err := billing.ApplyEvent(ctx, ev); err != nil {
					t.Fatal(err)
				}
			}
			// Meanwhile (what a backup taken now holds) the session is open, not complete.
			got := decode[growthdesk.CheckoutSession](t, env.as(t, "customer", "GET", "/api/v1/billing/checkout-sessions/"+session, "").body)
			if got.Paid || got.Status != growthdesk.CheckoutOpen {
				t.Fatalf("%d events applied: the session is %s, paid %v; want open, not paid", applied, got.Status, got.Paid)
			}
			for click := 0; click < 2; click++ {
				if res := form(env, t, "/functions/v1/test-checkout/"+session+"/pay", "card=4242&key="+key); res.status != 303 ||
					!strings.Contains(res.header.Get("Location"), "session_id="+session) {
					t.Fatalf("%d events applied, Pay %d: %d %q", applied, click+1, res.status, res.header.Get("Location"))
				}
			}
			got = decode[growthdesk.CheckoutSession](t, env.as(t, "customer", "GET", "/api/v1/billing/checkout-sessions/"+session, "").body)
			acct := decode[growthdesk.BillingAccount](t, env.as(t, "customer", "GET", "/api/v1/billing", "").body)
			if !got.Paid || got.Status != growthdesk.CheckoutComplete || acct.Subscription == nil || len(acct.Invoices) != 1 {
				t.Fatalf("%d events applied before the cut: after Pay the session is %s, paid %v; subscription %v, %d invoices",
					applied, got.Status, got.Paid, acct.Subscription != nil, len(acct.Invoices))
			}
		}
	})
}

// TestBilling_APaymentOutlivesItsRequest: a buyer whose browser goes away (the request's
// context ends) once the payment has begun still gets it applied whole; the reliability
// load found payments left half done by requests cancelled mid-way. And between two of its
// events the session is open, never complete and unpaid (what a backup taken then, in the
// reliability runs, held).
func TestBilling_APaymentOutlivesItsRequest(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newPortalEnv(t, db)
		billingOrgs(t, env)
		session, key := checkoutSession(t, env, "customer", "price_chatbot_setup_monthly")
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		provider := &payments.TestProvider{SiteURL: testSiteURL, Secret: []byte("test-portal-secret")}
		watch := &watchEvents{BillingStore: store.NewBillingStore(db), cancel: cancel, session: session}
		billing := &growthdesk.Billing{Store: watch, SiteURL: testSiteURL, Provider: provider}
		if _, err := billing.PayTestCheckout(ctx, session, key, payments.TestCards[0]); err != nil {
			t.Fatalf("pay: %v", err)
		}
		got := decode[growthdesk.CheckoutSession](t, env.as(t, "customer", "GET", "/api/v1/billing/checkout-sessions/"+session, "").body)
		if !got.Paid || got.Status != growthdesk.CheckoutComplete {
			t.Fatalf("the session is %s, paid %v", got.Status, got.Paid)
		}
		if want := []string{"open", "open", "complete paid"}; strings.Join(watch.seen, ", ") != strings.Join(want, ", ") {
			t.Fatalf("the session after each event: %v, want %v", watch.seen, want)
		}
	})
}

// watchEvents ends the request's context as soon as an event is applied, and notes the
// session's state after each event.
type watchEvents struct {
	growthdesk.BillingStore
	cancel  context.CancelFunc
	session string
	seen    []string
}

func (w *watchEvents) ApplyEvent(ctx context.Context, scope growthdesk.Scope, ev *growthdesk.BillingEvent, mails []*growthdesk.Email) (bool, error) {
	ok, err := w.BillingStore.ApplyEvent(ctx, scope, ev, mails)
	w.cancel()
	if s, err := w.GetCheckoutSession(context.Background(), growthdesk.SystemScope("test"), w.session); err == nil {
		state := s.Status
		if s.Paid {
			state += " paid"
		}
		w.seen = append(w.seen, state)
	}
	return ok, err
}

// checkoutSession starts a checkout of priceID as role and returns the test provider's
// session id and the key its link carries.
func checkoutSession(t *testing.T, env *portalEnv, role, priceID string) (session, key string) {
	t.Helper()
	res := env.as(t, role, "POST", "/functions/v1/stripe-checkout", `{"price_id":"`+priceID+`"}`)
	if res.status != 200 {
		t.Fatalf("checkout %s as %s: %d %s", priceID, role, res.status, res.body)
	}
	return checkoutLink(t, res.body)
}

// buyPlan starts a checkout of priceID as role and pays it with the test provider's card.
func buyPlan(t *testing.T, env *portalEnv, role, priceID string) string {
	t.Helper()
	session, key := checkoutSession(t, env, role, priceID)
	if res := form(env, t, "/functions/v1/test-checkout/"+session+"/pay", "card=4242&key="+key); res.status != 303 {
		t.Fatalf("pay %s: %d %s", session, res.status, res.body)
	}
	return session
}

// subscriptionsOf lists an organization's subscriptions as the admins' overview shows them.
func subscriptionsOf(t *testing.T, env *portalEnv, org string) (live, cancelled []growthdesk.Subscription) {
	t.Helper()
	for _, s := range decode[growthdesk.SubscriptionPage](t, env.as(t, "admin", "GET", "/api/v1/admin/billing/subscriptions", "").body).Items {
		switch {
		case s.OrganizationName != org:
		case s.Status == growthdesk.SubscriptionCancelled:
			cancelled = append(cancelled, s)
		default:
			live = append(live, s)
		}
	}
	return live, cancelled
}

// TestBilling_AnOrganizationNeverPaysForTwoSubscriptions: the "already has this plan" check
// runs when a checkout starts, so two checkouts may be open side by side. Paying one expires
// the other, which can then no longer be paid; and when two are paid at the same moment
// anyway, the older subscription is cancelled as the newer one activates.
func TestBilling_AnOrganizationNeverPaysForTwoSubscriptions(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newPortalEnv(t, db)
		billingOrgs(t, env)
		first, firstKey := checkoutSession(t, env, "customer", growthdesk.SeedPlan.PriceID)
		second, secondKey := checkoutSession(t, env, "customer", growthdesk.SeedPlan.PriceID)
		if res := form(env, t, "/functions/v1/test-checkout/"+first+"/pay", "card=4242&key="+firstKey); res.status != 303 {
			t.Fatalf("pay the first: %d %s", res.status, res.body)
		}
		if s := env.as(t, "customer", "GET", "/api/v1/billing/checkout-sessions/"+second, "").body; !strings.Contains(s, `"status":"expired"`) {
			t.Fatalf("the second checkout after the first was paid: %s", s)
		}
		if page := env.do(t, "GET", "/functions/v1/test-checkout/"+second+"?key="+secondKey, "", ""); strings.Contains(page.body, ">Pay</button>") {
			t.Fatalf("the expired checkout still offers Pay: %s", page.body)
		}
		paid := form(env, t, "/functions/v1/test-checkout/"+second+"/pay", "card=4242&key="+secondKey)
		if loc := paid.header.Get("Location"); paid.status != 303 || loc != testSiteURL+"/portal/billing?canceled=true" {
			t.Fatalf("paying the expired checkout: %d %s", paid.status, loc)
		}
		live, cancelled := subscriptionsOf(t, env, "Acme")
		if len(live) != 1 || len(cancelled) != 0 {
			t.Fatalf("Acme after two checkouts: %d live, %d cancelled", len(live), len(cancelled))
		}
		if acct := decode[growthdesk.BillingAccount](t, env.as(t, "customer", "GET", "/api/v1/billing", "").body); len(acct.Invoices) != 1 {
			t.Fatalf("Acme paid %d invoices", len(acct.Invoices))
		}

		// Beta pays two open checkouts at the same moment: both may get through, and Beta
		// still ends with one live subscription.
		a, aKey := checkoutSession(t, env, "other", growthdesk.SeedPlan.PriceID)
		b, bKey := checkoutSession(t, env, "other", growthdesk.SeedPlan.PriceID)
		done := make(chan int, 2)
		for id, key := range map[string]string{a: aKey, b: bKey} {
			go func() {
				req, _ := http.NewRequest("POST", env.srv.URL+"/functions/v1/test-checkout/"+id+"/pay", strings.NewReader("card=4444&key="+key))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
				r, err := client.Do(req)
				if err != nil {
					done <- 0
					return
				}
				r.Body.Close()
				done <- r.StatusCode
			}()
		}
		for range 2 {
			if code := <-done; code != 303 {
				t.Errorf("pay: %d", code)
			}
		}
		live, cancelled = subscriptionsOf(t, env, "Beta Bakery")
		if len(live) != 1 || live[0].Status != growthdesk.SubscriptionActive {
			t.Fatalf("Beta after two payments at once: live %+v, cancelled %+v", live, cancelled)
		}
		if len(cancelled) == 1 && !strings.Contains(env.as(t, "admin", "GET", "/api/v1/admin/audit-log", "").body, growthdesk.AuditSubscriptionReplaced) {
			t.Error("the replaced subscription is not in the audit log")
		}
	})
}

// TestBilling_APlanChangeReplacesTheSubscription: buying another plan of the catalogue
// cancels the old subscription when the new one is paid, so the organization is billed for
// one plan, and the billing page, the overview's tiles and the audit log say so.
func TestBilling_APlanChangeReplacesTheSubscription(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newPortalEnv(t, db)
		billingOrgs(t, env)
		growth := growthdesk.Plan{PriceID: "price_growth_monthly", Name: "Growth", Mode: growthdesk.PlanModeSubscription, Amount: 4900,
			Currency: "usd", Interval: "month", Active: true, SortOrder: 1}
		if err := store.NewBillingStore(db).SavePlan(context.Background(), &growth, growthdesk.AuditEntry{Action: growthdesk.AuditPlanSave}); err != nil {
			t.Fatal(err)
		}
		buyPlan(t, env, "customer", growthdesk.SeedPlan.PriceID)
		before := decode[growthdesk.BillingAccount](t, env.as(t, "customer", "GET", "/api/v1/billing", "").body).Subscription

		buyPlan(t, env, "customer", growth.PriceID)
		acct := decode[growthdesk.BillingAccount](t, env.as(t, "customer", "GET", "/api/v1/billing", "").body)
		if acct.Subscription == nil || acct.Subscription.PlanName != "Growth" || acct.Subscription.Status != "active" || acct.Subscription.ID == before.ID {
			t.Fatalf("after the plan change: %+v", acct.Subscription)
		}
		if len(acct.Invoices) != 2 {
			t.Fatalf("invoices %+v", acct.Invoices)
		}
		live, cancelled := subscriptionsOf(t, env, "Acme")
		if len(live) != 1 || live[0].PlanName != "Growth" || len(cancelled) != 1 || cancelled[0].ID != before.ID || cancelled[0].ProviderStatus != "canceled" {
			t.Fatalf("Acme's subscriptions: live %+v, cancelled %+v", live, cancelled)
		}
		sum := decode[growthdesk.BillingSummary](t, env.as(t, "admin", "GET", "/api/v1/admin/billing/summary", "").body)
		if sum.ActiveSubscriptions != 1 || sum.MonthlyRecurring != 4900 {
			t.Fatalf("summary after the plan change %+v", sum)
		}
		if !strings.Contains(env.as(t, "admin", "GET", "/api/v1/admin/audit-log", "").body, growthdesk.AuditSubscriptionReplaced) {
			t.Error("the replaced subscription is not in the audit log")
		}
		// Cancel and resume act on the one live subscription.
		if res := env.as(t, "customer", "POST", "/api/v1/billing/cancel", ""); res.status != 200 || !strings.Contains(res.body, `"plan_name":"Growth"`) {
			t.Fatalf("cancel: %d %s", res.status, res.body)
		}
	})
}

// TestBilling_AOneTimePurchaseHasADocument: a one-time ("payment" mode) purchase is in the
// billing history with a link to its invoice page.
func TestBilling_AOneTimePurchaseHasADocument(t *testing.T) {
	t.Parallel()
	db := storetest.SQLite(t)
	env := newPortalEnv(t, db)
	billingOrgs(t, env)
	audit := growthdesk.Plan{PriceID: "price_audit_once", Name: "Automation Audit", Mode: growthdesk.PlanModePayment, Amount: 25000, Currency: "usd", Active: true}
	if err := store.NewBillingStore(db).SavePlan(context.Background(), &audit, growthdesk.AuditEntry{Action: growthdesk.AuditPlanSave}); err != nil {
		t.Fatal(err)
	}
	buyPlan(t, env, "customer", audit.PriceID)
	acct := decode[growthdesk.BillingAccount](t, env.as(t, "customer", "GET", "/api/v1/billing", "").body)
	if acct.Subscription != nil || len(acct.Invoices) != 1 || acct.Invoices[0].Amount != 25000 || acct.Invoices[0].Status != "paid" ||
		acct.Invoices[0].Number == "" || acct.Invoices[0].DocumentURL == "" {
		t.Fatalf("one-time purchase: %+v %+v", acct.Subscription, acct.Invoices)
	}
	doc, _ := url.Parse(acct.Invoices[0].DocumentURL)
	if res := env.do(t, "GET", doc.Path, "", ""); res.status != 200 || !strings.Contains(res.body, "Acme") || !strings.Contains(res.body, "$250.00") {
		t.Fatalf("invoice document: %d %s", res.status, res.body)
	}
}

// TestStripeWebhook_OneLiveSubscriptionAndEventsOfOneSecond, on Stripe (stripe-mock):
// Stripe stamps events in whole seconds, so the subscription's creation (incomplete) may
// arrive after its activation of the same second and must not undo it; a completed checkout
// expires the organization's other open checkouts at Stripe; a newer active subscription
// replaces (cancels at Stripe) an older live one, whatever order their events arrive in; and
// a one-time purchase gets its document from Stripe.
func TestStripeWebhook_OneLiveSubscriptionAndEventsOfOneSecond(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env, _ := stripeEnv(t, db)
		now := time.Now()
		end := now.Add(30 * 24 * time.Hour).Truncate(time.Second)
		sub := func(id, status string, created time.Time) map[string]any {
			s := stripeSub(status, end, "4242")
			s["id"], s["created"] = id, created.Unix()
			return s
		}
		account := func() growthdesk.BillingAccount {
			return decode[growthdesk.BillingAccount](t, env.as(t, "customer", "GET", "/api/v1/billing", "").body)
		}
		send := func(id, typ string, at time.Time, obj map[string]any) {
			t.Helper()
			if res := env.webhook(t, id, typ, at, obj, now, "whsec_test"); res.status != 200 {
				t.Fatalf("%s %s: %d %s", typ, id, res.status, res.body)
			}
		}

		// One second: updated (active) is delivered before created (incomplete).
		t1 := now.Add(-time.Hour).Truncate(time.Second)
		send("evt_active", "customer.subscription.updated", t1, sub("sub_first", "active", t1))
		send("evt_created", "customer.subscription.created", t1, sub("sub_first", "incomplete", t1))
		if s := account().Subscription; s == nil || s.Status != "active" || s.ProviderStatus != "active" {
			t.Fatalf("after updated(active) then created(incomplete) of one second: %+v", s)
		}
		// The other way round (the usual order) ends active too.
		send("evt_created2", "customer.subscription.created", t1.Add(time.Minute), sub("sub_second", "incomplete", t1.Add(time.Minute)))
		send("evt_active2", "customer.subscription.updated", t1.Add(time.Minute), sub("sub_second", "active", t1.Add(time.Minute)))
		live, cancelled := subscriptionsOf(t, env, "Acme")
		if len(live) != 1 || live[0].ProviderSubscriptionID != "sub_second" || live[0].Status != "active" ||
			len(cancelled) != 1 || cancelled[0].ProviderSubscriptionID != "sub_first" {
			t.Fatalf("the newer subscription replaces the older: live %+v, cancelled %+v", live, cancelled)
		}
		// An older purchase whose events arrive late does not replace the newer one.
		send("evt_late", "customer.subscription.created", t1.Add(2*time.Minute), sub("sub_older", "active", t1.Add(-time.Hour)))
		live, cancelled = subscriptionsOf(t, env, "Acme")
		if len(live) != 1 || live[0].ProviderSubscriptionID != "sub_second" || len(cancelled) != 2 {
			t.Fatalf("a late older purchase: live %+v, cancelled %+v", live, cancelled)
		}
		// The replaced subscription's own late news does not bring it back.
		send("evt_first_again", "customer.subscription.updated", t1.Add(3*time.Minute), sub("sub_first", "active", t1))
		if live, _ = subscriptionsOf(t, env, "Acme"); len(live) != 1 || live[0].ProviderSubscriptionID != "sub_second" {
			t.Fatalf("a replaced subscription came back: %+v", live)
		}
		if !strings.Contains(env.as(t, "admin", "GET", "/api/v1/admin/audit-log", "").body, growthdesk.AuditSubscriptionReplaced) {
			t.Error("the replacement is not in the audit log")
		}

		// Two checkouts open at Stripe; the first completes and the second is expired there.
		growth := growthdesk.Plan{PriceID: "price_growth_monthly", Name: "Growth", Mode: growthdesk.PlanModeSubscription, Amount: 4900,
			Currency: "usd", Interval: "month", Active: true}
		once := growthdesk.Plan{PriceID: "price_audit_once", Name: "Automation Audit", Mode: growthdesk.PlanModePayment, Amount: 25000, Currency: "usd", Active: true}
		for _, p := range []*growthdesk.Plan{&growth, &once} {
			if err := store.NewBillingStore(db).SavePlan(context.Background(), p, growthdesk.AuditEntry{Action: growthdesk.AuditPlanSave}); err != nil {
				t.Fatal(err)
			}
		}
		seen := map[string]bool{}
		start := func(price string) string {
			t.Helper()
			res := env.as(t, "customer", "POST", "/functions/v1/stripe-checkout", `{"price_id":"`+price+`"}`)
			if res.status != 200 {
				t.Fatalf("checkout %s: %d %s", price, res.status, res.body)
			}
			// Stripe's session id is in the checkout's audit entry.
			for _, e := range decode[[]growthdesk.AuditEntry](t, env.as(t, "admin", "GET", "/api/v1/admin/audit-log?limit=200", "").body) {
				if id, _ := e.Details["session_id"].(string); e.Action == growthdesk.AuditCheckoutStart && e.Details["price_id"] == price && !seen[id] {
					seen[id] = true
					return id
				}
			}
			t.Fatalf("no audit entry of the checkout of %s", price)
			return ""
		}
		first, second := start(growth.PriceID), start(once.PriceID)
		if first == "" || second == "" || first == second {
			t.Fatalf("checkout sessions %q %q", first, second)
		}
		send("evt_checkout", "checkout.session.completed", now, map[string]any{"id": first, "object": "checkout.session", "customer": "cus_acme",
			"mode": "subscription", "status": "complete", "payment_status": "paid", "subscription": "sub_growth", "amount_total": 4900, "currency": "usd"})
		if s := env.as(t, "customer", "GET", "/api/v1/billing/checkout-sessions/"+second, "").body; !strings.Contains(s, `"status":"expired"`) {
			t.Fatalf("the other open checkout: %s", s)
		}

		// A one-time purchase: the webhook names its payment by id; its receipt is asked for.
		third := start(once.PriceID)
		send("evt_once", "checkout.session.completed", now, map[string]any{"id": third, "object": "checkout.session", "customer": "cus_acme",
			"mode": "payment", "status": "complete", "payment_status": "paid", "payment_intent": "pi_1", "amount_total": 25000, "currency": "usd"})
		found := false
		for _, in := range account().Invoices {
			if in.Amount == 25000 {
				found = true
				if in.Status != "paid" || !strings.HasPrefix(in.DocumentURL, "https://") {
					t.Fatalf("one-time invoice %+v", in)
				}
			}
		}
		if !found {
			t.Fatalf("no invoice for the one-time purchase: %+v", account().Invoices)
		}
	})
}

// TestBilling_AnInvoiceIsADocumentOfItsOrganization: an invoice opens as a document (number,
// dates, seller, buyer, line, subtotal, tax, total, status) and downloads as a PDF whose text
// says the same, names in any script included; to its organization's customers and to admins,
// while another organization's customer and an employee get 404, as for an unknown id.
func TestBilling_AnInvoiceIsADocumentOfItsOrganization(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newPortalEnv(t, db)
		billingOrgs(t, env)
		acme := idRe.FindStringSubmatch(env.as(t, "admin", "POST", "/api/v1/admin/organizations", `{"name":"☕ 東京 Ölmez"}`).body)[1]
		if res := env.as(t, "admin", "PATCH", "/api/v1/admin/users/"+env.ids["customer"], `{"organization_id":"`+acme+`"}`); res.status != 200 {
			t.Fatalf("move the customer: %d %s", res.status, res.body)
		}
		// The customer sets the address the invoices bill the organization to; lines are trimmed and
		// empty ones dropped. Staff have no organization to bill, and an address is bounded.
		if res := env.as(t, "customer", "PUT", "/api/v1/billing/address", `{"lines":["  Kaiserstraße 1 ","","東京都千代田区"]}`); res.status != 200 ||
			!strings.Contains(res.body, `"billing_address":["Kaiserstraße 1","東京都千代田区"]`) {
			t.Fatalf("save the address: %d %s", res.status, res.body)
		}
		if res := env.as(t, "employee", "PUT", "/api/v1/billing/address", `{"lines":["x"]}`); res.status != 409 {
			t.Errorf("an employee's address: %d %s", res.status, res.body)
		}
		if res := env.as(t, "customer", "PUT", "/api/v1/billing/address", `{"lines":["1","2","3","4","5","6","7"]}`); res.status != 422 ||
			!strings.Contains(res.body, "Keep the address to six lines.") {
			t.Errorf("seven lines: %d %s", res.status, res.body)
		}
		if other := decode[growthdesk.BillingAccount](t, env.as(t, "other", "GET", "/api/v1/billing", "").body); len(other.BillingAddress) != 0 {
			t.Errorf("another organization's address: %v", other.BillingAddress)
		}
		buyPlan(t, env, "customer", growthdesk.SeedPlan.PriceID)
		acct := decode[growthdesk.BillingAccount](t, env.as(t, "customer", "GET", "/api/v1/billing", "").body)
		if len(acct.Invoices) != 1 {
			t.Fatalf("invoices: %+v", acct.Invoices)
		}
		in := acct.Invoices[0]
		path := "/api/v1/billing/invoices/" + in.ID

		for _, role := range []string{"customer", "admin"} {
			doc := decode[growthdesk.InvoiceDocument](t, env.as(t, role, "GET", path, "").body)
			if doc.Invoice.ID != in.ID || doc.Invoice.Number != in.Number || doc.Buyer.Name != "☕ 東京 Ölmez" || doc.Seller.Name != "Growthdesk" ||
				strings.Join(doc.Buyer.Address, "|") != "Kaiserstraße 1|東京都千代田区" ||
				doc.Seller.Email != "hello@example.com" || len(doc.Lines) != 1 || doc.Lines[0].Quantity != 1 || doc.Lines[0].UnitAmount != 100 ||
				!strings.HasPrefix(doc.Lines[0].Description, "Chatbot Setup, ") || doc.Subtotal != 100 || doc.TaxAmount != 0 || doc.Total != 100 ||
				doc.Tax.Label != "Tax" || doc.Tax.RateBasisPt != 0 || doc.Invoice.Status != "paid" {
				t.Fatalf("%s: the document %+v", role, doc)
			}
			pdf := env.as(t, role, "GET", path+"/pdf", "")
			if pdf.status != 200 || pdf.header.Get("Content-Type") != "application/pdf" ||
				pdf.header.Get("Content-Disposition") != `attachment; filename="invoice-`+in.Number+`.pdf"` {
				t.Fatalf("%s: the PDF: %d %v", role, pdf.status, pdf.header)
			}
			text := pdftest.Text(t, []byte(pdf.body))
			for _, want := range []string{"Invoice", "Invoice number " + in.Number, "Issue date " + doc.IssuedAt.Format("Jan 2, 2006"),
				"Status Paid", "From", "Bill to", "Growthdesk", "hello@example.com", "☕ 東京 Ölmez", "Kaiserstraße 1", "東京都千代田区",
				"Description Qty Unit price Amount", doc.Lines[0].Description + " 1 $1.00 $1.00",
				"Subtotal $1.00", "Tax (0%) $0.00", "Total $1.00"} {
				if !strings.Contains(text, want) {
					t.Errorf("%s: the PDF lacks %q:\n%s", role, want, text)
				}
			}
		}
		for _, role := range []string{"other", "employee"} {
			for _, p := range []string{path, path + "/pdf"} {
				if res := env.as(t, role, "GET", p, ""); res.status != 404 || strings.Contains(res.body, "Ölmez") {
					t.Errorf("%s GET %s: %d %s", role, p, res.status, res.body)
				}
			}
		}
		for _, p := range []string{"/api/v1/billing/invoices/nope", "/api/v1/billing/invoices/nope/pdf"} {
			if res := env.as(t, "admin", "GET", p, ""); res.status != 404 {
				t.Errorf("unknown invoice %s: %d", p, res.status)
			}
		}
		if res := env.as(t, "visitor", "GET", path, ""); res.status != 401 {
			t.Errorf("a visitor: %d", res.status)
		}
	})
}
