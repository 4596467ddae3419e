package mailer

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// workerEnv is a worker on a fresh SQLite store, sending to a real SMTP server.
type workerEnv struct {
	db     *store.DB
	outbox *store.MailOutbox
	server *testServer
	sender *SMTPSender
	clock  *storetest.Clock
}

func newWorkerEnv(t *testing.T, db *store.DB) *workerEnv {
	t.Helper()
	clock := storetest.NewClock(time.Date(2026, 5, 6, 7, 8, 9, 0, time.UTC))
	db.Now = clock.Now
	srv := startSMTPServer(t, serverConfig{})
	sender, err := NewSMTPSender(srv.url("smtp", "", "tls=none"), SiteFrom(testSite()))
	if err != nil {
		t.Fatal(err)
	}
	return &workerEnv{db: db, outbox: store.NewMailOutbox(db), server: srv, sender: sender, clock: clock}
}

func (e *workerEnv) enqueue(t *testing.T, to string) string {
	t.Helper()
	if err := e.outbox.EnqueueMail(context.Background(), renderConfirmation(t, to)); err != nil {
		t.Fatal(err)
	}
	list, err := e.outbox.ListMail(context.Background(), 1)
	if err != nil || len(list) != 1 {
		t.Fatalf("list = %v, %v", list, err)
	}
	return list[0].ID
}

func (e *workerEnv) get(t *testing.T, id string) *growthdesk.OutboxMail {
	t.Helper()
	m, err := e.outbox.GetMail(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestWorker_RunSendsEnqueuedMailWhenNotified(t *testing.T) {
	t.Parallel()
	// The real clock here: this test runs the background loop as the server will.
	db := storetest.SQLite(t)
	srv := startSMTPServer(t, serverConfig{})
	sender, err := NewSMTPSender(srv.url("smtp", "", "tls=none"), SiteFrom(testSite()))
	if err != nil {
		t.Fatal(err)
	}
	outbox := store.NewMailOutbox(db)
	// A poll interval of an hour: only Notify can make the message leave in time.
	w := NewWorker(outbox, sender, nil, WorkerOptions{PollInterval: time.Hour})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx) }()

	// Let the start-up pass find the outbox empty before enqueueing.
	time.Sleep(20 * time.Millisecond)
	if err := outbox.EnqueueMail(ctx, renderConfirmation(t, "dana@example.com")); err != nil {
		t.Fatal(err)
	}
	w.Notify()
	msgs := srv.WaitForMessages(t, 1)
	if msgs[0].To[0] != "dana@example.com" || !strings.Contains(string(msgs[0].Data), "Confirm your email for Growthdesk") {
		t.Fatalf("got %+v", msgs[0])
	}

	deadline := time.Now().Add(5 * time.Second)
	for {
		list, err := outbox.ListMail(ctx, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) == 1 && list[0].Status == growthdesk.MailSent {
			if list[0].SentAt == nil || list[0].Attempts != 1 || list[0].LastError != "" {
				t.Fatalf("sent message = %+v", list[0])
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("message not marked sent: %+v", list)
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Run returned %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not stop when its context was cancelled")
	}
	if n := len(srv.Messages()); n != 1 {
		t.Fatalf("server got %d messages, want exactly 1", n)
	}
}

func TestWorker_RetriesWithExponentialBackoffThenFails(t *testing.T) {
	t.Parallel()
	env := newWorkerEnv(t, storetest.SQLite(t))
	ctx := context.Background()
	env.server.RejectRecipients(&smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "Mailbox temporarily unavailable"})
	w := NewWorker(env.outbox, env.sender, nil, WorkerOptions{Now: env.clock.Now})
	id := env.enqueue(t, "dana@example.com")

	wantDelay := 30 * time.Second
	for attempt := 1; attempt <= 8; attempt++ {
		if n, err := w.ProcessDue(ctx); err != nil || n != 1 {
			t.Fatalf("attempt %d: processed %d, %v; want 1", attempt, n, err)
		}
		m := env.get(t, id)
		if m.Attempts != attempt || !strings.Contains(m.LastError, "451") {
			t.Fatalf("attempt %d: %+v", attempt, m)
		}
		if attempt == 8 {
			if m.Status != growthdesk.MailFailed {
				t.Fatalf("after %d attempts status = %s, want failed", attempt, m.Status)
			}
			break
		}
		if m.Status != growthdesk.MailPending {
			t.Fatalf("attempt %d: status = %s, want pending", attempt, m.Status)
		}
		delay := m.NextAttemptAt.Sub(env.clock.Now())
		if lo, hi := wantDelay*9/10, wantDelay*11/10; delay < lo-time.Microsecond || delay > hi+time.Microsecond {
			t.Fatalf("attempt %d: retry in %s, want %s ±10%%", attempt, delay, wantDelay)
		}
		// Not due before its time.
		env.clock.Set(m.NextAttemptAt.Add(-time.Millisecond))
		if n, err := w.ProcessDue(ctx); err != nil || n != 0 {
			t.Fatalf("attempt %d: processed %d, %v before the retry time; want 0", attempt, n, err)
		}
		env.clock.Set(m.NextAttemptAt)
		wantDelay = min(2*wantDelay, time.Hour)
	}
	if n := env.server.RcptCalls(); n != 8 {
		t.Fatalf("server saw %d attempts, want 8", n)
	}
	env.clock.Set(env.clock.Now().Add(24 * time.Hour))
	if n, err := w.ProcessDue(ctx); err != nil || n != 0 {
		t.Fatalf("a failed message was tried again: %d, %v", n, err)
	}
}

func TestWorker_PermanentRejectionFailsAtOnce(t *testing.T) {
	t.Parallel()
	env := newWorkerEnv(t, storetest.SQLite(t))
	env.server.RejectRecipients(&smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "No such user"})
	w := NewWorker(env.outbox, env.sender, nil, WorkerOptions{Now: env.clock.Now})
	id := env.enqueue(t, "nobody@example.com")
	if n, err := w.ProcessDue(context.Background()); err != nil || n != 1 {
		t.Fatalf("processed %d, %v", n, err)
	}
	m := env.get(t, id)
	if m.Status != growthdesk.MailFailed || m.Attempts != 1 || !strings.Contains(m.LastError, "550") {
		t.Fatalf("got %+v, want failed after one attempt with the 550 reply", m)
	}
}

