package payments_test

// Fuzz targets of the payment events: the decoder both providers share, Stripe's signed
// webhook, and the test provider's signed card-page links (docs/fuzzing.md).

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/payments"
)

// eventSeeds are events of every type billing handles, as Stripe and the test provider send
// them, plus a few that are wrong in shape.
func eventSeeds() [][]byte {
	now := int64(1780000000)
	obj := func(typ string, o map[string]any) []byte {
		b, _ := json.Marshal(map[string]any{"id": "evt_1", "object": "event", "type": typ, "created": now, "api_version": stripe.APIVersion,
			"data": map[string]any{"object": o}})
		return b
	}
	sub := map[string]any{"id": "sub_1", "object": "subscription", "customer": "cus_1", "status": "active", "cancel_at_period_end": false,
		"default_payment_method": map[string]any{"id": "pm_1", "object": "payment_method", "card": map[string]any{"brand": "visa", "last4": "4242"}},
		"items": map[string]any{"object": "list", "data": []any{map[string]any{"id": "si_1", "current_period_end": now + 2592000,
			"price": map[string]any{"id": "price_1", "unit_amount": 49900, "currency": "usd", "recurring": map[string]any{"interval": "month"}}}}}}
	subByID := map[string]any{"id": "sub_2", "object": "subscription", "customer": map[string]any{"id": "cus_2"}, "status": "past_due",
		"default_payment_method": "pm_2"}
	invoice := map[string]any{"id": "in_1", "object": "invoice", "customer": "cus_1", "number": "A1-0001", "amount_due": 49900, "amount_paid": 49900,
		"currency": "usd", "status": "paid", "hosted_invoice_url": "https://invoice.example/i/1", "period_start": now, "period_end": now,
		"status_transitions": map[string]any{"paid_at": now},
		"parent":             map[string]any{"subscription_details": map[string]any{"subscription": "sub_1"}},
		"lines":              map[string]any{"object": "list", "data": []any{map[string]any{"id": "il_1", "period": map[string]any{"start": now, "end": now + 2592000}}}}}
	session := map[string]any{"id": "cs_1", "object": "checkout.session", "customer": "cus_1", "subscription": "sub_1", "payment_status": "paid",
		"amount_total": 49900, "currency": "usd", "mode": "subscription"}
	return [][]byte{
		obj(growthdesk.EventSubscriptionCreated, sub),
		obj(growthdesk.EventSubscriptionUpdated, subByID),
		obj(growthdesk.EventSubscriptionDeleted, map[string]any{"id": "sub_3", "object": "subscription", "status": "canceled", "items": map[string]any{"data": []any{}}}),
		obj(growthdesk.EventInvoicePaid, invoice),
		obj(growthdesk.EventInvoicePaymentFailed, map[string]any{"id": "in_2", "object": "invoice", "status": "paid", "amount_due": 100, "period_start": -5}),
		obj(growthdesk.EventCheckoutCompleted, session),
		obj("customer.created", map[string]any{"id": "cus_1", "object": "customer"}),
		obj(growthdesk.EventInvoicePaid, map[string]any{"id": 5}),
		[]byte(`{"id":"evt_2","object":"event","type":"invoice.paid","created":-62135596801,"data":{"object":"not an invoice"}}`),
		[]byte(`{"object":"event","type":"checkout.session.completed"}`),
		[]byte(`{"id":"evt_3","object":"event","type":"customer.subscription.updated","data":null}`),
	}
}

var errLookup = errors.New("lookup failed")

// FuzzDecodeEvent checks the one decoder of provider events: any event either fails to
// decode or becomes a billing event with its id and type, a UTC time, and exactly the part
// its type calls for, whose times are real instants in UTC.
func FuzzDecodeEvent(f *testing.F) {
	for _, s := range eventSeeds() {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, payload []byte, lookupMode uint8) {
		var ev stripe.Event
		if err := json.Unmarshal(payload, &ev); err != nil {
			return
		}
		var lookup payments.PaymentMethodLookup
		switch lookupMode % 3 {
		case 1:
			lookup = func(string) (*growthdesk.PaymentMethod, error) {
				return &growthdesk.PaymentMethod{Brand: "visa", Last4: "4242"}, nil
			}
		case 2:
			lookup = func(string) (*growthdesk.PaymentMethod, error) { return nil, errLookup }
		}
		out, err := payments.DecodeEvent(&ev, growthdesk.ProviderStripe, lookup)
		if err != nil {
			if out != nil {
				t.Fatalf("an error %v comes with an event %+v", err, out)
			}
			return
		}
		if out.ID == "" || out.ID != ev.ID || out.Type != string(ev.Type) || out.Provider != growthdesk.ProviderStripe || out.Created.Location() != time.UTC {
			t.Fatalf("event %s decodes to %+v", payload, out)
		}
		want := map[string]bool{}
		if ev.Data != nil {
			switch out.Type {
			case growthdesk.EventCheckoutCompleted:
				want["checkout"] = true
			case growthdesk.EventSubscriptionCreated, growthdesk.EventSubscriptionUpdated, growthdesk.EventSubscriptionDeleted:
				want["subscription"] = true
			case growthdesk.EventInvoicePaid, growthdesk.EventInvoicePaymentFailed:
				want["invoice"] = true
			}
		}
		if (out.Checkout != nil) != want["checkout"] || (out.Subscription != nil) != want["subscription"] || (out.Invoice != nil) != want["invoice"] {
			t.Fatalf("a %s event decodes to checkout %v, subscription %v, invoice %v", out.Type, out.Checkout, out.Subscription, out.Invoice)
		}
		times := []*time.Time{}
		if s := out.Subscription; s != nil {
			times = append(times, s.CurrentPeriodEnd)
		}
		if in := out.Invoice; in != nil {
			times = append(times, in.PeriodStart, in.PeriodEnd, in.PaidAt)
			if out.Type == growthdesk.EventInvoicePaid && in.Status != "paid" {
				t.Fatalf("a paid invoice has status %q", in.Status)
			}
			if out.Type == growthdesk.EventInvoicePaymentFailed && (in.Status == "" || in.Status == "paid") {
				t.Fatalf("an invoice whose payment failed has status %q", in.Status)
			}
		}
		for _, tm := range times {
			if tm != nil && (tm.Location() != time.UTC || tm.Unix() <= 0) {
				t.Fatalf("a %s event carries the time %v", out.Type, tm)
			}
		}
	})
}

