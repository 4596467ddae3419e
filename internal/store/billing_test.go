package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

func TestBillingStore_ReadsStayInsideTheScope(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		billing := store.NewBillingStore(db)
		acme := newOrganization(t, db, "Acme")
		beta := newOrganization(t, db, "Beta")
		now := time.Now().UTC().Truncate(time.Second)
		end := now.Add(30 * 24 * time.Hour)
		for org, cus := range map[string]string{acme.ID: "cus_a", beta.ID: "cus_b"} {
			if err := billing.SaveCustomer(ctx, growthdesk.OrganizationScope(org), "test", cus); err != nil {
				t.Fatal(err)
			}
			for _, ev := range []*growthdesk.BillingEvent{
				{ID: "evt_s_" + cus, Type: growthdesk.EventSubscriptionCreated, Provider: "test", Created: now, CustomerID: cus, OrganizationID: org,
					Subscription: &growthdesk.SubscriptionEvent{ID: "sub_" + cus, Status: "active", PriceID: growthdesk.SeedPlan.PriceID, Amount: 100,
						Currency: "usd", Interval: "month", CurrentPeriodEnd: &end}},
				{ID: "evt_i_" + cus, Type: growthdesk.EventInvoicePaid, Provider: "test", Created: now, CustomerID: cus, OrganizationID: org,
					Invoice: &growthdesk.InvoiceEvent{ID: "in_" + cus, SubscriptionID: "sub_" + cus, Amount: 100, Currency: "usd", Status: "paid", PaidAt: &now}},
			} {
				if applied, err := billing.ApplyEvent(ctx, growthdesk.SystemScope("test"), ev, nil); err != nil || !applied {
					t.Fatalf("apply %s: %v %v", ev.ID, applied, err)
				}
			}
		}
		customer := &growthdesk.Caller{Profile: &growthdesk.Profile{ID: "a1", Role: "customer", ApprovalStatus: "approved", OrganizationID: &acme.ID}}
		sub, err := billing.CurrentSubscription(ctx, customer.Scope())
		if err != nil || sub == nil || sub.OrganizationID != acme.ID || sub.OrganizationName != "Acme" || !sub.NextBillingDate.Equal(end) {
			t.Fatalf("Acme's subscription = %+v, %v", sub, err)
		}
		invoices, err := billing.ListInvoices(ctx, customer.Scope(), 10)
		if err != nil || len(invoices) != 1 {
			t.Fatalf("Acme's invoices = %+v, %v", invoices, err)
		}
		betaSub, err := billing.CurrentSubscription(ctx, (&growthdesk.Caller{Profile: &growthdesk.Profile{Role: "customer", OrganizationID: &beta.ID}}).Scope())
		if err != nil || betaSub == nil {
			t.Fatal(err)
		}
		if _, err := billing.GetSubscription(ctx, customer.Scope(), betaSub.ID); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Fatalf("Acme's customer read Beta's subscription: %v", err)
		}
		lone := &growthdesk.Caller{Profile: &growthdesk.Profile{Role: "customer", ApprovalStatus: "approved"}}
		if sub, err := billing.CurrentSubscription(ctx, lone.Scope()); err != nil || sub != nil {
			t.Fatalf("an empty scope read %+v, %v", sub, err)
		}
		if inv, err := billing.ListInvoices(ctx, lone.Scope(), 10); err != nil || len(inv) != 0 {
			t.Fatalf("an empty scope read invoices %+v, %v", inv, err)
		}
		all, err := billing.ListSubscriptions(ctx, growthdesk.SystemScope("test"), growthdesk.SubscriptionFilter{Query: "bet"})
		if err != nil || len(all) != 1 || all[0].OrganizationName != "Beta" {
			t.Fatalf("search = %+v, %v", all, err)
		}
		if pct, err := billing.ListSubscriptions(ctx, growthdesk.SystemScope("test"), growthdesk.SubscriptionFilter{Query: "%"}); err != nil || len(pct) != 0 {
			t.Fatalf("a %% search matched %d rows, %v", len(pct), err)
		}
		sum, err := billing.Summary(ctx, growthdesk.SystemScope("test"), now.Add(-30*24*time.Hour))
		if err != nil || sum.TotalRevenue != 200 || sum.ActiveSubscriptions != 2 || sum.MonthlyRecurring != 200 {
			t.Fatalf("summary %+v, %v", sum, err)
		}
		next, err := billing.NextBillingDate(ctx, growthdesk.OrganizationScope(acme.ID))
		if err != nil || next == nil || !next.Equal(end) {
			t.Fatalf("next billing date %v, %v", next, err)
		}
		if next, err := billing.NextBillingDate(ctx, lone.Scope()); err != nil || next != nil {
			t.Fatalf("an empty scope's next billing date %v, %v", next, err)
		}
		if c, err := billing.CustomerOf(ctx, growthdesk.ProviderStripe, lone.Scope()); err != nil || c != "" {
			t.Fatalf("an empty scope's customer %q, %v", c, err)
		}
	})
}
