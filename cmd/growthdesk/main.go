// Command growthdesk runs the Growthdesk website and customer portal: one binary with the
// web app, the API and the database migrations inside.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/growthdesk/growthdesk/content"
	"github.com/growthdesk/growthdesk/internal/app"
	"github.com/growthdesk/growthdesk/internal/auth"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/mailer"
	"github.com/growthdesk/growthdesk/internal/payments"
	"github.com/growthdesk/growthdesk/internal/server"
	"github.com/growthdesk/growthdesk/internal/site"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/web"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "growthdesk:", err)
		}
		os.Exit(2)
	}
}

const usage = `Usage: growthdesk <command> [flags]

Commands:
  serve     run the website, the portal and the API
  migrate   apply the database migrations
  backup FILE       write a checked copy of the SQLite database (safe while serving)
  restore FILE      replace the SQLite database with a backup (stop the server first)
  users create --email E --role admin|employee|customer [--password P]
                    create an approved, confirmed account (the first admin, say)
  users approve --email E   approve an account waiting for approval
  users list        print every account
  keys rotate       make a new token signing key (old tokens stay valid until they expire)
  leads list        print the newest contact-form leads
  subscribers list  print the newest newsletter subscribers
  plans list        print the plan catalogue
  plans set --price-id P --name N --amount CENTS [--mode subscription|payment] [--interval month|year]
                    add or change a plan of the catalogue
  version   print the version

Run 'growthdesk <command> -h' for the flags of a command.
`

// run is the whole program; main only supplies the process's context, arguments,
// environment and output, so tests can run it in-process.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("%w: no command given", errUsage)
	}
	switch args[0] {
	case "serve":
		cfg, err := parseServeConfig(args[1:], getenv, stderr)
		if err != nil {
			return err
		}
		return serve(ctx, cfg, stdout)
	case "migrate":
		cfg, err := parseDBConfig("migrate", args[1:], getenv, stderr)
		if err != nil {
			return err
		}
		return migrate(ctx, cfg, stdout)
	case "leads", "subscribers":
		if len(args) < 2 || args[1] != "list" {
			fmt.Fprint(stderr, usage)
			return fmt.Errorf("%w: use '%s list'", errUsage, args[0])
		}
		cfg, err := parseListConfig(args[0]+" list", args[2:], getenv, stderr)
		if err != nil {
			return err
		}
		if args[0] == "leads" {
			return listLeads(ctx, cfg, stdout)
		}
		return listSubscribers(ctx, cfg, stdout)
	case "users":
		if len(args) < 2 {
			fmt.Fprint(stderr, usage)
			return fmt.Errorf("%w: use 'users create', 'users approve' or 'users list'", errUsage)
		}
		cfg, err := parseUsersConfig(args[1], args[2:], getenv, stderr)
		if err != nil {
			return err
		}
		switch args[1] {
		case "approve":
			return usersApprove(ctx, cfg, stdout)
		case "list":
			return usersList(ctx, cfg, stdout)
		case "create":
			return usersCreate(ctx, cfg, stdout)
		}
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("%w: unknown users command %q", errUsage, args[1])
	case "keys":
		if len(args) < 2 || args[1] != "rotate" {
			fmt.Fprint(stderr, usage)
			return fmt.Errorf("%w: use 'keys rotate'", errUsage)
		}
		cfg, err := parseUsersConfig("keys", args[2:], getenv, stderr)
		if err != nil {
			return err
		}
		return keysRotate(ctx, cfg, stdout)
	case "backup", "restore":
		if len(args) < 2 || args[1] == "" || args[1][0] == '-' {
			fmt.Fprint(stderr, usage)
			return fmt.Errorf("%w: use '%s FILE [--data-dir DIR]'", errUsage, args[0])
		}
		cfg, err := parseDBConfig(args[0], args[2:], getenv, stderr)
		if err != nil {
			return err
		}
		if args[0] == "backup" {
			return backup(ctx, cfg, args[1], stdout)
		}
		return restore(ctx, cfg, args[1], stdout)
	case "plans":
		if len(args) < 2 || (args[1] != "list" && args[1] != "set") {
			fmt.Fprint(stderr, usage)
			return fmt.Errorf("%w: use 'plans list' or 'plans set'", errUsage)
		}
		cfg, err := parsePlansConfig(args[1], args[2:], getenv, stderr)
		if err != nil {
			return err
		}
		if args[1] == "list" {
			return plansList(ctx, cfg, stdout)
		}
		return plansSet(ctx, cfg, stdout)
	case "version", "--version", "-v":
		fmt.Fprintln(stdout, "growthdesk", version)
		return nil
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("%w: unknown command %q", errUsage, args[0])
	}
}

