package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/growthdesk/growthdesk/internal/auth"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/mailer"
	"github.com/growthdesk/growthdesk/internal/server"
)

// serveConfig is everything `growthdesk serve` can be told. Each setting is a flag and a
// GROWTHDESK_* environment variable; a flag wins over the variable.
type serveConfig struct {
	dbConfig
	Addr              string
	SiteURL           string
	ContactEmbedURL   string
	Demo              bool
	TrustProxyHeaders bool
	SMTPURL           string
	MetricsAddr       string
	JWTExpiry         time.Duration
	RefreshReuse      time.Duration
	SessionMaxAge     time.Duration
	// ShutdownDrain is how long the server keeps serving after SIGTERM with /readyz
	// answering 503, so that a load balancer stops sending before it stops.
	ShutdownDrain   time.Duration
	SigningKeysFile string
	// StripeSecretKey and StripeWebhookSecret connect billing to Stripe; without them (and
	// always in demo mode) the built-in test provider takes payments offline.
	StripeSecretKey     string
	StripeWebhookSecret string
	LogLevel            string
	LogFormat           string
	Limits              limitsConfig
}

// limitsConfig holds every rate limit: requests per window, counted per client address
// (FailedSignIn: per account), and the write quotas, counted per account (AttachmentMB in
// megabytes). Each is a flag --limit-NAME and GROWTHDESK_LIMIT_NAME, written as COUNT/WINDOW,
// e.g. 150/5m.
type limitsConfig struct {
	Token, Verify, Email, MFA, FailedSignIn           growthdesk.Limit
	Leads, Newsletter, ClientErrors, Checkout, Ingest growthdesk.Limit
	Quotas                                            server.Quotas
}

// maxAttachmentMB bounds --limit-attachment-mb: the quota is counted in KiB, and the counter
// is a 32-bit integer on PostgreSQL.
const maxAttachmentMB = 1 << 20

// longestWindow is the longest window of every limit: counters are kept at least that long.
func (l limitsConfig) longestWindow() time.Duration {
	q := l.Quotas
	var longest time.Duration
	for _, lim := range []growthdesk.Limit{l.Token, l.Verify, l.Email, l.MFA, l.FailedSignIn, l.Leads, l.Newsletter, l.ClientErrors, l.Checkout, l.Ingest,
		q.Tickets, q.TicketResponses, q.Attachments, q.AttachmentMB, q.ForumTopics, q.ForumReplies} {
		longest = max(longest, lim.Window)
	}
	return longest
}

// dbConfig says which database to use; every command that touches data takes it.
type dbConfig struct {
	DataDir     string
	DatabaseURL string
}

// envFlags registers flags whose defaults come from the environment and remembers the
// problems met while reading it.
type envFlags struct {
	fs       *flag.FlagSet
	getenv   func(string) string
	problems []string
}

func newEnvFlags(name string, getenv func(string) string, stderr io.Writer) *envFlags {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return &envFlags{fs: fs, getenv: getenv}
}

func (e *envFlags) envName(flagName string) string {
	return "GROWTHDESK_" + strings.ToUpper(strings.ReplaceAll(flagName, "-", "_"))
}

// given reports whether a setting was given, as a flag or in the environment.
func (e *envFlags) given(name string) bool {
	set := e.getenv(e.envName(name)) != ""
	e.fs.Visit(func(f *flag.Flag) {
		if f.Name == name {
			set = true
		}
	})
	return set
}

func (e *envFlags) str(p *string, name, def, usage string) {
	env := e.envName(name)
	if v := e.getenv(env); v != "" {
		def = v
	}
	e.fs.StringVar(p, name, def, usage+" (env "+env+")")
}

func (e *envFlags) boolean(p *bool, name string, usage string) {
	env := e.envName(name)
	def := false
	if v := e.getenv(env); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			e.problems = append(e.problems, fmt.Sprintf("%s=%q is not a boolean (use true or false)", env, v))
		}
		def = b
	}
	e.fs.BoolVar(p, name, def, usage+" (env "+env+")")
}

