package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

func TestQuotaCounter_TakesOnlyWhatFitsAndGivesBack(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 1, 1, 12, 0, 10, 0, time.UTC)
		db.Now = func() time.Time { return now }
		q := store.NewRateLimiter(db)
		const key = "quota:attachment-bytes:alice"

		ok, start, _, err := q.Take(ctx, key, 60, 100, time.Hour)
		if err != nil || !ok || !start.Equal(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)) {
			t.Fatalf("first take = %v %v %v", ok, start, err)
		}
		// 60 + 50 would pass 100: refused, and nothing counted, so 40 still fits.
		ok, _, retry, err := q.Take(ctx, key, 50, 100, time.Hour)
		if err != nil || ok || retry != time.Hour-10*time.Second {
			t.Fatalf("take past the limit = %v %s %v", ok, retry, err)
		}
		if used, err := q.Used(ctx, key, time.Hour); err != nil || used != 60 {
			t.Fatalf("used after a refusal = %d %v, want 60", used, err)
		}
		if ok, _, _, err := q.Take(ctx, key, 40, 100, time.Hour); err != nil || !ok {
			t.Fatalf("take up to the limit = %v %v", ok, err)
		}
		if ok, _, _, _ := q.Take(ctx, key, 1, 100, time.Hour); ok {
			t.Fatal("a full quota took one more")
		}
		// More than the whole limit at once is refused without a counter.
		if ok, _, _, err := q.Take(ctx, "quota:attachment-bytes:bob", 101, 100, time.Hour); err != nil || ok {
			t.Fatalf("a take larger than the limit = %v %v", ok, err)
		}
		if used, _ := q.Used(ctx, "quota:attachment-bytes:bob", time.Hour); used != 0 {
			t.Fatalf("bob used %d", used)
		}

		// A write that failed gives its count back.
		if err := q.Return(ctx, key, 40, start); err != nil {
			t.Fatal(err)
		}
		if used, _ := q.Used(ctx, key, time.Hour); used != 60 {
			t.Fatalf("used after a return = %d, want 60", used)
		}

		// A new window starts from nothing; a late return of the old window changes nothing.
		now = now.Add(time.Hour)
		if used, _ := q.Used(ctx, key, time.Hour); used != 0 {
			t.Fatalf("used in a new window = %d", used)
		}
		ok, start2, _, err := q.Take(ctx, key, 100, 100, time.Hour)
		if err != nil || !ok || !start2.Equal(start.Add(time.Hour)) {
			t.Fatalf("take in a new window = %v %v %v", ok, start2, err)
		}
		if err := q.Return(ctx, key, 60, start); err != nil {
			t.Fatal(err)
		}
		if used, _ := q.Used(ctx, key, time.Hour); used != 100 {
			t.Fatalf("a return for the old window changed the new one: %d", used)
		}
	})
}

func TestQuotaCounter_ConcurrentTakesNeverPassTheLimit(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		q := store.NewRateLimiter(db)
		var mu sync.Mutex
		taken := 0
		var wg sync.WaitGroup
		for range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok, _, _, err := q.Take(ctx, "quota:tickets:carol", 1, 7, time.Hour)
				if err != nil {
					t.Error(err)
				}
				if ok {
					mu.Lock()
					taken++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if used, err := q.Used(ctx, "quota:tickets:carol", time.Hour); taken != 7 || used != 7 || err != nil {
			t.Fatalf("20 concurrent takes of a quota of 7: %d taken, %d counted (%v)", taken, used, err)
		}
	})
}
