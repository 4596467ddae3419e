package growthdesk

import (
	"context"
	"fmt"
	"time"
)

// CheckoutParams is what a provider needs to start a checkout.
type CheckoutParams struct {
	OrganizationID string
	CustomerID     string
	Plan           *Plan
	SuccessURL     string
	CancelURL      string
	// SessionID is set for the test provider, which uses the id billing chose.
	SessionID string
}

// PaymentProvider is the payment service: Stripe, or the built-in test provider that works
// offline. Both report what happened as BillingEvents applied by Billing.ApplyEvent.
type PaymentProvider interface {
	// Name is "stripe" or "test".
	Name() string
	// CreateCustomer creates the provider's customer of an organization.
	CreateCustomer(ctx context.Context, orgID, orgName, email string) (string, error)
	// CreateCheckout starts a checkout and returns its session id and the URL to send the browser to.
	CreateCheckout(ctx context.Context, p CheckoutParams) (id, url string, err error)
	// CheckoutPaid asks the provider whether a session was paid (false when it does not know it).
	CheckoutPaid(ctx context.Context, sessionID string) (bool, error)
	// CreatePortalSession returns the URL where the customer manages their payment method.
	CreatePortalSession(ctx context.Context, customerID, returnURL string) (string, error)
	// SetCancelAtPeriodEnd schedules or unschedules the end of a subscription.
	SetCancelAtPeriodEnd(ctx context.Context, subscriptionID string, cancel bool) error
	// ExpireCheckout ends an open checkout so that it can no longer be paid; a session that
	// is no longer open is not an error.
	ExpireCheckout(ctx context.Context, sessionID string) error
	// CancelSubscription ends a subscription now, crediting the unused time of its period
	// (prorated); one that has ended already is not an error.
	CancelSubscription(ctx context.Context, subscriptionID string) error
}

// BillingStore keeps plans, customers, subscriptions, invoices, checkouts and events.
type BillingStore interface {
	ListPlans(ctx context.Context, activeOnly bool) ([]*Plan, error)
	// GetPlan returns ENotFound for a price not in the catalogue.
	GetPlan(ctx context.Context, priceID string) (*Plan, error)
	SavePlan(ctx context.Context, p *Plan, audit AuditEntry) error
	// AddPlan adds a plan the catalogue does not have, with its audit entry; false (and no
	// change) when it has one with the plan's price id.
	AddPlan(ctx context.Context, p *Plan, audit AuditEntry) (bool, error)
	// CustomerOf returns the provider's customer id of the scope's organization ("" when none).
	CustomerOf(ctx context.Context, provider string, scope Scope) (string, error)
	// SaveCustomer records the provider's customer of the scope's one organization.
	SaveCustomer(ctx context.Context, scope Scope, provider, customerID string) error
	// OrganizationOfCustomer returns "" for an unknown customer. It takes no scope: it is how
	// a provider's event finds its organization in the first place.
	OrganizationOfCustomer(ctx context.Context, provider, customerID string) (string, error)
	OrganizationName(ctx context.Context, orgID string) (string, error)
	// OrganizationCustomers lists the approved customers inside scope (for e-mails).
	OrganizationCustomers(ctx context.Context, scope Scope) ([]*Member, error)
	// CreateCheckoutSession records s, of an organization of scope (ENotFound otherwise).
	CreateCheckoutSession(ctx context.Context, scope Scope, s *CheckoutSession, audit AuditEntry) error
	// GetCheckoutSession returns the session inside scope; ENotFound otherwise. The test
	// provider's capability pages and the provider's events read it in a SystemScope.
	GetCheckoutSession(ctx context.Context, scope Scope, id string) (*CheckoutSession, error)
	ExpireCheckoutSession(ctx context.Context, scope Scope, id string) error
	// OpenCheckoutSessions lists the ids of the open checkouts of scope at provider.
	OpenCheckoutSessions(ctx context.Context, scope Scope, provider string) ([]string, error)
	// LiveSubscriptions lists the subscriptions of scope at provider that are not cancelled,
	// the newest (by the provider's creation time) first.
	LiveSubscriptions(ctx context.Context, scope Scope, provider string) ([]*Subscription, error)
	// ReplaceSubscription marks a subscription of scope cancelled (and ended at the provider),
	// with its audit entry; false when it was cancelled already.
	ReplaceSubscription(ctx context.Context, scope Scope, id string, audit AuditEntry) (bool, error)
	// CurrentSubscription is the organization's newest subscription (nil when none).
	CurrentSubscription(ctx context.Context, scope Scope) (*Subscription, error)
	ListInvoices(ctx context.Context, scope Scope, limit int) ([]*Invoice, error)
	// BillingAddress returns the billing address of the scope's one organization ("" lines
	// for none); SaveBillingAddress replaces it, with its audit entry.
	BillingAddress(ctx context.Context, scope Scope) ([]string, error)
	SaveBillingAddress(ctx context.Context, scope Scope, lines []string, audit AuditEntry) error
	// GetInvoice returns an invoice inside scope with what it was for; ENotFound otherwise.
	GetInvoice(ctx context.Context, scope Scope, id string) (*InvoiceRecord, error)
	ListSubscriptions(ctx context.Context, scope Scope, f SubscriptionFilter) ([]*Subscription, error)
	GetSubscription(ctx context.Context, scope Scope, id string) (*Subscription, error)
	SetSubscriptionStatus(ctx context.Context, scope Scope, id, status string, audit AuditEntry) (*Subscription, error)
	DeleteSubscription(ctx context.Context, scope Scope, id string, audit AuditEntry) error
	SetCancelAtPeriodEnd(ctx context.Context, scope Scope, id string, cancel bool, audit AuditEntry) (*Subscription, error)
	Summary(ctx context.Context, scope Scope, since time.Time) (*BillingSummary, error)
	// NextBillingDate is the next billing date of an active subscription inside scope.
	NextBillingDate(ctx context.Context, scope Scope) (*time.Time, error)
	// ApplyEvent records the event and applies it in one transaction, with mails, when its
	// organization is inside scope; false when the event id was applied before.
	ApplyEvent(ctx context.Context, scope Scope, ev *BillingEvent, mails []*Email) (bool, error)
	// InvoiceDocument returns an invoice by the provider's id, with its organization's name. It
	// takes no scope: the invoice's unguessable id is the capability of its document page.
	InvoiceDocument(ctx context.Context, provider, providerInvoiceID string) (*Invoice, string, error)
}