func (e *envFlags) duration(p *time.Duration, name string, def time.Duration, usage string) {
	env := e.envName(name)
	if v := e.getenv(env); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			e.problems = append(e.problems, fmt.Sprintf("%s=%q is not a duration (e.g. 1h, 30s)", env, v))
		} else {
			def = d
		}
	}
	e.fs.DurationVar(p, name, def, usage+" (env "+env+")")
}

// limitValue is a growthdesk.Limit as a flag: COUNT/WINDOW, e.g. 150/5m.
type limitValue struct{ l *growthdesk.Limit }

func (v limitValue) String() string {
	if v.l == nil {
		return ""
	}
	return formatLimit(*v.l)
}

func (v limitValue) Set(s string) error {
	l, err := parseLimit(s)
	if err != nil {
		return err
	}
	*v.l = l
	return nil
}

func formatLimit(l growthdesk.Limit) string {
	w := l.Window.String() // 5m0s, 1h0m0s, 30s
	if strings.HasSuffix(w, "m0s") {
		w = strings.TrimSuffix(w, "0s")
	}
	if strings.HasSuffix(w, "h0m") {
		w = strings.TrimSuffix(w, "0m")
	}
	return fmt.Sprintf("%d/%s", l.Requests, w)
}

func parseLimit(s string) (growthdesk.Limit, error) {
	count, window, ok := strings.Cut(strings.TrimSpace(s), "/")
	n, err := strconv.Atoi(count)
	if !ok || err != nil || n < 1 {
		return growthdesk.Limit{}, fmt.Errorf("%q is not COUNT/WINDOW with a positive count, e.g. 150/5m", s)
	}
	d, err := time.ParseDuration(window)
	if err != nil || d < time.Second {
		return growthdesk.Limit{}, fmt.Errorf("%q: the window must be a duration of at least 1s, e.g. 5m", s)
	}
	return growthdesk.Limit{Requests: n, Window: d}, nil
}

// limit registers --limit-NAME (env GROWTHDESK_LIMIT_NAME) with its default.
func (e *envFlags) limit(p *growthdesk.Limit, name string, def growthdesk.Limit, usage string) {
	flagName := "limit-" + name
	env := e.envName(flagName)
	*p = def
	if v := e.getenv(env); v != "" {
		l, err := parseLimit(v)
		if err != nil {
			e.problems = append(e.problems, fmt.Sprintf("%s=%s", env, err))
		} else {
			*p = l
		}
	}
	e.fs.Var(limitValue{p}, flagName, usage+" (COUNT/WINDOW; env "+env+")")
}

func (e *envFlags) database(c *dbConfig) {
	e.str(&c.DataDir, "data-dir", "./data", "directory of the embedded SQLite database")
	e.str(&c.DatabaseURL, "database-url", "", "postgres:// URL; empty uses SQLite in --data-dir")
}

// parse reads args and returns every problem found in the environment and the flags.
func (e *envFlags) parse(args []string, validate func() []string) error {
	if err := e.fs.Parse(args); err != nil {
		return err
	}
	if e.fs.NArg() > 0 {
		e.problems = append(e.problems, fmt.Sprintf("unexpected arguments: %s", strings.Join(e.fs.Args(), " ")))
	}
	e.problems = append(e.problems, validate()...)
	if len(e.problems) == 0 {
		return nil
	}
	return fmt.Errorf("invalid configuration:\n  - %s", strings.Join(e.problems, "\n  - "))
}

