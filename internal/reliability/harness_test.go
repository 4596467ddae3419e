//go:build reliability

// Package reliability runs the real binary through crashes, shutdowns and backups under a
// mixed write load, and checks afterwards, in the database itself, that every write the
// server acknowledged is still there and that the database passes its integrity checks.
// `make reliability` runs it (on SQLite and on PostgreSQL) and is not part of `make test`;
// docs/reliability.md has the scenarios, the commands and the figures of the last runs.
//
// This file is the shared harness: databases (engine), servers (startServer), accounts
// (newFixture), the write load (runLoad, writeLog) and the checks (verifyWrites,
// checkIntegrity).
package reliability

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	_ "modernc.org/sqlite"             // registers the "sqlite" driver

	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// soakFlag is how long the soak test runs (`make reliability SOAK=1m`).
var soakFlag = flag.Duration("soak", 10*time.Minute, "how long the soak test keeps the write load going")

// Load defaults: moderate, the machine has two cores.
const (
	defaultWorkers = 8
	defaultLoadFor = 20 * time.Second
	testPassword   = "reliability-Passw0rd!"
	// oncePriceID is a one-time plan the fixture adds, so that every worker can pay for
	// checkouts again and again (a subscription can be bought once per organization).
	oncePriceID = "price_reliability_once"
)

// loadLimits lifts every rate limit and write quota far above what the load sends: the load
// comes from one address and a few accounts.
var loadLimits = []string{
	"--limit-token", "1000000/1m",
	"--limit-verify", "1000000/1m",
	"--limit-email", "1000000/1m",
	"--limit-mfa", "1000000/1m",
	"--limit-failed-sign-in", "1000000/1m",
	"--limit-leads", "1000000/1m",
	"--limit-newsletter", "1000000/1m",
	"--limit-client-errors", "1000000/1m",
	"--limit-checkout", "1000000/1m",
	"--limit-ingest", "1000000/1m",
	// The write quotas count per account; the load's few accounts write far more than a
	// customer does in a day.
	"--limit-tickets", "1000000/1m",
	"--limit-ticket-responses", "1000000/1m",
	"--limit-attachments", "1000000/1m",
	"--limit-attachment-mb", "1000000/1m",
	"--limit-forum-topics", "1000000/1m",
	"--limit-forum-replies", "1000000/1m",
}

func binary(t testing.TB) string {
	t.Helper()
	bin := os.Getenv("GROWTHDESK_BIN")
	if bin == "" {
		t.Fatal("set GROWTHDESK_BIN to the built binary (make reliability does)")
	}
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("GROWTHDESK_BIN: %v", err)
	}
	return bin
}

// ---- databases -------------------------------------------------------------------------

// engine is a database engine the binary runs on.
type engine string

const (
	sqliteEngine   engine = "sqlite"
	postgresEngine engine = "postgres"
)

var engines = []engine{sqliteEngine, postgresEngine}

// forEachEngine runs fn as the subtests "sqlite" and "postgres", each with a fresh database.
// PostgreSQL must answer at storetest.PostgresURL(); the run fails otherwise.
func forEachEngine(t *testing.T, fn func(t *testing.T, db *database)) {
	for _, e := range engines {
		t.Run(string(e), func(t *testing.T) { fn(t, newDatabase(t, e)) })
	}
}

// database is one fresh database: a SQLite data directory, or a PostgreSQL schema of its own
// (dropped when the test ends).
type database struct {
	engine  engine
	dataDir string // SQLite
	url     string // PostgreSQL, with search_path set to schema
	schema  string
}

// newDatabase makes an empty database; the binary migrates it when it starts.
func newDatabase(t testing.TB, e engine) *database {
	t.Helper()
	switch e {
	case sqliteEngine:
		return &database{engine: e, dataDir: t.TempDir()}
	case postgresEngine:
		// The reliability runs fail, rather than skip, when PostgreSQL does not answer.
		postgresAdmin(t).Close()
		dsn, schema := storetest.PostgresSchema(t)
		return &database{engine: e, url: dsn, schema: schema}
	}
	t.Fatalf("unknown engine %q", e)
	return nil
}

// postgresAdmin connects to the test server (without a schema of its own).
func postgresAdmin(t testing.TB) *sql.DB {
	t.Helper()
	admin, err := sql.Open("pgx", storetest.PostgresURL())
	if err == nil {
		err = admin.Ping()
	}
	if err != nil {
		t.Fatalf("PostgreSQL at %s must answer for the reliability runs (GROWTHDESK_TEST_POSTGRES_URL): %v", storetest.PostgresURL(), err)
	}
	return admin
}

// args are the flags that point a command of the binary at this database.
func (d *database) args() []string {
	if d.engine == sqliteEngine {
		return []string{"--data-dir", d.dataDir}
	}
	return []string{"--database-url", d.url}
}

func (d *database) String() string {
	if d.engine == sqliteEngine {
		return "SQLite in " + d.dataDir
	}
	return "PostgreSQL schema " + d.schema
}

// sqlitePath is the SQLite file.
func (d *database) sqlitePath() string { return filepath.Join(d.dataDir, "growthdesk.db") }

