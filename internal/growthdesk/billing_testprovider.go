package growthdesk

import (
	"context"
	"strings"
)

// TestCheckout returns a session of the test provider by its id and the key of its link
// (together its capability; only the buyer's browser got the key). A wrong key answers like
// an unknown id.
func (b *Billing) TestCheckout(ctx context.Context, id, key string) (*CheckoutSession, error) {
	t, err := b.testPayments()
	if err != nil || !strings.HasPrefix(id, "cs_test_") || !t.CheckoutKeyValid(id, key) {
		return nil, Errorf(ENotFound, "There is no such checkout.")
	}
	// The key in the checkout's link is the capability: the session is read in a system scope.
	return b.Store.GetCheckoutSession(ctx, SystemScope("test-checkout"), id)
}

// CancelTestCheckout expires a test checkout and returns where to send the browser.
func (b *Billing) CancelTestCheckout(ctx context.Context, id, key string) (string, error) {
	s, err := b.TestCheckout(ctx, id, key)
	if err != nil {
		return "", err
	}
	if s.Status == CheckoutOpen {
		if err := b.Store.ExpireCheckoutSession(ctx, OrganizationScope(s.OrganizationID), s.ID); err != nil {
			return "", err
		}
	}
	return s.CancelURL, nil
}

// TestPayments is what the built-in test provider adds to PaymentProvider: its pages' links,
// and the provider events that paying or changing the card produce.
type TestPayments interface {
	// CheckoutKeyValid checks the secret of a checkout page link: the session id alone,
	// which the audit log shows staff, must not open, pay or cancel a checkout.
	CheckoutKeyValid(id, key string) bool
	PortalCustomer(token string) (string, error)
	CheckoutEvents(s *CheckoutSession, card PaymentMethod) ([]*BillingEvent, error)
	CardEvents(sub *Subscription, card PaymentMethod) ([]*BillingEvent, error)
}

func (b *Billing) testPayments() (TestPayments, error) {
	t, ok := b.Provider.(TestPayments)
	if !ok || b.Provider.Name() != ProviderTest {
		return nil, Errorf(ENotFound, "There is no such page.")
	}
	return t, nil
}

// PayTestCheckout pays an open test checkout with card: the provider's events are applied
// like webhooks, and the answer is where to send the browser (the success URL with the
// session id).
//
// The events are applied one by one, each in a transaction of its own, and the session
// becomes complete and paid with the last one (checkout.session.completed), so that no
// moment, whether a crash or a backup's snapshot catches it, shows a complete session that
// is not paid. A payment cut short leaves the session open; the next Pay applies the same
// events (their ids come from the session), of which the event log skips those already
// applied. Two clicks at once pay once the same way, each answered once the payment is in.
func (b *Billing) PayTestCheckout(ctx context.Context, id, key string, card PaymentMethod) (string, error) {
	t, err := b.testPayments()
	if err != nil {
		return "", err
	}
	s, err := b.TestCheckout(ctx, id, key)
	if err != nil {
		return "", err
	}
	switch {
	case s.Status == CheckoutExpired:
		return s.CancelURL, nil
	case !s.Paid:
		events, err := t.CheckoutEvents(s, card)
		if err != nil {
			return "", err
		}
		// Once begun, the payment is finished even when the buyer's browser goes away (the
		// request's context ends).
		ctx = context.WithoutCancel(ctx)
		for _, ev := range events {
			if _, err := b.ApplyEvent(ctx, ev); err != nil {
				return "", err
			}
		}
	}
	return withQueryParam(s.SuccessURL, "session_id", s.ID), nil
}

// TestPortal returns the subscription whose card the test provider's card page changes.
func (b *Billing) TestPortal(ctx context.Context, token string) (*Subscription, error) {
	t, err := b.testPayments()
	if err != nil {
		return nil, err
	}
	customer, err := t.PortalCustomer(token)
	if err != nil {
		return nil, err
	}
	org, err := b.Store.OrganizationOfCustomer(ctx, ProviderTest, customer)
	if err != nil {
		return nil, err
	}
	if org == "" {
		return nil, Errorf(ENotFound, "This link is not valid.")
	}
	sub, err := b.Store.CurrentSubscription(ctx, OrganizationScope(org))
	if err != nil {
		return nil, err
	}
	if sub == nil || sub.ProviderSubscriptionID == "" {
		return nil, Errorf(EConflict, "There is no subscription to change the card of.")
	}
	return sub, nil
}

// ChangeTestCard sets the card of the subscription behind a test card page link.
func (b *Billing) ChangeTestCard(ctx context.Context, token string, card PaymentMethod) error {
	t, err := b.testPayments()
	if err != nil {
		return err
	}
	sub, err := b.TestPortal(ctx, token)
	if err != nil {
		return err
	}
	events, err := t.CardEvents(sub, card)
	if err != nil {
		return err
	}
	for _, ev := range events {
		if _, err := b.ApplyEvent(ctx, ev); err != nil {
			return err
		}
	}
	return nil
}

// TestInvoice returns an invoice of the test provider by its id (its capability), with the
// organization's name, for the invoice document page.
func (b *Billing) TestInvoice(ctx context.Context, id string) (*Invoice, string, error) {
	if _, err := b.testPayments(); err != nil {
		return nil, "", err
	}
	if !strings.HasPrefix(id, "in_test_") {
		return nil, "", Errorf(ENotFound, "There is no such invoice.")
	}
	return b.Store.InvoiceDocument(ctx, ProviderTest, id)
}
