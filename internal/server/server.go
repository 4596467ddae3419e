// Package server is Growthdesk's HTTP surface: the public site's pages, the JSON API, the
// health probes and the feeds for search engines. routes.go lists every route.
package server

import (
	"context"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/site"
)

// Config is what the operator sets for the HTTP surface.
type Config struct {
	// SiteURL is the public base URL, e.g. https://www.example.com, without a trailing slash.
	SiteURL string
	// ContactEmbedURL, when set, replaces the contact form by a third-party form loaded
	// from this script URL.
	ContactEmbedURL string
	// Demo shows demo-only helpers in the pages.
	Demo bool
	// TrustProxyHeaders counts rate limits by X-Forwarded-For (behind a trusted proxy only).
	TrustProxyHeaders bool
	// LeadLimit and NewsletterLimit bound the public forms per client address.
	LeadLimit       growthdesk.Limit
	NewsletterLimit growthdesk.Limit
	// ClientErrorLimit bounds the browser's error reports per client address.
	ClientErrorLimit growthdesk.Limit
	// CheckoutLimit bounds checkouts started per client address (each one calls the provider).
	CheckoutLimit growthdesk.Limit
	// IngestLimit bounds the runs automation engines report, per client address.
	IngestLimit growthdesk.Limit
	// Quotas bound the writes of one account that cost staff time or storage; a zero entry
	// takes its default from DefaultQuotas.
	Quotas Quotas
	// Version is reported by /healthz.
	Version string
}

// DefaultLimits are the public forms' limits per client address.
var (
	DefaultLeadLimit       = growthdesk.Limit{Requests: 5, Window: 10 * time.Minute}
	DefaultNewsletterLimit = growthdesk.Limit{Requests: 10, Window: 10 * time.Minute}
	// A page reports at most a few errors (the web app throttles), so this only stops a
	// broken or hostile client from filling the log.
	DefaultClientErrorLimit = growthdesk.Limit{Requests: 30, Window: 10 * time.Minute}
	// Every checkout creates a session at the payment provider.
	DefaultCheckoutLimit = growthdesk.Limit{Requests: 30, Window: 10 * time.Minute}
	// An engine reports one request per run; this allows a busy workflow (two runs a second)
	// and stops a leaked token from flooding the table.
	DefaultIngestLimit = growthdesk.Limit{Requests: 1200, Window: 10 * time.Minute}
)

// Database is what the readiness probe asks of the store.
type Database interface {
	Ping(ctx context.Context) error
	PendingMigrations(ctx context.Context) ([]string, error)
}

// Deps are the services the handlers use.
type Deps struct {
	Logger *slog.Logger
	// AccessLog, when set, takes the request lines of successful answers outside the API
	// (pages, assets, probes, feeds), which a load test counts in millions: the binary gives
	// it a buffered writer, as nginx buffers its access log. The API's lines and every error
	// go to Logger as they happen.
	AccessLog  *slog.Logger
	DB         Database
	Leads      *growthdesk.Leads
	Newsletter *growthdesk.Newsletter
	Limiter    growthdesk.RateLimiter
	// QuotaCounter counts the write quotas; nil takes Limiter when it counts quotas too (the
	// store's does). Without one, a write under a quota is refused with 503.
	QuotaCounter growthdesk.QuotaCounter
	// Auth verifies access tokens; AuthHandler serves the auth service at /auth/v1.
	Auth        growthdesk.Authenticator
	AuthHandler http.Handler
	Accounts    *growthdesk.Accounts
	Team        *growthdesk.Team
	Support     *growthdesk.Support
	Projects    *growthdesk.Projects
	Automations *growthdesk.Automations
	Reports     *growthdesk.Reports
	Sessions    growthdesk.SessionManager
	MailLog     *growthdesk.MailLog
	// AdminDashboard computes the admin dashboard; Forum is the community forum.
	AdminDashboard *growthdesk.AdminDashboards
	Forum          *growthdesk.Forum
	// Announcements and Impersonations are the staff tools; with Impersonations set, a staff
	// session with an active record acts as its target.
	Announcements  *growthdesk.Announcements
	Impersonations *growthdesk.Impersonations
	// Meetings are the organizations' meetings; Dashboard computes the portal dashboard.
	Meetings  *growthdesk.Meetings
	Dashboard *growthdesk.Dashboard
	// Billing is the billing service; StripeWebhooks verifies Stripe's webhooks (nil without
	// Stripe); TestCards are the cards the test provider's pages offer.
	Billing        *growthdesk.Billing
	StripeWebhooks WebhookParser
	TestCards      []growthdesk.PaymentMethod
	// AfterWrite runs after every successful write request to /api and /auth (it wakes the
	// mail worker, so that a confirmation e-mail leaves at once rather than at the next poll).
	AfterWrite func()
	Site       site.Config
	Posts      []site.Post
	// Dist is the built web app: prerendered pages and assets.
	Dist fs.FS
	// Metrics, when set, counts every request; serve Metrics.Handler on a private address.
	Metrics *Metrics
	// Pending, when set, names the start-up work the binary does while it already serves
	// (seeding the demo data), or returns "" once there is none: until then /readyz answers
	// 503 with that reason, so that whoever waits for readiness finds the work done.
	Pending func() string
}

// Server holds the dependencies of every handler.
type Server struct {
	cfg   Config
	deps  Deps
	log   *slog.Logger
	pages *pageSet
}

// New checks cfg and returns the complete HTTP handler.
func New(cfg Config, deps Deps) (http.Handler, error) {
	u, err := url.Parse(cfg.SiteURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("site URL %q must be an absolute http(s) URL", cfg.SiteURL)
	}
	if cfg.LeadLimit.Requests == 0 {
		cfg.LeadLimit = DefaultLeadLimit
	}
	if cfg.NewsletterLimit.Requests == 0 {
		cfg.NewsletterLimit = DefaultNewsletterLimit
	}
	if cfg.ClientErrorLimit.Requests == 0 {
		cfg.ClientErrorLimit = DefaultClientErrorLimit
	}
	if cfg.CheckoutLimit.Requests == 0 {
		cfg.CheckoutLimit = DefaultCheckoutLimit
	}
	if cfg.IngestLimit.Requests == 0 {
		cfg.IngestLimit = DefaultIngestLimit
	}
	cfg.Quotas.fillDefaults()
	if deps.QuotaCounter == nil {
		deps.QuotaCounter, _ = deps.Limiter.(growthdesk.QuotaCounter)
	}
	if deps.Logger == nil {
		deps.Logger = slog.New(slog.DiscardHandler)
	}
	s := &Server{cfg: cfg, deps: deps, log: deps.Logger}
	s.pages, err = loadPages(deps.Dist, s.pageConfig())
	if err != nil {
		return nil, fmt.Errorf("load web app: %w", err)
	}
	s.pages.log = s.log
	s.pages.compressInBackground()
	access := deps.AccessLog
	if access == nil {
		access = s.log
	}
	return withRequestLog(s.log, access, deps.Metrics, withSecurityHeaders(u.Scheme == "https", s.routes())), nil
}
