//go:build reliability

package reliability

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestKill9 kills the server with SIGKILL in the middle of the mixed write load, starts it
// again on the same database, and checks that every write acknowledged before the kill is
// there and that the database passes its integrity checks.
func TestKill9(t *testing.T) {
	forEachEngine(t, func(t *testing.T, db *database) {
		began := time.Now()
		srv := startServer(t, db)
		fx := newFixture(t, srv, defaultWorkers)

		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		kills := 0
		var logs []*writeLog
		for round := 0; round < 2; round++ {
			// The customers' access tokens of the first start stay valid: the signing keys and
			// the sessions are in the database.
			done := make(chan *writeLog, 1)
			base := srv.base
			go func() {
				done <- runLoad(ctx, fx, loadOptions{workers: defaultWorkers, bases: []string{base}, stopOnRefused: true})
			}()
			time.Sleep(defaultLoadFor / 2)
			srv.kill9()
			kills++
			killedAt := time.Now()
			l := <-done
			logs = append(logs, l)
			t.Logf("round %d: kill -9 after %s of load: %s", round+1, killedAt.Sub(l.started).Round(time.Millisecond), l.summary())
			srv = srv.restart(t)
			t.Logf("round %d: restarted in %s", round+1, time.Since(killedAt).Round(time.Millisecond))
			if n := finishPayments(t, l, srv.base); n > 0 {
				t.Logf("round %d: Pay clicked again for the %d payments the kill left without an answer", round+1, n)
			}
		}
		var acks []ack
		for _, l := range logs {
			acks = append(acks, l.acked(time.Time{})...)
		}
		if len(acks) == 0 {
			t.Fatal("the load wrote nothing")
		}
		reportWrites(t, db, "after 2 kills and restarts", acks)
		// The restarted server takes writes again.
		ctx2, cancel2 := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel2()
		after := runLoad(ctx2, fx, loadOptions{workers: 2, bases: []string{srv.base}})
		t.Logf("after the restarts: %s", after.summary())
		if len(after.acked(time.Time{})) == 0 {
			t.Error("the restarted server acknowledged no write")
		}
		checkIntegrity(t, db)
		t.Logf("kill -9 on %s: %d kills, %s", db.engine, kills, time.Since(began).Round(time.Second))
	})
}

// TestSIGTERM sends SIGTERM in the middle of the write load: every request sent before the
// signal gets its answer (no reset, no closed connection), the server exits cleanly, and
// every acknowledged write is in the database.
func TestSIGTERM(t *testing.T) {
	forEachEngine(t, func(t *testing.T, db *database) {
		began := time.Now()
		srv := startServer(t, db)
		fx := newFixture(t, srv, defaultWorkers)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		done := make(chan *writeLog, 1)
		go func() {
			done <- runLoad(ctx, fx, loadOptions{workers: defaultWorkers, bases: []string{srv.base}, stopOnRefused: true})
		}()
		time.Sleep(defaultLoadFor / 2)
		signalled := time.Now()
		srv.sigterm()
		exitErr := srv.wait(30 * time.Second)
		exited := time.Now()
		cancel()
		l := <-done
		t.Logf("SIGTERM after %s of load; exited %s later (%v): %s", signalled.Sub(l.started).Round(time.Millisecond),
			exited.Sub(signalled).Round(time.Millisecond), exitErr, l.summary())
		if exitErr != nil {
			t.Errorf("the server did not exit cleanly: %v", exitErr)
		}
		if !strings.Contains(srv.log(), "stopped") {
			t.Error(`the server's log does not end with "stopped"`)
		}
		// Requests sent before the signal must have been answered.
		cut := 0
		for _, f := range l.failed() {
			if f.sent.Before(signalled) && f.status == 0 {
				cut++
				if cut <= 10 {
					t.Errorf("a %s sent %s before SIGTERM got no answer: %v", f.kind, signalled.Sub(f.sent).Round(time.Microsecond), f.err)
				}
			} else if f.status >= 500 {
				t.Errorf("a %s answered %d: %v", f.kind, f.status, f.err)
			}
		}
		t.Logf("requests sent before SIGTERM without an answer: %d", cut)
		acks := l.acked(time.Time{})
		if len(acks) == 0 {
			t.Fatal("the load wrote nothing")
		}
		reportWrites(t, db, "after SIGTERM", acks)
		checkIntegrity(t, db)
		srv.restart(t)
		t.Logf("SIGTERM on %s: restarted fine, %s", db.engine, time.Since(began).Round(time.Second))
	})
}