// Billing is the billing service: the plan catalogue, checkout, the customer's billing
// page, provider events and the admins' overview.
type Billing struct {
	Store    BillingStore
	Provider PaymentProvider
	Mail     EmailRenderer
	// SiteURL is the public base URL; return URLs must be paths of this site.
	SiteURL string
	Now     func() time.Time
	// Seller is the operator as invoices name them; Tax their tax line; Documents draws
	// invoice PDFs.
	Seller    InvoiceParty
	Tax       InvoiceTax
	Documents InvoiceRenderer
}

func (b *Billing) now() time.Time {
	if b.Now != nil {
		return b.Now().UTC()
	}
	return time.Now().UTC()
}

// Plans lists the active plans of the catalogue.
func (b *Billing) Plans(ctx context.Context, c *Caller) ([]*Plan, error) {
	if err := CanViewBilling(c); err != nil {
		return nil, err
	}
	return b.Store.ListPlans(ctx, true)
}

// Catalogue lists every plan, inactive ones too (the operator's command line).
func (b *Billing) Catalogue(ctx context.Context, c *Caller) ([]*Plan, error) {
	if err := CanManagePlans(c); err != nil {
		return nil, err
	}
	return b.Store.ListPlans(ctx, false)
}

// AddDefaultPlans adds the plans of the default catalogue (content/plans.json) that the
// catalogue does not have yet, and returns how many it added. A plan the catalogue has is the
// operator's from then on: changed with SavePlan, never overwritten by the defaults.
func (b *Billing) AddDefaultPlans(ctx context.Context, c *Caller, plans []Plan) (int, error) {
	if err := CanManagePlans(c); err != nil {
		return 0, err
	}
	added := 0
	for _, p := range plans {
		p.Normalize()
		if err := p.Validate(); err != nil {
			return added, fmt.Errorf("default plan %q: %w", p.PriceID, err)
		}
		ok, err := b.Store.AddPlan(ctx, &p, c.Audit(AuditPlanSave, "plan", p.PriceID, map[string]any{
			"name": p.Name, "amount": p.Amount, "currency": p.Currency, "mode": p.Mode, "interval": p.Interval, "active": p.Active}))
		if err != nil {
			return added, err
		}
		if ok {
			added++
		}
	}
	return added, nil
}

// SavePlan adds or changes a plan of the catalogue (the operator's command line).
func (b *Billing) SavePlan(ctx context.Context, c *Caller, p *Plan) error {
	if err := CanManagePlans(c); err != nil {
		return err
	}
	p.Normalize()
	if err := p.Validate(); err != nil {
		return err
	}
	return b.Store.SavePlan(ctx, p, c.Audit(AuditPlanSave, "plan", p.PriceID, map[string]any{
		"name": p.Name, "amount": p.Amount, "currency": p.Currency, "mode": p.Mode, "interval": p.Interval, "active": p.Active}))
}
