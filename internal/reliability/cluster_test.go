//go:build reliability

// Two app servers on one PostgreSQL database, as behind a load balancer: everything an
// instance must do once (seed, sign, count, send, generate) is raced between them, and the
// checks look at the database and at a real SMTP server the servers deliver to.

package reliability

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"mime"
	"net"
	"net/http"
	"net/mail"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// ---- an SMTP server the servers deliver to ------------------------------------------------

// sinkMessage is one message the sink accepted.
type sinkMessage struct {
	to      string // the envelope recipient
	subject string // decoded
	msgID   string
}

// smtpSink is a real SMTP server (emersion/go-smtp) on 127.0.0.1 that accepts every
// message and remembers it.
type smtpSink struct {
	addr string
	mu   sync.Mutex
	msgs []sinkMessage
}

func startSMTPSink(t testing.TB) *smtpSink {
	t.Helper()
	sink := &smtpSink{}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) {
		return &sinkSession{sink: sink}, nil
	}))
	srv.Domain = "localhost"
	srv.ReadTimeout = 30 * time.Second
	srv.WriteTimeout = 30 * time.Second
	srv.ErrorLog = log.New(io.Discard, "", 0)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	sink.addr = ln.Addr().String()
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = srv.Serve(ln)
	}()
	t.Cleanup(func() {
		_ = srv.Close()
		<-done
	})
	return sink
}

// url is the --smtp-url of the sink.
func (s *smtpSink) url() string { return "smtp://" + s.addr }

func (s *smtpSink) messages() []sinkMessage {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]sinkMessage(nil), s.msgs...)
}

type sinkSession struct {
	sink *smtpSink
	to   []string
}

func (s *sinkSession) Mail(string, *smtp.MailOptions) error { return nil }

func (s *sinkSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.to = append(s.to, to)
	return nil
}

func (s *sinkSession) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return fmt.Errorf("parse message: %w", err)
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject"))
	if err != nil {
		return fmt.Errorf("decode subject: %w", err)
	}
	s.sink.mu.Lock()
	defer s.sink.mu.Unlock()
	for _, to := range s.to {
		s.sink.msgs = append(s.sink.msgs, sinkMessage{to: strings.ToLower(to), subject: subject, msgID: m.Header.Get("Message-Id")})
	}
	s.to = nil
	return nil
}

func (s *sinkSession) Reset()        { s.to = nil }
func (s *sinkSession) Logout() error { return nil }

// ---- servers started together ------------------------------------------------------------

// launchServer starts `growthdesk serve` as startServer does (same flags, log, cleanup) but
// does not wait for it to be ready, so that two servers can start at the same moment.
func launchServer(t testing.TB, db *database, extraArgs ...string) *server {
	t.Helper()
	return launchServerAt(t, db, freeAddr(t), extraArgs...)
}

