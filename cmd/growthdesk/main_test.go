package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/auth"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/server"
	"github.com/growthdesk/growthdesk/internal/store"
)

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestServeConfig_FlagsWinOverEnvironment(t *testing.T) {
	t.Parallel()
	cfg, err := parseServeConfig([]string{"--addr", "127.0.0.1:9000", "--demo"}, env(map[string]string{
		"GROWTHDESK_ADDR":         ":7000",
		"GROWTHDESK_SITE_URL":     "https://www.example.com/",
		"GROWTHDESK_DATABASE_URL": "postgres://u@db:5432/growthdesk",
		"GROWTHDESK_LOG_FORMAT":   "json",
	}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Addr != "127.0.0.1:9000" || !cfg.Demo || cfg.SiteURL != "https://www.example.com" ||
		cfg.DatabaseURL != "postgres://u@db:5432/growthdesk" || cfg.LogFormat != "json" || cfg.DataDir != "./data" {
		t.Fatalf("config = %+v", cfg)
	}
}

func TestServeConfig_ListsEveryProblem(t *testing.T) {
	t.Parallel()
	_, err := parseServeConfig([]string{
		"--addr", "nonsense",
		"--site-url", "ftp://example.com",
		"--database-url", "mysql://x",
		"--contact-embed-url", "http://forms.example.com/x.js",
		"--log-level", "loud",
		"--log-format", "xml",
		"--shutdown-drain", "-1s",
	}, env(map[string]string{"GROWTHDESK_DEMO": "perhaps"}), io.Discard)
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{"GROWTHDESK_DEMO", "--addr", "--site-url", "--database-url", "--contact-embed-url", "--log-level", "--log-format", "--shutdown-drain"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error does not mention %s:\n%v", want, err)
		}
	}
}

func TestServeConfig_RejectsSiteURLWithPath(t *testing.T) {
	t.Parallel()
	if _, err := parseServeConfig([]string{"--site-url", "https://example.com/site"}, env(nil), io.Discard); err == nil {
		t.Fatal("a site URL with a path was accepted")
	}
}

func TestRun_UnknownCommandIsAnError(t *testing.T) {
	t.Parallel()
	if err := run(context.Background(), []string{"launch"}, env(nil), io.Discard, io.Discard); err == nil {
		t.Fatal("no error")
	}
	var out bytes.Buffer
	if err := run(context.Background(), []string{"version"}, env(nil), &out, io.Discard); err != nil || !strings.HasPrefix(out.String(), "growthdesk ") {
		t.Fatalf("version: %v %q", err, out.String())
	}
}

func TestRun_MigrateTwiceAppliesOnce(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var out bytes.Buffer
	if err := run(context.Background(), []string{"migrate", "--data-dir", dir}, env(nil), &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "applied") {
		t.Fatalf("first migrate: %q", out.String())
	}
	out.Reset()
	if err := run(context.Background(), []string{"migrate"}, env(map[string]string{"GROWTHDESK_DATA_DIR": dir}), &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "up to date") {
		t.Fatalf("second migrate: %q", out.String())
	}
}

// syncBuffer is a log sink the server goroutine writes while the test reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func TestRun_ServesUntilCancelledThenShutsDown(t *testing.T) {
	// Not parallel: freeAddr frees its port before the server binds it, and a parallel
	// test could take the port in between.
	addr, metricsAddr := freeAddr(t), freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	logs := &syncBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--addr", addr, "--metrics-addr", metricsAddr, "--data-dir", t.TempDir(), "--site-url", "http://" + addr}, env(nil), logs, io.Discard)
	}()

	base := "http://" + addr
	deadline := time.Now().Add(10 * time.Second)
	for {
		res, err := http.Get(base + "/readyz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("server not ready: %v\n%s", err, logs.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	res, err := http.Get(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("home page: %d", res.StatusCode)
	}
	mres, err := http.Get("http://" + metricsAddr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	scrape, _ := io.ReadAll(mres.Body)
	mres.Body.Close()
	if !strings.Contains(string(scrape), `growthdesk_http_requests_total{code="200",method="GET",route="/"}`) {
		t.Fatalf("metrics:\n%s", scrape)
	}
	if res, err := http.Get(base + "/metrics"); err == nil {
		public, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if strings.Contains(string(public), "growthdesk_http_requests_total") {
			t.Fatal("metrics are served on the public address")
		}
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run returned %v", err)
		}
	case <-time.After(25 * time.Second):
		t.Fatal("server did not stop")
	}
	for _, want := range []string{"msg=listening", "msg=request", "method=GET", "path=/", "status=200", "request_id=", "duration=", "msg=stopped",
		"--site-url is a loopback address"} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("logs lack %q:\n%s", want, logs.String())
		}
	}
}