func parseServeConfig(args []string, getenv func(string) string, stderr io.Writer) (serveConfig, error) {
	var c serveConfig
	e := newEnvFlags("serve", getenv, stderr)
	e.str(&c.Addr, "addr", ":8080", "address to listen on")
	e.database(&c.dbConfig)
	e.str(&c.SiteURL, "site-url", "http://localhost:8080", "public base URL of the site, for canonical links, the sitemap, checkout and e-mails; with --demo and no value, http://localhost:<port of --addr>")
	e.str(&c.ContactEmbedURL, "contact-embed-url", "", "script URL of a third-party form that replaces the contact form")
	e.boolean(&c.Demo, "demo", "seed demo content and show demo helpers")
	e.boolean(&c.TrustProxyHeaders, "trust-proxy-headers", "count rate limits by X-Forwarded-For (only behind a proxy you run)")
	e.duration(&c.JWTExpiry, "jwt-expiry", time.Hour, "lifetime of access tokens")
	e.duration(&c.RefreshReuse, "refresh-token-reuse-interval", 10*time.Second, "how long a used refresh token may be presented again (concurrent tabs)")
	e.duration(&c.SessionMaxAge, "session-max-age", 30*24*time.Hour, "sign-ins end this long after they started, however often refreshed (0: never)")
	e.duration(&c.ShutdownDrain, "shutdown-drain", 0, "on SIGTERM or SIGINT, keep serving this long with /readyz answering 503 and connections closed after each answer, so that a load balancer stops sending before the server stops (e.g. 10s behind one); 0: stop at once, still finishing the requests in flight")
	e.str(&c.SigningKeysFile, "signing-keys-file", "", "JSON array of private JWKs (one with key_ops [\"sign\"]); empty: an ES256 key is generated and kept in the database")
	e.str(&c.MetricsAddr, "metrics-addr", "", "private address for Prometheus metrics at /metrics, e.g. 127.0.0.1:9090; empty: off")
	e.str(&c.SMTPURL, "smtp-url", "", "smtp://user:pass@host:port or smtps://…; empty keeps e-mails for staff to read and logs them")
	e.str(&c.StripeSecretKey, "stripe-secret-key", "", "Stripe secret key (sk_… or rk_…); empty: the built-in test payment provider")
	e.str(&c.StripeWebhookSecret, "stripe-webhook-secret", "", "signing secret (whsec_…) of the Stripe webhook endpoint /functions/v1/stripe-webhook")
	e.str(&c.LogLevel, "log-level", "info", "debug, info, warn or error")
	e.str(&c.LogFormat, "log-format", "text", "text or json")
	l := &c.Limits
	e.limit(&l.Token, "token", auth.DefaultTokenLimit, "sign-ins and token refreshes per client address")
	e.limit(&l.Verify, "verify", auth.DefaultVerifyLimit, "e-mail link and code verifications per client address")
	e.limit(&l.Email, "email", auth.DefaultEmailLimit, "sign-ups and e-mails asked for (recover, otp, resend) per client address")
	e.limit(&l.MFA, "mfa", auth.DefaultMFALimit, "two-factor enrollments, challenges and verifications per client address")
	e.limit(&l.FailedSignIn, "failed-sign-in", auth.DefaultFailureLimit, "wrong passwords or codes per account before it is locked for the window")
	e.limit(&l.Leads, "leads", server.DefaultLeadLimit, "contact-form leads per client address")
	e.limit(&l.Newsletter, "newsletter", server.DefaultNewsletterLimit, "newsletter sign-ups and link confirmations per client address")
	e.limit(&l.ClientErrors, "client-errors", server.DefaultClientErrorLimit, "browser error reports per client address")
	e.limit(&l.Checkout, "checkout", server.DefaultCheckoutLimit, "checkouts started per client address")
	e.limit(&l.Ingest, "ingest", server.DefaultIngestLimit, "automation runs reported per client address")
	q, dq := &l.Quotas, server.DefaultQuotas
	e.limit(&q.Tickets, "tickets", dq.Tickets, "tickets opened per account (staff: no limit)")
	e.limit(&q.TicketResponses, "ticket-responses", dq.TicketResponses, "ticket replies per account (staff: no limit)")
	e.limit(&q.Attachments, "attachments", dq.Attachments, "files attached to tickets per account (staff: no limit)")
	e.limit(&q.AttachmentMB, "attachment-mb", dq.AttachmentMB, "megabytes of files attached to tickets per account (staff: no limit)")
	e.limit(&q.ForumTopics, "forum-topics", dq.ForumTopics, "forum topics started per account (staff: no limit)")
	e.limit(&q.ForumReplies, "forum-replies", dq.ForumReplies, "forum replies posted per account (staff: no limit)")
	err := e.parse(args, func() []string {
		if c.Demo && !e.given("site-url") {
			c.SiteURL = demoSiteURL(c.Addr, c.SiteURL)
		}
		return c.validate()
	})
	c.SiteURL = strings.TrimRight(c.SiteURL, "/")
	return c, err
}