// open connects to the database directly, as the checks do: not through the binary.
func (d *database) open(t testing.TB) *sql.DB {
	t.Helper()
	var (
		conn *sql.DB
		err  error
	)
	if d.engine == sqliteEngine {
		conn, err = sql.Open("sqlite", "file:"+d.sqlitePath()+"?_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)")
	} else {
		conn, err = sql.Open("pgx", d.url)
	}
	if err == nil {
		err = conn.Ping()
	}
	if err != nil {
		t.Fatalf("open %s: %v", d, err)
	}
	return conn
}

// rebind turns ? placeholders into $1, $2… for PostgreSQL.
func (d *database) rebind(q string) string {
	if d.engine == sqliteEngine {
		return q
	}
	var b strings.Builder
	n := 0
	for _, r := range q {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// cli runs a command of the binary on this database and returns its output.
func (d *database) cli(t testing.TB, args ...string) string {
	t.Helper()
	all := append(append([]string{}, args...), d.args()...)
	cmd := exec.Command(binary(t), all...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("growthdesk %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// ---- servers ---------------------------------------------------------------------------

// server is a running `growthdesk serve`.
type server struct {
	t       testing.TB
	db      *database
	base    string
	addr    string
	cmd     *exec.Cmd
	logPath string
	done    chan struct{}
	exitErr error
	// extraArgs are the serve flags given to startServer, kept for restart.
	extraArgs []string
}

// startServer runs `growthdesk serve` on db at a free loopback port, with the rate limits
// lifted, its log in a file of the test's temporary directory (printed when the test fails),
// and waits for /readyz to answer 200. extraArgs are further serve flags.
func startServer(t testing.TB, db *database, extraArgs ...string) *server {
	t.Helper()
	return startServerAt(t, db, freeAddr(t), extraArgs...)
}

// restart starts the server again on its database and address (the site URL, which access
// tokens name as their issuer, stays the same) with the same flags, once it has exited.
func (s *server) restart(t testing.TB) *server {
	t.Helper()
	if err := s.wait(30 * time.Second); err != nil && !isKilled(err) {
		t.Logf("the previous server exited with %v", err)
	}
	return startServerAt(t, s.db, s.addr, s.extraArgs...)
}

func isKilled(err error) bool {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return true
		}
	}
	return false
}

func startServerAt(t testing.TB, db *database, addr string, extraArgs ...string) *server {
	t.Helper()
	s := launchServerAt(t, db, addr, extraArgs...)
	if err := s.waitReady(30 * time.Second); err != nil {
		t.Fatalf("server on %s: %v", db, err)
	}
	return s
}

// launchServerAt starts the binary on addr and returns at once, without waiting for it to
// be ready; the test's end kills it if it still runs, and prints its log if the test failed.
func launchServerAt(t testing.TB, db *database, addr string, extraArgs ...string) *server {
	t.Helper()
	logFile, err := os.CreateTemp(t.TempDir(), "server-*.log")
	if err != nil {
		t.Fatal(err)
	}
	args := append([]string{"serve", "--addr", addr, "--site-url", "http://" + addr}, db.args()...)
	args = append(args, loadLimits...)
	args = append(args, extraArgs...)
	cmd := exec.Command(binary(t), args...)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &server{t: t, db: db, base: "http://" + addr, addr: addr, cmd: cmd, logPath: logFile.Name(), done: make(chan struct{}),
		extraArgs: extraArgs}
	go func() {
		s.exitErr = cmd.Wait()
		logFile.Close()
		close(s.done)
	}()
	t.Cleanup(func() {
		select {
		case <-s.done:
		default:
			_ = cmd.Process.Kill()
			<-s.done
		}
		if t.Failed() {
			s.printLog()
		}
	})
	return s
}

func freeAddr(t testing.TB) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func (s *server) waitReady(within time.Duration) error {
	client := &http.Client{Timeout: 2 * time.Second}
	for deadline := time.Now().Add(within); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		select {
		case <-s.done:
			return fmt.Errorf("the server exited before it was ready: %v", s.exitErr)
		default:
		}
		if res, err := client.Get(s.base + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
	}
	return fmt.Errorf("not ready within %s", within)
}

// printLog writes the server's warnings and errors (at most 100) and its last 30 lines to the
// test's output.
func (s *server) printLog() {
	raw, err := os.ReadFile(s.logPath)
	if err != nil {
		s.t.Logf("server log: %v", err)
		return
	}
	lines := strings.Split(strings.TrimRight(string(raw), "\n"), "\n")
	var warnings []string
	for _, l := range lines {
		if strings.Contains(l, "level=WARN") || strings.Contains(l, "level=ERROR") || strings.Contains(l, "panic") {
			warnings = append(warnings, l)
		}
	}
	if len(warnings) > 100 {
		warnings = warnings[len(warnings)-100:]
	}
	tail := lines
	if len(tail) > 30 {
		tail = tail[len(tail)-30:]
	}
	s.t.Logf("server %s (log %s): %d warnings and errors:\n%s\nlast %d lines:\n%s", s.base, s.logPath,
		len(warnings), strings.Join(warnings, "\n"), len(tail), strings.Join(tail, "\n"))
}

// log returns the server's whole log so far.
func (s *server) log() string {
	raw, _ := os.ReadFile(s.logPath)
	return string(raw)
}

// kill9 kills the process with SIGKILL (no shutdown of any kind) and waits for it to be gone.
func (s *server) kill9() {
	s.t.Helper()
	if err := s.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		s.t.Fatalf("kill -9: %v", err)
	}
	<-s.done
}

// sigterm asks the process to shut down, as a service manager or an orchestrator does; it
// does not wait (see wait).
func (s *server) sigterm() {
	s.t.Helper()
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		s.t.Fatalf("SIGTERM: %v", err)
	}
}

// wait waits for the process to exit (at most within) and returns its exit error, nil for
// a clean exit.
func (s *server) wait(within time.Duration) error {
	select {
	case <-s.done:
		return s.exitErr
	case <-time.After(within):
		return fmt.Errorf("the server did not exit within %s", within)
	}
}

// ---- HTTP ------------------------------------------------------------------------------

// apiClient sends JSON requests to one server with an optional bearer token.
type apiClient struct {
	http  *http.Client
	base  string
	token string
}

func newHTTPClient() *http.Client {
	tr := &http.Transport{MaxIdleConnsPerHost: 64, MaxConnsPerHost: 0, IdleConnTimeout: 30 * time.Second}
	return &http.Client{
		Transport: tr,
		Timeout:   60 * time.Second,
		// Checkout's pay answers 303: the answer is the acknowledgement, not the page it
		// points to.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// answer is one HTTP exchange: the status and body, or the transport error.
type answer struct {
	status int
	body   []byte
	header http.Header
	err    error // transport error: no answer at all
}

func (a answer) ok() bool { return a.err == nil && a.status >= 200 && a.status < 400 }

func (a answer) String() string {
	if a.err != nil {
		return a.err.Error()
	}
	b := a.body
	if len(b) > 300 {
		b = b[:300]
	}
	return fmt.Sprintf("%d %s", a.status, b)
}

// do sends body (a value encoded as JSON, url.Values as a form, or nil).
func (c *apiClient) do(ctx context.Context, method, path string, body any) answer {
	var (
		rd          io.Reader
		contentType string
	)
	switch b := body.(type) {
	case nil:
	case url.Values:
		rd, contentType = strings.NewReader(b.Encode()), "application/x-www-form-urlencoded"
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			return answer{err: err}
		}
		rd, contentType = bytes.NewReader(raw), "application/json"
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return answer{err: err}
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return answer{err: err}
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return answer{status: res.StatusCode, err: fmt.Errorf("read the answer: %w", err)}
	}
	return answer{status: res.StatusCode, body: raw, header: res.Header}
}

// must sends a request of the setup and fails the test unless it answers want.
func (c *apiClient) must(t testing.TB, method, path string, body any, want int, out any) {
	t.Helper()
	a := c.do(context.Background(), method, path, body)
	if a.err != nil || a.status != want {
		t.Fatalf("%s %s: want %d, got %s", method, path, want, a)
	}
	if out != nil {
		if err := json.Unmarshal(a.body, out); err != nil {
			t.Fatalf("%s %s: decode %s: %v", method, path, a.body, err)
		}
	}
}

// signIn signs in with a password and returns a client carrying the access token.
func signIn(t testing.TB, base, email, password string) *apiClient {
	t.Helper()
	c := &apiClient{http: newHTTPClient(), base: base}
	var session struct {
		AccessToken string `json:"access_token"`
	}
	c.must(t, "POST", "/auth/v1/token?grant_type=password", map[string]string{"email": email, "password": password}, http.StatusOK, &session)
	if session.AccessToken == "" {
		t.Fatalf("sign-in of %s: no access token", email)
	}
	c.token = session.AccessToken
	return c
}

// ---- accounts --------------------------------------------------------------------------

// customer is an approved customer of an organization of its own, signed in.
type customer struct {
	email, id, orgID string
	token            string
}

// fixture is the accounts a load needs: an admin and one customer (in an organization of
// its own) per worker, and a one-time plan the customers can pay for again and again.
type fixture struct {
	adminEmail string
	customers  []*customer
}

// newFixture creates the accounts through the binary's CLI (users create, plans set) and the
// admin API of srv (organizations, membership), and signs every customer in.
func newFixture(t testing.TB, srv *server, workers int) *fixture {
	t.Helper()
	start := time.Now()
	db := srv.db
	fx := &fixture{adminEmail: "admin@reliability.test"}
	db.cli(t, "users", "create", "--email", fx.adminEmail, "--role", "admin", "--password", testPassword, "--name", "Reliability Admin")
	db.cli(t, "plans", "set", "--price-id", oncePriceID, "--name", "Reliability check", "--amount", "500", "--mode", "payment")
	admin := signIn(t, srv.base, fx.adminEmail, testPassword)
	for i := range workers {
		email := fmt.Sprintf("customer-%d@reliability.test", i)
		db.cli(t, "users", "create", "--email", email, "--role", "customer", "--password", testPassword, "--name", fmt.Sprintf("Customer %d", i))
		var org struct{ ID string }
		admin.must(t, "POST", "/api/v1/admin/organizations", map[string]string{"name": fmt.Sprintf("Reliability Org %d", i)}, http.StatusCreated, &org)
		var users []struct{ ID, Email string }
		admin.must(t, "GET", "/api/v1/admin/users?search="+url.QueryEscape(email), nil, http.StatusOK, &users)
		id := ""
		for _, u := range users {
			if u.Email == email {
				id = u.ID
			}
		}
		if id == "" {
			t.Fatalf("the admin does not find %s", email)
		}
		admin.must(t, "PATCH", "/api/v1/admin/users/"+id, map[string]any{"organization_id": org.ID}, http.StatusOK, nil)
		c := signIn(t, srv.base, email, testPassword)
		fx.customers = append(fx.customers, &customer{email: email, id: id, orgID: org.ID, token: c.token})
	}
	t.Logf("fixture: an admin, %d customers in organizations of their own, plan %s (%s)", workers, oncePriceID, time.Since(start).Round(time.Millisecond))
	return fx
}

// ---- the write load --------------------------------------------------------------------

// kind is a kind of write of the load.
type kind string

const (
	kindSignup   kind = "signup"   // POST /auth/v1/signup
	kindLead     kind = "lead"     // POST /api/v1/leads
	kindTicket   kind = "ticket"   // POST /api/v1/tickets
	kindResponse kind = "response" // POST /api/v1/tickets/{id}/responses
	kindCheckout kind = "checkout" // POST /functions/v1/stripe-checkout
	kindPayment  kind = "payment"  // POST /functions/v1/test-checkout/{id}/pay: the billing events
)

var kinds = []kind{kindSignup, kindLead, kindTicket, kindResponse, kindCheckout, kindPayment}

// ack is a write the server acknowledged (answered 2xx, or 303 for a payment).
type ack struct {
	kind   kind
	id     string // the id the answer named
	marker string // a unique value the write carried (e-mail address, title, content)
	parent string // a response's ticket
	sent   time.Time
	at     time.Time // when the answer arrived
}

// failure is a write that got no acknowledgement.
type failure struct {
	kind kind
	// marker is the unique value the write carried (for a payment: the session id), so that
	// processed can tell whether the server wrote it anyway.
	marker string
	sent   time.Time
	status int   // 0: no answer at all
	err    error // transport error, or the answer's text
	// payURL is, for a payment, the test provider's checkout link (with its key), so that
	// the buyer can click Pay again (finishPayments).
	payURL string
}

// writeLog records every write of a load: the acknowledged ones and the failures.
type writeLog struct {
	mu       sync.Mutex
	acks     []ack
	failures []failure
	started  time.Time
	ended    time.Time
}

func (l *writeLog) addAck(a ack) {
	l.mu.Lock()
	l.acks = append(l.acks, a)
	l.mu.Unlock()
}

func (l *writeLog) addFailure(f failure) {
	l.mu.Lock()
	l.failures = append(l.failures, f)
	l.mu.Unlock()
}

// acked returns the acknowledged writes; with before non-zero, only those whose answer
// arrived before it.
func (l *writeLog) acked(before time.Time) []ack {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []ack
	for _, a := range l.acks {
		if before.IsZero() || a.at.Before(before) {
			out = append(out, a)
		}
	}
	return out
}

// failed returns the writes without acknowledgement.
func (l *writeLog) failed() []failure {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]failure(nil), l.failures...)
}

