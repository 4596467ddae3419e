package server_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/auth"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/mailer"
	"github.com/growthdesk/growthdesk/internal/payments"
	"github.com/growthdesk/growthdesk/internal/reportpdf"
	"github.com/growthdesk/growthdesk/internal/server"
	"github.com/growthdesk/growthdesk/internal/site"
	"github.com/growthdesk/growthdesk/internal/store"
)

// guardOptions change the whole-server environment of the input and limiter tests.
type guardOptions struct {
	// limiter replaces the database's rate limiter for the API and the auth service.
	limiter growthdesk.RateLimiter
	// authStore wraps the auth service's store (to force a fault).
	authStore func(auth.Store) auth.Store
	// stripe replaces the built-in test payment provider (billing tests against stripe-mock).
	stripe *payments.Stripe
	// quotas replace the write quotas, which are otherwise high enough for any test.
	quotas *server.Quotas
	// quotaCounter replaces the database's quota counter (to force a fault).
	quotaCounter growthdesk.QuotaCounter
}

// newGuardEnv is the whole server with the real auth service on db (newPortalEnv), with
// rate limits high enough that a test may send many requests, and with the users of
// newPortalEnv signed in.
func newGuardEnv(t *testing.T, db *store.DB, opts guardOptions) *portalEnv {
	t.Helper()
	ctx := context.Background()
	siteCfg := site.Config{Name: "Growthdesk", Email: "hello@example.com"}
	renderer, err := mailer.NewRenderer(siteCfg, testSiteURL)
	if err != nil {
		t.Fatal(err)
	}
	var limiter growthdesk.RateLimiter = store.NewRateLimiter(db)
	if opts.limiter != nil {
		limiter = opts.limiter
	}
	var authStore auth.Store = store.NewAuthStore(db)
	if opts.authStore != nil {
		authStore = opts.authStore(authStore)
	}
	pub := newPublicEnv(t, db)
	impersonations := &growthdesk.Impersonations{Store: store.NewImpersonationStore(db), Accounts: store.NewAccountStore(db), Now: pub.clock.Now}
	lots := growthdesk.Limit{Requests: 100000, Window: time.Minute}
	var provider growthdesk.PaymentProvider = &payments.TestProvider{SiteURL: testSiteURL, Secret: []byte("test-portal-secret")}
	var webhooks server.WebhookParser
	if opts.stripe != nil {
		provider, webhooks = opts.stripe, opts.stripe
	}
	authSvc, err := auth.New(auth.Config{SiteURL: testSiteURL, SiteName: "Growthdesk", PasswordHashCost: 4,
		TokenLimit: lots, VerifyLimit: lots, EmailLimit: lots, MFALimit: lots},
		auth.Deps{Store: authStore, Mailer: renderer, Limiter: limiter,
			Impersonation: impersonations})
	if err != nil {
		t.Fatal(err)
	}
	env := &portalEnv{auth: authSvc, outbox: store.NewMailOutbox(db), ids: map[string]string{}, tokens: map[string]string{}}
	env.testEnv = pub
	meetings := newTestMeetings(t, db, renderer, siteCfg)
	projects := &growthdesk.Projects{Store: store.NewProjectStore(db)}
	reports := &growthdesk.Reports{Store: store.NewReportStore(db), Renderer: &reportpdf.Renderer{SiteName: "Growthdesk"}, Mail: renderer, PortalURL: testSiteURL + "/portal/reports"}
	billing := &growthdesk.Billing{Store: store.NewBillingStore(db), Mail: renderer, SiteURL: testSiteURL, Provider: provider}
	support := &growthdesk.Support{Store: store.NewSupportStore(db), Mail: renderer,
		TicketURL: func(id string) string { return testSiteURL + "/portal/support/" + id }}
	forum := &growthdesk.Forum{Store: store.NewForumStore(db), Mail: renderer,
		TopicURL: func(id string) string { return testSiteURL + "/portal/community/" + id }}
	quotas := server.Quotas{Tickets: lots, TicketResponses: lots, Attachments: lots, AttachmentMB: lots, ForumTopics: lots, ForumReplies: lots}
	if opts.quotas != nil {
		quotas = *opts.quotas
	}
	h, err := server.New(server.Config{SiteURL: testSiteURL, LeadLimit: lots, NewsletterLimit: lots, CheckoutLimit: lots, IngestLimit: lots, Quotas: quotas}, server.Deps{
		DB: db, Leads: env.leads, Newsletter: env.newsletter, Limiter: limiter, QuotaCounter: opts.quotaCounter,
		Auth: authSvc, AuthHandler: authSvc.Handler(), Sessions: authSvc, MailLog: &growthdesk.MailLog{Store: env.outbox},
		Accounts:       &growthdesk.Accounts{Store: store.NewAccountStore(db), Mail: renderer, LoginURL: testSiteURL + "/portal/login"},
		Team:           &growthdesk.Team{Store: store.NewTeamStore(db)},
		Support:        support,
		AdminDashboard: &growthdesk.AdminDashboards{Store: store.NewAdminDashboardStore(db), Tickets: store.NewSupportStore(db), Revenue: billing},
		Forum:          forum,
		Announcements:  &growthdesk.Announcements{Store: store.NewAnnouncementStore(db), Now: env.clock.Now},
		Impersonations: impersonations,
		Meetings:       meetings,
		Dashboard:      &growthdesk.Dashboard{SignIns: store.NewDashboardStore(db), Tickets: support, Billing: billing, Forum: forum, Activity: []growthdesk.ActivitySource{meetings, projects, reports, support}},
		Billing:        billing,
		StripeWebhooks: webhooks,
		TestCards:      payments.TestCards,
		Projects:       projects,
		Automations:    &growthdesk.Automations{Store: store.NewAutomationStore(db)},
		Reports:        reports,
		Site:           siteCfg, Dist: testDist(),
	})
	if err != nil {
		t.Fatal(err)
	}
	env.srv = httptest.NewServer(h)
	t.Cleanup(env.srv.Close)
	for _, u := range []struct {
		name, role string
		approved   bool
	}{
		{"pending", "customer", false},
		{"customer", "customer", true},
		{"employee", "employee", true},
		{"admin", "admin", true},
		{"target", "customer", false},
		{"target2", "customer", false},
	} {
		created, err := authSvc.CreateUser(ctx, auth.CreateUserParams{
			Email: u.name + "@example.com", Password: testPassword, FullName: strings.ToUpper(u.name[:1]) + u.name[1:],
			Role: u.role, Approved: u.approved, Confirmed: true,
		})
		if err != nil {
			t.Fatal(err)
		}
		env.ids[u.name] = created.ID
		if opts.limiter == nil && opts.authStore == nil {
			env.tokens[u.name] = env.signIn(t, u.name+"@example.com")
		}
	}
	return env
}

// faultyLimiter is a rate limiter and quota counter whose database is gone.
type faultyLimiter struct{}

func (faultyLimiter) Allow(context.Context, string, int, time.Duration) (bool, time.Duration, error) {
	return false, 0, fmt.Errorf("rate limit counter: connection refused")
}

func (faultyLimiter) Take(context.Context, string, int64, int64, time.Duration) (bool, time.Time, time.Duration, error) {
	return false, time.Time{}, 0, fmt.Errorf("quota counter: connection refused")
}

func (faultyLimiter) Return(context.Context, string, int64, time.Time) error {
	return fmt.Errorf("quota counter: connection refused")
}

func (faultyLimiter) Used(context.Context, string, time.Duration) (int64, error) {
	return 0, fmt.Errorf("quota counter: connection refused")
}
