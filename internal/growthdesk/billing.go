package growthdesk

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"strings"
	"time"
)

// Plan modes: a subscription renews every interval; a payment is charged once.
const (
	PlanModeSubscription = "subscription"
	PlanModePayment      = "payment"
)

// Subscription statuses as the portal shows them (the spec's billing_subscriptions.status).
const (
	SubscriptionActive    = "active"
	SubscriptionCancelled = "cancelled"
	SubscriptionPastDue   = "past_due"
)

// Payment providers.
const (
	ProviderStripe = "stripe"
	ProviderTest   = "test"
)

// Billing events the services apply, whichever provider produced them. Their names are
// Stripe's; the test provider produces the same.
const (
	EventCheckoutCompleted    = "checkout.session.completed"
	EventSubscriptionCreated  = "customer.subscription.created"
	EventSubscriptionUpdated  = "customer.subscription.updated"
	EventSubscriptionDeleted  = "customer.subscription.deleted"
	EventInvoicePaid          = "invoice.paid"
	EventInvoicePaymentFailed = "invoice.payment_failed"
)

// EmailPaymentFailed tells an organization's customers that a payment failed.
const EmailPaymentFailed = "payment_failed"

// SubscriptionSearchMax bounds the admins' subscription search text.
const SubscriptionSearchMax = 200

const (
	checkoutURLMax = 2048
	// The return URLs checkout uses when the browser's are not paths of this site.
	defaultCheckoutSuccessURL = "/portal/billing?success=true"
	defaultCheckoutCancelURL  = "/portal/billing?canceled=true"
)

