package main

import (
	"context"
	"crypto/rand"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
)

// seedDemoBilling gives Northwind Logistics a paid subscription of the seeded plan with two
// invoices, through the test provider's events, so the admins' overview has data; Brightside
// Dental has none, so the demo customer can buy the plan. Event ids are fixed, so running it
// again changes nothing. An invoice's id opens its document page without a sign-in, so each
// demo invoice gets a random id, like the test provider's own, never one a visitor can guess.
func seedDemoBilling(ctx context.Context, db *store.DB) error {
	billing := store.NewBillingStore(db)
	orgs, err := store.NewAccountStore(db).ListOrganizations(ctx)
	if err != nil {
		return err
	}
	org := ""
	for _, o := range orgs {
		if o.Name == "Northwind Logistics" {
			org = o.ID
		}
	}
	if org == "" {
		return nil
	}
	const customer = "cus_test_demo_northwind"
	if existing, err := billing.CustomerOf(ctx, growthdesk.ProviderTest, growthdesk.OrganizationScope(org)); err != nil {
		return err
	} else if existing == "" {
		if err := billing.SaveCustomer(ctx, growthdesk.OrganizationScope(org), growthdesk.ProviderTest, customer); err != nil {
			return err
		}
	} else if existing != customer {
		return nil // Northwind bought through the test checkout already
	}
	plan := growthdesk.SeedPlan
	now := time.Now().UTC().Truncate(time.Second)
	start := now.AddDate(0, -1, -12)
	renewed := start.AddDate(0, 1, 0)
	end := renewed.AddDate(0, 1, 0)
	paid := func(n string, from, to time.Time) *growthdesk.BillingEvent {
		invoice := "in_test_" + rand.Text()
		return &growthdesk.BillingEvent{ID: "evt_demo_northwind_invoice_" + n, Type: growthdesk.EventInvoicePaid, Provider: growthdesk.ProviderTest,
			Created: from, CustomerID: customer, OrganizationID: org, Invoice: &growthdesk.InvoiceEvent{ID: invoice,
				Number: "NW-000" + n, SubscriptionID: "sub_test_demo_northwind", Amount: plan.Amount, Currency: plan.Currency, Status: "paid",
				PeriodStart: &from, PeriodEnd: &to, PaidAt: &from, DocumentURL: "/functions/v1/test-invoices/" + invoice}}
	}
	for _, ev := range []*growthdesk.BillingEvent{
		{ID: "evt_demo_northwind_subscription", Type: growthdesk.EventSubscriptionCreated, Provider: growthdesk.ProviderTest, Created: start,
			CustomerID: customer, OrganizationID: org, Subscription: &growthdesk.SubscriptionEvent{ID: "sub_test_demo_northwind", Status: "active", Created: &start,
				PriceID: plan.PriceID, Amount: plan.Amount, Currency: plan.Currency, Interval: plan.Interval, CurrentPeriodEnd: &end,
				PaymentMethod: &growthdesk.PaymentMethod{Brand: "visa", Last4: "4242"}}},
		paid("1", start, renewed),
		paid("2", renewed, end),
	} {
		if _, err := billing.ApplyEvent(ctx, growthdesk.SystemScope("demo"), ev, nil); err != nil {
			return err
		}
	}
	return nil
}