// startPair starts two servers on db at the same moment (an empty database: both migrate,
// make the signing key and the secrets, and with --demo seed) and waits for both.
func startPair(t testing.TB, db *database, extraArgs ...string) (a, b *server) {
	t.Helper()
	a, b = launchServer(t, db, extraArgs...), launchServer(t, db, extraArgs...)
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, s := range []*server{a, b} {
		wg.Go(func() { errs[i] = s.waitReady(60 * time.Second) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("server %c on %s: %v", 'A'+i, db, err)
		}
	}
	return a, b
}

// ---- the tests ---------------------------------------------------------------------------

// clusterSiteURL is the --site-url of both servers of a cluster: the address of the load
// balancer in front of them.
const clusterSiteURL = "http://growthdesk.cluster.test"

// TestClusterTwoServersOnePostgres runs two servers on one fresh PostgreSQL schema, started
// together, both delivering to one SMTP server, and checks what must hold across instances:
// one signing key; a session made on one works on the other (access and refresh token, and
// signing out on one ends it on both); a rate limit counts the hits of both, exactly, under
// concurrent requests; every e-mail of the outbox reaches the SMTP server exactly once; every
// scheduled report is generated once.
func TestClusterTwoServersOnePostgres(t *testing.T) {
	db := newDatabase(t, postgresEngine)
	sink := startSMTPSink(t)
	const newsletterLimit = 10
	// One public address for both, as behind a load balancer: it is the tokens' issuer, which
	// each server checks (with its own address each, B refuses A's tokens as "invalid issuer").
	a, b := startPair(t, db, "--site-url", clusterSiteURL, "--smtp-url", sink.url(), "--limit-newsletter", fmt.Sprintf("%d/1h", newsletterLimit))
	servers := []*server{a, b}
	t.Logf("servers A %s and B %s on %s, mail to %s", a.base, b.base, db, sink.addr)

	t.Run("one signing key", func(t *testing.T) {
		var keys [2]string
		for i, s := range servers {
			a := (&apiClient{http: newHTTPClient(), base: s.base}).do(context.Background(), "GET", "/auth/v1/.well-known/jwks.json", nil)
			if !a.ok() {
				t.Fatalf("jwks of %s: %s", s.base, a)
			}
			keys[i] = string(a.body)
		}
		if keys[0] != keys[1] {
			t.Fatalf("the servers publish different keys:\nA %s\nB %s", keys[0], keys[1])
		}
		conn := db.open(t)
		defer conn.Close()
		var n int
		if err := conn.QueryRow("SELECT COUNT(*) FROM signing_keys WHERE status = 'active'").Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 1 {
			t.Fatalf("%d active signing keys after two servers started together, want 1", n)
		}
	})

	fx := newFixture(t, a, 4)

	t.Run("session across servers", func(t *testing.T) {
		// An account of its own: signing out ends every session of the account.
		const email = "session@reliability.test"
		db.cli(t, "users", "create", "--email", email, "--role", "customer", "--password", testPassword, "--name", "Session Check")
		testSessionAcrossServers(t, a, b, email)
	})

	t.Run("rate limit counts both servers", func(t *testing.T) {
		testSharedRateLimit(t, a, b, newsletterLimit)
	})

	t.Run("scheduled reports generated once", func(t *testing.T) {
		testScheduledReportsOnce(t, db, a, b, fx)
	})

	t.Run("every e-mail sent exactly once", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		wlog := runLoad(ctx, fx, loadOptions{bases: []string{a.base, b.base}})
		t.Logf("load through both servers: %s", wlog.summary())
		// A write cut off by the load's own end is not an error of the servers.
		var failed []failure
		for _, f := range wlog.failed() {
			if !errors.Is(f.err, context.DeadlineExceeded) && !errors.Is(f.err, context.Canceled) {
				failed = append(failed, f)
			}
		}
		if len(failed) > 0 {
			t.Errorf("%d writes failed, first: %s %v", len(failed), failed[0].kind, failed[0].err)
		}
		checkMailExactlyOnce(t, db, sink, servers)
	})
}

