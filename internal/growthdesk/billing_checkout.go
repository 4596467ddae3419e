package growthdesk

import (
	"context"
	"fmt"
	"net/url"
	"strings"
)

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
		if err := b.Store.SaveCustomer(ctx, c.Scope().Narrow(orgID), b.Provider.Name(), customer); err != nil {
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
	if err := b.Store.CreateCheckoutSession(ctx, c.Scope(), s, c.Audit(AuditCheckoutStart, "organization", orgID,
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
	s, err := b.Store.GetCheckoutSession(ctx, billingScope(c), strings.TrimSpace(id))
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