// TestRun_ShutdownDrainKeepsServingWhileNotReady: with --shutdown-drain, a stopped server
// keeps answering for that long, /readyz says 503 so that a load balancer takes it out, and
// answers close their connection; then it shuts down as without.
func TestRun_ShutdownDrainKeepsServingWhileNotReady(t *testing.T) {
	// Not parallel: freeAddr frees its port before the server binds it, and the drain timing
	// is measured against the wall clock.
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	logs := &syncBuffer{}
	done := make(chan error, 1)
	const drain = 1500 * time.Millisecond
	go func() {
		done <- run(ctx, []string{"serve", "--addr", addr, "--data-dir", t.TempDir(), "--site-url", "http://" + addr,
			"--shutdown-drain", drain.String()}, env(nil), logs, io.Discard)
	}()
	base := "http://" + addr
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if res, err := http.Get(base + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("server not ready:\n%s", logs.String())
		}
	}
	stopped := time.Now()
	cancel()
	for deadline := time.Now().Add(drain / 2); !strings.Contains(logs.String(), "draining: /readyz answers 503"); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no drain:\n%s", logs.String())
		}
	}
	res, err := http.Get(base + "/readyz")
	if err != nil {
		t.Fatalf("readyz while draining: %v", err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 503 || !strings.Contains(string(body), "shutting down") {
		t.Errorf("readyz while draining: %d %s", res.StatusCode, body)
	}
	res, err = http.Get(base + "/")
	if err != nil {
		t.Fatalf("home page while draining: %v", err)
	}
	res.Body.Close()
	if res.StatusCode != 200 || !res.Close {
		t.Errorf("home page while draining: %d, Connection: close %v", res.StatusCode, res.Close)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run returned %v", err)
		}
		if took := time.Since(stopped); took < drain {
			t.Errorf("stopped %s after the signal, before the drain of %s", took, drain)
		}
	case <-time.After(25 * time.Second):
		t.Fatal("server did not stop")
	}
	if !strings.Contains(logs.String(), "msg=stopped") {
		t.Errorf("no stop in the log:\n%s", logs.String())
	}
}

// TestRun_DemoAccountsExistOnceReady: with --demo the server answers before the demo data is
// seeded, and /readyz says ready only once it is, so whoever waits for readiness (the
// end-to-end harness, an orchestrator) can sign in with a demo account at once.
func TestRun_DemoAccountsExistOnceReady(t *testing.T) {
	// Not parallel: freeAddr frees its port before the server binds it, and a parallel
	// test could take the port in between.
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	logs := &syncBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--demo", "--addr", addr, "--data-dir", t.TempDir(), "--site-url", "http://" + addr}, env(nil), logs, io.Discard)
	}()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("run returned %v", err)
		}
	}()
	base := "http://" + addr
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("not ready:\n%s", logs.String())
		}
		res, err := http.Get(base + "/readyz")
		if err != nil {
			continue
		}
		res.Body.Close()
		if res.StatusCode == http.StatusOK {
			break
		}
	}
	for _, a := range demoAccounts {
		body := strings.NewReader(`{"email":"` + a.email + `","password":"` + DemoPassword + `"}`)
		res, err := http.Post(base+"/auth/v1/token?grant_type=password", "application/json", body)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusOK { // an unknown account gets 400 invalid_grant
			t.Errorf("sign-in of %s right after ready: %d", a.email, res.StatusCode)
		}
	}
	if !strings.Contains(logs.String(), "msg=\"demo data ready\"") {
		t.Errorf("logs lack the demo data line:\n%s", logs.String())
	}
}