// countByKind writes "signup 12, lead 30, …" for acks.
func countByKind(acks []ack) string {
	n := map[kind]int{}
	for _, a := range acks {
		n[a.kind]++
	}
	var parts []string
	for _, k := range kinds {
		parts = append(parts, fmt.Sprintf("%s %d", k, n[k]))
	}
	return strings.Join(parts, ", ") + fmt.Sprintf(" (total %d)", len(acks))
}

// summary says what the load did: acknowledged writes per kind and failures by cause.
func (l *writeLog) summary() string {
	acks, fails := l.acked(time.Time{}), l.failed()
	causes := map[string]int{}
	for _, f := range fails {
		causes[failureCause(f)]++
	}
	var cs []string
	for c, n := range causes {
		cs = append(cs, fmt.Sprintf("%d× %s", n, c))
	}
	sort.Strings(cs)
	s := fmt.Sprintf("%s acknowledged in %s", countByKind(acks), l.ended.Sub(l.started).Round(time.Millisecond))
	if len(fails) > 0 {
		s += fmt.Sprintf("; %d not acknowledged: %s", len(fails), strings.Join(cs, "; "))
	}
	return s
}

// failureCause names a failure briefly: its status, or its kind of transport error.
func failureCause(f failure) string {
	if f.status != 0 {
		return fmt.Sprintf("%s answered %d", f.kind, f.status)
	}
	msg := "no answer"
	if f.err != nil {
		msg = f.err.Error()
		switch {
		case strings.Contains(msg, "connection refused"):
			msg = "connection refused"
		case strings.Contains(msg, "connection reset"):
			msg = "connection reset"
		case strings.Contains(msg, "EOF"):
			msg = "EOF (connection closed without an answer)"
		case errors.Is(f.err, context.Canceled), errors.Is(f.err, context.DeadlineExceeded):
			msg = "cancelled by the load's end"
		}
	}
	return fmt.Sprintf("%s: %s", f.kind, msg)
}