// roundTripper answers every Stripe API call with a card, so that a webhook naming a card
// by id is looked up without a network.
type roundTripper struct{}

func (roundTripper) RoundTrip(r *http.Request) (*http.Response, error) {
	body := `{"id":"pm_1","object":"payment_method","type":"card","card":{"brand":"visa","last4":"4242"}}`
	return &http.Response{StatusCode: http.StatusOK, Header: http.Header{"Content-Type": {"application/json"}},
		Body: io.NopCloser(strings.NewReader(body)), Request: r}, nil
}

// FuzzParseWebhook checks Stripe's webhook: an event signed with the endpoint's secret within
// 300 seconds decodes or is refused as not an event (400), never with another error; the
// same payload changed in any byte, signed too long ago, or signed with another secret is
// refused as unsigned (422) before anything is decoded.
func FuzzParseWebhook(f *testing.F) {
	for _, s := range eventSeeds() {
		f.Add(s, uint16(0), byte('x'), int16(0))
	}
	f.Add([]byte(`{"object":"event","id":"evt_9","type":"invoice.paid","data":{"object":{"id":"in_9","lines":{"data":[{"period":null}]}}}}`), uint16(40), byte('1'), int16(299))
	f.Add([]byte(`not json`), uint16(3), byte('{'), int16(-400))
	const secret = "whsec_fuzz"
	st, err := payments.NewStripe(payments.StripeOptions{SecretKey: "sk_test_fuzz", WebhookSecret: secret, APIBase: "http://stripe.invalid",
		HTTPClient: &http.Client{Transport: roundTripper{}}})
	if err != nil {
		f.Fatal(err)
	}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, payload []byte, pos uint16, b byte, age int16) {
		now := time.Now()
		signedAt := now.Add(-time.Duration(age) * time.Second)
		header := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret, Timestamp: signedAt}).Header
		ev, err := st.ParseWebhook(ctx, payload, header)
		switch {
		case age > 310: // too old; between 290 and 310 s the answer depends on the call's own time
			if err != payments.ErrBadSignature {
				t.Fatalf("a webhook signed %d s ago answers %v, %v", age, ev, err)
			}
		case age >= -290 && age <= 290:
			if err != nil && growthdesk.ErrorCode(err) != growthdesk.EBadJSON {
				t.Fatalf("a signed webhook %q answers %v", payload, err)
			}
			if err == nil && (ev == nil || ev.ID == "") {
				t.Fatalf("a signed webhook %q decodes to %+v", payload, ev)
			}
		}
		if age < -290 || age > 290 {
			return
		}
		if len(payload) > 0 {
			changed := append([]byte(nil), payload...)
			changed[int(pos)%len(changed)] = b
			if string(changed) != string(payload) {
				if ev, err := st.ParseWebhook(ctx, changed, header); err != payments.ErrBadSignature {
					t.Fatalf("%q, changed into %q, answers %v, %v", payload, changed, ev, err)
				}
			}
		}
		other := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret + "x", Timestamp: signedAt}).Header
		if ev, err := st.ParseWebhook(ctx, payload, other); err != payments.ErrBadSignature {
			t.Fatalf("a webhook signed with another secret answers %v, %v", ev, err)
		}
	})
}

// FuzzTestPortalLink checks the test provider's card-page links: a link verifies to its
// customer for an hour, and a link changed in any byte never verifies.
func FuzzTestPortalLink(f *testing.F) {
	f.Add("cus_test_0a1b2c3d4e5f", uint16(3), byte('x'), uint8(0))
	f.Add("cus_test_1", uint16(40), byte('0'), uint8(61))
	f.Add("", uint16(0), byte('.'), uint8(30))
	f.Add("cus.with.dots", uint16(9), byte('a'), uint8(59))
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, customer string, pos uint16, b byte, minutes uint8) {
		clock := now
		p := &payments.TestProvider{SiteURL: "https://portal.example.com", Secret: []byte("test-provider-secret"), Now: func() time.Time { return clock }}
		link, err := p.CreatePortalSession(context.Background(), customer, "")
		if err != nil {
			t.Fatal(err)
		}
		token := strings.TrimPrefix(link, "https://portal.example.com/functions/v1/test-portal/")
		clock = now.Add(time.Duration(minutes) * time.Minute)
		got, err := p.PortalCustomer(token)
		switch {
		case strings.Contains(customer, "."):
			if err == nil {
				t.Fatalf("a link for %q verifies to %q", customer, got)
			}
		case minutes <= 60 && (err != nil || got != customer):
			t.Fatalf("the link of %q answers %q, %v after %d minutes", customer, got, err, minutes)
		case minutes > 60 && err == nil:
			t.Fatalf("the link of %q verifies after %d minutes", customer, minutes)
		}
		clock = now
		changed := []byte(token)
		changed[int(pos)%len(changed)] = b
		if string(changed) != token {
			if got, err := p.PortalCustomer(string(changed)); err == nil {
				t.Fatalf("the link %q, changed into %q, verifies (to %q)", token, changed, got)
			}
		}
	})
}
