package growthdesk

import (
	"strings"
	"time"
	"unicode/utf8"
)

// Plan modes: a subscription renews every interval; a payment is charged once.
const (
	PlanModeSubscription = "subscription"
	PlanModePayment      = "payment"
)

// Subscription statuses as the portal shows them (billing_subscriptions.status).
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

// SeedPlan is the plan every database's catalogue starts with (migrations 0008 and 0015), the
// first of the default catalogue content/plans.json: one monthly plan, so that checkout works
// before the operator adds their own.
var SeedPlan = Plan{PriceID: "price_chatbot_setup_monthly", Name: "Chatbot Setup",
	Description: "A chatbot on your website that answers your customers from your own services, prices and FAQs, with monthly tuning and support.",
	Mode:        PlanModeSubscription, Amount: 100, Currency: "usd", Interval: "month", Active: true}

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
	// BillingAddress is the postal address the organization's invoices are billed to, one
	// line each (none when not set).
	BillingAddress []string `json:"billing_address" tstype:"string[]"`
}

// Bounds of a billing address.
const (
	BillingAddressLinesMax = 6
	BillingAddressLineMax  = 120
)

// BillingAddressInput is the body of PUT /api/v1/billing/address: the address's lines.
type BillingAddressInput struct {
	Lines []string `json:"lines"`
}

// Normalize trims each line and drops the empty ones.
func (in *BillingAddressInput) Normalize() {
	lines := []string{}
	for _, l := range in.Lines {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	in.Lines = lines
}

// Validate bounds the address: at most six lines of 120 characters.
func (in BillingAddressInput) Validate() error {
	if len(in.Lines) > BillingAddressLinesMax {
		return Invalid(map[string]string{"lines": "Keep the address to six lines."})
	}
	for _, l := range in.Lines {
		if utf8.RuneCountInString(l) > BillingAddressLineMax {
			return Invalid(map[string]string{"lines": "Keep each line of the address under 120 characters."})
		}
	}
	return nil
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

// InvoiceParty is the seller or the buyer named on an invoice.
type InvoiceParty struct {
	Name string `json:"name"`
	// Address is the postal address, one line each; empty when none is known.
	Address []string `json:"address" tstype:"string[]"`
	Email   string   `json:"email"`
	// TaxID is the seller's tax or VAT number, "" when the operator has none.
	TaxID string `json:"tax_id"`
}

// InvoiceLine is one item billed: amounts in cents of the invoice's currency, before tax.
type InvoiceLine struct {
	Description string `json:"description"`
	Quantity    int64  `json:"quantity"`
	UnitAmount  int64  `json:"unit_amount"`
	Amount      int64  `json:"amount"`
}

// InvoiceTax is the operator's tax on what they sell: its label ("Sales tax", "VAT") and rate
// in basis points (825 is 8.25%). The provider charges the invoice's total; the tax line
// shows which part of that total is tax at this rate.
type InvoiceTax struct {
	Label       string `json:"label"`
	RateBasisPt int64  `json:"rate_basis_points"`
}

// InvoiceDocument is an invoice as a document: number, dates, seller and buyer, line items,
// subtotal, tax and total. Amounts are cents of Invoice.Currency.
type InvoiceDocument struct {
	Invoice        Invoice `json:"invoice"`
	OrganizationID string  `json:"organization_id"`
	// IssuedAt is the invoice's date: the start of the period it bills, or when it was paid,
	// or when it was recorded here, whichever is first (the row of a provider's invoice is
	// written when its event arrives, which may be later).
	IssuedAt  time.Time     `json:"issued_at"`
	Seller    InvoiceParty  `json:"seller"`
	Buyer     InvoiceParty  `json:"buyer"`
	Lines     []InvoiceLine `json:"lines" tstype:"InvoiceLine[]"`
	Subtotal  int64         `json:"subtotal"`
	Tax       InvoiceTax    `json:"tax"`
	TaxAmount int64         `json:"tax_amount"`
	Total     int64         `json:"total"`
}

// InvoiceRecord is what the store keeps of an invoice and what it was for: its organization's
// name, and the plan of its subscription or one-time checkout ("" when unknown).
type InvoiceRecord struct {
	Invoice          Invoice
	OrganizationID   string
	OrganizationName string
	// BillingAddress is the organization's billing address, one line each.
	BillingAddress []string
	PlanName       string
}

// DisplayNumber is the invoice's number, or its id when the provider gave none.
func (in *Invoice) DisplayNumber() string {
	if in.Number != "" {
		return in.Number
	}
	return in.ID
}

// TaxRateLabel writes a rate in basis points as a percentage: "0%", "8.25%", "20%".
func TaxRateLabel(basisPoints int64) string {
	s := FormatAmount(basisPoints)
	s = strings.TrimSuffix(strings.TrimSuffix(s, "0"), "0")
	return strings.TrimSuffix(s, ".") + "%"
}