// loadOptions say how runLoad writes.
type loadOptions struct {
	workers int
	// bases are the servers' base URLs; worker i writes to bases[i%len(bases)].
	bases []string
	// stopOnRefused ends a worker at its first "connection refused" (the server is gone).
	stopOnRefused bool
	// onAck, when set, is called for every acknowledged write (from the worker's goroutine).
	onAck func(ack)
}

// runLoad keeps opts.workers goroutines writing until ctx ends, each as its own customer of
// fx: in turn a sign-up, a lead, a ticket, a response on one of its tickets, and a checkout
// paid with the test provider. It returns once every worker has stopped.
// loadInBackground runs runLoad in a goroutine; its log arrives on the channel once ctx has
// ended and every worker has stopped.
func loadInBackground(ctx context.Context, fx *fixture, opts loadOptions) <-chan *writeLog {
	done := make(chan *writeLog, 1)
	go func() { done <- runLoad(ctx, fx, opts) }()
	return done
}

func runLoad(ctx context.Context, fx *fixture, opts loadOptions) *writeLog {
	log := &writeLog{started: time.Now()}
	if opts.workers == 0 {
		opts.workers = len(fx.customers)
	}
	if opts.workers > len(fx.customers) {
		panic("runLoad: more workers than customers in the fixture")
	}
	var wg sync.WaitGroup
	for i := range opts.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &worker{
				id: i, log: log, opts: opts, cust: fx.customers[i],
				api: &apiClient{http: newHTTPClient(), base: opts.bases[i%len(opts.bases)], token: fx.customers[i].token},
			}
			w.run(ctx)
		}()
	}
	wg.Wait()
	log.ended = time.Now()
	return log
}