func TestWorker_KeepModeKeepsAndLogsMessages(t *testing.T) {
	t.Parallel()
	env := newWorkerEnv(t, storetest.SQLite(t))
	var logs bytes.Buffer
	w := NewWorker(env.outbox, nil, slog.New(slog.NewTextHandler(&logs, nil)), WorkerOptions{Now: env.clock.Now})
	id := env.enqueue(t, "dana@example.com")
	if n, err := w.ProcessDue(context.Background()); err != nil || n != 1 {
		t.Fatalf("processed %d, %v", n, err)
	}
	m := env.get(t, id)
	if m.Status != growthdesk.MailKept || m.SentAt != nil {
		t.Fatalf("got %+v, want kept", m)
	}
	if m.Email.HTML == "" || !strings.Contains(m.Email.Text, testLink) {
		t.Fatal("kept message lost its bodies; staff could not read it")
	}
	out := logs.String()
	for _, want := range []string{"mail kept", "dana@example.com", "Confirm your email for Growthdesk", testLink} {
		if !strings.Contains(out, want) {
			t.Errorf("log lacks %q:\n%s", want, out)
		}
	}
	if n := len(env.server.Messages()); n != 0 {
		t.Fatalf("keep mode sent %d messages", n)
	}
}

// cancellingSender delivers through the real sender, then cancels the worker's context,
// to force a shutdown in the middle of a batch.
type cancellingSender struct {
	Sender
	cancel context.CancelFunc
}

func (s cancellingSender) Send(ctx context.Context, m *growthdesk.Email) error {
	err := s.Sender.Send(ctx, m)
	s.cancel()
	return err
}

