package payments

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/stripe/stripe-go/v85"
)

// TestCards are the cards the test provider's pages offer.
var TestCards = []growthdesk.PaymentMethod{{Brand: "visa", Last4: "4242"}, {Brand: "mastercard", Last4: "4444"}}

// TestProvider is the built-in offline payment provider: checkout and the card page are pages
// of this site (under /functions/v1/test-…), and paying produces the Stripe events a real
// payment would, decoded by DecodeEvent and applied by the same code as Stripe's webhooks.
type TestProvider struct {
	// SiteURL is the public base URL the test pages live under.
	SiteURL string
	// Secret signs the links of the checkout and card pages. Only the buyer's browser gets
	// a link (the checkout function's answer, the billing page's card button), so knowing a
	// session or customer id, which staff may see in the audit log, opens nothing.
	Secret []byte
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

var _ growthdesk.PaymentProvider = (*TestProvider)(nil)

func (p *TestProvider) now() time.Time {
	if p.Now != nil {
		return p.Now().UTC()
	}
	return time.Now().UTC()
}

// Name is "test".
func (p *TestProvider) Name() string { return growthdesk.ProviderTest }

// CreateCustomer makes up a customer id.
func (p *TestProvider) CreateCustomer(context.Context, string, string, string) (string, error) {
	return "cus_test_" + growthdesk.RandomToken(12), nil
}

// CreateCheckout points the browser at the local checkout page of the session. Like Stripe's
// own checkout URLs, the link carries a secret besides the session id: key, the session id
// signed with Secret. The page and its Pay and Cancel actions need it (CheckoutKeyValid).
func (p *TestProvider) CreateCheckout(_ context.Context, cp growthdesk.CheckoutParams) (string, string, error) {
	if !strings.HasPrefix(cp.SessionID, "cs_test_") {
		return "", "", errors.New("test provider: session id missing")
	}
	return cp.SessionID, p.SiteURL + "/functions/v1/test-checkout/" + cp.SessionID + "?key=" + p.sign("test-checkout", cp.SessionID), nil
}

// CheckoutKeyValid tells whether key is the secret of the checkout page link of session id.
func (p *TestProvider) CheckoutKeyValid(id, key string) bool {
	return key != "" && hmac.Equal([]byte(p.sign("test-checkout", id)), []byte(key))
}

// CheckoutPaid is answered from the store: the test provider has no state of its own.
func (p *TestProvider) CheckoutPaid(context.Context, string) (bool, error) { return false, nil }

// CreatePortalSession returns the local card page, by a signed link valid for an hour.
func (p *TestProvider) CreatePortalSession(_ context.Context, customerID, _ string) (string, error) {
	exp := strconv.FormatInt(p.now().Add(time.Hour).Unix(), 10)
	return p.SiteURL + "/functions/v1/test-portal/" + customerID + "." + exp + "." + p.sign("test-portal", customerID+"."+exp), nil
}

// PortalCustomer checks a card page link and returns its customer.
func (p *TestProvider) PortalCustomer(token string) (string, error) {
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return "", growthdesk.Errorf(growthdesk.ENotFound, "This link is not valid.")
	}
	exp, err := strconv.ParseInt(parts[1], 10, 64)
	if err != nil || !hmac.Equal([]byte(p.sign("test-portal", parts[0]+"."+parts[1])), []byte(parts[2])) {
		return "", growthdesk.Errorf(growthdesk.ENotFound, "This link is not valid.")
	}
	if p.now().Unix() > exp {
		return "", growthdesk.Errorf(growthdesk.ENotFound, "This link has expired. Open the billing page again.")
	}
	return parts[0], nil
}

// sign is the HMAC of s for one purpose, so that a link of one page never opens another.
func (p *TestProvider) sign(purpose, s string) string {
	m := hmac.New(sha256.New, p.Secret)
	m.Write([]byte(purpose + ":" + s))
	return hex.EncodeToString(m.Sum(nil))[:32]
}

// SetCancelAtPeriodEnd needs nothing at the test provider.
func (p *TestProvider) SetCancelAtPeriodEnd(context.Context, string, bool) error { return nil }

// ExpireCheckout needs nothing at the test provider: its checkout page pays only sessions the
// store still has open.
func (p *TestProvider) ExpireCheckout(context.Context, string) error { return nil }

// CancelSubscription needs nothing at the test provider: it charges nobody, and the store's
// record is its only state.
func (p *TestProvider) CancelSubscription(context.Context, string) error { return nil }