type worker struct {
	id      int
	log     *writeLog
	opts    loadOptions
	cust    *customer
	api     *apiClient
	seq     int
	tickets []string
}

func (w *worker) run(ctx context.Context) {
	for ctx.Err() == nil {
		for _, k := range []kind{kindSignup, kindLead, kindTicket, kindResponse, kindTicket, kindResponse, kindCheckout} {
			if ctx.Err() != nil {
				return
			}
			if refused := w.write(ctx, k); refused && w.opts.stopOnRefused {
				return
			}
		}
	}
}

// write does one write of kind k (a checkout is followed by its payment) and records it;
// it reports whether the connection was refused.
func (w *worker) write(ctx context.Context, k kind) (refused bool) {
	w.seq++
	marker := fmt.Sprintf("rel-%d-%d-%s", w.id, w.seq, randomHex(4))
	sent := time.Now()
	var (
		a      answer
		want   = http.StatusCreated
		parent string
	)
	switch k {
	case kindSignup:
		want = http.StatusOK
		a = w.api.do(ctx, "POST", "/auth/v1/signup", map[string]any{
			"email": marker + "@signup.reliability.test", "password": testPassword, "data": map[string]string{"full_name": "Signup " + marker}})
		marker += "@signup.reliability.test"
	case kindLead:
		a = w.api.do(ctx, "POST", "/api/v1/leads", map[string]string{
			"name": "Lead " + marker, "email": marker + "@lead.reliability.test", "company": "Reliability Inc",
			"automation_goal": "Automate the reliability check " + marker, "preferred_time": "morning"})
	case kindTicket:
		a = w.api.do(ctx, "POST", "/api/v1/tickets", map[string]string{"title": "Ticket " + marker, "description": "Written by the reliability load: " + marker})
	case kindResponse:
		if len(w.tickets) == 0 {
			return false
		}
		parent = w.tickets[w.seq%len(w.tickets)]
		a = w.api.do(ctx, "POST", "/api/v1/tickets/"+parent+"/responses", map[string]string{"content": "Response " + marker})
	case kindCheckout:
		want = http.StatusOK
		// The marker rides in the success URL, which the session keeps.
		a = w.api.do(ctx, "POST", "/functions/v1/stripe-checkout", map[string]string{
			"price_id": oncePriceID, "mode": "payment", "success_url": "/portal/billing?success=true&m=" + marker, "cancel_url": "/portal/billing?canceled=true"})
	}
	if a.err != nil || a.status != want {
		f := failure{kind: k, marker: marker, sent: sent, status: a.status, err: a.err}
		if a.err == nil {
			f.err = errors.New(a.String())
		}
		w.log.addFailure(f)
		return a.err != nil && strings.Contains(a.err.Error(), "connection refused")
	}
	var out struct {
		ID  string `json:"id"`
		URL string `json:"url"`
	}
	if err := json.Unmarshal(a.body, &out); err != nil {
		w.log.addFailure(failure{kind: k, sent: sent, status: a.status, err: fmt.Errorf("decode %s: %w", a.body, err)})
		return false
	}
	id := out.ID
	if k == kindCheckout {
		id = checkoutSessionID(out.URL)
		marker = id
	}
	if id == "" {
		w.log.addFailure(failure{kind: k, sent: sent, status: a.status, err: fmt.Errorf("no id in %s", a.body)})
		return false
	}
	w.acked(ack{kind: k, id: id, marker: marker, parent: parent, sent: sent, at: time.Now()})
	switch k {
	case kindTicket:
		w.tickets = append(w.tickets, id)
	case kindCheckout:
		return w.pay(ctx, out.URL, id)
	}
	return false
}

func (w *worker) acked(a ack) {
	w.log.addAck(a)
	if w.opts.onAck != nil {
		w.opts.onAck(a)
	}
}

// pay pays a checkout on the test provider's page, as the buyer's browser does: the form
// posts the link's key back; the answer is a 303 to the success URL.
func (w *worker) pay(ctx context.Context, checkoutURL, id string) (refused bool) {
	u, err := url.Parse(checkoutURL)
	if err != nil {
		w.log.addFailure(failure{kind: kindPayment, sent: time.Now(), err: err})
		return false
	}
	sent := time.Now()
	payer := &apiClient{http: w.api.http, base: w.api.base} // the buyer's browser: no bearer token
	a := payer.do(ctx, "POST", u.Path+"/pay", url.Values{"key": {u.Query().Get("key")}, "card": {"4242"}})
	if a.err != nil || a.status != http.StatusSeeOther || !strings.Contains(a.header.Get("Location"), "session_id="+id) {
		f := failure{kind: kindPayment, marker: id, sent: sent, status: a.status, err: a.err, payURL: checkoutURL}
		if a.err == nil {
			f.err = fmt.Errorf("%s (Location %q)", a, a.header.Get("Location"))
		}
		w.log.addFailure(f)
		return a.err != nil && strings.Contains(a.err.Error(), "connection refused")
	}
	w.acked(ack{kind: kindPayment, id: id, marker: id, sent: sent, at: time.Now()})
	return false
}

