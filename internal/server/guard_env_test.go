package server_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/app"
	"github.com/growthdesk/growthdesk/internal/auth"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/payments"
	"github.com/growthdesk/growthdesk/internal/server"
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
	lots := growthdesk.Limit{Requests: 100000, Window: time.Minute}
	o := app.Options{
		Auth:         auth.Config{PasswordHashCost: 4, TokenLimit: lots, VerifyLimit: lots, EmailLimit: lots, MFALimit: lots},
		AuthStore:    opts.authStore,
		Limiter:      opts.limiter,
		QuotaCounter: opts.quotaCounter,
		Payments:     &payments.TestProvider{SiteURL: testSiteURL, Secret: []byte("test-portal-secret")},
	}
	if opts.stripe != nil {
		o.Payments, o.Webhooks = opts.stripe, opts.stripe
	}
	pub := newAppEnv(t, db, o)
	authSvc := pub.app.Auth
	env := &portalEnv{testEnv: pub, auth: authSvc, outbox: pub.app.Outbox, ids: map[string]string{}, tokens: map[string]string{}}
	quotas := server.Quotas{Tickets: lots, TicketResponses: lots, Attachments: lots, AttachmentMB: lots, ForumTopics: lots, ForumReplies: lots}
	if opts.quotas != nil {
		quotas = *opts.quotas
	}
	deps := pub.app.Deps
	deps.Dist = testDist()
	h, err := server.New(server.Config{SiteURL: testSiteURL, LeadLimit: lots, NewsletterLimit: lots, CheckoutLimit: lots, IngestLimit: lots, Quotas: quotas}, deps)
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
