// Package auth is Growthdesk's authentication service, served under /auth/v1 and
// wire-compatible with Supabase Auth (GoTrue), so that the official @supabase/auth-js
// client works against it unchanged. It owns users' credentials, server-side sessions,
// rotating refresh tokens, ES256 access tokens, e-mailed links and codes, and TOTP MFA.
//
// The wire behavior is GoTrue's (its objects, error codes and flows); where this package
// departs from GoTrue on purpose, the doc comment of the handler says so. Everything it stores goes
// through the Store interface (store.go); every e-mail it sends is rendered by
// Deps.Mailer and written to the outbox in the same transaction as the change that
// caused it.
package auth

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"sync"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// MountPath is where the service is mounted; e-mailed links and the token issuer include
// it. The HTTP server strips it before calling Handler.
const MountPath = "/auth/v1"

// Lifetimes that GoTrue fixes by default and the product has no reason to change.
const (
	// confirmationExpiry bounds a sign-up confirmation link and code.
	confirmationExpiry = 24 * time.Hour
	// linkExpiry bounds recovery and magic links and reauthentication codes.
	linkExpiry = time.Hour
	// flowStateExpiry bounds the PKCE code exchange after the link was followed.
	flowStateExpiry = 300 * time.Second
	// challengeExpiry bounds an MFA challenge.
	challengeExpiry = 300 * time.Second
	// unverifiedFactorExpiry is how long an enrolled but never verified factor is kept.
	unverifiedFactorExpiry = 300 * time.Second
	// maxFactors is how many factors a user may have enrolled.
	maxFactors = 10
	// maxPasswordBytes is bcrypt's limit; a longer password would be silently truncated.
	maxPasswordBytes = 72
)

// Config is what the operator sets for the auth service. Zero values take the defaults
// documented on each field.
type Config struct {
	// SiteURL is the public base URL (https://example.com, no trailing slash). E-mailed
	// links point at it, the token issuer is SiteURL+MountPath, and redirect_to is honored
	// only for pages of the portal on the same scheme and host (any port on a loopback host).
	SiteURL string
	// SiteName is the issuer shown in authenticator apps; default: SiteURL's host.
	SiteName string
	// JWTExpiry is the lifetime of an access token; default 3600 s.
	JWTExpiry time.Duration
	// RefreshReuseInterval is how long a just-rotated refresh token may still be used (to
	// absorb concurrent refreshes from several tabs); default 10 s, negative for none.
	RefreshReuseInterval time.Duration
	// SessionMaxAge ends every session this long after sign-in, however often it is
	// refreshed (0: sessions last until signed out). An absolute limit means a stolen
	// refresh token cannot be used forever.
	SessionMaxAge time.Duration
	// MinPasswordLength is the shortest accepted password; default 6.
	MinPasswordLength int
	// AutoConfirm signs users in at sign-up without confirming the address; default off.
	AutoConfirm bool
	// EmailResendInterval is the per-user wait between two messages of one kind; default
	// 60 s.
	EmailResendInterval time.Duration
	// Per-client-address limits (defaults after GoTrue's): TokenLimit 150 per 5 min for
	// /token, VerifyLimit 30 per 5 min for /verify, EmailLimit 30 per 5 min for /signup,
	// /recover, /otp, /resend and /reauthenticate, MFALimit 15 per minute for MFA
	// challenge and verify.
	TokenLimit  growthdesk.Limit
	VerifyLimit growthdesk.Limit
	EmailLimit  growthdesk.Limit
	MFALimit    growthdesk.Limit
	// FailureLimit is the per-account lockout: after this many wrong passwords (or wrong
	// TOTP codes, or wrong e-mailed codes, each counted on its own) within the window the
	// account answers 429; default 10 per 15 min.
	FailureLimit growthdesk.Limit
	// TrustProxyHeaders takes the client address from X-Forwarded-For (behind a trusted
	// proxy only).
	TrustProxyHeaders bool
	// SigningKeysJSON optionally configures the signing keys: a JSON array of private EC
	// P-256 JWKs (or {"keys":[…]}); the one whose key_ops contains "sign" signs, the others
	// only verify. When empty, an ES256 key is generated on first start and kept in the
	// database.
	SigningKeysJSON string
	// PasswordHashCost is the bcrypt cost; default 10. Tests lower it for speed.
	PasswordHashCost int
	// Version is reported by /health.
	Version string
	// Clock returns the current time; default time.Now. Tests inject a fake one (and give
	// the store the same clock).
	Clock func() time.Time
}

// Default limits, per client address unless said otherwise.
var (
	DefaultTokenLimit   = growthdesk.Limit{Requests: 150, Window: 5 * time.Minute}
	DefaultVerifyLimit  = growthdesk.Limit{Requests: 30, Window: 5 * time.Minute}
	DefaultEmailLimit   = growthdesk.Limit{Requests: 30, Window: 5 * time.Minute}
	DefaultMFALimit     = growthdesk.Limit{Requests: 15, Window: time.Minute}
	DefaultFailureLimit = growthdesk.Limit{Requests: 10, Window: 15 * time.Minute}
)

