package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/identity"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// Two instances on one database run the report job at the same moment: every due scheduled
// report is queued by exactly one of them, and every queued report is claimed by exactly one.
func TestReportStore_TwoInstancesQueueAndClaimEachDueReportOnce(t *testing.T) {
	t.Parallel()
	storetest.EnginesTwice(t, func(t *testing.T, a, b *store.DB) {
		ctx := context.Background()
		var ids []string
		for i := range 5 {
			org := newOrganization(t, a, fmt.Sprintf("Org %d", i))
			list, err := store.NewReportStore(a).ListReports(ctx, growthdesk.OrganizationScope(org.ID))
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range list {
				ids = append(ids, r.ID)
			}
		}
		daily, due := growthdesk.ReportFrequencyDaily, time.Now().Add(-time.Minute)
		for _, id := range ids {
			if _, err := store.NewReportStore(a).ScheduleReport(ctx, growthdesk.SystemScope("test"), id, &daily, &due,
				growthdesk.AuditEntry{Action: growthdesk.AuditReportSchedule, TargetType: "report", TargetID: id}); err != nil {
				t.Fatal(err)
			}
		}
		now := time.Now()
		next := func(string, time.Time) time.Time { return now.Add(24 * time.Hour) }
		period := func(string) string { return "7d" }

		// Both instances queue at once, a few times each.
		queued := make([]int, 2)
		var wg sync.WaitGroup
		for i, db := range []*store.DB{a, b} {
			wg.Go(func() {
				for range 3 {
					n, err := store.NewReportStore(db).QueueScheduledReports(ctx, growthdesk.SystemScope("test"), now, next, period)
					if err != nil {
						t.Errorf("instance %d: queue: %v", i, err)
						return
					}
					queued[i] += n
				}
			})
		}
		wg.Wait()
		if queued[0]+queued[1] != len(ids) {
			t.Fatalf("queued %d + %d times for %d due reports", queued[0], queued[1], len(ids))
		}

		// Both instances claim at once until nothing is left.
		claimed := map[string]int{}
		var mu sync.Mutex
		for i, db := range []*store.DB{a, b} {
			wg.Go(func() {
				for {
					job, err := store.NewReportStore(db).ClaimReport(ctx, growthdesk.SystemScope("test"), 2*time.Minute)
					if err != nil {
						t.Errorf("instance %d: claim: %v", i, err)
						return
					}
					if job == nil {
						return
					}
					mu.Lock()
					claimed[job.Report.ID]++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if len(claimed) != len(ids) {
			t.Errorf("%d reports claimed, want %d", len(claimed), len(ids))
		}
		for id, n := range claimed {
			if n != 1 {
				t.Errorf("report %s claimed %d times", id, n)
			}
		}
	})
}

// Hits from two instances count in one window: of 4×limit concurrent hits on one key, half
// through each instance, exactly limit are allowed.
func TestRateLimiter_TwoInstancesCountTogether(t *testing.T) {
	t.Parallel()
	storetest.EnginesTwice(t, func(t *testing.T, a, b *store.DB) {
		const limit = 10
		// One moment for both, so that no hit falls into the next window.
		at := time.Date(2026, 3, 1, 10, 30, 0, 0, time.UTC)
		a.Now, b.Now = func() time.Time { return at }, func() time.Time { return at }
		var mu sync.Mutex
		ok, no := 0, 0
		var wg sync.WaitGroup
		for i := range 4 * limit {
			db := []*store.DB{a, b}[i%2]
			wg.Go(func() {
				yes, _, err := store.NewRateLimiter(db).Allow(context.Background(), "test:shared", limit, time.Hour)
				if err != nil {
					t.Errorf("allow: %v", err)
					return
				}
				mu.Lock()
				defer mu.Unlock()
				if yes {
					ok++
				} else {
					no++
				}
			})
		}
		wg.Wait()
		if ok != limit || no != 3*limit {
			t.Fatalf("%d allowed and %d refused, want %d and %d", ok, no, limit, 3*limit)
		}
	})
}

// Two instances starting together on an empty database each make a signing key; one of
// them becomes the active key, and both read it.
func TestAuthStore_TwoInstancesAgreeOnOneSigningKey(t *testing.T) {
	t.Parallel()
	storetest.EnginesTwice(t, func(t *testing.T, a, b *store.DB) {
		ctx := context.Background()
		var wg sync.WaitGroup
		for i, db := range []*store.DB{a, b} {
			wg.Go(func() {
				k := identity.SigningKey{KID: fmt.Sprintf("k%d", i), Algorithm: "ES256", PrivateKey: fmt.Sprintf("pem-%d", i)}
				if err := store.NewAuthStore(db).EnsureSigningKey(ctx, k); err != nil {
					t.Errorf("instance %d: %v", i, err)
				}
			})
		}
		wg.Wait()
		ka, errA := store.NewAuthStore(a).SigningKeys(ctx)
		kb, errB := store.NewAuthStore(b).SigningKeys(ctx)
		if errA != nil || errB != nil || len(ka) != 1 || len(kb) != 1 || ka[0].KID != kb[0].KID || ka[0].Status != identity.KeyActive {
			t.Fatalf("keys: A %+v (%v), B %+v (%v)", ka, errA, kb, errB)
		}
	})
}

// Exclusive lets one instance at a time do a job: the second waits for the first.
func TestDB_ExclusiveRunsOneInstanceAtATime(t *testing.T) {
	t.Parallel()
	storetest.EnginesTwice(t, func(t *testing.T, a, b *store.DB) {
		var mu sync.Mutex
		inside, most := 0, 0
		var wg sync.WaitGroup
		for i := range 6 {
			db := []*store.DB{a, b}[i%2]
			wg.Go(func() {
				err := db.Exclusive(context.Background(), store.JobSeedDemo, func(context.Context) error {
					mu.Lock()
					inside++
					most = max(most, inside)
					mu.Unlock()
					time.Sleep(20 * time.Millisecond)
					mu.Lock()
					inside--
					mu.Unlock()
					return nil
				})
				if err != nil {
					t.Errorf("exclusive: %v", err)
				}
			})
		}
		wg.Wait()
		if most != 1 {
			t.Fatalf("%d instances inside the job at once", most)
		}
	})
}