// demoSiteURL is the site URL of a demo started without --site-url: the address it listens
// on, so that `serve --demo --addr :9000` links to http://localhost:9000 (checkout, the test
// provider's pages, e-mails) rather than to the default port. An address it cannot tell (a
// bad --addr, port 0) keeps def.
func demoSiteURL(addr, def string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil || port == "" || port == "0" {
		return def
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port)
}

func parseDBConfig(name string, args []string, getenv func(string) string, stderr io.Writer) (dbConfig, error) {
	var c dbConfig
	e := newEnvFlags(name, getenv, stderr)
	e.database(&c)
	err := e.parse(args, func() []string { return c.validate() })
	return c, err
}

// listConfig is what the list commands take.
type listConfig struct {
	dbConfig
	Limit int
	JSON  bool
}

func parseListConfig(name string, args []string, getenv func(string) string, stderr io.Writer) (listConfig, error) {
	var c listConfig
	e := newEnvFlags(name, getenv, stderr)
	e.database(&c.dbConfig)
	e.fs.IntVar(&c.Limit, "limit", 50, "how many rows at most")
	e.fs.BoolVar(&c.JSON, "json", false, "print one JSON object per line")
	err := e.parse(args, func() []string {
		p := c.validate()
		if c.Limit < 1 || c.Limit > 10000 {
			p = append(p, "--limit must be between 1 and 10000")
		}
		return p
	})
	return c, err
}

// usersConfig is what the users commands take.
type usersConfig struct {
	dbConfig
	Email    string
	Role     string
	Password string
	FullName string
	SiteURL  string
	JSON     bool
}

func parseUsersConfig(sub string, args []string, getenv func(string) string, stderr io.Writer) (usersConfig, error) {
	var c usersConfig
	name := "users " + sub
	if sub == "keys" {
		name = "keys rotate"
	}
	e := newEnvFlags(name, getenv, stderr)
	e.database(&c.dbConfig)
	e.str(&c.SiteURL, "site-url", "http://localhost:8080", "public base URL, for links in e-mails")
	needsEmail := sub == "create" || sub == "approve"
	if needsEmail {
		e.fs.StringVar(&c.Email, "email", "", "the account's e-mail address")
	}
	if sub == "create" {
		e.fs.StringVar(&c.Role, "role", growthdesk.RoleCustomer, "admin, employee or customer")
		e.fs.StringVar(&c.Password, "password", "", "the password; empty generates one and prints it")
		e.fs.StringVar(&c.FullName, "name", "", "the full name")
	}
	if sub == "list" {
		e.fs.BoolVar(&c.JSON, "json", false, "print one JSON object per line")
	}
	err := e.parse(args, func() []string {
		p := c.validate()
		if needsEmail && !growthdesk.ValidEmail(growthdesk.NormalizeEmail(c.Email)) {
			p = append(p, "--email must be a valid e-mail address")
		}
		if sub == "create" && !growthdesk.IsValidRole(c.Role) {
			p = append(p, "--role must be admin, employee or customer")
		}
		if sub == "create" && c.Password != "" && len(c.Password) < 8 {
			p = append(p, "--password must be at least 8 characters")
		}
		return p
	})
	c.SiteURL = strings.TrimRight(c.SiteURL, "/")
	return c, err
}

func (c dbConfig) validate() []string {
	var p []string
	if c.DatabaseURL == "" {
		if strings.TrimSpace(c.DataDir) == "" {
			p = append(p, "--data-dir must not be empty when --database-url is not set")
		}
	} else if u, err := url.Parse(c.DatabaseURL); err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") || u.Host == "" {
		p = append(p, "--database-url must be a postgres://user@host:port/database URL")
	}
	return p
}

