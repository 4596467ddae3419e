package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

func TestSupportStore_TicketsStayInsideTheScope(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		support := store.NewSupportStore(db)
		acme := newOrganization(t, db, "Acme")
		beta := newOrganization(t, db, "Beta")
		now := time.Now().UTC()
		pat, sam := growthdesk.NewID(), growthdesk.NewID()
		store.InsertAccountForTest(t, db, pat, "pat@acme.example", "Pat", "customer", "approved")
		store.InsertAccountForTest(t, db, sam, "sam@acme.example", "Sam", "customer", "approved")
		var rows []store.TicketSeedRow
		for i := range 30 {
			org, status := acme.ID, growthdesk.TicketStatusOpen
			if i%3 == 0 {
				org = beta.ID
			}
			if i%2 == 0 {
				status = growthdesk.TicketStatusResolved
			}
			// Acme's tickets belong to Pat and Sam by turns.
			var customer *string
			if org == acme.ID {
				customer = &pat
				if i%4 == 1 {
					customer = &sam
				}
			}
			rows = append(rows, store.TicketSeedRow{ID: growthdesk.NewID(), Title: "t", Description: "d", Priority: "low",
				Status: status, OrganizationID: org, CustomerID: customer, CreatedAt: now.Add(time.Duration(i) * time.Second)})
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
		// Open Tickets counts a customer's own tickets, not their colleagues'.
		want := map[string]int{}
		for _, r := range rows {
			if r.CustomerID != nil && r.Status == growthdesk.TicketStatusOpen {
				want[*r.CustomerID]++
			}
		}
		for who, id := range map[string]string{"Pat": pat, "Sam": sam} {
			n, err := support.CountOpenOf(ctx, customer.Scope(), id)
			if err != nil || n != want[id] || n == 0 || n == 10 {
				t.Fatalf("%s's open tickets = %d, %v; want %d of Acme's 10", who, n, err, want[id])
			}
			// Counted from another organization (the customer moved on), none are theirs.
			if n, err := support.CountOpenOf(ctx, growthdesk.OrganizationScope("another-org"), id); err != nil || n != 0 {
				t.Fatalf("%s's open tickets counted in another organization = %d, %v", who, n, err)
			}
		}
		lone := &growthdesk.Caller{Profile: &growthdesk.Profile{ID: "x", Role: "customer", ApprovalStatus: "approved"}}
		if got, total, err := support.ListTickets(ctx, growthdesk.TicketQuery{Scope: lone.Scope(), Limit: 10}); err != nil || len(got) != 0 || total != 0 {
			t.Fatalf("an empty scope read %d tickets (%d), %v", len(got), total, err)
		}
	})
}

// TestSupportStore_ParallelUploadsKeepTheFileLimit: the limit of files a message is counted
// in the transaction that inserts them, so uploads that race to one message never pass it
// together, on either engine.
func TestSupportStore_ParallelUploadsKeepTheFileLimit(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		support := store.NewSupportStore(db)
		acme := newOrganization(t, db, "Acme")
		store.InsertAccountForTest(t, db, "u1", "ann@example.com", "Ann", "customer", "approved")
		id := growthdesk.NewID()
		if err := support.SeedTickets(ctx, []store.TicketSeedRow{{ID: id, Title: "t", Description: "d", Priority: "low",
			Status: growthdesk.TicketStatusOpen, OrganizationID: acme.ID, CreatedAt: time.Now().UTC()}}); err != nil {
			t.Fatal(err)
		}
		const uploads, each, max = 6, 2, 5
		errs := make(chan error, uploads)
		for i := range uploads {
			go func() {
				files := []growthdesk.NewAttachment{{Filename: fmt.Sprintf("a%d.txt", i), Content: []byte("x")}, {Filename: fmt.Sprintf("b%d.txt", i), Content: []byte("y")}}
				_, err := support.AddAttachments(ctx, growthdesk.SystemScope("test"), id, nil, files, []string{"text/plain", "text/plain"}, "u1", max,
					growthdesk.AuditEntry{Action: growthdesk.AuditTicketAttach, TargetType: "ticket", TargetID: id})
				errs <- err
			}()
		}
		ok := 0
		for range uploads {
			switch err := <-errs; {
			case err == nil:
				ok++
			case growthdesk.ErrorCode(err) != growthdesk.EInvalid:
				t.Errorf("upload: %v", err)
			}
		}
		n, err := support.AttachmentCount(ctx, growthdesk.SystemScope("test"), id, nil)
		if err != nil || ok != max/each || n != ok*each {
			t.Fatalf("%d uploads accepted, %d files stored (%v); want %d and %d", ok, n, err, max/each, max/each*each)
		}
		if _, err := support.AddAttachments(ctx, growthdesk.SystemScope("test"), growthdesk.NewID(), nil, []growthdesk.NewAttachment{{Filename: "a.txt", Content: []byte("x")}},
			[]string{"text/plain"}, "u1", max, growthdesk.AuditEntry{Action: growthdesk.AuditTicketAttach}); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Fatalf("a ticket that is gone: %v", err)
		}
	})
}