// CheckoutEvents are the events of paying a checkout with card: for a subscription,
// customer.subscription.created, invoice.paid and checkout.session.completed; for a
// one-time payment, checkout.session.completed. Their ids, and those of the subscription and
// the invoice, are derived from the session's: paying a session again produces the same
// events, which are applied once, so a payment cut short (the server killed between two of
// its events) is finished by the next click on Pay rather than made a second time.
func (p *TestProvider) CheckoutEvents(s *growthdesk.CheckoutSession, card growthdesk.PaymentMethod) ([]*growthdesk.BillingEvent, error) {
	now := p.now()
	sessionObj := map[string]any{"id": s.ID, "object": "checkout.session", "customer": s.CustomerID, "client_reference_id": s.OrganizationID,
		"mode": s.Mode, "status": "complete", "payment_status": "paid", "amount_total": s.Amount, "currency": s.Currency}
	if s.Mode != growthdesk.PlanModeSubscription {
		// A one-time purchase comes with its invoice, as Stripe's does with invoice creation on.
		invID := p.sessionDerivedID("in_test_", s.ID, "invoice")
		sessionObj["invoice"] = map[string]any{"id": invID, "object": "invoice", "customer": s.CustomerID,
			"number": strings.ToUpper(invID[8:16]) + "-0001", "amount_due": s.Amount, "amount_paid": s.Amount, "currency": s.Currency,
			"status": "paid", "hosted_invoice_url": p.SiteURL + "/functions/v1/test-invoices/" + invID}
		ev, err := p.event(p.sessionDerivedID("evt_test_", s.ID, "checkout.session.completed"), "checkout.session.completed", now, sessionObj)
		return []*growthdesk.BillingEvent{ev}, err
	}
	subID := p.sessionDerivedID("sub_test_", s.ID, "subscription")
	sessionObj["subscription"] = subID
	end := addInterval(now, s.Interval)
	sub := subscriptionObject(subID, s.CustomerID, "active", s.PriceID, s.Amount, s.Currency, s.Interval, now, end, false, card)
	invID := p.sessionDerivedID("in_test_", s.ID, "invoice")
	invoice := map[string]any{"id": invID, "object": "invoice", "customer": s.CustomerID, "number": strings.ToUpper(invID[8:16]) + "-0001",
		"amount_due": s.Amount, "amount_paid": s.Amount, "currency": s.Currency, "status": "paid",
		"hosted_invoice_url": p.SiteURL + "/functions/v1/test-invoices/" + invID,
		"period_start":       now.Unix(), "period_end": now.Unix(), "status_transitions": map[string]any{"paid_at": now.Unix()},
		"parent": map[string]any{"type": "subscription_details", "subscription_details": map[string]any{"subscription": subID}},
		"lines":  map[string]any{"object": "list", "data": []any{map[string]any{"id": "il_test_" + invID[8:], "period": map[string]any{"start": now.Unix(), "end": end.Unix()}}}},
	}
	var out []*growthdesk.BillingEvent
	for _, e := range []struct {
		typ string
		obj map[string]any
	}{{"customer.subscription.created", sub}, {"invoice.paid", invoice}, {"checkout.session.completed", sessionObj}} {
		ev, err := p.event(p.sessionDerivedID("evt_test_", s.ID, e.typ), e.typ, now, e.obj)
		if err != nil {
			return nil, err
		}
		out = append(out, ev)
	}
	return out, nil
}

// CardEvents are the events of changing the card of a subscription: customer.subscription.updated.
func (p *TestProvider) CardEvents(sub *growthdesk.Subscription, card growthdesk.PaymentMethod) ([]*growthdesk.BillingEvent, error) {
	now := p.now()
	end := now
	if sub.NextBillingDate != nil {
		end = *sub.NextBillingDate
	}
	interval := "month"
	if sub.BillingCycle == "yearly" {
		interval = "year"
	}
	status := sub.ProviderStatus
	if status == "" {
		status = "active"
	}
	obj := subscriptionObject(sub.ProviderSubscriptionID, sub.ProviderCustomerID, status, sub.PriceID, sub.Amount, sub.Currency,
		interval, sub.CreatedAt, end, sub.CancelAtPeriodEnd, card)
	ev, err := p.event("evt_test_"+growthdesk.RandomToken(12), "customer.subscription.updated", now, obj)
	return []*growthdesk.BillingEvent{ev}, err
}

func subscriptionObject(id, customer, status, priceID string, amount int64, currency, interval string, start, end time.Time,
	cancelAtEnd bool, card growthdesk.PaymentMethod) map[string]any {
	return map[string]any{"id": id, "object": "subscription", "customer": customer, "status": status, "cancel_at_period_end": cancelAtEnd,
		"created": start.Unix(),
		"default_payment_method": map[string]any{"id": "pm_test_" + card.Last4, "object": "payment_method", "type": "card",
			"card": map[string]any{"brand": card.Brand, "last4": card.Last4}},
		"items": map[string]any{"object": "list", "data": []any{map[string]any{"id": "si_test_" + id[9:], "object": "subscription_item",
			"current_period_start": start.Unix(), "current_period_end": end.Unix(),
			"price": map[string]any{"id": priceID, "object": "price", "unit_amount": amount, "currency": currency,
				"recurring": map[string]any{"interval": interval, "interval_count": 1}}}}},
	}
}

// sessionDerivedID is the id of one of the objects of paying checkout session sessionID (what:
// its subscription, its invoice, an event type): prefix and 24 hex digits, like the random
// ids of the test provider's other objects, always the same for the same session. It is an
// HMAC with the provider's secret, not a plain hash: an invoice's id opens its document page,
// so knowing the session id (which the audit log shows staff) must not tell it.
func (p *TestProvider) sessionDerivedID(prefix, sessionID, what string) string {
	return prefix + p.sign("test-object", sessionID+"/"+what)[:24]
}

func (p *TestProvider) event(id, typ string, now time.Time, obj map[string]any) (*growthdesk.BillingEvent, error) {
	raw, err := json.Marshal(map[string]any{"id": id, "object": "event", "type": typ,
		"created": now.Unix(), "api_version": stripe.APIVersion, "data": map[string]any{"object": obj}})
	if err != nil {
		return nil, err
	}
	var ev stripe.Event
	if err := json.Unmarshal(raw, &ev); err != nil {
		return nil, fmt.Errorf("test event: %w", err)
	}
	return DecodeEvent(&ev, growthdesk.ProviderTest, nil)
}

func addInterval(t time.Time, interval string) time.Time {
	if interval == "year" {
		return t.AddDate(1, 0, 0)
	}
	return t.AddDate(0, 1, 0)
}
