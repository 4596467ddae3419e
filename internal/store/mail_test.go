package store_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// mailClock is a settable clock for the store, so tests step through time without sleeping.
type mailClock struct {
	mu sync.Mutex
	t  time.Time
}

func newMailClock(db *store.DB) *mailClock {
	c := &mailClock{t: time.Date(2026, 5, 6, 7, 8, 9, 0, time.UTC)}
	db.Now = c.Now
	return c
}

func (c *mailClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *mailClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func testEmail(i int) *growthdesk.Email {
	return &growthdesk.Email{
		Kind:    growthdesk.EmailConfirmation,
		To:      fmt.Sprintf("user%d@example.com", i),
		Subject: fmt.Sprintf("Message %d", i),
		Text:    "Confirm: https://example.com/confirm",
		HTML:    `<p><a href="https://example.com/confirm">Confirm</a></p>`,
	}
}

func enqueueMails(t *testing.T, o *store.MailOutbox, clock *mailClock, n int) {
	t.Helper()
	for i := range n {
		if err := o.EnqueueMail(context.Background(), testEmail(i)); err != nil {
			t.Fatal(err)
		}
		if clock != nil {
			clock.Advance(time.Second)
		}
	}
}

func TestMailOutbox_ClaimDueHandsOutOldestFirstAndOnlyOnce(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := newMailClock(db)
		o := store.NewMailOutbox(db)
		enqueueMails(t, o, clock, 3)

		first, err := o.ClaimDue(ctx, 2, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if len(first) != 2 || first[0].Email.Subject != "Message 0" || first[1].Email.Subject != "Message 1" {
			t.Fatalf("first claim = %+v, want messages 0 and 1", first)
		}
		m := first[0]
		if m.Status != growthdesk.MailSending || m.Attempts != 1 || m.Email.To != "user0@example.com" ||
			m.Email.Kind != growthdesk.EmailConfirmation || !strings.Contains(m.Email.HTML, "<a href") ||
			m.Email.Text == "" || m.SentAt != nil {
			t.Fatalf("claimed message = %+v", m)
		}
		second, err := o.ClaimDue(ctx, 2, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if len(second) != 1 || second[0].Email.Subject != "Message 2" {
			t.Fatalf("second claim = %+v, want message 2 only", second)
		}
		third, err := o.ClaimDue(ctx, 2, time.Minute)
		if err != nil || len(third) != 0 {
			t.Fatalf("third claim = %+v, %v; want nothing", third, err)
		}
	})
}

func TestMailOutbox_RetryIsDueOnlyAtItsTime(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := newMailClock(db)
		o := store.NewMailOutbox(db)
		enqueueMails(t, o, nil, 1)

		claimed, err := o.ClaimDue(ctx, 10, time.Minute)
		if err != nil || len(claimed) != 1 {
			t.Fatalf("claim = %v, %v", claimed, err)
		}
		next := clock.Now().Add(90 * time.Second)
		if err := o.MarkRetry(ctx, claimed[0].ID, "451 4.7.1 try later", next); err != nil {
			t.Fatal(err)
		}
		got, err := o.GetMail(ctx, claimed[0].ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != growthdesk.MailPending || got.LastError != "451 4.7.1 try later" || !got.NextAttemptAt.Equal(next) {
			t.Fatalf("after retry: %+v", got)
		}

		clock.Advance(89 * time.Second)
		if early, err := o.ClaimDue(ctx, 10, time.Minute); err != nil || len(early) != 0 {
			t.Fatalf("claim before the retry time = %v, %v; want nothing", early, err)
		}
		clock.Advance(time.Second)
		again, err := o.ClaimDue(ctx, 10, time.Minute)
		if err != nil || len(again) != 1 {
			t.Fatalf("claim at the retry time = %v, %v; want the message", again, err)
		}
		if again[0].Attempts != 2 || again[0].LastError != "451 4.7.1 try later" {
			t.Fatalf("second attempt = %+v", again[0])
		}
	})
}

func TestMailOutbox_ExpiredClaimIsDueAgainAndStaleWorkerCannotUndoResult(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := newMailClock(db)
		o := store.NewMailOutbox(db)
		enqueueMails(t, o, nil, 1)

		crashed, err := o.ClaimDue(ctx, 10, time.Minute)
		if err != nil || len(crashed) != 1 {
			t.Fatalf("claim = %v, %v", crashed, err)
		}
		clock.Advance(59 * time.Second)
		if held, err := o.ClaimDue(ctx, 10, time.Minute); err != nil || len(held) != 0 {
			t.Fatalf("claim while locked = %v, %v; want nothing", held, err)
		}
		clock.Advance(time.Second)
		takeover, err := o.ClaimDue(ctx, 10, time.Minute)
		if err != nil || len(takeover) != 1 || takeover[0].ID != crashed[0].ID || takeover[0].Attempts != 2 {
			t.Fatalf("claim after the lock expired = %+v, %v; want the message at attempt 2", takeover, err)
		}
		if err := o.MarkSent(ctx, takeover[0].ID); err != nil {
			t.Fatal(err)
		}
		// The first worker wakes up and reports a failure: it must not revert "sent".
		err = o.MarkRetry(ctx, crashed[0].ID, "timeout", clock.Now())
		if growthdesk.ErrorCode(err) != growthdesk.EConflict {
			t.Fatalf("stale MarkRetry = %v, want EConflict", err)
		}
		got, err := o.GetMail(ctx, crashed[0].ID)
		if err != nil || got.Status != growthdesk.MailSent {
			t.Fatalf("after stale retry: %+v, %v; want sent", got, err)
		}
	})
}