// testSessionAcrossServers signs in on a and uses the session on b: the access token, then
// the refresh token; the refreshed access token back on a; signing out on a ends it on b.
func testSessionAcrossServers(t *testing.T, a, b *server, email string) {
	ctx := context.Background()
	onA := &apiClient{http: newHTTPClient(), base: a.base}
	var session struct {
		AccessToken  string `json:"access_token"`
		RefreshToken string `json:"refresh_token"`
	}
	onA.must(t, "POST", "/auth/v1/token?grant_type=password", map[string]string{"email": email, "password": testPassword}, http.StatusOK, &session)

	onB := &apiClient{http: newHTTPClient(), base: b.base, token: session.AccessToken}
	var user struct{ Email string }
	onB.must(t, "GET", "/auth/v1/user", nil, http.StatusOK, &user)
	if user.Email != email {
		t.Fatalf("B says the token is %q's, want %q", user.Email, email)
	}
	onB.must(t, "GET", "/api/v1/profile", nil, http.StatusOK, nil)

	var refreshed struct {
		AccessToken  string `json:"access_token"`
		RefreshToken string `json:"refresh_token"`
	}
	anon := &apiClient{http: newHTTPClient(), base: b.base}
	anon.must(t, "POST", "/auth/v1/token?grant_type=refresh_token", map[string]string{"refresh_token": session.RefreshToken}, http.StatusOK, &refreshed)
	if refreshed.AccessToken == "" || refreshed.RefreshToken == session.RefreshToken {
		t.Fatalf("refresh on B: %+v", refreshed)
	}
	onA.token = refreshed.AccessToken
	onA.must(t, "GET", "/auth/v1/user", nil, http.StatusOK, nil)

	// Signing out on A ends the session everywhere: B refuses its access token and the
	// refresh token.
	onA.must(t, "POST", "/auth/v1/logout", nil, http.StatusNoContent, nil)
	onB.token = refreshed.AccessToken
	if got := onB.do(ctx, "GET", "/auth/v1/user", nil); got.status != http.StatusUnauthorized && got.status != http.StatusForbidden {
		t.Errorf("B after sign-out on A: want 401 or 403, got %s", got)
	}
	if got := anon.do(ctx, "POST", "/auth/v1/token?grant_type=refresh_token", map[string]string{"refresh_token": refreshed.RefreshToken}); got.ok() {
		t.Errorf("refresh on B after sign-out on A: want a refusal, got %s", got)
	}
	t.Logf("signed in on A; access and refresh token worked on B, the refreshed token on A; sign-out on A refused on B")
}

// testSharedRateLimit sends 4×limit newsletter sign-ups at once, half to each server, and
// wants exactly limit of them through: the counter is one row both servers increment
// atomically. The window is an hour, aligned to the clock; a burst about to straddle its end
// waits for the next one.
func testSharedRateLimit(t *testing.T, a, b *server, limit int) {
	if left := time.Until(time.Now().Truncate(time.Hour).Add(time.Hour)); left < 30*time.Second {
		t.Logf("%s to the end of the rate limit's window: waiting for the next one", left.Round(time.Second))
		time.Sleep(left + time.Second)
	}
	n := 4 * limit
	statuses := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		s := []*server{a, b}[i%2]
		wg.Go(func() {
			c := &apiClient{http: newHTTPClient(), base: s.base}
			got := c.do(context.Background(), "POST", "/api/v1/newsletter",
				map[string]string{"email": fmt.Sprintf("limit-%d-%s@newsletter.reliability.test", i, randomHex(3)), "source": "reliability"})
			statuses[i] = got.status
			if got.err != nil {
				t.Errorf("newsletter %d: %v", i, got.err)
			}
		})
	}
	wg.Wait()
	perServer := [2]map[int]int{{}, {}}
	passed, limited := 0, 0
	for i, st := range statuses {
		perServer[i%2][st]++
		switch {
		case st >= 200 && st < 300:
			passed++
		case st == http.StatusTooManyRequests:
			limited++
		default:
			t.Errorf("newsletter %d: status %d", i, st)
		}
	}
	t.Logf("%d concurrent sign-ups (half on each server) with the limit %d per hour: %d through, %d refused with 429 (A %v, B %v)",
		n, limit, passed, limited, perServer[0], perServer[1])
	if passed != limit || limited != n-limit {
		t.Fatalf("want exactly %d through and %d refused", limit, n-limit)
	}
}

