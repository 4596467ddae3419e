package payments_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85/webhook"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/payments"
	"github.com/growthdesk/growthdesk/internal/payments/stripemock"
)

const whsec = "whsec_test_secret"

func newStripe(t *testing.T) *payments.Stripe {
	t.Helper()
	st, err := payments.NewStripe(payments.StripeOptions{SecretKey: "sk_test_123", WebhookSecret: whsec, APIBase: stripemock.Start(t)})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func TestStripe_CallsTheAPIThroughTheOfficialClient(t *testing.T) {
	t.Parallel()
	st := newStripe(t)
	ctx := context.Background()
	cus, err := st.CreateCustomer(ctx, "org-1", "Acme", "pat@example.com")
	if err != nil || !strings.HasPrefix(cus, "cus_") {
		t.Fatalf("customer %q, %v", cus, err)
	}
	plan := growthdesk.SeedPlan
	id, url, err := st.CreateCheckout(ctx, growthdesk.CheckoutParams{OrganizationID: "org-1", CustomerID: cus, Plan: &plan,
		SuccessURL: "https://www.example.com/checkout/success?success=true", CancelURL: "https://www.example.com/portal/billing?canceled=true"})
	if err != nil || !strings.HasPrefix(id, "cs_") || url == "" {
		t.Fatalf("checkout %q %q, %v", id, url, err)
	}
	if _, err := st.CheckoutPaid(ctx, id); err != nil {
		t.Fatalf("retrieve checkout: %v", err)
	}
	portal, err := st.CreatePortalSession(ctx, cus, "https://www.example.com/portal/billing")
	if err != nil || portal == "" {
		t.Fatalf("portal %q, %v", portal, err)
	}
	if err := st.SetCancelAtPeriodEnd(ctx, "sub_123", true); err != nil {
		t.Fatalf("cancel at period end: %v", err)
	}
	if err := st.ExpireCheckout(ctx, id); err != nil {
		t.Fatalf("expire checkout: %v", err)
	}
	if err := st.CancelSubscription(ctx, "sub_123"); err != nil {
		t.Fatalf("cancel subscription: %v", err)
	}
}

func signedEvent(t *testing.T, id, typ string, created time.Time, obj map[string]any) []byte {
	t.Helper()
	raw, err := json.Marshal(map[string]any{"id": id, "object": "event", "type": typ, "created": created.Unix(),
		"api_version": "2020-08-27", "data": map[string]any{"object": obj}})
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

func TestStripe_ParseWebhookChecksTheSignatureAndItsAge(t *testing.T) {
	t.Parallel()
	st, err := payments.NewStripe(payments.StripeOptions{SecretKey: "sk_test_123", WebhookSecret: whsec, APIBase: "http://127.0.0.1:1"})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	payload := signedEvent(t, "evt_1", "invoice.paid", now, map[string]any{"id": "in_1", "object": "invoice", "customer": "cus_1",
		"amount_due": 100, "amount_paid": 100, "currency": "usd", "status": "paid", "hosted_invoice_url": "https://invoice.stripe.com/i/1",
		"parent": map[string]any{"subscription_details": map[string]any{"subscription": "sub_1"}}})
	good := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: whsec, Timestamp: now})
	ev, err := st.ParseWebhook(context.Background(), payload, good.Header)
	if err != nil {
		t.Fatalf("good signature refused: %v", err)
	}
	if ev.ID != "evt_1" || ev.Invoice == nil || ev.Invoice.Status != "paid" || ev.Invoice.SubscriptionID != "sub_1" || ev.CustomerID != "cus_1" ||
		ev.Invoice.DocumentURL != "https://invoice.stripe.com/i/1" {
		t.Fatalf("decoded %+v %+v", ev, ev.Invoice)
	}
	cases := map[string]string{
		"wrong secret": webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: "whsec_other", Timestamp: now}).Header,
		"stale":        webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: whsec, Timestamp: now.Add(-301 * time.Second)}).Header,
		"missing":      "",
		"tampered":     good.Header,
	}
	for name, header := range cases {
		body := payload
		if name == "tampered" {
			body = []byte(strings.Replace(string(payload), `"amount_paid":100`, `"amount_paid":1`, 1))
		}
		if _, err := st.ParseWebhook(context.Background(), body, header); growthdesk.ErrorCode(err) != growthdesk.EInvalid {
			t.Errorf("%s: %v, want a refused signature", name, err)
		}
	}
}

