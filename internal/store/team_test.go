package store_test

import (
	"context"
	"testing"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

func TestTeamStore_ListMembersStaysInsideTheScope(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		accounts := store.NewAccountStore(db)
		team := store.NewTeamStore(db)
		store.InsertAccountForTest(t, db, "a1", "ann@acme.example", "Ann", "customer", "approved")
		store.InsertAccountForTest(t, db, "a2", "abe@acme.example", "Abe", "customer", "approved")
		store.InsertAccountForTest(t, db, "a3", "amy@acme.example", "Amy", "customer", "pending")
		store.InsertAccountForTest(t, db, "b1", "bo@beta.example", "Bo", "customer", "approved")
		acme := newOrganization(t, db, "Acme")
		beta := newOrganization(t, db, "Beta")
		for id, org := range map[string]string{"a1": acme.ID, "a2": acme.ID, "a3": acme.ID, "b1": beta.ID} {
			if _, err := accounts.SetOrganization(ctx, id, &org, growthdesk.AuditEntry{Action: growthdesk.AuditOrganizationChange}); err != nil {
				t.Fatal(err)
			}
		}
		customer := &growthdesk.Caller{Profile: &growthdesk.Profile{ID: "a1", Role: "customer", ApprovalStatus: "approved", OrganizationID: &acme.ID}}
		got, err := team.ListMembers(ctx, customer.Scope().Narrow(beta.ID))
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || got[0].FullName != "Abe" || got[1].FullName != "Ann" {
			t.Fatalf("Acme's approved members = %+v", got)
		}
		lone := &growthdesk.Caller{Profile: &growthdesk.Profile{ID: "x", Role: "customer", ApprovalStatus: "approved"}}
		if got, err := team.ListMembers(ctx, lone.Scope()); err != nil || len(got) != 0 {
			t.Fatalf("an empty scope read %d members, %v", len(got), err)
		}
		staff := &growthdesk.Caller{Profile: &growthdesk.Profile{ID: "s", Role: "employee", ApprovalStatus: "approved"}}
		if got, err := team.ListMembers(ctx, staff.Scope().Narrow(beta.ID)); err != nil || len(got) != 1 || got[0].ID != "b1" {
			t.Fatalf("staff narrowed to Beta = %+v, %v", got, err)
		}
	})
}