func (c serveConfig) validate() []string {
	p := c.dbConfig.validate()
	if host, port, err := net.SplitHostPort(c.Addr); err != nil {
		p = append(p, fmt.Sprintf("--addr %q must be host:port, e.g. :8080", c.Addr))
	} else if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		p = append(p, fmt.Sprintf("--addr %q has an invalid port", c.Addr))
	} else if host != "" && net.ParseIP(host) == nil && host != "localhost" {
		p = append(p, fmt.Sprintf("--addr %q must use an IP address or localhost", c.Addr))
	}
	if u, err := url.Parse(c.SiteURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		p = append(p, fmt.Sprintf("--site-url %q must be an absolute http:// or https:// URL", c.SiteURL))
	} else if (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		p = append(p, fmt.Sprintf("--site-url %q must not have a path, query or fragment", c.SiteURL))
	}
	if c.ContactEmbedURL != "" {
		u, err := url.Parse(c.ContactEmbedURL)
		if err != nil || u.Host == "" || (u.Scheme != "https" && !(u.Scheme == "http" && isLoopback(u.Hostname()))) {
			p = append(p, fmt.Sprintf("--contact-embed-url %q must be an https:// URL", c.ContactEmbedURL))
		}
	}
	if c.SMTPURL != "" {
		if _, err := mailer.NewSMTPSender(c.SMTPURL, "growthdesk@localhost"); err != nil {
			p = append(p, fmt.Sprintf("--smtp-url: %v", err))
		}
	}
	if c.MetricsAddr != "" {
		if _, _, err := net.SplitHostPort(c.MetricsAddr); err != nil {
			p = append(p, fmt.Sprintf("--metrics-addr %q must be host:port", c.MetricsAddr))
		} else if c.MetricsAddr == c.Addr {
			p = append(p, "--metrics-addr must differ from --addr")
		}
	}
	if c.JWTExpiry < time.Minute || c.JWTExpiry > 7*24*time.Hour {
		p = append(p, "--jwt-expiry must be between 1m and 168h")
	}
	if c.SessionMaxAge != 0 && (c.SessionMaxAge < time.Hour || c.SessionMaxAge > 365*24*time.Hour) {
		p = append(p, "--session-max-age must be 0 (no limit) or between 1h and 8760h")
	}
	if c.ShutdownDrain < 0 || c.ShutdownDrain > 5*time.Minute {
		p = append(p, "--shutdown-drain must be between 0s and 5m")
	}
	if c.RefreshReuse < 0 || c.RefreshReuse > time.Minute {
		p = append(p, "--refresh-token-reuse-interval must be between 0s and 1m")
	}
	if c.Limits.Quotas.AttachmentMB.Requests > maxAttachmentMB {
		p = append(p, fmt.Sprintf("--limit-attachment-mb must count at most %d megabytes per window", maxAttachmentMB))
	}
	switch {
	case c.StripeSecretKey != "" && !strings.HasPrefix(c.StripeSecretKey, "sk_") && !strings.HasPrefix(c.StripeSecretKey, "rk_"):
		p = append(p, "--stripe-secret-key must be a Stripe secret or restricted key (sk_… or rk_…)")
	case c.StripeSecretKey != "" && c.StripeWebhookSecret == "":
		p = append(p, "--stripe-webhook-secret is required with --stripe-secret-key (the signing secret of the webhook endpoint)")
	case c.StripeSecretKey == "" && c.StripeWebhookSecret != "":
		p = append(p, "--stripe-webhook-secret needs --stripe-secret-key")
	}
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		p = append(p, fmt.Sprintf("--log-level %q must be debug, info, warn or error", c.LogLevel))
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		p = append(p, fmt.Sprintf("--log-format %q must be text or json", c.LogFormat))
	}
	return p
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// errUsage marks an error that is about how the program was called.
var errUsage = errors.New("usage")