func TestStripe_WebhookLooksUpACardNamedOnlyByID(t *testing.T) {
	t.Parallel()
	st := newStripe(t)
	now := time.Now()
	payload := signedEvent(t, "evt_2", "customer.subscription.updated", now, map[string]any{"id": "sub_1", "object": "subscription",
		"customer": "cus_1", "status": "active", "default_payment_method": "pm_123",
		"items": map[string]any{"data": []any{map[string]any{"id": "si_1", "current_period_end": now.Add(720 * time.Hour).Unix(),
			"price": map[string]any{"id": "price_1", "unit_amount": 100, "currency": "usd", "recurring": map[string]any{"interval": "month"}}}}}})
	header := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: whsec, Timestamp: now}).Header
	ev, err := st.ParseWebhook(context.Background(), payload, header)
	if err != nil {
		t.Fatal(err)
	}
	sub := ev.Subscription
	if sub == nil || sub.PaymentMethod == nil || sub.PaymentMethod.Last4 == "" || sub.PriceID != "price_1" || sub.Interval != "month" ||
		sub.CurrentPeriodEnd == nil || sub.CurrentPeriodEnd.Unix() != now.Add(720*time.Hour).Unix() {
		t.Fatalf("decoded subscription %+v", sub)
	}
}

func TestTestProvider_PortalLinksAreSignedAndExpire(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	p := &payments.TestProvider{SiteURL: "https://www.example.com", Secret: []byte("s"), Now: func() time.Time { return now }}
	u, err := p.CreatePortalSession(context.Background(), "cus_test_1", "")
	if err != nil {
		t.Fatal(err)
	}
	token := u[strings.LastIndex(u, "/")+1:]
	if got, err := p.PortalCustomer(token); err != nil || got != "cus_test_1" {
		t.Fatalf("portal customer %q, %v", got, err)
	}
	if _, err := p.PortalCustomer(strings.Replace(token, "cus_test_1", "cus_test_2", 1)); err == nil {
		t.Fatal("a link for another customer was accepted")
	}
	now = now.Add(2 * time.Hour)
	if _, err := p.PortalCustomer(token); err == nil {
		t.Fatal("an expired link was accepted")
	}
}

// TestTestProvider_CheckoutEventsAreTheSameForASession: paying a session again yields the same
// events, subscription and invoice (so that they are applied once), and their ids depend on
// the provider's secret, since an invoice's id opens its page.
func TestTestProvider_CheckoutEventsAreTheSameForASession(t *testing.T) {
	t.Parallel()
	p := &payments.TestProvider{SiteURL: "https://example.com", Secret: []byte("one secret")}
	other := &payments.TestProvider{SiteURL: "https://example.com", Secret: []byte("another secret")}
	for _, mode := range []string{growthdesk.PlanModeSubscription, growthdesk.PlanModePayment} {
		s := &growthdesk.CheckoutSession{ID: "cs_test_abc", CustomerID: "cus_test_1", OrganizationID: "org", Mode: mode,
			PriceID: "price_x", Amount: 100, Currency: "usd", Interval: "month"}
		ids := func(p *payments.TestProvider) []string {
			evs, err := p.CheckoutEvents(s, payments.TestCards[0])
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, ev := range evs {
				out = append(out, ev.ID)
				if ev.Invoice != nil {
					out = append(out, ev.Invoice.ID)
				}
				if ev.Subscription != nil {
					out = append(out, ev.Subscription.ID)
				}
				if ev.Checkout != nil {
					out = append(out, ev.Checkout.InvoiceID, ev.Checkout.SubscriptionID)
				}
			}
			return out
		}
		first, again, elsewhere := ids(p), ids(p), ids(other)
		if strings.Join(first, ",") != strings.Join(again, ",") {
			t.Errorf("%s: paying again made other objects: %v, then %v", mode, first, again)
		}
		for i := range first {
			if first[i] != "" && first[i] == elsewhere[i] {
				t.Errorf("%s: %s does not depend on the secret", mode, first[i])
			}
		}
	}
}
