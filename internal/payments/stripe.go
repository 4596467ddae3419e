package payments

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"
)

// WebhookTolerance is how old a signed webhook may be: older signatures are refused, so a
// captured request cannot be replayed later.
const WebhookTolerance = 300 * time.Second

// StripeOptions configure the Stripe provider.
type StripeOptions struct {
	SecretKey     string
	WebhookSecret string
	// APIBase overrides https://api.stripe.com (tests point it at stripe-mock).
	APIBase    string
	HTTPClient *http.Client
}

// Stripe is the payment provider on Stripe, through the official stripe-go client.
type Stripe struct {
	client        *stripe.Client
	webhookSecret string
}

var _ growthdesk.PaymentProvider = (*Stripe)(nil)

// NewStripe returns the Stripe provider; the secret key and the webhook secret are required.
func NewStripe(o StripeOptions) (*Stripe, error) {
	if o.SecretKey == "" || o.WebhookSecret == "" {
		return nil, errors.New("stripe: a secret key and a webhook signing secret are required")
	}
	cfg := &stripe.BackendConfig{HTTPClient: o.HTTPClient, MaxNetworkRetries: stripe.Int64(2), EnableTelemetry: stripe.Bool(false),
		LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelWarn}}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 30 * time.Second}
	}
	if o.APIBase != "" {
		cfg.URL = stripe.String(strings.TrimRight(o.APIBase, "/"))
	}
	return &Stripe{
		client:        stripe.NewClient(o.SecretKey, stripe.WithBackends(stripe.NewBackendsWithConfig(cfg))),
		webhookSecret: o.WebhookSecret,
	}, nil
}

// Name is "stripe".
func (s *Stripe) Name() string { return growthdesk.ProviderStripe }

// CreateCustomer creates the Stripe customer of an organization.
func (s *Stripe) CreateCustomer(ctx context.Context, orgID, orgName, email string) (string, error) {
	c, err := s.client.V1Customers.Create(ctx, &stripe.CustomerCreateParams{
		Name: stripe.String(orgName), Email: stripe.String(email), Metadata: map[string]string{"organization_id": orgID},
	})
	if err != nil {
		return "", err
	}
	return c.ID, nil
}

// CreateCheckout creates a Checkout Session; Stripe fills in {CHECKOUT_SESSION_ID} of the success URL.
func (s *Stripe) CreateCheckout(ctx context.Context, p growthdesk.CheckoutParams) (string, string, error) {
	params := &stripe.CheckoutSessionCreateParams{
		Customer:          stripe.String(p.CustomerID),
		ClientReferenceID: stripe.String(p.OrganizationID),
		Mode:              stripe.String(p.Plan.Mode),
		LineItems:         []*stripe.CheckoutSessionCreateLineItemParams{{Price: stripe.String(p.Plan.PriceID), Quantity: stripe.Int64(1)}},
		SuccessURL:        stripe.String(withSessionID(p.SuccessURL, "{CHECKOUT_SESSION_ID}")),
		CancelURL:         stripe.String(p.CancelURL),
		Metadata:          map[string]string{"organization_id": p.OrganizationID},
	}
	if p.Plan.Mode == growthdesk.PlanModeSubscription {
		params.SubscriptionData = &stripe.CheckoutSessionCreateSubscriptionDataParams{Metadata: map[string]string{"organization_id": p.OrganizationID}}
	} else {
		// A one-time purchase gets an invoice too, so that its billing history links a document.
		params.InvoiceCreation = &stripe.CheckoutSessionCreateInvoiceCreationParams{Enabled: stripe.Bool(true)}
	}
	cs, err := s.client.V1CheckoutSessions.Create(ctx, params)
	if err != nil {
		return "", "", err
	}
	return cs.ID, cs.URL, nil
}

// CheckoutPaid asks Stripe whether a Checkout Session was paid.
func (s *Stripe) CheckoutPaid(ctx context.Context, id string) (bool, error) {
	cs, err := s.client.V1CheckoutSessions.Retrieve(ctx, id, nil)
	if err != nil {
		return false, err
	}
	return cs.Status == stripe.CheckoutSessionStatusComplete &&
		(cs.PaymentStatus == stripe.CheckoutSessionPaymentStatusPaid || cs.PaymentStatus == stripe.CheckoutSessionPaymentStatusNoPaymentRequired), nil
}

// CreatePortalSession opens Stripe's Customer Portal, where the card is added or updated.
func (s *Stripe) CreatePortalSession(ctx context.Context, customerID, returnURL string) (string, error) {
	ps, err := s.client.V1BillingPortalSessions.Create(ctx, &stripe.BillingPortalSessionCreateParams{
		Customer: stripe.String(customerID), ReturnURL: stripe.String(returnURL),
	})
	if err != nil {
		return "", err
	}
	return ps.URL, nil
}

