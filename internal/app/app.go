// Package app builds Growthdesk's services over one database. It is the one wiring of the
// program: `serve`, every command of the command line, the server's tests and the benchmarks
// get their services from New, so that they all run the same services with the same
// dependencies. What one of them varies (the clock, the payment provider, the e-mail
// renderer, the auth service's limits, the rate limiter) is an Option, never a copy of the
// wiring.
//
// This is the only package that imports the adapters (store, auth, server, mailer,
// payments) together; layers_test.go holds the rules of who may import whom.
package app

import (
	"context"
	"errors"
	"log/slog"
	"math"
	"net/url"
	"time"

	"github.com/growthdesk/growthdesk/internal/auth"
	"github.com/growthdesk/growthdesk/internal/calendar"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/mailer"
	"github.com/growthdesk/growthdesk/internal/payments"
	"github.com/growthdesk/growthdesk/internal/reportpdf"
	"github.com/growthdesk/growthdesk/internal/server"
	"github.com/growthdesk/growthdesk/internal/site"
	"github.com/growthdesk/growthdesk/internal/store"
)

// Options are what the services are built over. DB, SiteURL and Site are required; every
// other field has a default that is what `serve` runs with.
type Options struct {
	// DB is the migrated database every store works on.
	DB *store.DB
	// SiteURL is the public base URL without a trailing slash: e-mailed links, checkout
	// return addresses, calendar event UIDs and the tokens' issuer are built on it.
	SiteURL string
	// Site is the site's configuration: its name and e-mail address appear in e-mails,
	// calendar invitations and report documents.
	Site site.Config
	// Log takes the services' log lines; nil discards them.
	Log *slog.Logger
	// Auth configures the auth service; its SiteURL and SiteName are taken from SiteURL and
	// Site.
	Auth auth.Config
	// AuthStore, when set, wraps the auth service's store (a test forces a fault with it).
	AuthStore func(auth.Store) auth.Store
	// Limiter counts the rate limits of the API and the auth service; nil is the database's.
	Limiter growthdesk.RateLimiter
	// QuotaCounter counts the write quotas; nil leaves it to the server, which takes the
	// Limiter when it counts quotas too (the database's does).
	QuotaCounter growthdesk.QuotaCounter
	// Renderer renders the e-mails the services write to the outbox; nil renders them with
	// the site's templates (mailer.Renderer). A test wraps the real one to read the links.
	Renderer growthdesk.EmailRenderer
	// Payments is the payment provider and Webhooks the parser of its webhooks (Stripe is
	// both); a nil Payments is the built-in test provider, whose signing secret is kept in
	// the database, with no webhooks.
	Payments growthdesk.PaymentProvider
	Webhooks server.WebhookParser
	// Clock, when set, is the time of the services that read the clock outside a
	// transaction: announcements' schedule, an impersonation's hour and the newsletter
	// links' expiry. Nil is the database's clock (the links' own: the system's).
	Clock func() time.Time
}

// App is the services built over one database.
type App struct {
	// Deps are the services of the HTTP surface, with Logger, DB and Site set. The caller
	// adds what only it has (the web build, posts, metrics, the access log, AfterWrite).
	Deps server.Deps
	// Auth is the auth service (also Deps.Auth, Deps.AuthHandler and Deps.Sessions).
	Auth *auth.Service
	// Outbox is the e-mail outbox the mail worker sends from.
	Outbox *store.MailOutbox
	// RateLimits is the database's rate-limit table, which serve prunes.
	RateLimits *store.RateLimiter
}