// finishPayments clicks Pay again, as the buyer would, for every payment of l that got no
// answer, on the server at base (the server that was stopped, started again); the payments
// it finishes are added to l as acknowledged. It returns how many it retried.
func finishPayments(t testing.TB, l *writeLog, base string) int {
	t.Helper()
	c := &apiClient{http: newHTTPClient(), base: base}
	n := 0
	for _, f := range l.failed() {
		if f.kind != kindPayment || f.status != 0 || f.payURL == "" {
			continue
		}
		n++
		u, err := url.Parse(f.payURL)
		if err != nil {
			t.Fatal(err)
		}
		id := checkoutSessionID(f.payURL)
		sent := time.Now()
		a := c.do(context.Background(), "POST", u.Path+"/pay", url.Values{"key": {u.Query().Get("key")}, "card": {"4242"}})
		if a.err != nil || a.status != http.StatusSeeOther || !strings.Contains(a.header.Get("Location"), "session_id="+id) {
			t.Errorf("Pay again for %s: %s (Location %q)", id, a, a.header.Get("Location"))
			continue
		}
		l.addAck(ack{kind: kindPayment, id: id, marker: id, sent: sent, at: time.Now()})
	}
	return n
}

// checkoutSessionID is the session id in the test provider's checkout URL
// (…/functions/v1/test-checkout/{id}?key=…).
func checkoutSessionID(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	const prefix = "/functions/v1/test-checkout/"
	if !strings.HasPrefix(u.Path, prefix) {
		return ""
	}
	return strings.TrimPrefix(u.Path, prefix)
}

// ---- checks ----------------------------------------------------------------------------

// presenceQuery is, per kind, a query that counts the row of an acknowledged write by its id
// and marker (and parent).
var presenceQuery = map[kind]string{
	// A sign-up: the user, its profile and its confirmation e-mail, written in one transaction.
	kindSignup: `SELECT COUNT(*) FROM users u JOIN profiles p ON p.id = u.id WHERE u.id = ? AND u.email = ?
		AND EXISTS (SELECT 1 FROM mail_outbox m WHERE m.to_address = u.email)`,
	kindLead:     `SELECT COUNT(*) FROM leads WHERE id = ? AND email = ? || '@lead.reliability.test'`,
	kindTicket:   `SELECT COUNT(*) FROM support_tickets WHERE id = ? AND title = 'Ticket ' || ?`,
	kindResponse: `SELECT COUNT(*) FROM support_responses WHERE id = ? AND content = 'Response ' || ? AND ticket_id = ?`,
	kindCheckout: `SELECT COUNT(*) FROM billing_checkout_sessions WHERE id = ? AND id = ?`,
	// A paid one-time checkout: the session complete and paid, its event applied.
	kindPayment: `SELECT COUNT(*) FROM billing_checkout_sessions WHERE id = ? AND id = ? AND status = 'complete' AND paid = TRUE`,
}

// writtenQuery is, per kind, a query that counts the rows a write left by its marker, found
// whether or not it was acknowledged.
var writtenQuery = map[kind]string{
	kindSignup:   `SELECT COUNT(*) FROM users WHERE email = ?`,
	kindLead:     `SELECT COUNT(*) FROM leads WHERE email = ? || '@lead.reliability.test'`,
	kindTicket:   `SELECT COUNT(*) FROM support_tickets WHERE title = 'Ticket ' || ?`,
	kindResponse: `SELECT COUNT(*) FROM support_responses WHERE content = 'Response ' || ?`,
	kindCheckout: `SELECT COUNT(*) FROM billing_checkout_sessions WHERE success_url LIKE '%m=' || ?`,
	kindPayment:  `SELECT COUNT(*) FROM billing_checkout_sessions WHERE id = ? AND paid = TRUE`,
}

// written reports whether the server wrote a write that got no acknowledgement.
func written(t testing.TB, db *database, f failure) bool {
	t.Helper()
	conn := db.open(t)
	defer conn.Close()
	var n int
	if err := conn.QueryRow(db.rebind(writtenQuery[f.kind]), f.marker).Scan(&n); err != nil {
		t.Fatalf("look up the %s %s: %v", f.kind, f.marker, err)
	}
	return n > 0
}

// verifyWrites looks up every acknowledged write in the database itself and returns those
// it does not find.
func verifyWrites(t testing.TB, db *database, acks []ack) (missing []ack) {
	t.Helper()
	conn := db.open(t)
	defer conn.Close()
	for _, a := range acks {
		args := []any{a.id, a.marker}
		if a.kind == kindResponse {
			args = append(args, a.parent)
		}
		var n int
		if err := conn.QueryRow(db.rebind(presenceQuery[a.kind]), args...).Scan(&n); err != nil {
			t.Fatalf("look up %s %s: %v", a.kind, a.id, err)
		}
		if n != 1 {
			missing = append(missing, a)
		}
	}
	return missing
}