// Plan is an entry of the plan catalogue the operator configures (growthdesk plans …).
// Amount is in the smallest unit of Currency (cents).
type Plan struct {
	PriceID     string `json:"price_id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	// Mode is "subscription" or "payment" (one-time).
	Mode     string `json:"mode"`
	Amount   int64  `json:"amount"`
	Currency string `json:"currency"`
	// Interval is "month" or "year" for subscriptions, "" for one-time payments.
	Interval  string `json:"interval"`
	Active    bool   `json:"active"`
	SortOrder int    `json:"sort_order"`
}

// Normalize trims and lowercases what has one spelling.
func (p *Plan) Normalize() {
	p.PriceID = strings.TrimSpace(p.PriceID)
	p.Name = strings.TrimSpace(p.Name)
	p.Description = strings.TrimSpace(p.Description)
	p.Mode = strings.ToLower(strings.TrimSpace(p.Mode))
	p.Currency = strings.ToLower(strings.TrimSpace(p.Currency))
	p.Interval = strings.ToLower(strings.TrimSpace(p.Interval))
	if p.Mode == PlanModePayment {
		p.Interval = ""
	}
}

// Validate reports every problem of the plan by field.
func (p *Plan) Validate() error {
	f := map[string]string{}
	if p.PriceID == "" || len(p.PriceID) > 200 || strings.ContainsAny(p.PriceID, " /?#") {
		f["price_id"] = "Enter the provider's price identifier (no spaces or slashes)."
	}
	if p.Name == "" || len(p.Name) > 120 {
		f["name"] = "Enter a name of at most 120 characters."
	}
	if len(p.Description) > 500 {
		f["description"] = "Keep the description under 500 characters."
	}
	if p.Mode != PlanModeSubscription && p.Mode != PlanModePayment {
		f["mode"] = "Mode must be subscription or payment."
	}
	if p.Amount <= 0 || p.Amount > 100_000_000 {
		f["amount"] = "Enter a positive amount in cents."
	}
	if len(p.Currency) != 3 {
		f["currency"] = "Enter a three-letter currency code, such as usd."
	}
	if p.Mode == PlanModeSubscription && p.Interval != "month" && p.Interval != "year" {
		f["interval"] = "A subscription renews every month or every year."
	}
	if len(f) > 0 {
		return Invalid(f)
	}
	return nil
}

// BillingCycle is how often the plan charges: monthly, yearly or one_time.
func (p *Plan) BillingCycle() string { return billingCycle(p.Mode, p.Interval) }

func billingCycle(mode, interval string) string {
	switch {
	case mode == PlanModePayment:
		return "one_time"
	case interval == "year":
		return "yearly"
	default:
		return "monthly"
	}
}

// SeedPlan is the plan the catalogue starts with (the spec's one entry).
var SeedPlan = Plan{PriceID: "price_chatbot_setup_monthly", Name: "Chatbot Setup", Description: "Just for testing",
	Mode: PlanModeSubscription, Amount: 100, Currency: "usd", Interval: "month", Active: true}

// Subscription is an organization's subscription (billing_subscriptions). Amount is in cents of
// Currency; times are UTC. The provider fields come from the payment provider's events.
type Subscription struct {
	ID                     string     `json:"id"`
	OrganizationID         string     `json:"organization_id"`
	OrganizationName       string     `json:"organization_name"`
	PlanName               string     `json:"plan_name"`
	PriceID                string     `json:"price_id"`
	Amount                 int64      `json:"amount"`
	Currency               string     `json:"currency"`
	BillingCycle           string     `json:"billing_cycle"`
	Status                 string     `json:"status"`
	NextBillingDate        *time.Time `json:"next_billing_date"`
	Provider               string     `json:"provider"`
	ProviderCustomerID     string     `json:"provider_customer_id"`
	ProviderSubscriptionID string     `json:"provider_subscription_id"`
	ProviderStatus         string     `json:"provider_status"`
	CancelAtPeriodEnd      bool       `json:"cancel_at_period_end"`
	PaymentMethodBrand     string     `json:"payment_method_brand"`
	PaymentMethodLast4     string     `json:"payment_method_last4"`
	CreatedAt              time.Time  `json:"created_at"`
	UpdatedAt              time.Time  `json:"updated_at"`
}

// Invoice is one bill of an organization, as the provider reported it. DocumentURL opens
// the provider's copy of the invoice.
type Invoice struct {
	ID          string     `json:"id"`
	Number      string     `json:"number"`
	Amount      int64      `json:"amount"`
	Currency    string     `json:"currency"`
	Status      string     `json:"status"`
	PeriodStart *time.Time `json:"period_start"`
	PeriodEnd   *time.Time `json:"period_end"`
	PaidAt      *time.Time `json:"paid_at"`
	DocumentURL string     `json:"document_url"`
	CreatedAt   time.Time  `json:"created_at"`
}

// PaymentMethod is the card an organization pays with, masked.
type PaymentMethod struct {
	Brand string `json:"brand"`
	Last4 string `json:"last4"`
}

// BillingAccount is what a customer's billing page shows of their organization.
type BillingAccount struct {
	Subscription  *Subscription  `json:"subscription"`
	PaymentMethod *PaymentMethod `json:"payment_method"`
	Invoices      []Invoice      `json:"invoices"`
	// Provider is "stripe" or "test" (the built-in offline provider).
	Provider string `json:"provider"`
}

// SubscriptionPage is one answer of the admins' subscription list.
type SubscriptionPage struct {
	Items []Subscription `json:"items"`
	Total int            `json:"total"`
}

// BillingSummary are the overview's tiles. Amounts are in cents of Currency.
type BillingSummary struct {
	Currency            string `json:"currency"`
	TotalRevenue        int64  `json:"total_revenue"`
	ActiveSubscriptions int    `json:"active_subscriptions"`
	MonthlyRecurring    int64  `json:"monthly_recurring"`
	// ChurnRate is the percentage of subscriptions active 30 days ago (or started since)
	// that were cancelled in the last 30 days.
	ChurnRate float64 `json:"churn_rate"`
}

// SubscriptionFilter narrows the admins' list: status "" or "all", active, cancelled,
// past_due; Query matches organization or plan name.
type SubscriptionFilter struct {
	Status string
	Query  string
}

// CheckoutRequest is the body of POST /functions/v1/stripe-checkout.
type CheckoutRequest struct {
	PriceID    string `json:"price_id"`
	SuccessURL string `json:"success_url"`
	CancelURL  string `json:"cancel_url"`
	Mode       string `json:"mode"`
}

// Normalize trims the plan and the mode. The return URLs are checked by Checkout, which
// replaces one outside this site by the billing page's own rather than refusing it.
func (in *CheckoutRequest) Normalize() {
	in.PriceID = strings.TrimSpace(in.PriceID)
	in.Mode = strings.TrimSpace(in.Mode)
}

// Validate returns an EInvalid error listing every problem, or nil. Whether the price is in
// the catalogue is the store's to say.
func (in CheckoutRequest) Validate() error {
	fields := map[string]string{}
	if in.PriceID == "" {
		fields["price_id"] = "Choose a plan."
	}
	if in.Mode != "" && in.Mode != PlanModeSubscription && in.Mode != PlanModePayment {
		fields["mode"] = "Mode must be subscription or payment."
	}
	if len(fields) > 0 {
		return Invalid(fields)
	}
	return nil
}

// CheckoutAnswer is the checkout function's answer: where to send the browser.
type CheckoutAnswer struct {
	URL string `json:"url"`
}

// CheckoutSession is a checkout the portal started, kept so that the success page can ask
// whether it was paid and the test provider can show it.
type CheckoutSession struct {
	ID             string     `json:"id"`
	OrganizationID string     `json:"-"`
	ProfileID      string     `json:"-"`
	Provider       string     `json:"-"`
	CustomerID     string     `json:"-"`
	PriceID        string     `json:"price_id"`
	PlanName       string     `json:"plan_name"`
	Amount         int64      `json:"amount"`
	Currency       string     `json:"currency"`
	Mode           string     `json:"mode"`
	Interval       string     `json:"-"`
	Status         string     `json:"status"` // open, complete, expired
	Paid           bool       `json:"paid"`
	SuccessURL     string     `json:"-"`
	CancelURL      string     `json:"-"`
	CreatedAt      time.Time  `json:"created_at"`
	CompletedAt    *time.Time `json:"completed_at"`
}

// Checkout session states.
const (
	CheckoutOpen     = "open"
	CheckoutComplete = "complete"
	CheckoutExpired  = "expired"
)

// BillingEvent is one event of a payment provider, decoded into what billing applies.
// Created orders events of the same object: an older state never overwrites a newer one.
type BillingEvent struct {
	ID           string
	Type         string
	Provider     string
	Created      time.Time
	CustomerID   string
	Checkout     *CheckoutEvent
	Subscription *SubscriptionEvent
	Invoice      *InvoiceEvent
	// OrganizationID is resolved by the service from the customer (or the checkout session).
	OrganizationID string
}

// CheckoutEvent is a completed checkout.
type CheckoutEvent struct {
	SessionID      string
	SubscriptionID string
	// Mode is the session's: subscription or payment (one-time).
	Mode          string
	PaymentStatus string // paid, unpaid, no_payment_required
	Amount        int64
	Currency      string
	// InvoiceID, InvoiceNumber and DocumentURL describe the document of a one-time purchase:
	// the provider's invoice (its hosted page) or, without one, the payment's receipt.
	InvoiceID     string
	InvoiceNumber string
	DocumentURL   string
}

// SubscriptionEvent is a subscription's state at the event's time.
type SubscriptionEvent struct {
	ID     string
	Status string // the provider's: active, trialing, past_due, unpaid, canceled, incomplete…
	// Created is when the provider created the subscription: of two live subscriptions of an
	// organization, the newer replaces the older.
	Created           *time.Time
	PriceID           string
	Amount            int64
	Currency          string
	Interval          string
	CurrentPeriodEnd  *time.Time
	CancelAtPeriodEnd bool
	PaymentMethod     *PaymentMethod
}

// InvoiceEvent is an invoice's state at the event's time.
type InvoiceEvent struct {
	ID             string
	Number         string
	SubscriptionID string
	Amount         int64
	Currency       string
	Status         string
	PeriodStart    *time.Time
	PeriodEnd      *time.Time
	PaidAt         *time.Time
	DocumentURL    string
}

// PortalStatus maps a provider's subscription status to the portal's three.
func PortalStatus(providerStatus string) string {
	switch providerStatus {
	case "active", "trialing":
		return SubscriptionActive
	case "canceled", "cancelled", "incomplete_expired":
		return SubscriptionCancelled
	default: // past_due, unpaid, incomplete, paused
		return SubscriptionPastDue
	}
}

// ProviderStatusRank orders a provider's subscription statuses along a subscription's life:
// incomplete (created, not paid yet) 0; trialing, active, past_due, unpaid, paused 1;
// incomplete_expired and canceled (ended) 2. Stripe stamps events in whole seconds, so a
// subscription's creation (incomplete) and its activation often carry the same time and may
// arrive in either order; of two events of one second, one that would move the subscription
// back to an earlier stage of its life is older news and is not applied.
func ProviderStatusRank(providerStatus string) int {
	switch providerStatus {
	case "incomplete":
		return 0
	case "canceled", "cancelled", "incomplete_expired":
		return 2
	default:
		return 1
	}
}

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
	// CustomerOf returns the provider's customer id of the scope's organization ("" when none).
	CustomerOf(ctx context.Context, provider string, scope Scope) (string, error)
	SaveCustomer(ctx context.Context, provider, orgID, customerID string) error
	// OrganizationOfCustomer returns "" for an unknown customer.
	OrganizationOfCustomer(ctx context.Context, provider, customerID string) (string, error)
	OrganizationName(ctx context.Context, orgID string) (string, error)
	// OrganizationCustomers lists the approved customers inside scope (for e-mails).
	OrganizationCustomers(ctx context.Context, scope Scope) ([]*Member, error)
	CreateCheckoutSession(ctx context.Context, s *CheckoutSession, audit AuditEntry) error
	// GetCheckoutSession returns the session inside scope; ENotFound otherwise. A zero scope
	// (the test provider's capability pages) reads any session by its unguessable id.
	GetCheckoutSession(ctx context.Context, scope Scope, id string, anyScope bool) (*CheckoutSession, error)
	ExpireCheckoutSession(ctx context.Context, id string) error
	// OpenCheckoutSessions lists the ids of the organization's open checkouts at provider.
	OpenCheckoutSessions(ctx context.Context, provider, orgID string) ([]string, error)
	// LiveSubscriptions lists the organization's subscriptions at provider that are not
	// cancelled, the newest (by the provider's creation time) first.
	LiveSubscriptions(ctx context.Context, provider, orgID string) ([]*Subscription, error)
	// ReplaceSubscription marks a subscription cancelled (and ended at the provider), with its
	// audit entry; false when it was cancelled already.
	ReplaceSubscription(ctx context.Context, id string, audit AuditEntry) (bool, error)
	// CurrentSubscription is the organization's newest subscription (nil when none).
	CurrentSubscription(ctx context.Context, scope Scope) (*Subscription, error)
	ListInvoices(ctx context.Context, scope Scope, limit int) ([]*Invoice, error)
	ListSubscriptions(ctx context.Context, f SubscriptionFilter) ([]*Subscription, error)
	GetSubscription(ctx context.Context, scope Scope, id string) (*Subscription, error)
	SetSubscriptionStatus(ctx context.Context, id, status string, audit AuditEntry) (*Subscription, error)
	DeleteSubscription(ctx context.Context, id string, audit AuditEntry) error
	SetCancelAtPeriodEnd(ctx context.Context, id string, cancel bool, audit AuditEntry) (*Subscription, error)
	Summary(ctx context.Context, since time.Time) (*BillingSummary, error)
	// NextBillingDate is the next billing date of an active subscription inside scope.
	NextBillingDate(ctx context.Context, scope Scope) (*time.Time, error)
	// ApplyEvent records the event and applies it in one transaction, with mails; false
	// when the event id was applied before.
	ApplyEvent(ctx context.Context, ev *BillingEvent, mails []*Email) (bool, error)
	// InvoiceDocument returns an invoice by the provider's id, with its organization's name.
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
}

func (b *Billing) now() time.Time {
	if b.Now != nil {
		return b.Now().UTC()
	}
	return time.Now().UTC()
}

var (
	// A customer without an organization, or a staff account, has no organization to bill:
	// the request conflicts with the account's state (409), like Team's missing organization.
	errBillingNoOrg   = &Error{Code: EConflict, Message: "Your account is not part of an organization yet. Contact support to be added to yours before you buy a plan."}
	errBillingStaff   = &Error{Code: EConflict, Message: "Plans are bought by customers for their organization. Staff accounts have no billing of their own."}
	errImpersonatePay = &Error{Code: EForbidden, Message: "Payments cannot be changed while impersonating a user."}
	// The spec's refusal of the billing overview; the page puts 'Access Denied: ' before it.
	errBillingOverview = &Error{Code: EForbidden, Message: "Only administrators can access billing overview."}
)

// CanManagePayments allows approved customers with an organization to check out, cancel,
// resume and change the payment method, never while a staff member impersonates them.
func CanManagePayments(c *Caller) error {
	if err := CanUsePortal(c); err != nil {
		return err
	}
	if c.Impersonating() {
		return errImpersonatePay
	}
	if c.Profile.IsStaff() {
		return errBillingStaff
	}
	if c.Profile.OrganizationID == nil || *c.Profile.OrganizationID == "" {
		return errBillingNoOrg
	}
	return nil
}

// CanViewBilling allows approved accounts to read their organization's billing.
func CanViewBilling(c *Caller) error { return CanUsePortal(c) }

// CanViewBillingOverview allows approved admins only.
func CanViewBillingOverview(c *Caller) error {
	if err := CanUsePortal(c); err != nil {
		return err
	}
	if c.Profile.Role != RoleAdmin {
		return errBillingOverview
	}
	return nil
}

// billingScope is the organizations whose billing records c may read: every organization
// for an admin; for anyone else, employees included, only their own organization, since
// other organizations' billing is admin-only.
func billingScope(c *Caller) Scope {
	if CanViewBillingOverview(c) == nil {
		return c.Scope()
	}
	if c.Profile.OrganizationID != nil {
		return OrganizationScope(*c.Profile.OrganizationID)
	}
	return Scope{}
}

// CanManageSubscriptions allows approved admins to change or delete subscriptions.
func CanManageSubscriptions(c *Caller) error { return CanViewBillingOverview(c) }

// Plans lists the active plans of the catalogue.
func (b *Billing) Plans(ctx context.Context, c *Caller) ([]*Plan, error) {
	if err := CanViewBilling(c); err != nil {
		return nil, err
	}
	return b.Store.ListPlans(ctx, true)
}

// CanManagePlans allows administrators (and the operator's command line) to read the whole
// catalogue and change it.
func CanManagePlans(c *Caller) error { return RequireAdmin(c) }

// Catalogue lists every plan, inactive ones too (the operator's command line).
func (b *Billing) Catalogue(ctx context.Context, c *Caller) ([]*Plan, error) {
	if err := CanManagePlans(c); err != nil {
		return nil, err
	}
	return b.Store.ListPlans(ctx, false)
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

// sitePath turns a return URL into an absolute URL of this site, or "" when it is not one:
// a path ("/portal/billing?success=true") or an absolute URL on the site's own origin, judged
// on its decoded path and rebuilt on the site's scheme and host (ParseSiteTarget).
func (b *Billing) sitePath(raw string) string {
	if len(strings.TrimSpace(raw)) > checkoutURLMax {
		return ""
	}
	site, err := url.Parse(b.SiteURL)
	if err != nil {
		return ""
	}
	t, ok := ParseSiteTarget(raw)
	if !ok || (t.Host != "" && (t.Scheme != site.Scheme || t.Host != strings.ToLower(site.Host))) {
		return ""
	}
	return t.URL(site.Scheme, site.Host)
}

// Checkout starts a checkout of a catalogue plan for the caller's organization. The price
// must be in the catalogue, the mode comes from it, and return URLs outside this site are
// replaced by the billing page's own.
func (b *Billing) Checkout(ctx context.Context, c *Caller, in CheckoutRequest) (*CheckoutAnswer, error) {
	if err := CanManagePayments(c); err != nil {
		return nil, err
	}
	in.Normalize()
	if err := in.Validate(); err != nil {
		return nil, err
	}
	plan, err := b.Store.GetPlan(ctx, in.PriceID)
	if ErrorCode(err) == ENotFound || (err == nil && !plan.Active) {
		return nil, Invalid(map[string]string{"price_id": "This plan is not in the catalogue."})
	} else if err != nil {
		return nil, err
	}
	orgID := *c.Profile.OrganizationID
	if current, err := b.Store.CurrentSubscription(ctx, c.Scope()); err != nil {
		return nil, err
	} else if current != nil && current.Status != SubscriptionCancelled && current.PriceID == plan.PriceID {
		return nil, Errorf(EConflict, "Your organization already has the %s plan.", plan.Name)
	}
	success := b.sitePath(in.SuccessURL)
	if success == "" {
		success = b.sitePath(defaultCheckoutSuccessURL)
	}
	cancel := b.sitePath(in.CancelURL)
	if cancel == "" {
		cancel = b.sitePath(defaultCheckoutCancelURL)
	}
	customer, err := b.Store.CustomerOf(ctx, b.Provider.Name(), c.Scope())
	if err != nil {
		return nil, err
	}
	if customer == "" {
		name, err := b.Store.OrganizationName(ctx, orgID)
		if err != nil {
			return nil, err
		}
		if customer, err = b.Provider.CreateCustomer(ctx, orgID, name, c.Profile.Email); err != nil {
			return nil, fmt.Errorf("create payment customer: %w", err)
		}
		if err := b.Store.SaveCustomer(ctx, b.Provider.Name(), orgID, customer); err != nil {
			return nil, err
		}
		// Two checkouts started at once: the first customer saved is the organization's.
		if customer, err = b.Store.CustomerOf(ctx, b.Provider.Name(), c.Scope()); err != nil {
			return nil, err
		}
	}
	sessionID := ""
	if b.Provider.Name() == ProviderTest {
		sessionID = "cs_test_" + RandomToken(24)
	}
	id, redirect, err := b.Provider.CreateCheckout(ctx, CheckoutParams{
		OrganizationID: orgID, CustomerID: customer, Plan: plan, SuccessURL: success, CancelURL: cancel, SessionID: sessionID,
	})
	if err != nil {
		return nil, fmt.Errorf("create checkout session: %w", err)
	}
	s := &CheckoutSession{ID: id, OrganizationID: orgID, ProfileID: c.Profile.ID, Provider: b.Provider.Name(), CustomerID: customer,
		PriceID: plan.PriceID, PlanName: plan.Name, Amount: plan.Amount, Currency: plan.Currency, Mode: plan.Mode, Interval: plan.Interval,
		Status: CheckoutOpen, SuccessURL: success, CancelURL: cancel}
	// The audit entry names the session, never the link: its URL holds the secret that opens
	// the checkout page (Stripe's and the test provider's alike), the id alone opens nothing.
	if err := b.Store.CreateCheckoutSession(ctx, s, c.Audit(AuditCheckoutStart, "organization", orgID,
		map[string]any{"price_id": plan.PriceID, "session_id": id})); err != nil {
		return nil, err
	}
	return &CheckoutAnswer{URL: redirect}, nil
}

// CheckoutStatus tells the success page whether the caller's organization's checkout was paid.
func (b *Billing) CheckoutStatus(ctx context.Context, c *Caller, id string) (*CheckoutSession, error) {
	if err := CanViewBilling(c); err != nil {
		return nil, err
	}
	s, err := b.Store.GetCheckoutSession(ctx, billingScope(c), strings.TrimSpace(id), false)
	if err != nil {
		return nil, err
	}
	if !s.Paid && s.Status == CheckoutOpen && s.Provider == b.Provider.Name() && b.Provider.Name() == ProviderStripe {
		paid, err := b.Provider.CheckoutPaid(ctx, s.ID)
		if err != nil {
			return nil, fmt.Errorf("ask provider about checkout: %w", err)
		}
		s.Paid = paid
	}
	return s, nil
}

// Account is the caller's organization's billing: subscription, payment method, invoices.
func (b *Billing) Account(ctx context.Context, c *Caller) (*BillingAccount, error) {
	if err := CanViewBilling(c); err != nil {
		return nil, err
	}
	out := &BillingAccount{Provider: b.Provider.Name(), Invoices: []Invoice{}}
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
	return b.Store.SetCancelAtPeriodEnd(ctx, sub.ID, cancel, c.Audit(action, "subscription", sub.ID, nil))
}

// Subscriptions lists every organization's subscriptions for admins, newest first.
func (b *Billing) Subscriptions(ctx context.Context, c *Caller, f SubscriptionFilter) (*SubscriptionPage, error) {
	if err := CanViewBillingOverview(c); err != nil {
		return nil, err
	}
	f.Query = strings.TrimSpace(f.Query)
	switch f.Status {
	case "", "all":
		f.Status = ""
	case SubscriptionActive, SubscriptionCancelled, SubscriptionPastDue:
	default:
		return nil, Invalid(map[string]string{"status": "Status must be all, active, cancelled or past_due."})
	}
	if len(f.Query) > SubscriptionSearchMax {
		return nil, Invalid(map[string]string{"q": fmt.Sprintf("Search for at most %d characters.", SubscriptionSearchMax)})
	}
	list, err := b.Store.ListSubscriptions(ctx, f)
	if err != nil {
		return nil, err
	}
	page := &SubscriptionPage{Items: make([]Subscription, 0, len(list)), Total: len(list)}
	for _, sub := range list {
		page.Items = append(page.Items, *sub)
	}
	return page, nil
}

// SubscriptionChange is the body of PATCH /api/v1/admin/billing/subscriptions/{id}.
type SubscriptionChange struct {
	Status string `json:"status"`
}

// ChangeSubscription sets a subscription's status (admins; any of the three, freely).
func (b *Billing) ChangeSubscription(ctx context.Context, c *Caller, id string, ch SubscriptionChange) (*Subscription, error) {
	if err := CanManageSubscriptions(c); err != nil {
		return nil, err
	}
	switch ch.Status {
	case SubscriptionActive, SubscriptionCancelled, SubscriptionPastDue:
	default:
		return nil, Invalid(map[string]string{"status": "Status must be active, cancelled or past_due."})
	}
	sub, err := b.Store.GetSubscription(ctx, c.Scope(), id)
	if err != nil {
		return nil, err
	}
	return b.Store.SetSubscriptionStatus(ctx, sub.ID, ch.Status, c.Audit(AuditSubscriptionStatus, "subscription", sub.ID,
		map[string]any{"from": sub.Status, "to": ch.Status, "organization_id": sub.OrganizationID}))
}

// DeleteSubscription removes a subscription record (admins).
func (b *Billing) DeleteSubscription(ctx context.Context, c *Caller, id string) error {
	if err := CanManageSubscriptions(c); err != nil {
		return err
	}
	sub, err := b.Store.GetSubscription(ctx, c.Scope(), id)
	if err != nil {
		return err
	}
	return b.Store.DeleteSubscription(ctx, sub.ID, c.Audit(AuditSubscriptionDelete, "subscription", sub.ID,
		map[string]any{"organization_id": sub.OrganizationID, "plan_name": sub.PlanName, "status": sub.Status}))
}

// Summary computes the overview's tiles; churn covers the last 30 days.
func (b *Billing) Summary(ctx context.Context, c *Caller) (*BillingSummary, error) {
	if err := CanViewBillingOverview(c); err != nil {
		return nil, err
	}
	return b.Store.Summary(ctx, b.now().Add(-30*24*time.Hour))
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

// MonthlyRevenue is the monthly recurring revenue in cents of active subscriptions, for the
// admin dashboard's Monthly Revenue tile (staff).
func (b *Billing) MonthlyRevenue(ctx context.Context, c *Caller) (int64, string, error) {
	if err := RequireStaff(c); err != nil {
		return 0, "", err
	}
	s, err := b.Store.Summary(ctx, b.now().Add(-30*24*time.Hour))
	if err != nil {
		return 0, "", err
	}
	return s.MonthlyRecurring, s.Currency, nil
}

// TestCheckout returns a session of the test provider by its id and the key of its link
// (together its capability; only the buyer's browser got the key). A wrong key answers like
// an unknown id.
func (b *Billing) TestCheckout(ctx context.Context, id, key string) (*CheckoutSession, error) {
	t, err := b.testPayments()
	if err != nil || !strings.HasPrefix(id, "cs_test_") || !t.CheckoutKeyValid(id, key) {
		return nil, Errorf(ENotFound, "There is no such checkout.")
	}
	return b.Store.GetCheckoutSession(ctx, Scope{}, id, true)
}

// CancelTestCheckout expires a test checkout and returns where to send the browser.
func (b *Billing) CancelTestCheckout(ctx context.Context, id, key string) (string, error) {
	s, err := b.TestCheckout(ctx, id, key)
	if err != nil {
		return "", err
	}
	if s.Status == CheckoutOpen {
		if err := b.Store.ExpireCheckoutSession(ctx, s.ID); err != nil {
			return "", err
		}
	}
	return s.CancelURL, nil
}

// ApplyEvent applies one provider event once: the event id is recorded with the change in
// one transaction, so a redelivery changes nothing. Events of unknown customers are recorded
// and ignored. A failed payment e-mails the organization's customers.
func (b *Billing) ApplyEvent(ctx context.Context, ev *BillingEvent) (bool, error) {
	if ev == nil || ev.ID == "" {
		return false, Invalid(map[string]string{"id": "The event has no id."})
	}
	if ev.Checkout != nil && ev.Checkout.SessionID != "" {
		if s, err := b.Store.GetCheckoutSession(ctx, Scope{}, ev.Checkout.SessionID, true); err == nil {
			ev.OrganizationID = s.OrganizationID
			if ev.CustomerID == "" {
				ev.CustomerID = s.CustomerID
			}
		} else if ErrorCode(err) != ENotFound {
			return false, err
		}
	}
	if ev.OrganizationID == "" && ev.CustomerID != "" {
		org, err := b.Store.OrganizationOfCustomer(ctx, ev.Provider, ev.CustomerID)
		if err != nil {
			return false, err
		}
		ev.OrganizationID = org
	}
	var mails []*Email
	if ev.Type == EventInvoicePaymentFailed && ev.OrganizationID != "" && b.Mail != nil {
		members, err := b.Store.OrganizationCustomers(ctx, OrganizationScope(ev.OrganizationID))
		if err != nil {
			return false, err
		}
		for _, m := range members {
			details := []EmailDetail{}
			if ev.Invoice != nil {
				details = append(details, EmailDetail{Label: "Amount due", Value: FormatMoney(ev.Invoice.Amount, ev.Invoice.Currency)})
			}
			mail, err := b.Mail.Render(EmailPaymentFailed, m.Email, EmailData{FullName: m.FullName,
				ActionURL: b.sitePath("/portal/billing"), Details: details})
			if err != nil {
				return false, err
			}
			mails = append(mails, mail)
		}
	}
	applied, err := b.Store.ApplyEvent(ctx, ev, mails)
	if err != nil {
		return false, err
	}
	// Settle on every delivery, applied or not: a failure answers 500, the provider delivers
	// the event again, and settling again finishes the work.
	if err := b.settle(ctx, ev); err != nil {
		return applied, err
	}
	return applied, nil
}

// settle keeps an organization to one purchase at a time once an event is applied. The
// "already has this plan" check runs only when a checkout starts, so two checkouts opened
// side by side could both be paid: a completed checkout expires the organization's other open
// checkouts (at the provider too, so that they can no longer be paid), and when the
// organization's newest subscription is active, every older live one is cancelled at the
// provider (its unused time credited) and here. The second rule is also how a plan change
// works: the new plan's subscription replaces the old one when it is paid (ADR 15). Both
// steps are idempotent.
func (b *Billing) settle(ctx context.Context, ev *BillingEvent) error {
	org := ev.OrganizationID
	if org == "" || ev.Provider != b.Provider.Name() {
		return nil
	}
	if ev.Checkout != nil {
		open, err := b.Store.OpenCheckoutSessions(ctx, ev.Provider, org)
		if err != nil {
			return err
		}
		for _, id := range open {
			if id == ev.Checkout.SessionID {
				continue
			}
			if err := b.Provider.ExpireCheckout(ctx, id); err != nil {
				return fmt.Errorf("expire checkout %s at provider: %w", id, err)
			}
			if err := b.Store.ExpireCheckoutSession(ctx, id); err != nil {
				return err
			}
		}
	}
	live, err := b.Store.LiveSubscriptions(ctx, ev.Provider, org)
	if err != nil {
		return err
	}
	if len(live) < 2 || live[0].Status != SubscriptionActive {
		return nil // nothing to replace, or the newest is not paid yet: the older one stays
	}
	keep := live[0]
	for _, old := range live[1:] {
		if err := b.Provider.CancelSubscription(ctx, old.ProviderSubscriptionID); err != nil {
			return fmt.Errorf("cancel replaced subscription %s at provider: %w", old.ProviderSubscriptionID, err)
		}
		if _, err := b.Store.ReplaceSubscription(ctx, old.ID, AuditEntry{Action: AuditSubscriptionReplaced, TargetType: "subscription",
			TargetID: old.ID, Details: map[string]any{"organization_id": org, "plan_name": old.PlanName, "replaced_by": keep.ID,
				"replaced_by_plan": keep.PlanName, "event_id": ev.ID}}); err != nil {
			return err
		}
	}
	return nil
}

// FormatMoney writes cents of a currency as people read them: $1.00 for usd, 12.50 EUR otherwise.
func FormatMoney(cents int64, currency string) string {
	// The magnitude as unsigned, so that the most negative int64 has one too.
	sign, abs := "", uint64(cents)
	if cents < 0 {
		sign, abs = "-", -uint64(cents)
	}
	n := fmt.Sprintf("%d.%02d", abs/100, abs%100)
	if strings.EqualFold(currency, "usd") || currency == "" {
		return sign + "$" + n
	}
	return sign + n + " " + strings.ToUpper(currency)
}

// RandomToken returns n random bytes, hex-encoded: ids that double as capabilities.
func RandomToken(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("crypto/rand: " + err.Error())
	}
	return hex.EncodeToString(b)
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

func withQueryParam(raw, key, value string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	q := u.Query()
	if q.Get(key) == "" {
		q.Set(key, value)
	}
	u.RawQuery = q.Encode()
	return u.String()
}
