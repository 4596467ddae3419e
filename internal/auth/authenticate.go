package auth

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/google/uuid"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/identity"
)

// caller is the verified bearer of an access token on an authenticated endpoint.
type caller struct {
	claims  *AccessClaims
	session *identity.Session
	user    *identity.User
	// aal is the lower of the token's and the session's level: a factor removed since the
	// token was minted lowers it at once.
	aal string
}

type callerKey struct{}

func callerFrom(ctx context.Context) *caller {
	c, _ := ctx.Value(callerKey{}).(*caller)
	return c
}

// authed runs next only for a valid access token whose session still exists, with GoTrue's
// error codes for every way it can fail: that is how signing out ends access tokens that
// have not expired yet.
func (s *Service) authed(next handlerFunc) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		token, ok := bearerToken(r)
		if !ok {
			return newError(http.StatusUnauthorized, codeNoAuthorization, "This endpoint requires a valid Bearer token")
		}
		c, err := s.verifyCaller(r.Context(), token, true)
		if err != nil {
			return err
		}
		return next(w, r.WithContext(context.WithValue(r.Context(), callerKey{}, c)))
	}
}

// notImpersonating refuses, after authed, a change to the signed-in user's credentials or
// factors while the session acts as another account: a staff member impersonating someone
// must not touch passwords, e-mail or two-factor devices.
func (s *Service) notImpersonating(next handlerFunc) handlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if s.imperson != nil {
			c := callerFrom(r.Context())
			on, err := s.imperson.SessionImpersonating(r.Context(), c.session.ID)
			if err != nil {
				return err
			}
			if on {
				return newError(http.StatusForbidden, codeImpersonating,
					"This is not available while impersonating: passwords, e-mail and two-factor devices can only be changed by the account's owner.")
			}
		}
		return next(w, r)
	}
}

func bearerToken(r *http.Request) (string, bool) {
	h := r.Header.Get("Authorization")
	scheme, token, ok := strings.Cut(h, " ")
	token = strings.TrimSpace(token)
	if !ok || !strings.EqualFold(scheme, "Bearer") || token == "" {
		return "", false
	}
	return token, true
}

// verifyCaller checks the token and its session, and with loadUser the user too.
func (s *Service) verifyCaller(ctx context.Context, token string, loadUser bool) (*caller, error) {
	claims, err := s.parseAccessToken(ctx, token)
	if err != nil {
		return nil, forbidden(codeBadJWT, "invalid JWT: unable to parse or verify signature, %v", err)
	}
	if claims.Subject == "" {
		return nil, forbidden(codeBadJWT, "invalid claim: missing sub claim")
	}
	if _, err := uuid.Parse(claims.Subject); err != nil {
		return nil, badRequest(codeBadJWT, "invalid claim: sub claim must be a UUID")
	}
	noSession := forbidden(codeSessionNotFound, "Session from session_id claim in JWT does not exist")
	if claims.SessionID == "" {
		return nil, noSession
	}
	sess, err := s.store.SessionByID(ctx, claims.SessionID)
	if growthdesk.ErrorCode(err) == growthdesk.ENotFound || (err == nil && sess.UserID != claims.Subject) {
		return nil, noSession
	} else if err != nil {
		return nil, err
	}
	if sess.NotAfter != nil && !s.now().Before(*sess.NotAfter) {
		return nil, noSession
	}
	c := &caller{claims: claims, session: sess, aal: minAAL(claims.AAL, sess.AAL)}
	if loadUser {
		c.user, err = s.store.UserByID(ctx, claims.Subject)
		if growthdesk.ErrorCode(err) == growthdesk.ENotFound {
			return nil, forbidden(codeUserNotFound, "User from sub claim in JWT does not exist")
		} else if err != nil {
			return nil, err
		}
		if c.user.BannedUntil != nil && c.user.BannedUntil.After(s.now()) {
			return nil, forbidden(codeUserBanned, "User is banned")
		}
	}
	return c, nil
}

func minAAL(a, b string) string {
	if a == aal2 && b == aal2 {
		return aal2
	}
	return aal1
}

// Authenticate verifies a bearer access token for the rest of the product (/api/v1): the
// signature by kid (retired keys included), the expiry, the audience and issuer, and that
// the token's session still exists, so a signed-out token stops working at once. Every
// failure is a *growthdesk.Error with code EUnauthorized and a message fit for the user;
// a database fault is returned as is.
func (s *Service) Authenticate(ctx context.Context, bearerToken string) (*growthdesk.Identity, error) {
	token := strings.TrimSpace(bearerToken)
	if scheme, rest, ok := strings.Cut(token, " "); ok && strings.EqualFold(scheme, "Bearer") {
		token = strings.TrimSpace(rest)
	}
	if token == "" {
		return nil, growthdesk.Errorf(growthdesk.EUnauthorized, "Please sign in to continue.")
	}
	c, err := s.verifyCaller(ctx, token, true)
	if err != nil {
		var e *apiError
		if !errors.As(err, &e) {
			return nil, err
		}
		if e.code == codeSessionNotFound || e.code == codeUserNotFound || strings.Contains(e.message, "token is expired") {
			return nil, growthdesk.Errorf(growthdesk.EUnauthorized, "Your session has ended. Please sign in again.")
		}
		return nil, growthdesk.Errorf(growthdesk.EUnauthorized, "Your sign-in is not valid. Please sign in again.")
	}
	id := &growthdesk.Identity{UserID: c.claims.Subject, SessionID: c.session.ID, Email: c.claims.Email, AAL: c.aal}
	if c.aal != aal2 {
		for _, f := range c.user.Factors {
			if f.Status == "verified" {
				id.MFAPending = true
				break
			}
		}
	}
	return id, nil
}

// ListSessions returns the user's sessions, newest first, for the settings page.
func (s *Service) ListSessions(ctx context.Context, userID string) ([]growthdesk.SessionInfo, error) {
	sessions, err := s.store.ListSessions(ctx, userID)
	if err != nil {
		return nil, err
	}
	out := make([]growthdesk.SessionInfo, 0, len(sessions))
	for _, x := range sessions {
		out = append(out, growthdesk.SessionInfo{ID: x.ID, CreatedAt: x.CreatedAt, RefreshedAt: x.RefreshedAt,
			UserAgent: x.UserAgent, IP: x.IP, AAL: x.AAL})
	}
	return out, nil
}

// RevokeSession ends one of the user's own sessions; a session of someone else is ENotFound,
// exactly like one that does not exist.
func (s *Service) RevokeSession(ctx context.Context, userID, sessionID string) error {
	sess, err := s.store.SessionByID(ctx, sessionID)
	if err != nil {
		return err
	}
	if sess.UserID != userID {
		return growthdesk.Errorf(growthdesk.ENotFound, "There is no such session.")
	}
	return s.store.DeleteSession(ctx, sessionID)
}

var _ growthdesk.SessionManager = (*Service)(nil)

// SignOutUser ends every session of the user except exceptSessionID ("" for all), e.g.
// when an admin rejects the account. Access tokens of those sessions stop working at once.
func (s *Service) SignOutUser(ctx context.Context, userID, exceptSessionID string) error {
	return s.store.DeleteUserSessions(ctx, userID, exceptSessionID)
}
