package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

func TestSupportStore_TicketsStayInsideTheScope(t *testing.T) {
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		support := store.NewSupportStore(db)
		acme := newOrganization(t, db, "Acme")
		beta := newOrganization(t, db, "Beta")
		now := time.Now().UTC()
		var rows []store.TicketSeedRow
		for i := range 30 {
			org, status := acme.ID, growthdesk.TicketStatusOpen
			if i%3 == 0 {
				org = beta.ID
			}
			if i%2 == 0 {
				status = growthdesk.TicketStatusResolved
			}
			rows = append(rows, store.TicketSeedRow{ID: growthdesk.NewID(), Title: "t", Description: "d", Priority: "low",
				Status: status, OrganizationID: org, CreatedAt: now.Add(time.Duration(i) * time.Second)})
		}
		if err := support.SeedTickets(ctx, rows); err != nil {
			t.Fatal(err)
		}
		customer := &growthdesk.Caller{Profile: &growthdesk.Profile{ID: "c", Role: "customer", ApprovalStatus: "approved", OrganizationID: &acme.ID}}
		got, total, err := support.ListTickets(ctx, growthdesk.TicketQuery{Scope: customer.Scope().Narrow(beta.ID), Limit: 100})
		if err != nil || total != 20 || len(got) != 20 {
			t.Fatalf("Acme's tickets: %d of %d, %v", len(got), total, err)
		}
		for _, tk := range got {
			if tk.Organization.ID != acme.ID {
				t.Fatalf("read %s of another organization", tk.ID)
			}
			if _, err := support.GetTicket(ctx, customer.Scope(), tk.ID, false); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := support.GetTicket(ctx, customer.Scope(), rows[0].ID, false); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Fatalf("Beta's ticket read by Acme: %v", err)
		}
		// The counts table agrees with a count of the rows.
		staff := &growthdesk.Caller{Profile: &growthdesk.Profile{ID: "s", Role: "employee", ApprovalStatus: "approved"}}
		sum, err := support.Summary(ctx, growthdesk.TicketQuery{Scope: staff.Scope()})
		if err != nil || sum.Total != 30 || sum.Resolved != 15 || sum.Open != 15 {
			t.Fatalf("summary %+v, %v", sum, err)
		}
		n, err := support.CountOpen(ctx, growthdesk.OrganizationScope(acme.ID))
		if err != nil || n != 10 {
			t.Fatalf("Acme's open tickets = %d, %v", n, err)
		}
		if n, err := support.CountOpen(ctx, growthdesk.OrganizationScope("")); err != nil || n != 0 {
			t.Fatalf("an empty scope's open tickets = %d, %v", n, err)
		}
		lone := &growthdesk.Caller{Profile: &growthdesk.Profile{ID: "x", Role: "customer", ApprovalStatus: "approved"}}
		if got, total, err := support.ListTickets(ctx, growthdesk.TicketQuery{Scope: lone.Scope(), Limit: 10}); err != nil || len(got) != 0 || total != 0 {
			t.Fatalf("an empty scope read %d tickets (%d), %v", len(got), total, err)
		}
	})
}