// New builds every service over o.DB. It reads (and on a fresh database creates) the secrets
// the newsletter links and the test payment provider sign with.
func New(ctx context.Context, o Options) (*App, error) {
	if o.DB == nil || o.SiteURL == "" {
		return nil, errors.New("app: a database and a site URL are required")
	}
	db := o.DB
	log := o.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	real, err := mailer.NewRenderer(o.Site, o.SiteURL)
	if err != nil {
		return nil, err
	}
	var render growthdesk.EmailRenderer = real
	if o.Renderer != nil {
		render = o.Renderer
	}
	rateLimits := store.NewRateLimiter(db)
	var limiter growthdesk.RateLimiter = rateLimits
	if o.Limiter != nil {
		limiter = o.Limiter
	}
	clock, linkClock := o.Clock, o.Clock
	if clock == nil {
		clock = db.Now
	}

	impersonations := &growthdesk.Impersonations{Store: store.NewImpersonationStore(db), Accounts: store.NewAccountStore(db), Now: clock}
	var authStore auth.Store = store.NewAuthStore(db)
	if o.AuthStore != nil {
		authStore = o.AuthStore(authStore)
	}
	authCfg := o.Auth
	authCfg.SiteURL, authCfg.SiteName = o.SiteURL, o.Site.Name
	authSvc, err := auth.New(authCfg, auth.Deps{Store: authStore, Mailer: render, Limiter: limiter, Logger: log,
		Impersonation: impersonations})
	if err != nil {
		return nil, err
	}

	linkSecret, err := db.Secret(ctx, "newsletter_links")
	if err != nil {
		return nil, err
	}
	linkTokens, err := growthdesk.NewLinkTokens(linkSecret)
	if err != nil {
		return nil, err
	}
	linkTokens.Now = linkClock

	provider := o.Payments
	if provider == nil {
		secret, err := db.Secret(ctx, "test_payments")
		if err != nil {
			return nil, err
		}
		provider = &payments.TestProvider{SiteURL: o.SiteURL, Secret: secret}
	}
	seller := o.Site.LegalName
	if seller == "" {
		seller = o.Site.Name
	}
	billing := &growthdesk.Billing{Store: store.NewBillingStore(db), Mail: render, SiteURL: o.SiteURL, Provider: provider,
		Seller:    growthdesk.InvoiceParty{Name: seller, Address: o.Site.Invoice.Address, Email: o.Site.Email, TaxID: o.Site.Invoice.TaxID},
		Tax:       growthdesk.InvoiceTax{Label: o.Site.Invoice.TaxLabel, RateBasisPt: int64(math.Round(o.Site.Invoice.TaxRatePercent * 100))},
		Documents: &reportpdf.Renderer{SiteName: o.Site.Name}}

	meetings, err := newMeetings(db, render, o.Site, o.SiteURL)
	if err != nil {
		return nil, err
	}
	support := &growthdesk.Support{Store: store.NewSupportStore(db), Mail: render,
		TicketURL: func(id string) string { return o.SiteURL + "/portal/support/" + id }}
	forum := &growthdesk.Forum{Store: store.NewForumStore(db), Mail: render,
		TopicURL: func(id string) string { return o.SiteURL + "/portal/community/" + url.PathEscape(id) }}
	reports := &growthdesk.Reports{
		Store: store.NewReportStore(db), Renderer: &reportpdf.Renderer{SiteName: o.Site.Name}, Mail: render,
		PortalURL: o.SiteURL + "/portal/reports", Log: log,
	}
	projects := &growthdesk.Projects{Store: store.NewProjectStore(db)}
	outbox := store.NewMailOutbox(db)

	return &App{
		Auth:       authSvc,
		Outbox:     outbox,
		RateLimits: rateLimits,
		Deps: server.Deps{
			Logger: log,
			DB:     db,
			Site:   o.Site,
			Leads:  &growthdesk.Leads{Store: store.NewLeadStore(db), Notify: real.LeadNotification},
			Newsletter: &growthdesk.Newsletter{
				Store: store.NewNewsletterStore(db), Mail: render, Tokens: linkTokens, SiteURL: o.SiteURL,
			},
			Limiter:      limiter,
			QuotaCounter: o.QuotaCounter,
			Auth:         authSvc,
			AuthHandler:  authSvc.Handler(),
			Sessions:     authSvc,
			Accounts: &growthdesk.Accounts{
				Store:    store.NewAccountStore(db),
				Mail:     render,
				LoginURL: o.SiteURL + "/portal/login",
			},
			Team:           &growthdesk.Team{Store: store.NewTeamStore(db)},
			Support:        support,
			Announcements:  &growthdesk.Announcements{Store: store.NewAnnouncementStore(db), Now: clock},
			Impersonations: impersonations,
			AdminDashboard: &growthdesk.AdminDashboards{Store: store.NewAdminDashboardStore(db), Tickets: store.NewSupportStore(db), Revenue: billing},
			Forum:          forum,
			Meetings:       meetings,
			Dashboard: &growthdesk.Dashboard{
				SignIns:  store.NewDashboardStore(db),
				Tickets:  support,
				Billing:  billing,
				Forum:    forum,
				Activity: []growthdesk.ActivitySource{meetings, projects, reports, support},
			},
			Billing:        billing,
			StripeWebhooks: o.Webhooks,
			TestCards:      payments.TestCards,
			Projects:       projects,
			Automations:    &growthdesk.Automations{Store: store.NewAutomationStore(db)},
			Reports:        reports,
			MailLog:        &growthdesk.MailLog{Store: outbox},
		},
	}, nil
}

// newMeetings wires the meetings service: the store, the e-mail renderer and the iCalendar
// writer, whose event UIDs name the site's host.
func newMeetings(db *store.DB, render growthdesk.EmailRenderer, siteCfg site.Config, siteURL string) (*growthdesk.Meetings, error) {
	u, err := url.Parse(siteURL)
	if err != nil {
		return nil, err
	}
	cal, err := calendar.New(siteCfg.Name, siteCfg.Email, u.Hostname())
	if err != nil {
		return nil, err
	}
	return &growthdesk.Meetings{Store: store.NewMeetingStore(db), Mail: render, Calendar: cal,
		SiteURL: siteURL, StaffEmail: siteCfg.Email}, nil
}