func newLogger(w io.Writer, level, format string) *slog.Logger {
	var lv slog.Level
	_ = lv.UnmarshalText([]byte(level))
	opts := &slog.HandlerOptions{Level: lv}
	if format == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

func openDB(ctx context.Context, cfg dbConfig) (*store.DB, error) {
	return store.Open(ctx, store.Options{URL: cfg.DatabaseURL, DataDir: cfg.DataDir})
}

func migrate(ctx context.Context, cfg dbConfig, stdout io.Writer) error {
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	applied, err := db.Migrate(ctx)
	if err != nil {
		return err
	}
	if len(applied) == 0 {
		fmt.Fprintln(stdout, "database is up to date")
		return nil
	}
	fmt.Fprintf(stdout, "applied %d migration(s): %s\n", len(applied), strings.Join(applied, ", "))
	return nil
}

func serve(ctx context.Context, cfg serveConfig, stdout io.Writer) error {
	started := time.Now()
	out := &lockedWriter{w: stdout}
	log := newLogger(out, cfg.LogLevel, cfg.LogFormat)
	accessOut := newBufferedWriter(out)
	defer accessOut.Close()
	accessLog := newLogger(accessOut, cfg.LogLevel, cfg.LogFormat)
	db, err := openDB(ctx, cfg.dbConfig)
	if err != nil {
		return err
	}
	defer db.Close()
	applied, err := db.Migrate(ctx)
	if err != nil {
		return err
	}
	log.Info("database ready", "engine", db.Dialect(), "migrations_applied", len(applied))

	siteCfg, err := site.LoadConfig(content.FS)
	if err != nil {
		return err
	}
	posts, err := site.LoadPosts(content.FS)
	if err != nil {
		return err
	}
	if !web.Built {
		log.Warn("this binary has no web app built in; run 'make build' for the real site")
	}
	if !cfg.Demo && isLoopbackURL(cfg.SiteURL) {
		log.Warn("--site-url is a loopback address: links in e-mails (confirmation, password reset, approval) will point to it; set --site-url to the public address of the site",
			"site_url", cfg.SiteURL)
	}
	var sender mailer.Sender
	if cfg.SMTPURL != "" {
		smtp, err := mailer.NewSMTPSender(cfg.SMTPURL, mailer.SiteFrom(siteCfg))
		if err != nil {
			return err
		}
		sender = smtp
		log.Info("e-mail goes out over SMTP", "smtp", smtp.String())
	} else {
		log.Info("no --smtp-url: e-mails are kept for staff to read and printed to this log")
	}
	signingKeys := ""
	if cfg.SigningKeysFile != "" {
		raw, err := os.ReadFile(cfg.SigningKeysFile)
		if err != nil {
			return fmt.Errorf("read --signing-keys-file: %w", err)
		}
		signingKeys = string(raw)
	}
	provider, stripeWebhooks, err := newPayments(cfg, log)
	if err != nil {
		return err
	}
	a, err := app.New(ctx, app.Options{
		DB:      db,
		SiteURL: cfg.SiteURL,
		Site:    siteCfg,
		Log:     log,
		Auth: auth.Config{
			JWTExpiry:            cfg.JWTExpiry,
			RefreshReuseInterval: authReuseInterval(cfg.RefreshReuse),
			SessionMaxAge:        cfg.SessionMaxAge,
			TrustProxyHeaders:    cfg.TrustProxyHeaders,
			SigningKeysJSON:      signingKeys,
			TokenLimit:           cfg.Limits.Token,
			VerifyLimit:          cfg.Limits.Verify,
			EmailLimit:           cfg.Limits.Email,
			MFALimit:             cfg.Limits.MFA,
			FailureLimit:         cfg.Limits.FailedSignIn,
			Version:              version,
		},
		Payments: provider,
		Webhooks: stripeWebhooks,
	})
	if err != nil {
		return err
	}
	if added, err := addDefaultPlans(ctx, a.Deps.Billing, content.FS); err != nil {
		return err
	} else if added > 0 {
		log.Info("plan catalogue: added the default plans it lacked", "added", added)
	}
	mailWorker := mailer.NewWorker(a.Outbox, sender, log, mailer.WorkerOptions{})
	var metrics *server.Metrics
	if cfg.MetricsAddr != "" {
		metrics = server.NewMetrics(a.Outbox)
	}
	if provider == nil {
		log.Info("no --stripe-secret-key: payments go through the built-in test provider (no card is charged)")
	}
	// The demo data is seeded while the server already answers (hashing the demo passwords
	// takes most of it); /readyz says ready once it is there.
	demoSeeded := make(chan struct{})
	var draining atomic.Bool // set on SIGTERM while --shutdown-drain lasts
	pending := func() string {
		if draining.Load() {
			return "shutting down"
		}
		select {
		case <-demoSeeded:
			return ""
		default:
			return "seeding the demo data"
		}
	}
	if !cfg.Demo {
		close(demoSeeded)
	}
	reports, impersonations := a.Deps.Reports, a.Deps.Impersonations
	reports.PrepareWake()
	deps := a.Deps
	deps.AfterWrite = mailWorker.Notify
	deps.Posts = posts
	deps.Dist = web.Dist()
	deps.Metrics = metrics
	deps.AccessLog = accessLog
	deps.Pending = pending
	handler, err := server.New(server.Config{
		SiteURL:           cfg.SiteURL,
		ContactEmbedURL:   cfg.ContactEmbedURL,
		Demo:              cfg.Demo,
		TrustProxyHeaders: cfg.TrustProxyHeaders,
		Version:           version,
		LeadLimit:         cfg.Limits.Leads,
		NewsletterLimit:   cfg.Limits.Newsletter,
		ClientErrorLimit:  cfg.Limits.ClientErrors,
		CheckoutLimit:     cfg.Limits.Checkout,
		IngestLimit:       cfg.Limits.Ingest,
		Quotas:            cfg.Limits.Quotas,
	}, deps)
	if err != nil {
		return err
	}

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           closeWhileDraining(handler, &draining),
		ConnContext:       server.ConnContext,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    1 << 20,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	go every(ctx, time.Hour, pruneRateLimits(log, a.RateLimits, cfg.Limits.longestWindow()))
	go every(ctx, time.Minute, endStaleImpersonations(log, impersonations))
	workerDone := make(chan struct{})
	go func() {
		defer close(workerDone)
		if err := mailWorker.Run(ctx); err != nil {
			log.Error("mail worker stopped", "err", err)
		}
	}()

	reportsDone := make(chan struct{})
	go func() {
		defer close(reportsDone)
		if err := reports.Run(ctx, 10*time.Second); err != nil {
			log.Error("report job stopped", "err", err)
		}
	}()

	errc := make(chan error, 3)
	go func() { errc <- srv.Serve(server.Listener(ln)) }()
	seedDone := make(chan struct{})
	go func() {
		defer close(seedDone)
		if !cfg.Demo {
			return
		}
		seedStart := time.Now()
		if err := seedDemo(ctx, db, a.Auth, log); err != nil {
			if ctx.Err() == nil {
				errc <- fmt.Errorf("seed demo data: %w", err)
			}
			return
		}
		close(demoSeeded)
		log.Info("demo data ready", "took", time.Since(seedStart).Round(time.Millisecond))
	}()
	var metricsSrv *http.Server
	if metrics != nil {
		mln, err := net.Listen("tcp", cfg.MetricsAddr)
		if err != nil {
			return fmt.Errorf("metrics listener: %w", err)
		}
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", metrics.Handler())
		metricsSrv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
		go func() { errc <- metricsSrv.Serve(mln) }()
		log.Info("metrics", "addr", mln.Addr().String(), "path", "/metrics")
	}
	log.Info("listening", "addr", ln.Addr().String(), "site_url", cfg.SiteURL, "demo", cfg.Demo, "version", version,
		"start", time.Since(started).Round(time.Millisecond))

	select {
	case err := <-errc:
		_ = srv.Close()
		<-seedDone
		return err
	case <-ctx.Done():
	}
	if cfg.ShutdownDrain > 0 {
		draining.Store(true)
		log.Info("draining: /readyz answers 503, requests are still served", "drain", cfg.ShutdownDrain)
		time.Sleep(cfg.ShutdownDrain)
	}
	log.Info("shutting down; waiting for requests in flight")
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 20*time.Second)
	defer cancel()
	if metricsSrv != nil {
		_ = metricsSrv.Shutdown(shutdownCtx)
	}
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	<-workerDone
	<-reportsDone
	<-seedDone
	_ = accessOut.Flush()
	log.Info("stopped")
	return nil
}