// SetCancelAtPeriodEnd schedules or unschedules the end of a subscription.
func (s *Stripe) SetCancelAtPeriodEnd(ctx context.Context, id string, cancel bool) error {
	_, err := s.client.V1Subscriptions.Update(ctx, id, &stripe.SubscriptionUpdateParams{CancelAtPeriodEnd: stripe.Bool(cancel)})
	return err
}

// ExpireCheckout expires an open Checkout Session so that it can no longer be paid. Stripe
// refuses to expire one that is complete or expired already (400): that is not an error here.
func (s *Stripe) ExpireCheckout(ctx context.Context, id string) error {
	_, err := s.client.V1CheckoutSessions.Expire(ctx, id, nil)
	if alreadyDone(err) {
		return nil
	}
	return err
}

// CancelSubscription cancels a subscription now, with a proration that credits the unused
// time of its period to the customer's balance (used by the next invoice). A subscription
// Stripe no longer has or has cancelled already (400, 404) is not an error here.
func (s *Stripe) CancelSubscription(ctx context.Context, id string) error {
	_, err := s.client.V1Subscriptions.Cancel(ctx, id, &stripe.SubscriptionCancelParams{Prorate: stripe.Bool(true), InvoiceNow: stripe.Bool(true)})
	if alreadyDone(err) {
		return nil
	}
	return err
}

// alreadyDone tells Stripe's refusals of a change that has nothing left to do (the object is
// no longer in a state to change, or is gone) from failures worth a retry.
func alreadyDone(err error) bool {
	var se *stripe.Error
	return errors.As(err, &se) && (se.HTTPStatusCode == http.StatusBadRequest || se.HTTPStatusCode == http.StatusNotFound)
}

// checkoutDocument asks Stripe for the document of a one-time purchase, which a webhook's
// checkout session names by id only: the invoice's hosted page, else the charge's receipt.
func (s *Stripe) checkoutDocument(ctx context.Context, co *growthdesk.CheckoutEvent) error {
	params := &stripe.CheckoutSessionRetrieveParams{}
	params.AddExpand("invoice")
	params.AddExpand("payment_intent.latest_charge")
	cs, err := s.client.V1CheckoutSessions.Retrieve(ctx, co.SessionID, params)
	if err != nil {
		return err
	}
	checkoutDocument(co, cs)
	return nil
}

// ErrBadSignature answers a webhook whose signature is missing, wrong or too old.
var ErrBadSignature = &growthdesk.Error{Code: growthdesk.EInvalid, Message: "The webhook signature is missing, wrong or too old.",
	Fields: map[string]string{"stripe-signature": "Sign the payload with the endpoint's signing secret, within 300 seconds."}}

// ParseWebhook verifies a webhook's Stripe-Signature header over the raw payload (300 s
// tolerance) and decodes the event. A card named only by id is looked up at Stripe.
func (s *Stripe) ParseWebhook(ctx context.Context, payload []byte, signature string) (*growthdesk.BillingEvent, error) {
	ev, err := webhook.ConstructEventWithOptions(payload, signature, s.webhookSecret, webhook.ConstructEventOptions{
		Tolerance: WebhookTolerance, IgnoreAPIVersionMismatch: true,
	})
	if err != nil {
		if errors.Is(err, webhook.ErrNotSigned) || errors.Is(err, webhook.ErrInvalidHeader) ||
			errors.Is(err, webhook.ErrNoValidSignature) || errors.Is(err, webhook.ErrTooOld) {
			return nil, ErrBadSignature
		}
		return nil, growthdesk.Errorf(growthdesk.EBadJSON, "The webhook payload is not a Stripe event.")
	}
	out, err := DecodeEvent(&ev, growthdesk.ProviderStripe, func(id string) (*growthdesk.PaymentMethod, error) {
		pm, err := s.client.V1PaymentMethods.Retrieve(ctx, id, nil)
		if err != nil || pm.Card == nil {
			return nil, err
		}
		return &growthdesk.PaymentMethod{Brand: string(pm.Card.Brand), Last4: pm.Card.Last4}, nil
	})
	var stripeErr *stripe.Error
	if errors.As(err, &stripeErr) {
		return nil, err // Stripe could not be asked: a 500, and Stripe delivers the event again
	} else if err != nil {
		return nil, growthdesk.Errorf(growthdesk.EBadJSON, "The webhook payload is not a Stripe event this server understands.")
	}
	if co := out.Checkout; co != nil && co.Mode == growthdesk.PlanModePayment && co.DocumentURL == "" {
		if err := s.checkoutDocument(ctx, co); err != nil {
			return nil, err // a 500: Stripe delivers the event again
		}
	}
	return out, nil
}

// withSessionID adds session_id to a return URL unless it has one.
func withSessionID(raw, id string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Query().Has("session_id") {
		return raw
	}
	sep := "?"
	if u.RawQuery != "" {
		sep = "&"
	}
	return raw + sep + "session_id=" + id
}