func TestMailOutbox_MarksRecordEachOutcome(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := newMailClock(db)
		o := store.NewMailOutbox(db)
		enqueueMails(t, o, clock, 4)
		claimed, err := o.ClaimDue(ctx, 10, time.Minute)
		if err != nil || len(claimed) != 4 {
			t.Fatalf("claim = %v, %v", claimed, err)
		}
		clock.Advance(time.Minute)
		longError := strings.Repeat("é", 3000)
		steps := []struct {
			mark func(id string) error
			want string
		}{
			{func(id string) error { return o.MarkSent(ctx, id) }, growthdesk.MailSent},
			{func(id string) error { return o.MarkKept(ctx, id) }, growthdesk.MailKept},
			{func(id string) error { return o.MarkFailed(ctx, id, longError) }, growthdesk.MailFailed},
			{func(id string) error { return o.Release(ctx, id) }, growthdesk.MailPending},
		}
		for i, step := range steps {
			if err := step.mark(claimed[i].ID); err != nil {
				t.Fatalf("mark %s: %v", step.want, err)
			}
			got, err := o.GetMail(ctx, claimed[i].ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Status != step.want {
				t.Fatalf("status = %s, want %s", got.Status, step.want)
			}
			switch step.want {
			case growthdesk.MailSent:
				if got.SentAt == nil || !got.SentAt.Equal(clock.Now()) || got.Attempts != 1 {
					t.Fatalf("sent message = %+v, want sent_at %s", got, clock.Now())
				}
			case growthdesk.MailFailed:
				if n := len(got.LastError); n < 1000 || n > 2100 || !strings.HasPrefix(got.LastError, "éé") {
					t.Fatalf("last_error has %d bytes, want it clipped near 2000", n)
				}
			case growthdesk.MailPending:
				if got.Attempts != 0 {
					t.Fatalf("released message has %d attempts, want 0", got.Attempts)
				}
			}
			if err := step.mark(claimed[i].ID); growthdesk.ErrorCode(err) != growthdesk.EConflict {
				t.Fatalf("second mark %s = %v, want EConflict", step.want, err)
			}
		}
		if again, err := o.ClaimDue(ctx, 10, time.Minute); err != nil || len(again) != 1 || again[0].ID != claimed[3].ID {
			t.Fatalf("claim after release = %+v, %v; want the released message", again, err)
		}
	})
}

func TestMailOutbox_ListMailIsNewestFirst(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := newMailClock(db)
		o := store.NewMailOutbox(db)
		enqueueMails(t, o, clock, 3)
		list, err := o.ListMail(ctx, 2)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 2 || list[0].Email.Subject != "Message 2" || list[1].Email.Subject != "Message 1" {
			t.Fatalf("list = %+v, want messages 2 then 1", list)
		}
		if list[0].Status != growthdesk.MailPending || list[0].Email.HTML == "" {
			t.Fatalf("listed message = %+v", list[0])
		}
		if _, err := o.GetMail(ctx, "no-such-id"); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Fatalf("GetMail(unknown) = %v, want ENotFound", err)
		}
	})
}

// Several instances share one outbox; whatever the interleaving, no message may be handed
// to two of them. On PostgreSQL this exercises FOR UPDATE SKIP LOCKED, on SQLite the
// immediate write lock.
func TestMailOutbox_ConcurrentClaimsNeverOverlap(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		o := store.NewMailOutbox(db)
		const messages, workers = 60, 4
		enqueueMails(t, o, nil, messages)

		var (
			mu      sync.Mutex
			claims  = map[string]int{}
			byOwner = map[int]int{}
			wg      sync.WaitGroup
			start   = make(chan struct{})
			errs    = make(chan error, workers)
		)
		for w := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				for {
					batch, err := o.ClaimDue(ctx, 3, time.Hour)
					if err != nil {
						errs <- err
						return
					}
					if len(batch) == 0 {
						return
					}
					mu.Lock()
					for _, m := range batch {
						claims[m.ID]++
						byOwner[w]++
					}
					mu.Unlock()
				}
			}()
		}
		close(start)
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		if len(claims) != messages {
			t.Fatalf("%d distinct messages claimed, want %d", len(claims), messages)
		}
		for id, n := range claims {
			if n != 1 {
				t.Fatalf("message %s claimed %d times", id, n)
			}
		}
		t.Logf("claims per worker: %v", byOwner)
	})
}

// A claim in progress on one instance must neither block another instance's claim nor be
// handed out again: the second claim skips the locked row and takes the next ones.
func TestMailOutbox_PostgresClaimSkipsRowsLockedByAnotherClaim(t *testing.T) {
	t.Parallel()
	db := storetest.Postgres(t)
	o := store.NewMailOutbox(db)
	clock := newMailClock(db)
	enqueueMails(t, o, clock, 3)
	list, err := o.ListMail(context.Background(), 3)
	if err != nil {
		t.Fatal(err)
	}
	oldest := list[2]
	release := store.HoldMailRowLockForTest(t, db, oldest.ID)
	defer release()

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	claimed, err := o.ClaimDue(ctx, 10, time.Minute)
	if err != nil {
		t.Fatalf("claim while another transaction holds a row: %v (did it wait instead of skipping?)", err)
	}
	if len(claimed) != 2 {
		t.Fatalf("claimed %d messages, want the 2 unlocked ones", len(claimed))
	}
	for _, m := range claimed {
		if m.ID == oldest.ID {
			t.Fatal("claimed the row another transaction holds")
		}
	}
	release()
	rest, err := o.ClaimDue(context.Background(), 10, time.Minute)
	if err != nil || len(rest) != 1 || rest[0].ID != oldest.ID {
		t.Fatalf("after the lock was released: %+v, %v; want the oldest message", rest, err)
	}
}