func TestWorker_ShutdownReleasesUntriedMessages(t *testing.T) {
	t.Parallel()
	env := newWorkerEnv(t, storetest.SQLite(t))
	ids := []string{env.enqueue(t, "a@example.com")}
	env.clock.Set(env.clock.Now().Add(time.Second))
	ids = append(ids, env.enqueue(t, "b@example.com"))
	ctx, cancel := context.WithCancel(context.Background())
	w := NewWorker(env.outbox, cancellingSender{env.sender, cancel}, nil, WorkerOptions{Now: env.clock.Now})
	if n, err := w.ProcessDue(ctx); err != nil || n != 1 {
		t.Fatalf("processed %d, %v; want 1 before stopping", n, err)
	}
	if m := env.get(t, ids[0]); m.Status != growthdesk.MailSent {
		t.Fatalf("first message %+v, want sent even though the context ended after sending", m)
	}
	if m := env.get(t, ids[1]); m.Status != growthdesk.MailPending || m.Attempts != 0 {
		t.Fatalf("second message %+v, want pending with no attempt counted", m)
	}
}

// Two instances on one PostgreSQL server: every message must be sent exactly once.
func TestWorker_TwoWorkersOnPostgresNeverSendTheSameMessage(t *testing.T) {
	t.Parallel()
	db := storetest.Postgres(t)
	srv := startSMTPServer(t, serverConfig{})
	sender, err := NewSMTPSender(srv.url("smtp", "", "tls=none"), SiteFrom(testSite()))
	if err != nil {
		t.Fatal(err)
	}
	outbox := store.NewMailOutbox(db)
	const messages = 30
	for i := range messages {
		if err := outbox.EnqueueMail(context.Background(), renderConfirmation(t, fmt.Sprintf("user%d@example.com", i))); err != nil {
			t.Fatal(err)
		}
	}
	workers := []*Worker{
		NewWorker(outbox, sender, nil, WorkerOptions{BatchSize: 2}),
		NewWorker(outbox, sender, nil, WorkerOptions{BatchSize: 2}),
	}
	var wg sync.WaitGroup
	counts := make([]int, len(workers))
	for i, w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n, err := w.ProcessDue(context.Background())
			if err != nil {
				t.Error(err)
			}
			counts[i] = n
		}()
	}
	wg.Wait()

	seen := map[string]int{}
	for _, m := range srv.Messages() {
		seen[m.To[0]]++
	}
	if len(seen) != messages {
		t.Fatalf("%d distinct recipients got mail, want %d", len(seen), messages)
	}
	for to, n := range seen {
		if n != 1 {
			t.Fatalf("%s got %d copies", to, n)
		}
	}
	if counts[0]+counts[1] != messages {
		t.Fatalf("workers handled %v messages, want %d in all", counts, messages)
	}
	list, err := outbox.ListMail(context.Background(), messages+1)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range list {
		if m.Status != growthdesk.MailSent || m.Attempts != 1 {
			t.Fatalf("message %+v, want sent at the first attempt", m)
		}
	}
	t.Logf("messages per worker: %v", counts)
}

func TestWorker_BackoffDoublesUpToTheCap(t *testing.T) {
	t.Parallel()
	w := NewWorker(nil, nil, nil, WorkerOptions{})
	want := []time.Duration{30 * time.Second, time.Minute, 2 * time.Minute, 4 * time.Minute, 8 * time.Minute,
		16 * time.Minute, 32 * time.Minute, time.Hour, time.Hour, time.Hour}
	for i, base := range want {
		for range 20 {
			got := w.backoff(i + 1)
			if got < base*9/10 || got > base*11/10 {
				t.Fatalf("backoff(%d) = %s, want %s ±10%%", i+1, got, base)
			}
		}
	}
	if got := w.backoff(1000); got > time.Hour*11/10 {
		t.Fatalf("backoff(1000) = %s, want at most the cap", got)
	}
}
