package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

func TestAdminDashboardStore_CountsAndCreationTimes(t *testing.T) {
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(time.Date(2026, 1, 31, 23, 0, 0, 0, time.UTC))
		db.Now = clock.Now
		store.InsertAccountForTest(t, db, "a1", "ann@acme.example", "Ann", "customer", "pending")
		clock.Set(time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC))
		store.InsertAccountForTest(t, db, "a2", "abe@acme.example", "Abe", "admin", "approved")
		if _, err := store.NewAccountStore(db).CreateOrganization(ctx, "Acme", growthdesk.AuditEntry{Action: growthdesk.AuditOrganizationCreate, TargetType: "organization"}); err != nil {
			t.Fatal(err)
		}
		s := store.NewAdminDashboardStore(db)
		if n, err := s.CountAccounts(ctx); err != nil || n != 2 {
			t.Errorf("accounts: %d %v", n, err)
		}
		if n, err := s.CountOrganizations(ctx); err != nil || n != 1 {
			t.Errorf("organizations: %d %v", n, err)
		}
		accounts, orgs, err := s.CreatedSince(ctx, time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC))
		if err != nil {
			t.Fatal(err)
		}
		if len(accounts) != 1 || !accounts[0].Equal(time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)) || len(orgs) != 1 {
			t.Errorf("created since February: %v %v", accounts, orgs)
		}
		log, err := s.ListAudit(ctx, 10)
		if err != nil || len(log) != 1 || log[0].TargetName != "Acme" {
			t.Errorf("activity: %+v %v", log, err)
		}
	})
}