// reportWrites checks acks against db, logs the outcome (what, per kind, lost) and fails the
// test for every lost write.
func reportWrites(t testing.TB, db *database, what string, acks []ack) {
	t.Helper()
	missing := verifyWrites(t, db, acks)
	t.Logf("%s: %s checked in the database, %d lost", what, countByKind(acks), len(missing))
	for i, m := range missing {
		if i == 20 {
			t.Errorf("… and %d more", len(missing)-20)
			break
		}
		t.Errorf("LOST: %s %s (%s), sent %s, acknowledged %s", m.kind, m.id, m.marker, m.sent.Format(time.StampMicro), m.at.Format(time.StampMicro))
	}
}

// checkIntegrity runs the engine's integrity checks on db and the product's own consistency
// rules; it returns what it checked, and fails the test on any problem.
func checkIntegrity(t testing.TB, db *database) string {
	t.Helper()
	conn := db.open(t)
	defer conn.Close()
	var problems, done []string
	if db.engine == sqliteEngine {
		p, d := sqliteIntegrity(t, conn)
		problems, done = append(problems, p...), append(done, d...)
	} else {
		p, d := postgresIntegrity(t, db, conn)
		problems, done = append(problems, p...), append(done, d...)
	}
	p, d := consistency(t, db, conn)
	problems, done = append(problems, p...), append(done, d...)
	for _, p := range problems {
		t.Errorf("INTEGRITY: %s", p)
	}
	result := "ok"
	if len(problems) > 0 {
		result = fmt.Sprintf("%d problem(s)", len(problems))
	}
	summary := fmt.Sprintf("integrity %s (%s)", result, strings.Join(done, "; "))
	t.Log(summary)
	return summary
}

func sqliteIntegrity(t testing.TB, conn *sql.DB) (problems, done []string) {
	lines, err := queryStrings(conn, "PRAGMA integrity_check")
	if err != nil {
		return []string{"PRAGMA integrity_check: " + err.Error()}, nil
	}
	if len(lines) != 1 || lines[0] != "ok" {
		problems = append(problems, "PRAGMA integrity_check: "+strings.Join(lines, "; "))
	}
	done = append(done, "PRAGMA integrity_check ok")
	rows, err := conn.Query("PRAGMA foreign_key_check")
	if err != nil {
		return append(problems, "PRAGMA foreign_key_check: "+err.Error()), done
	}
	n := 0
	for rows.Next() {
		var table, parent string
		var rowid sql.NullInt64
		var fkid int
		if err := rows.Scan(&table, &rowid, &parent, &fkid); err != nil {
			t.Fatal(err)
		}
		n++
		if n <= 10 {
			problems = append(problems, fmt.Sprintf("foreign key: %s row %d points to a missing %s", table, rowid.Int64, parent))
		}
	}
	rows.Close()
	done = append(done, fmt.Sprintf("PRAGMA foreign_key_check: %d violations", n))
	return problems, done
}

// postgresIntegrity checks every B-tree index of the schema against its table with amcheck
// (bt_index_check with heapallindexed), every table's heap with verify_heapam, and every
// foreign key by an anti-join.
func postgresIntegrity(t testing.TB, db *database, conn *sql.DB) (problems, done []string) {
	// amcheck's functions live in the public schema, shared by every test schema.
	for attempt := 0; ; attempt++ {
		_, err := conn.Exec("CREATE EXTENSION IF NOT EXISTS amcheck WITH SCHEMA public")
		if err == nil {
			break
		}
		if attempt == 2 {
			return []string{"CREATE EXTENSION amcheck: " + err.Error()}, nil
		}
		time.Sleep(200 * time.Millisecond) // another test created it at the same moment
	}
	rows, err := conn.Query(`SELECT c.relname, i.relname FROM pg_index x
		JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid
		JOIN pg_namespace n ON n.oid = i.relnamespace JOIN pg_am a ON a.oid = i.relam
		WHERE n.nspname = $1 AND a.amname = 'btree' ORDER BY 1, 2`, db.schema)
	if err != nil {
		t.Fatal(err)
	}
	type index struct{ table, name string }
	var indexes []index
	for rows.Next() {
		var ix index
		if err := rows.Scan(&ix.table, &ix.name); err != nil {
			t.Fatal(err)
		}
		indexes = append(indexes, ix)
	}
	rows.Close()
	for _, ix := range indexes {
		if _, err := conn.Exec(`SELECT public.bt_index_check(index => $1::regclass, heapallindexed => true)`, db.schema+"."+ix.name); err != nil {
			problems = append(problems, fmt.Sprintf("amcheck %s (%s): %v", ix.name, ix.table, err))
		}
	}
	done = append(done, fmt.Sprintf("amcheck bt_index_check(heapallindexed) on %d indexes", len(indexes)))

	tables := schemaTables(t, conn, db.schema)
	for _, table := range tables {
		var n int
		err := conn.QueryRow(`SELECT COUNT(*) FROM public.verify_heapam($1::regclass)`, db.schema+"."+table).Scan(&n)
		if err != nil {
			problems = append(problems, fmt.Sprintf("verify_heapam %s: %v", table, err))
		} else if n > 0 {
			problems = append(problems, fmt.Sprintf("verify_heapam %s: %d corrupt tuples", table, n))
		}
	}
	done = append(done, fmt.Sprintf("verify_heapam on %d tables", len(tables)))

	// Foreign keys: for each, the rows whose key has no parent.
	rows, err = conn.Query(`SELECT con.conname, c.relname, p.relname,
			array_to_string(ARRAY(SELECT quote_ident(a.attname) FROM unnest(con.conkey) WITH ORDINALITY k(n, o) JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.n ORDER BY k.o), ','),
			array_to_string(ARRAY(SELECT quote_ident(a.attname) FROM unnest(con.confkey) WITH ORDINALITY k(n, o) JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.n ORDER BY k.o), ',')
		FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_class p ON p.oid = con.confrelid
		JOIN pg_namespace n ON n.oid = c.relnamespace WHERE con.contype = 'f' AND n.nspname = $1`, db.schema)
	if err != nil {
		t.Fatal(err)
	}
	type fk struct{ name, table, parent, cols, pcols string }
	var fks []fk
	for rows.Next() {
		var f fk
		if err := rows.Scan(&f.name, &f.table, &f.parent, &f.cols, &f.pcols); err != nil {
			t.Fatal(err)
		}
		fks = append(fks, f)
	}
	rows.Close()
	for _, f := range fks {
		cols, pcols := strings.Split(f.cols, ","), strings.Split(f.pcols, ",")
		var notNull, join []string
		for i := range cols {
			notNull = append(notNull, "t."+cols[i]+" IS NOT NULL")
			join = append(join, "p."+pcols[i]+" = t."+cols[i])
		}
		q := fmt.Sprintf(`SELECT COUNT(*) FROM %s t WHERE %s AND NOT EXISTS (SELECT 1 FROM %s p WHERE %s)`,
			f.table, strings.Join(notNull, " AND "), f.parent, strings.Join(join, " AND "))
		var n int
		if err := conn.QueryRow(q).Scan(&n); err != nil {
			problems = append(problems, fmt.Sprintf("foreign key %s: %v", f.name, err))
		} else if n > 0 {
			problems = append(problems, fmt.Sprintf("foreign key %s: %d rows of %s point to a missing %s", f.name, n, f.table, f.parent))
		}
	}
	done = append(done, fmt.Sprintf("%d foreign keys checked by anti-join", len(fks)))
	return problems, done
}