// testScheduledReportsOnce schedules every report of the fixture's organizations daily,
// makes them due now (next_run_at in the past, as at midnight) and waits for both servers'
// report jobs to produce them: each exactly once, which shows in the e-mails each customer
// gets (one per report; checked against the SMTP server in the e-mail test).
func testScheduledReportsOnce(t *testing.T, db *database, a, b *server, fx *fixture) {
	admin := signIn(t, a.base, fx.adminEmail, testPassword)
	var ids []string
	for _, c := range fx.customers {
		var list struct {
			Items []struct{ ID string } `json:"items"`
		}
		admin.must(t, "GET", "/api/v1/reports?organization="+c.orgID, nil, http.StatusOK, &list)
		for _, r := range list.Items {
			admin.must(t, "PATCH", "/api/v1/reports/"+r.ID, map[string]any{"frequency": "daily"}, http.StatusOK, nil)
			ids = append(ids, r.ID)
		}
	}
	if len(ids) == 0 {
		t.Fatal("no reports to schedule")
	}
	conn := db.open(t)
	defer conn.Close()
	// Due now on both servers at once: midnight has come.
	if _, err := conn.Exec("UPDATE reports SET next_run_at = $1 WHERE frequency IS NOT NULL", time.Now().UTC().Add(-time.Minute)); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	deadline := start.Add(90 * time.Second)
	for {
		var waiting int
		if err := conn.QueryRow(`SELECT COUNT(*) FROM reports WHERE frequency IS NOT NULL
			AND (status IS NULL OR status <> 'ready' OR next_run_at <= $1)`, time.Now().UTC()).Scan(&waiting); err != nil {
			t.Fatal(err)
		}
		if waiting == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d scheduled reports not generated within %s", waiting, len(ids), deadline.Sub(start))
		}
		time.Sleep(500 * time.Millisecond)
	}
	// Each report once: attempts 1 (claimed once), and one ready e-mail per report and customer.
	var claimedMore, mails int
	if err := conn.QueryRow("SELECT COUNT(*) FROM reports WHERE frequency IS NOT NULL AND attempts <> 1").Scan(&claimedMore); err != nil {
		t.Fatal(err)
	}
	if err := conn.QueryRow("SELECT COUNT(*) FROM mail_outbox WHERE kind = 'report_ready'").Scan(&mails); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d reports of %d organizations due at once: all generated in %s, %d report_ready e-mails queued (one customer per organization)",
		len(ids), len(fx.customers), time.Since(start).Round(time.Millisecond), mails)
	if claimedMore != 0 {
		t.Errorf("%d reports were claimed more than once", claimedMore)
	}
	if mails != len(ids) {
		t.Errorf("%d report_ready e-mails for %d reports with one customer each: a report was generated more than once, or not mailed", mails, len(ids))
	}
}