// closeWhileDraining answers with "Connection: close" while draining, so that clients leave
// their kept-alive connections after a complete answer (and a load balancer sends their next
// request elsewhere) instead of finding them closed by the shutdown.
func closeWhileDraining(h http.Handler, draining *atomic.Bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if draining.Load() {
			w.Header().Set("Connection", "close")
		}
		h.ServeHTTP(w, r)
	})
}

// every runs job each interval until ctx ends: the server's housekeeping.
func every(ctx context.Context, interval time.Duration, job func(context.Context)) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			job(ctx)
		}
	}
}

// pruneRateLimits drops counters of windows long past (run once an hour): those that started
// more than a day ago, or more than the longest window ago, so that no window in progress
// loses its count.
func pruneRateLimits(log *slog.Logger, limiter *store.RateLimiter, longest time.Duration) func(context.Context) {
	return func(ctx context.Context) {
		if n, err := limiter.Prune(ctx, time.Now().Add(-max(24*time.Hour, longest))); err != nil {
			log.Warn("prune rate limits", "err", err)
		} else if n > 0 {
			log.Debug("pruned rate limits", "rows", n)
		}
	}
}

// endStaleImpersonations closes the impersonations past their hour or whose session is gone
// (run once a minute), so that the audit log records their end even when nobody comes back.
func endStaleImpersonations(log *slog.Logger, m *growthdesk.Impersonations) func(context.Context) {
	return func(ctx context.Context) {
		if err := m.EndStale(ctx); err != nil && ctx.Err() == nil {
			log.Warn("end stale impersonations", "err", err)
		}
	}
}