// Deps are the services the auth service uses.
type Deps struct {
	Store   Store
	Mailer  growthdesk.EmailRenderer
	Limiter growthdesk.RateLimiter
	Logger  *slog.Logger
	// Impersonation, when set, tells whether a session acts as another account; such a
	// session may not change the signed-in user's credentials or factors.
	Impersonation SessionImpersonation
}

// SessionImpersonation tells whether a session currently acts as another account (a staff
// member impersonating someone).
type SessionImpersonation interface {
	SessionImpersonating(ctx context.Context, sessionID string) (bool, error)
}

// Service is the auth service. It keeps no state of its own beyond a cache of the signing
// keys, so several instances can share one database.
type Service struct {
	cfg       Config
	store     Store
	mailer    growthdesk.EmailRenderer
	limiter   growthdesk.RateLimiter
	log       *slog.Logger
	site      *url.URL
	issuer    string
	imperson  SessionImpersonation
	keys      *keyRing
	dummyHash func() []byte
}

// New checks cfg, fills in defaults, and loads (or on first start creates) the signing keys.
func New(cfg Config, deps Deps) (*Service, error) {
	var problems []string
	site, err := url.Parse(strings.TrimRight(cfg.SiteURL, "/"))
	if err != nil || (site.Scheme != "http" && site.Scheme != "https") || site.Host == "" {
		problems = append(problems, fmt.Sprintf("site URL %q must be an absolute http(s) URL", cfg.SiteURL))
	}
	if deps.Store == nil {
		problems = append(problems, "a store is required")
	}
	if deps.Mailer == nil {
		problems = append(problems, "a mail renderer is required")
	}
	if deps.Limiter == nil {
		problems = append(problems, "a rate limiter is required")
	}
	if cfg.MinPasswordLength > maxPasswordBytes {
		problems = append(problems, fmt.Sprintf("minimum password length must be at most %d", maxPasswordBytes))
	}
	if cfg.PasswordHashCost != 0 && (cfg.PasswordHashCost < bcrypt.MinCost || cfg.PasswordHashCost > bcrypt.MaxCost) {
		problems = append(problems, fmt.Sprintf("password hash cost must be between %d and %d", bcrypt.MinCost, bcrypt.MaxCost))
	}
	if len(problems) > 0 {
		return nil, errors.New("auth: " + strings.Join(problems, "; "))
	}
	cfg.SiteURL = site.String()
	if cfg.SiteName == "" {
		cfg.SiteName = site.Hostname()
	}
	if cfg.JWTExpiry <= 0 {
		cfg.JWTExpiry = time.Hour
	}
	if cfg.RefreshReuseInterval == 0 {
		cfg.RefreshReuseInterval = 10 * time.Second
	} else if cfg.RefreshReuseInterval < 0 {
		cfg.RefreshReuseInterval = 0
	}
	if cfg.MinPasswordLength <= 0 {
		cfg.MinPasswordLength = growthdesk.PasswordMinLength
	}
	if cfg.EmailResendInterval <= 0 {
		cfg.EmailResendInterval = 60 * time.Second
	}
	defaultLimit(&cfg.TokenLimit, DefaultTokenLimit)
	defaultLimit(&cfg.VerifyLimit, DefaultVerifyLimit)
	defaultLimit(&cfg.EmailLimit, DefaultEmailLimit)
	defaultLimit(&cfg.MFALimit, DefaultMFALimit)
	defaultLimit(&cfg.FailureLimit, DefaultFailureLimit)
	if cfg.PasswordHashCost == 0 {
		cfg.PasswordHashCost = bcrypt.DefaultCost
	}
	if cfg.Clock == nil {
		cfg.Clock = time.Now
	}
	if deps.Logger == nil {
		deps.Logger = slog.New(slog.DiscardHandler)
	}
	s := &Service{
		cfg:      cfg,
		store:    deps.Store,
		mailer:   deps.Mailer,
		limiter:  deps.Limiter,
		log:      deps.Logger,
		imperson: deps.Impersonation,
		site:     site,
		issuer:   cfg.SiteURL + MountPath,
	}
	// Unknown users get a password comparison too, against this hash, so that the answer
	// takes as long as for a real user with a wrong password.
	// It costs a bcrypt hash (tens of milliseconds), made beside the start rather than in it.
	s.dummyHash = sync.OnceValue(func() []byte {
		h, err := bcrypt.GenerateFromPassword([]byte("growthdesk-dummy-password"), cfg.PasswordHashCost)
		if err != nil {
			panic(fmt.Sprintf("auth: hash the dummy password: %v", err)) // only for a cost out of range, checked above
		}
		return h
	})
	go s.dummyHash()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if s.keys, err = newKeyRing(ctx, deps.Store, cfg.SigningKeysJSON, s.now); err != nil {
		return nil, fmt.Errorf("auth: signing keys: %w", err)
	}
	return s, nil
}

func defaultLimit(l *growthdesk.Limit, def growthdesk.Limit) {
	if l.Requests <= 0 || l.Window <= 0 {
		*l = def
	}
}

// now is the service's clock in UTC.
func (s *Service) now() time.Time { return s.cfg.Clock().UTC() }