func TestRun_LeadsListShowsStoredLeads(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx := context.Background()
	a, db, err := openApp(ctx, dbConfig{DataDir: dir}, cliSiteURL)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Deps.Leads.Create(ctx, growthdesk.LeadInput{
		Name: "Ada", Email: "ada@example.com", Company: "Analytical", AutomationGoal: "Automate weekly reports", PreferredTime: "anytime",
	}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	var out bytes.Buffer
	if err := run(ctx, []string{"leads", "list", "--json", "--data-dir", dir}, env(nil), &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `"email":"ada@example.com"`) || !strings.Contains(out.String(), `"company":"Analytical"`) {
		t.Fatalf("output: %s", out.String())
	}
	out.Reset()
	if err := run(ctx, []string{"subscribers", "list", "--data-dir", dir}, env(nil), &out, io.Discard); err != nil || !strings.Contains(out.String(), "EMAIL") {
		t.Fatalf("subscribers list: %v %q", err, out.String())
	}
	if err := run(ctx, []string{"leads", "delete"}, env(nil), io.Discard, io.Discard); err == nil {
		t.Fatal("unknown subcommand accepted")
	}
}

func TestRun_SubscribersListShowsStatus(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx := context.Background()
	db, err := openMigrated(ctx, dbConfig{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	subs := store.NewNewsletterStore(db)
	for _, addr := range []string{"waiting@example.com", "reader@example.com"} {
		if _, _, err := subs.Subscribe(ctx, growthdesk.SubscribeInput{Email: addr, Source: "blog"}, nil); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := subs.Confirm(ctx, "reader@example.com"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	var out bytes.Buffer
	if err := run(ctx, []string{"subscribers", "list", "--data-dir", dir}, env(nil), &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 || strings.Join(strings.Fields(lines[0]), " ") != "SUBSCRIBED EMAIL STATUS SOURCE CHANGED" {
		t.Fatalf("table:\n%s", out.String())
	}
	for _, want := range []string{"waiting@example.com pending blog", "reader@example.com confirmed blog"} {
		if !strings.Contains(strings.Join(strings.Fields(out.String()), " "), want) {
			t.Errorf("table lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if err := run(ctx, []string{"subscribers", "list", "--json", "--data-dir", dir}, env(nil), &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `"email":"reader@example.com","source":"blog","status":"confirmed"`) {
		t.Fatalf("json:\n%s", out.String())
	}
}

func TestRun_UsersCreateApproveList(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx := context.Background()
	run1 := func(args ...string) (string, error) {
		var out bytes.Buffer
		err := run(ctx, append(args, "--data-dir", dir), env(nil), &out, io.Discard)
		return out.String(), err
	}
	out, err := run1("users", "create", "--email", "Boss@Example.com", "--role", "admin")
	if err != nil || !strings.Contains(out, "created boss@example.com (admin)") || !strings.Contains(out, "password: ") {
		t.Fatalf("create: %v %q", err, out)
	}
	if _, err := run1("users", "create", "--email", "boss@example.com", "--role", "admin"); err == nil {
		t.Fatal("a second account with the same address was created")
	}
	if _, err := run1("users", "create", "--email", "x@example.com", "--role", "owner"); err == nil {
		t.Fatal("an unknown role was accepted")
	}

	a, db, err := openApp(ctx, dbConfig{DataDir: dir}, "http://localhost:8080")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Auth.CreateUser(ctx, auth.CreateUserParams{Email: "wait@example.com", Password: "long-enough", FullName: "Wendy Wait", Role: "customer", Confirmed: true}); err != nil {
		t.Fatal(err)
	}
	db.Close()

	out, err = run1("users", "approve", "--email", "WAIT@example.com")
	if err != nil || !strings.Contains(out, "approved wait@example.com") {
		t.Fatalf("approve: %v %q", err, out)
	}
	if _, err := run1("users", "approve", "--email", "nobody@example.com"); err == nil {
		t.Fatal("approving an unknown address succeeded")
	}
	if out, err := run1("keys", "rotate"); err != nil || !strings.Contains(out, "rotated") {
		t.Fatalf("keys rotate: %v %q", err, out)
	}
	out, err = run1("users", "list", "--json")
	if err != nil || !strings.Contains(out, `"email":"wait@example.com"`) || !strings.Contains(out, `"approval_status":"approved"`) || !strings.Contains(out, `"role":"admin"`) {
		t.Fatalf("list: %v %s", err, out)
	}
}

func TestAuthReuseInterval_ZeroMeansNoReuse(t *testing.T) {
	t.Parallel()
	if got := authReuseInterval(0); got >= 0 {
		t.Fatalf("0s maps to %s; auth.Config needs a negative value for no reuse", got)
	}
	if got := authReuseInterval(5 * time.Second); got != 5*time.Second {
		t.Fatalf("5s maps to %s", got)
	}
}

func TestRun_BackupThenRestore(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx := context.Background()
	var out bytes.Buffer
	if err := run(ctx, []string{"users", "create", "--email", "keep@example.com", "--role", "admin", "--data-dir", dir}, env(nil), &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "snapshot.db")
	out.Reset()
	if err := run(ctx, []string{"backup", file, "--data-dir", dir}, env(nil), &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "integrity ok") || !strings.Contains(out.String(), "users") {
		t.Fatalf("backup output: %s", out.String())
	}
	if err := run(ctx, []string{"users", "create", "--email", "later@example.com", "--role", "customer", "--data-dir", dir}, env(nil), io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := run(ctx, []string{"restore", file, "--data-dir", dir}, env(nil), &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := run(ctx, []string{"users", "list", "--json", "--data-dir", dir}, env(nil), &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "keep@example.com") || strings.Contains(out.String(), "later@example.com") {
		t.Fatalf("after restore: %s", out.String())
	}
	if err := run(ctx, []string{"backup"}, env(nil), io.Discard, io.Discard); err == nil {
		t.Fatal("backup without a file name succeeded")
	}
}

func TestIsLoopbackURL(t *testing.T) {
	t.Parallel()
	for raw, want := range map[string]bool{
		"http://localhost:8080":         true,
		"http://127.0.0.1:9000":         true,
		"http://[::1]:8080":             true,
		"http://app.localhost":          true,
		"https://www.growthdesk.io":     false,
		"http://192.0.2.10":             false,
		"https://localhost.example.com": false,
	} {
		if got := isLoopbackURL(raw); got != want {
			t.Errorf("isLoopbackURL(%q) = %v, want %v", raw, got, want)
		}
	}
}

func TestServeConfig_LimitsAreSettings(t *testing.T) {
	t.Parallel()
	c, err := parseServeConfig([]string{"--limit-token", "300/10m"}, env(map[string]string{"GROWTHDESK_LIMIT_LEADS": "2/1h"}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.Limits.Token != (growthdesk.Limit{Requests: 300, Window: 10 * time.Minute}) {
		t.Errorf("token limit = %+v", c.Limits.Token)
	}
	if c.Limits.Leads != (growthdesk.Limit{Requests: 2, Window: time.Hour}) {
		t.Errorf("leads limit = %+v", c.Limits.Leads)
	}
	if c.Limits.Newsletter != server.DefaultNewsletterLimit || c.Limits.FailedSignIn != auth.DefaultFailureLimit {
		t.Errorf("defaults = %+v / %+v", c.Limits.Newsletter, c.Limits.FailedSignIn)
	}
	for _, bad := range []string{"150", "0/5m", "x/5m", "10/0s", "10/fast"} {
		if _, err := parseServeConfig([]string{"--limit-verify", bad}, env(nil), io.Discard); err == nil {
			t.Errorf("--limit-verify %q accepted", bad)
		}
	}
	_, err = parseServeConfig(nil, env(map[string]string{"GROWTHDESK_LIMIT_MFA": "lots", "GROWTHDESK_LIMIT_INGEST": "5"}), io.Discard)
	if err == nil || !strings.Contains(err.Error(), "GROWTHDESK_LIMIT_MFA") || !strings.Contains(err.Error(), "GROWTHDESK_LIMIT_INGEST") {
		t.Errorf("every bad limit must be listed: %v", err)
	}
	// The write quotas are settings of the same kind, per account.
	c, err = parseServeConfig([]string{"--limit-tickets", "5/1h", "--limit-attachment-mb", "50/24h"},
		env(map[string]string{"GROWTHDESK_LIMIT_FORUM_REPLIES": "30/12h"}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	q := c.Limits.Quotas
	if q.Tickets != (growthdesk.Limit{Requests: 5, Window: time.Hour}) || q.AttachmentMB != (growthdesk.Limit{Requests: 50, Window: 24 * time.Hour}) ||
		q.ForumReplies != (growthdesk.Limit{Requests: 30, Window: 12 * time.Hour}) {
		t.Errorf("quotas = %+v", q)
	}
	if q.TicketResponses != server.DefaultQuotas.TicketResponses || q.Attachments != server.DefaultQuotas.Attachments || q.ForumTopics != server.DefaultQuotas.ForumTopics {
		t.Errorf("default quotas = %+v", q)
	}
	_, err = parseServeConfig([]string{"--limit-attachment-mb", "2000000/24h"}, env(map[string]string{"GROWTHDESK_LIMIT_TICKET_RESPONSES": "0/1h", "GROWTHDESK_LIMIT_ATTACHMENTS": "x"}), io.Discard)
	for _, want := range []string{"--limit-attachment-mb must count at most 1048576", "GROWTHDESK_LIMIT_TICKET_RESPONSES", "GROWTHDESK_LIMIT_ATTACHMENTS"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("every bad quota must be listed (%s): %v", want, err)
		}
	}
	for l, want := range map[growthdesk.Limit]string{
		{Requests: 150, Window: 5 * time.Minute}: "150/5m",
		{Requests: 5, Window: 10 * time.Minute}:  "5/10m",
		{Requests: 10, Window: time.Hour}:        "10/1h",
		{Requests: 3, Window: 90 * time.Minute}:  "3/1h30m",
		{Requests: 15, Window: 30 * time.Second}: "15/30s",
	} {
		if got := formatLimit(l); got != want {
			t.Errorf("formatLimit(%+v) = %q, want %q", l, got, want)
		}
	}
}

// TestRun_LimitSettingTakesEffect: a limit set on the command line is the one the server
// counts against.
func TestRun_LimitSettingTakesEffect(t *testing.T) {
	// Not parallel: freeAddr frees its port before the server binds it, and a parallel
	// test could take the port in between.
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--addr", addr, "--data-dir", t.TempDir(), "--site-url", "http://" + addr,
			"--limit-newsletter", "1/1h"}, env(nil), io.Discard, io.Discard)
	}()
	base := "http://" + addr
	deadline := time.Now().Add(10 * time.Second)
	for {
		if res, err := http.Get(base + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("server not ready")
		}
		time.Sleep(50 * time.Millisecond)
	}
	var statuses []int
	for _, addr := range []string{"one@example.com", "two@example.com"} {
		res, err := http.Post(base+"/api/v1/newsletter", "application/json", strings.NewReader(`{"email":"`+addr+`"}`))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		statuses = append(statuses, res.StatusCode)
	}
	if statuses[0] >= 300 || statuses[1] != http.StatusTooManyRequests {
		t.Fatalf("statuses %v, want a success then 429 under --limit-newsletter 1/1h", statuses)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestRun_QuotaSettingTakesEffect: a write quota set in the environment is the one the server
// counts a customer's writes against.
func TestRun_QuotaSettingTakesEffect(t *testing.T) {
	// Not parallel: freeAddr frees its port before the server binds it, and a parallel
	// test could take the port in between.
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if err := run(ctx, []string{"users", "create", "--email", "poster@example.com", "--role", "customer", "--password", "poster-password-1", "--data-dir", dir},
		env(nil), io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	addr := freeAddr(t)
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--addr", addr, "--data-dir", dir, "--site-url", "http://" + addr},
			env(map[string]string{"GROWTHDESK_LIMIT_FORUM_TOPICS": "1/1h"}), io.Discard, io.Discard)
	}()
	base := "http://" + addr
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if res, err := http.Get(base + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatal("server not ready")
		}
	}
	res, err := http.Post(base+"/auth/v1/token?grant_type=password", "application/json",
		strings.NewReader(`{"email":"poster@example.com","password":"poster-password-1"}`))
	if err != nil {
		t.Fatal(err)
	}
	var session struct {
		AccessToken string `json:"access_token"`
	}
	_ = json.NewDecoder(res.Body).Decode(&session)
	res.Body.Close()
	if session.AccessToken == "" {
		t.Fatalf("sign-in: %d", res.StatusCode)
	}
	var statuses []int
	for _, title := range []string{"First", "Second"} {
		req, _ := http.NewRequest("POST", base+"/api/v1/forum/topics", strings.NewReader(`{"category":"general","title":"`+title+`","body":"b"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+session.AccessToken)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		statuses = append(statuses, res.StatusCode)
	}
	if statuses[0] != http.StatusCreated || statuses[1] != http.StatusTooManyRequests {
		t.Fatalf("statuses %v, want 201 then 429 under GROWTHDESK_LIMIT_FORUM_TOPICS=1/1h", statuses)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

func TestServeConfig_ADemoWithoutSiteURLLinksToItsOwnAddress(t *testing.T) {
	t.Parallel()
	cases := []struct {
		args []string
		env  map[string]string
		want string
	}{
		{[]string{"--demo", "--addr", ":9000"}, nil, "http://localhost:9000"},
		{[]string{"--demo", "--addr", "127.0.0.1:9001"}, nil, "http://127.0.0.1:9001"},
		{[]string{"--demo", "--addr", "[::]:9002"}, nil, "http://localhost:9002"},
		{[]string{"--demo", "--addr", "[::1]:9003"}, nil, "http://[::1]:9003"},
		{[]string{"--demo"}, nil, "http://localhost:8080"},
		{[]string{"--demo", "--addr", ":9000", "--site-url", "https://demo.example.com"}, nil, "https://demo.example.com"},
		{[]string{"--demo", "--addr", ":9000"}, map[string]string{"GROWTHDESK_SITE_URL": "https://demo.example.com/"}, "https://demo.example.com"},
		{[]string{"--addr", ":9000"}, nil, "http://localhost:8080"},
		{nil, map[string]string{"GROWTHDESK_DEMO": "true", "GROWTHDESK_ADDR": ":9004"}, "http://localhost:9004"},
	}
	for _, tc := range cases {
		cfg, err := parseServeConfig(tc.args, env(tc.env), io.Discard)
		if err != nil || cfg.SiteURL != tc.want {
			t.Errorf("%v %v: site URL %q, %v; want %q", tc.args, tc.env, cfg.SiteURL, err, tc.want)
		}
	}
}