// authReuseInterval maps the flag to auth.Config, where zero means "the default" and a
// negative value means "no reuse at all", which is what --refresh-token-reuse-interval 0s asks.
func authReuseInterval(d time.Duration) time.Duration {
	if d == 0 {
		return -1
	}
	return d
}

// isLoopbackURL reports whether raw names this machine (localhost or a loopback address), so
// that links built from it work for nobody else.
func isLoopbackURL(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil {
		return false
	}
	host := u.Hostname()
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// newPayments is Stripe, as payment provider and webhook parser, when a secret key is set
// (and not in demo mode); otherwise nil, which app.New takes for the built-in test provider
// that works offline.
func newPayments(cfg serveConfig, log *slog.Logger) (growthdesk.PaymentProvider, server.WebhookParser, error) {
	if cfg.StripeSecretKey != "" && !cfg.Demo {
		st, err := payments.NewStripe(payments.StripeOptions{SecretKey: cfg.StripeSecretKey, WebhookSecret: cfg.StripeWebhookSecret})
		if err != nil {
			return nil, nil, err
		}
		log.Info("payments go through Stripe", "webhook", cfg.SiteURL+"/functions/v1/stripe-webhook")
		return st, st, nil
	}
	if cfg.StripeSecretKey != "" {
		log.Warn("demo mode: the Stripe key is ignored and the built-in test payment provider is used")
	}
	return nil, nil, nil
}
