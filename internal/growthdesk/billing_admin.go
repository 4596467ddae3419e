package growthdesk

import (
	"context"
	"fmt"
	"strings"
	"time"
)

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
	list, err := b.Store.ListSubscriptions(ctx, c.Scope(), f)
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
	return b.Store.SetSubscriptionStatus(ctx, c.Scope(), sub.ID, ch.Status, c.Audit(AuditSubscriptionStatus, "subscription", sub.ID,
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
	return b.Store.DeleteSubscription(ctx, c.Scope(), sub.ID, c.Audit(AuditSubscriptionDelete, "subscription", sub.ID,
		map[string]any{"organization_id": sub.OrganizationID, "plan_name": sub.PlanName, "status": sub.Status}))
}

// Summary computes the overview's tiles; churn covers the last 30 days.
func (b *Billing) Summary(ctx context.Context, c *Caller) (*BillingSummary, error) {
	if err := CanViewBillingOverview(c); err != nil {
		return nil, err
	}
	return b.Store.Summary(ctx, c.Scope(), b.now().Add(-30*24*time.Hour))
}

// MonthlyRevenue is the monthly recurring revenue in cents of active subscriptions, for the
// admin dashboard's Monthly Revenue tile (staff).
func (b *Billing) MonthlyRevenue(ctx context.Context, c *Caller) (int64, string, error) {
	if err := RequireStaff(c); err != nil {
		return 0, "", err
	}
	s, err := b.Store.Summary(ctx, c.Scope(), b.now().Add(-30*24*time.Hour))
	if err != nil {
		return 0, "", err
	}
	return s.MonthlyRecurring, s.Currency, nil
}
