package growthdesk

import (
	"context"
	"fmt"
	"time"
)

// Account is the caller's organization's billing: subscription, payment method, invoices.
func (b *Billing) Account(ctx context.Context, c *Caller) (*BillingAccount, error) {
	if err := CanViewBilling(c); err != nil {
		return nil, err
	}
	out := &BillingAccount{Provider: b.Provider.Name(), Invoices: []Invoice{}, BillingAddress: []string{}}
	scope := c.Scope()
	if scope.All() || scope.Empty() {
		return out, nil // staff and customers without an organization have no billing of their own
	}
	sub, err := b.Store.CurrentSubscription(ctx, scope)
	if err != nil {
		return nil, err
	}
	out.Subscription = sub
	if sub != nil && sub.PaymentMethodLast4 != "" {
		out.PaymentMethod = &PaymentMethod{Brand: sub.PaymentMethodBrand, Last4: sub.PaymentMethodLast4}
	}
	if out.BillingAddress, err = b.Store.BillingAddress(ctx, scope); err != nil {
		return nil, err
	}
	invoices, err := b.Store.ListInvoices(ctx, scope, 100)
	if err != nil {
		return nil, err
	}
	for _, in := range invoices {
		out.Invoices = append(out.Invoices, *in)
	}
	return out, nil
}

// PortalSession returns the provider's page where the customer adds or updates the card.
func (b *Billing) PortalSession(ctx context.Context, c *Caller) (*CheckoutAnswer, error) {
	if err := CanManagePayments(c); err != nil {
		return nil, err
	}
	customer, err := b.Store.CustomerOf(ctx, b.Provider.Name(), c.Scope())
	if err != nil {
		return nil, err
	}
	if customer == "" {
		return nil, Errorf(EConflict, "Choose a plan first: your card is added when you check out.")
	}
	u, err := b.Provider.CreatePortalSession(ctx, customer, b.sitePath("/portal/billing"))
	if err != nil {
		return nil, fmt.Errorf("create portal session: %w", err)
	}
	return &CheckoutAnswer{URL: u}, nil
}

// SetCancelAtPeriodEnd cancels the caller's organization's subscription at the end of the
// period (cancel) or takes that back (resume).
func (b *Billing) SetCancelAtPeriodEnd(ctx context.Context, c *Caller, cancel bool) (*Subscription, error) {
	if err := CanManagePayments(c); err != nil {
		return nil, err
	}
	sub, err := b.Store.CurrentSubscription(ctx, c.Scope())
	if err != nil {
		return nil, err
	}
	if sub == nil || sub.Status == SubscriptionCancelled {
		return nil, Errorf(EConflict, "Your organization has no subscription to change.")
	}
	if sub.CancelAtPeriodEnd == cancel {
		return sub, nil
	}
	if sub.ProviderSubscriptionID != "" && sub.Provider == b.Provider.Name() {
		if err := b.Provider.SetCancelAtPeriodEnd(ctx, sub.ProviderSubscriptionID, cancel); err != nil {
			return nil, fmt.Errorf("change subscription at provider: %w", err)
		}
	}
	action := AuditSubscriptionResume
	if cancel {
		action = AuditSubscriptionCancel
	}
	return b.Store.SetCancelAtPeriodEnd(ctx, c.Scope(), sub.ID, cancel, c.Audit(action, "subscription", sub.ID, nil))
}

// NextBillingDate is the next billing date of the caller's organization's active
// subscription, nil when there is none (the dashboard's 'Upcoming Billing' banner).
func (b *Billing) NextBillingDate(ctx context.Context, c *Caller) (*time.Time, error) {
	if err := CanViewBilling(c); err != nil {
		return nil, err
	}
	scope := c.Scope()
	if scope.Organization() == "" {
		return nil, nil // staff and customers without an organization have no billing of their own
	}
	return b.Store.NextBillingDate(ctx, scope)
}

// SaveBillingAddress replaces the address the caller's organization's invoices are billed
// to, for the customers who manage its payments; the answer is the billing account.
func (b *Billing) SaveBillingAddress(ctx context.Context, c *Caller, in BillingAddressInput) (*BillingAccount, error) {
	if err := CanManagePayments(c); err != nil {
		return nil, err
	}
	in.Normalize()
	if err := in.Validate(); err != nil {
		return nil, err
	}
	scope := c.Scope()
	if err := b.Store.SaveBillingAddress(ctx, scope, in.Lines, c.Audit(AuditBillingAddress, "organization", scope.Organization(),
		map[string]any{"lines": len(in.Lines)})); err != nil {
		return nil, err
	}
	return b.Account(ctx, c)
}