func schemaTables(t testing.TB, conn *sql.DB, schema string) []string {
	tables, err := queryStrings(conn, `SELECT tablename FROM pg_tables WHERE schemaname = $1 ORDER BY 1`, schema)
	if err != nil {
		t.Fatal(err)
	}
	return tables
}

// queryStrings runs a query of one text column and returns its values in order.
func queryStrings(conn *sql.DB, query string, args ...any) ([]string, error) {
	rows, err := conn.Query(query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// consistencyRules are the product's own invariants, each a query that counts the rows
// breaking it.
var consistencyRules = []struct{ name, query string }{
	{"every user has a profile", `SELECT COUNT(*) FROM users u WHERE NOT EXISTS (SELECT 1 FROM profiles p WHERE p.id = u.id)`},
	{"every organization's kept ticket counts match its tickets",
		`SELECT COUNT(*) FROM (SELECT organization_id, status, COUNT(*) AS n FROM support_tickets GROUP BY organization_id, status) t
		 FULL OUTER JOIN support_ticket_counts c ON c.organization_id = t.organization_id AND c.status = t.status
		 WHERE COALESCE(c.n, 0) <> COALESCE(t.n, 0)`},
	{"every ticket's kept response count matches its responses",
		`SELECT COUNT(*) FROM support_tickets t WHERE t.response_count <> (SELECT COUNT(*) FROM support_responses r WHERE r.ticket_id = t.id)`},
	// A session becomes complete with the payment's last event, which marks it paid: a crash
	// or a backup's snapshot between two events of a payment finds it open, never complete
	// and unpaid (both were found before that was so, see docs/reliability.md).
	{"every complete checkout session is paid",
		`SELECT COUNT(*) FROM billing_checkout_sessions WHERE status = 'complete' AND paid = FALSE`},
}

func consistency(t testing.TB, db *database, conn *sql.DB) (problems, done []string) {
	checked := 0
	for _, r := range consistencyRules {
		var n int
		if err := conn.QueryRow(r.query).Scan(&n); err != nil {
			// A rule on a table this schema lacks would be a harness mistake.
			problems = append(problems, fmt.Sprintf("rule %q: %v", r.name, err))
			continue
		}
		checked++
		if n > 0 {
			problems = append(problems, fmt.Sprintf("rule %q: %d rows break it", r.name, n))
		}
	}
	done = append(done, fmt.Sprintf("%d consistency rules", checked))
	return problems, done
}

// tableCounts returns the row count of every table, for the run's report.
func tableCounts(t testing.TB, db *database) map[string]int {
	conn := db.open(t)
	defer conn.Close()
	var tables []string
	if db.engine == sqliteEngine {
		var err error
		tables, err = queryStrings(conn, `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
		if err != nil {
			t.Fatal(err)
		}
	} else {
		tables = schemaTables(t, conn, db.schema)
	}
	out := map[string]int{}
	for _, tb := range tables {
		var n int
		if err := conn.QueryRow(`SELECT COUNT(*) FROM ` + tb).Scan(&n); err != nil {
			t.Fatalf("count %s: %v", tb, err)
		}
		out[tb] = n
	}
	return out
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
