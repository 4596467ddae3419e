package main

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
)

// TestSeedDemo_InvoiceIdsAreUnguessable: an invoice's id opens its document page without a
// sign-in, so the demo's invoices have random ids (a new set per database), seeded once.
func TestSeedDemo_InvoiceIdsAreUnguessable(t *testing.T) {
	t.Parallel()
	random := regexp.MustCompile(`^in_test_[A-Z2-7]{26}$`)
	invoices := func(db *store.DB) []string {
		t.Helper()
		ctx := context.Background()
		orgs, err := store.NewAccountStore(db).ListOrganizations(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, o := range orgs {
			if o.Name != "Northwind Logistics" {
				continue
			}
			list, err := store.NewBillingStore(db).ListInvoices(ctx, growthdesk.OrganizationScope(o.ID), 100)
			if err != nil {
				t.Fatal(err)
			}
			for _, in := range list {
				id, ok := strings.CutPrefix(in.DocumentURL, "/functions/v1/test-invoices/")
				if !ok || !random.MatchString(id) {
					t.Errorf("demo invoice %s opens at %q, not at a random id", in.Number, in.DocumentURL)
				}
				ids = append(ids, id)
			}
		}
		if len(ids) != 2 {
			t.Fatalf("Northwind has %d demo invoices after two seeds, want 2", len(ids))
		}
		return ids
	}
	first, second := invoices(seededTwice(t)), invoices(seededTwice(t))
	for _, id := range first {
		for _, other := range second {
			if id == other {
				t.Fatalf("two demo databases share the invoice id %s", id)
			}
		}
	}
}
