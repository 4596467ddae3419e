package server

import (
	"net/http"
	"strings"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// callerHandler is a handler that needs to know who is calling.
type callerHandler func(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller)

// withAccess authenticates the bearer token, loads the caller's profile and refuses callers
// below the route's declared access before the handler runs (401 without a valid token, 403
// for an account the level does not include).
func (s *Server) withAccess(who growthdesk.Access, h callerHandler) http.Handler {
	return s.withCheck(func(c *growthdesk.Caller) error { return growthdesk.CheckAccess(c, who) }, h)
}

// withCheck is withAccess with the refusal decided by check.
func (s *Server) withCheck(check func(*growthdesk.Caller) error, h callerHandler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := s.caller(r)
		if err == nil {
			err = check(c)
		}
		if err != nil {
			writeError(w, r, s.log, err)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		h(w, r, c)
	})
}

// caller resolves the request's bearer token to the account acting, with the request id and
// client address every service call and audit entry carries.
func (s *Server) caller(r *http.Request) (*growthdesk.Caller, error) {
	authz := r.Header.Get("Authorization")
	token, ok := strings.CutPrefix(authz, "Bearer ")
	if !ok || strings.TrimSpace(token) == "" || s.deps.Auth == nil {
		return nil, growthdesk.Errorf(growthdesk.EUnauthorized, "Sign in to continue.")
	}
	id, err := s.deps.Auth.Authenticate(r.Context(), strings.TrimSpace(token))
	if err != nil {
		return nil, err
	}
	c, err := s.deps.Accounts.Caller(r.Context(), *id, requestID(r.Context()), clientIP(r, s.cfg.TrustProxyHeaders))
	if growthdesk.ErrorCode(err) == growthdesk.ENotFound {
		return nil, growthdesk.Errorf(growthdesk.EUnauthorized, "Your account no longer exists.")
	} else if err != nil {
		return nil, err
	}
	p := c.Profile
	// While the session has an active impersonation record, it acts as the target.
	if s.deps.Impersonations != nil {
		target, err := s.deps.Impersonations.ActingAs(r.Context(), c)
		if err != nil {
			return nil, err
		}
		if target != nil {
			c.Actor, c.Profile = p, target
			// Every request made as someone else is on record, reads and downloads included,
			// in the audit log and on the request's log line; no record, no answer.
			if err := s.deps.Impersonations.RecordRequest(r.Context(), c, r.Method, r.URL.Path); err != nil {
				return nil, err
			}
			if info := requestInfoOf(r.Context()); info != nil {
				info.actorID, info.actedAsID = p.ID, target.ID
			}
		}
	}
	return c, nil
}
