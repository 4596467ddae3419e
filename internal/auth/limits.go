package auth

import (
	"context"
	"net/http"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// limitKind names a per-client-address budget.
type limitKind int

const (
	limitToken limitKind = iota
	limitVerify
	limitEmail
	limitMFA
)

func (s *Service) limitOf(k limitKind) (string, growthdesk.Limit) {
	switch k {
	case limitToken:
		return "token", s.cfg.TokenLimit
	case limitVerify:
		return "verify", s.cfg.VerifyLimit
	case limitEmail:
		return "email", s.cfg.EmailLimit
	default:
		return "mfa", s.cfg.MFALimit
	}
}

// limited counts the request against the client address's budget of kind k before
// running next. The counters live in the database, so every instance shares them.
func (s *Service) limited(k limitKind, next handlerFunc) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if err := s.allow(r, k); err != nil {
			return err
		}
		return next(w, r)
	}
}

// allow counts one request of the client address against its budget of kind k. It fails
// closed: a limiter fault is logged and refuses the request (503), as a guesser must not get
// unlimited tries whenever the database hiccups.
func (s *Service) allow(r *http.Request, k limitKind) error {
	name, lim := s.limitOf(k)
	ok, retry, err := s.limiter.Allow(r.Context(), "auth:"+name+":"+s.clientIP(r), lim.Requests, lim.Window)
	switch {
	case err != nil:
		s.log.ErrorContext(r.Context(), "auth rate limiter failed; refusing the request", "limit", name, "err", err)
		return unavailable()
	case !ok:
		return rateLimited(retry)
	}
	return nil
}

// checkLockout refuses an account that had too many failures of kind recently, before
// the password or code is even looked at, so that guessing stops working altogether. A
// per-address limit alone cannot stop a guesser with many addresses. It fails closed: when
// the failures cannot be counted, the attempt is refused (503) before any secret is compared.
func (s *Service) checkLockout(ctx context.Context, userID, kind string) error {
	lim := s.cfg.FailureLimit
	n, err := s.store.CountAuthFailures(ctx, userID, kind, s.now().Add(-lim.Window))
	if err != nil {
		s.log.ErrorContext(ctx, "count auth failures; refusing the attempt", "err", err)
		return unavailable()
	}
	if n >= lim.Requests {
		s.log.WarnContext(ctx, "account locked after repeated failures", "user_id", userID, "kind", kind, "failures", n)
		return rateLimited(lim.Window)
	}
	return nil
}

// recordFailure counts a wrong password or code against the account and returns wrong, the
// answer to the failed attempt. A failure that cannot be recorded would not count towards the
// lockout, so it answers 503 instead (the attempt failed either way).
func (s *Service) recordFailure(ctx context.Context, userID, kind, ip string, wrong error) error {
	if err := s.store.RecordAuthFailure(ctx, userID, kind, ip); err != nil {
		s.log.ErrorContext(ctx, "record auth failure; refusing the attempt", "err", err)
		return unavailable()
	}
	return wrong
}
