package growthdesk

import (
	"context"
	"fmt"
)

// ApplyEvent applies one provider event once: the event id is recorded with the change in
// one transaction, so a redelivery changes nothing. Events of unknown customers are recorded
// and ignored. A failed payment e-mails the organization's customers.
func (b *Billing) ApplyEvent(ctx context.Context, ev *BillingEvent) (bool, error) {
	if ev == nil || ev.ID == "" {
		return false, Invalid(map[string]string{"id": "The event has no id."})
	}
	// The provider's event names its checkout or customer; the organization comes from them.
	system := SystemScope("billing-events")
	if ev.Checkout != nil && ev.Checkout.SessionID != "" {
		if s, err := b.Store.GetCheckoutSession(ctx, system, ev.Checkout.SessionID); err == nil {
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
	applied, err := b.Store.ApplyEvent(ctx, system, ev, mails)
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
	scope := OrganizationScope(org)
	if ev.Checkout != nil {
		open, err := b.Store.OpenCheckoutSessions(ctx, scope, ev.Provider)
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
			if err := b.Store.ExpireCheckoutSession(ctx, scope, id); err != nil {
				return err
			}
		}
	}
	live, err := b.Store.LiveSubscriptions(ctx, scope, ev.Provider)
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
		if _, err := b.Store.ReplaceSubscription(ctx, scope, old.ID, AuditEntry{Action: AuditSubscriptionReplaced, TargetType: "subscription",
			TargetID: old.ID, Details: map[string]any{"organization_id": org, "plan_name": old.PlanName, "replaced_by": keep.ID,
				"replaced_by_plan": keep.PlanName, "event_id": ev.ID}}); err != nil {
			return err
		}
	}
	return nil
}
