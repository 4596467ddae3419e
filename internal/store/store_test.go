package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

func validLead() growthdesk.LeadInput {
	return growthdesk.LeadInput{
		Name:           "  Dana Whitfield ",
		Email:          " Dana@Example.COM ",
		Company:        "Whitfield Dental",
		Phone:          "(317) 555-0100",
		AutomationGoal: "Answer appointment questions after hours.",
		PreferredTime:  "morning",
	}
}

func TestMigrate_IsIdempotent(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		applied, err := db.Migrate(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(applied) != 0 {
			t.Fatalf("second Migrate applied %v, want nothing", applied)
		}
		pending, err := db.PendingMigrations(ctx)
		if err != nil || len(pending) != 0 {
			t.Fatalf("pending = %v, %v; want none", pending, err)
		}
	})
}

func TestRateLimiter_CountsPerBucketAndWindow(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 1, 1, 12, 0, 10, 0, time.UTC)
		db.Now = func() time.Time { return now }
		limiter := store.NewRateLimiter(db)

		for i := 1; i <= 3; i++ {
			ok, _, err := limiter.Allow(ctx, "leads:10.0.0.1", 3, time.Minute)
			if err != nil || !ok {
				t.Fatalf("hit %d = %v, %v; want allowed", i, ok, err)
			}
		}
		ok, retry, err := limiter.Allow(ctx, "leads:10.0.0.1", 3, time.Minute)
		if err != nil || ok {
			t.Fatalf("4th hit = %v, %v; want refused", ok, err)
		}
		if retry != 50*time.Second {
			t.Fatalf("retry after %s, want 50s", retry)
		}
		if ok, _, _ := limiter.Allow(ctx, "leads:10.0.0.2", 3, time.Minute); !ok {
			t.Fatal("another client was limited")
		}
		now = now.Add(time.Minute)
		if ok, _, _ := limiter.Allow(ctx, "leads:10.0.0.1", 3, time.Minute); !ok {
			t.Fatal("a new window did not reset the count")
		}
		pruned, err := limiter.Prune(ctx, now.Add(time.Hour))
		if err != nil || pruned != 2 {
			t.Fatalf("pruned %d, %v; want 2", pruned, err)
		}
	})
}

// newOrganization creates an organization for a test and returns it.
func newOrganization(t *testing.T, db *store.DB, name string) *growthdesk.Organization {
	t.Helper()
	o, err := store.NewAccountStore(db).CreateOrganization(context.Background(), name,
		growthdesk.AuditEntry{Action: growthdesk.AuditOrganizationCreate})
	if err != nil {
		t.Fatal(err)
	}
	return o
}