// checkMailExactlyOnce waits for the outbox to drain and then compares it with what the
// SMTP server received: every sent row exactly once, by recipient and subject, and nothing
// else; no row failed or still waiting.
func checkMailExactlyOnce(t *testing.T, db *database, sink *smtpSink, servers []*server) {
	conn := db.open(t)
	defer conn.Close()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		var open int
		if err := conn.QueryRow("SELECT COUNT(*) FROM mail_outbox WHERE status IN ('pending', 'sending')").Scan(&open); err != nil {
			t.Fatal(err)
		}
		if open == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d e-mails still pending or sending after two minutes", open)
		}
		time.Sleep(500 * time.Millisecond)
	}
	rows, err := conn.Query("SELECT kind, to_address, subject, status, attempts FROM mail_outbox")
	if err != nil {
		t.Fatal(err)
	}
	type key struct{ to, subject string }
	want := map[key]int{}
	kinds := map[string]int{}
	total, retried := 0, 0
	for rows.Next() {
		var kind, to, subject, status string
		var attempts int
		if err := rows.Scan(&kind, &to, &subject, &status, &attempts); err != nil {
			t.Fatal(err)
		}
		if status != "sent" {
			t.Errorf("outbox: a %s e-mail to %s is %s", kind, to, status)
			continue
		}
		if attempts != 1 {
			retried++
		}
		want[key{strings.ToLower(to), subject}]++
		kinds[kind]++
		total++
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	rows.Close()
	got := map[key]int{}
	ids := map[string]int{}
	msgs := sink.messages()
	for _, m := range msgs {
		got[key{m.to, m.subject}]++
		ids[m.msgID]++
	}
	dupIDs := 0
	for _, n := range ids {
		if n > 1 {
			dupIDs++
		}
	}
	var problems []string
	for k, n := range want {
		if got[k] != n {
			problems = append(problems, fmt.Sprintf("%q to %s: %d in the outbox, %d received", k.subject, k.to, n, got[k]))
		}
	}
	for k, n := range got {
		if _, ok := want[k]; !ok {
			problems = append(problems, fmt.Sprintf("%q to %s: received %d, not in the outbox", k.subject, k.to, n))
		}
	}
	sort.Strings(problems)
	for i, p := range problems {
		if i == 20 {
			t.Errorf("… and %d more", len(problems)-20)
			break
		}
		t.Errorf("MAIL: %s", p)
	}
	var perServer []string
	for i, s := range servers {
		perServer = append(perServer, fmt.Sprintf("%c %d", 'A'+i, strings.Count(s.log(), "mail sent")))
	}
	var ks []string
	for k, n := range kinds {
		ks = append(ks, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(ks)
	t.Logf("outbox: %d e-mails sent (%s), %d needed more than one attempt; SMTP server: %d received, %d Message-IDs seen twice; sent by server: %s",
		total, strings.Join(ks, ", "), retried, len(msgs), dupIDs, strings.Join(perServer, ", "))
	if len(msgs) != total {
		t.Errorf("the SMTP server received %d messages for %d sent outbox rows", len(msgs), total)
	}
	for i, s := range servers {
		if strings.Count(s.log(), "mail sent") == 0 {
			t.Errorf("server %c sent no mail: the test did not race the two workers", 'A'+i)
		}
	}
}

// TestClusterDemoSeedOnce starts two demo servers together on one PostgreSQL schema without
// data: both must come up, and the demo data must exist once. The schema is migrated first
// (growthdesk migrate, as a deployment does before starting the servers): on an empty schema
// the migrations' lock staggers the two servers by the time the first takes to migrate, and
// their seeding hardly overlaps.
func TestClusterDemoSeedOnce(t *testing.T) {
	db := newDatabase(t, postgresEngine)
	db.cli(t, "migrate")
	sink := startSMTPSink(t)
	a, b := startPair(t, db, "--demo", "--site-url", clusterSiteURL, "--smtp-url", sink.url())
	conn := db.open(t)
	defer conn.Close()
	checks := []struct{ what, query string }{
		{"accounts", "SELECT email, COUNT(*) FROM users GROUP BY email"},
		{"organizations", "SELECT name, COUNT(*) FROM organizations GROUP BY name"},
		{"forum topics", "SELECT title, COUNT(*) FROM forum_topics GROUP BY title"},
		{"support tickets", "SELECT title, COUNT(*) FROM support_tickets GROUP BY title"},
		{"projects", "SELECT organization_id || '/' || name, COUNT(*) FROM projects GROUP BY organization_id, name"},
		{"automations", "SELECT organization_id || '/' || name, COUNT(*) FROM automations GROUP BY organization_id, name"},
	}
	var counts []string
	for _, c := range checks {
		rows, err := conn.Query(c.query)
		if err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		distinct := 0
		for rows.Next() {
			var name string
			var n int
			if err := rows.Scan(&name, &n); err != nil {
				t.Fatal(err)
			}
			distinct++
			if n != 1 {
				t.Errorf("%s: %q exists %d times", c.what, name, n)
			}
		}
		rows.Close()
		if distinct == 0 {
			t.Errorf("%s: none seeded", c.what)
		}
		counts = append(counts, fmt.Sprintf("%d %s", distinct, c.what))
	}
	for _, s := range []*server{a, b} {
		signIn(t, s.base, "admin@demo.growthdesk.io", "growthdesk-demo").must(t, "GET", "/api/v1/tickets", nil, http.StatusOK, nil)
	}
	var seededBy []string
	for i, s := range []*server{a, b} {
		if strings.Contains(s.log(), "demo accounts created") {
			seededBy = append(seededBy, string(rune('A'+i)))
		}
	}
	t.Logf("two demo servers started together: both ready; %s, each once; accounts created by %v", strings.Join(counts, ", "), seededBy)
	if len(seededBy) != 1 {
		t.Errorf("demo accounts created by %v, want exactly one server", seededBy)
	}
}
