package auth

import (
	"net/http"
	"strings"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/identity"
)

// handleToken dispatches on grant_type, read from the query string as auth-js sends it.
func (s *Service) handleToken(w http.ResponseWriter, r *http.Request) error {
	switch grant := r.URL.Query().Get("grant_type"); grant {
	case "password":
		return s.grantPassword(w, r)
	case "refresh_token":
		return s.grantRefresh(w, r)
	case "pkce":
		return s.grantPKCE(w, r)
	case "id_token":
		return badRequest(codeProviderDisabled, "Sign-in with an ID token is not supported")
	case "web3":
		return badRequest("web3_provider_disabled", "Web3 provider is disabled")
	default:
		return badRequest(codeInvalidCredentials, "unsupported_grant_type")
	}
}

type passwordRequest struct {
	Email    string `json:"email"`
	Phone    string `json:"phone"`
	Password string `json:"password"`
}

// grantPassword signs in with e-mail and password. The password is checked before the
// confirmation state, so an unconfirmed address is revealed only to its owner; unknown
// users cost a dummy comparison; an account with too many recent wrong passwords answers
// 429 before its password is even compared. Users still pending approval do sign in: the
// portal, not the auth service, gates on approval.
func (s *Service) grantPassword(w http.ResponseWriter, r *http.Request) error {
	var req passwordRequest
	if err := decodeBody(w, r, &req); err != nil {
		return err
	}
	email, phone := growthdesk.NormalizeEmail(req.Email), strings.TrimSpace(req.Phone)
	switch {
	case email != "" && phone != "":
		return invalid("Only an email address or phone number should be provided on login.")
	case phone != "":
		return badRequest(codePhoneProviderDisabled, "Phone logins are disabled")
	case email == "":
		return invalid("missing email or phone")
	}
	ctx := r.Context()
	wrong := badRequest(codeInvalidCredentials, "Invalid login credentials")
	u, err := s.store.UserByEmail(ctx, email)
	if growthdesk.ErrorCode(err) == growthdesk.ENotFound {
		s.passwordMatches("", req.Password)
		return wrong
	} else if err != nil {
		return err
	}
	if err := s.checkLockout(ctx, u.ID, identity.FailurePassword); err != nil {
		return err
	}
	if !s.passwordMatches(u.PasswordHash, req.Password) {
		return s.recordFailure(ctx, u.ID, identity.FailurePassword, s.clientIP(r), wrong)
	}
	if u.BannedUntil != nil && u.BannedUntil.After(s.now()) {
		return badRequest(codeUserBanned, "User is banned")
	}
	if u.EmailConfirmedAt == nil {
		return badRequest(codeEmailNotConfirmed, "Email not confirmed")
	}
	ns, refresh, err := s.newSession(u.ID, s.clientIP(r), r.UserAgent(), amrPassword)
	if err != nil {
		return err
	}
	u, err = s.store.CreateSession(ctx, ns)
	if err != nil {
		return err
	}
	out, err := s.issueSession(ctx, u, &ns.Session, refresh)
	if err != nil {
		return err
	}
	if weak, ok := s.checkPassword(req.Password).(*apiError); ok && weak != nil && weak.code == codeWeakPassword {
		out.WeakPassword = &weakPassword{Message: weak.message, Reasons: weak.reasons}
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

type refreshRequest struct {
	RefreshToken string `json:"refresh_token"`
}

// grantRefresh rotates the refresh token and mints a new access token for the same
// session (see refreshStep for the reuse rules).
func (s *Service) grantRefresh(w http.ResponseWriter, r *http.Request) error {
	var req refreshRequest
	if err := decodeBody(w, r, &req); err != nil {
		return err
	}
	presented := strings.TrimSpace(req.RefreshToken)
	if presented == "" {
		return invalid("refresh_token required")
	}
	if len(presented) < minRefreshTokenLength {
		return invalid("Refresh token is not valid")
	}
	ctx := r.Context()
	var handedOut string
	res, err := s.store.RotateRefreshToken(ctx, hashToken(presented), s.refreshStep(presented, &handedOut))
	if growthdesk.ErrorCode(err) == growthdesk.ENotFound {
		return badRequest(codeRefreshNotFound, "Invalid Refresh Token: Refresh Token Not Found")
	} else if err != nil {
		return err
	}
	if res.Revoked {
		s.log.WarnContext(ctx, "refresh token reused after the reuse interval; session revoked",
			"session_id", res.Session.ID, "user_id", res.Session.UserID, "ip", s.clientIP(r))
		return badRequest(codeRefreshReused, "Invalid Refresh Token: Already Used")
	}
	u, err := s.store.UserByID(ctx, res.Session.UserID)
	if growthdesk.ErrorCode(err) == growthdesk.ENotFound {
		return badRequest(codeSessionNotFound, "Invalid Refresh Token: No Valid Session Found")
	} else if err != nil {
		return err
	}
	if u.BannedUntil != nil && u.BannedUntil.After(s.now()) {
		return badRequest(codeUserBanned, "User is banned")
	}
	out, err := s.issueSession(ctx, u, &res.Session, handedOut)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

type pkceRequest struct {
	AuthCode     string `json:"auth_code"`
	CodeVerifier string `json:"code_verifier"`
}

// grantPKCE exchanges the code of a followed e-mail link (PKCE flow) for a session.
func (s *Service) grantPKCE(w http.ResponseWriter, r *http.Request) error {
	var req pkceRequest
	if err := decodeBody(w, r, &req); err != nil {
		return err
	}
	if req.AuthCode == "" || req.CodeVerifier == "" {
		return invalid("invalid request: both auth code and code verifier should be non-empty")
	}
	ctx := r.Context()
	flow, err := s.store.FlowStateByAuthCode(ctx, req.AuthCode)
	if growthdesk.ErrorCode(err) == growthdesk.ENotFound {
		return newError(http.StatusNotFound, codeFlowStateNotFound, "invalid flow state, no valid flow state found")
	} else if err != nil {
		return err
	}
	if !s.now().Before(flow.CreatedAt.Add(flowStateExpiry)) {
		return unprocessable(codeFlowStateExpired, "invalid flow state, flow state has expired")
	}
	if !verifyCodeVerifier(flow, req.CodeVerifier) {
		return badRequest(codeBadCodeVerifier, "code challenge does not match previously saved code verifier")
	}
	ns, refresh, err := s.newSession(flow.UserID, s.clientIP(r), r.UserAgent(), flow.AuthenticationMethod)
	if err != nil {
		return err
	}
	u, err := s.store.RedeemFlowState(ctx, flow.ID, ns)
	if growthdesk.ErrorCode(err) == growthdesk.ENotFound {
		return newError(http.StatusNotFound, codeFlowStateNotFound, "invalid flow state, no valid flow state found")
	} else if err != nil {
		return err
	}
	out, err := s.issueSession(ctx, u, &ns.Session, refresh)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// handleLogout ends sessions: scope global (the default) all of the user's, local the
// token's own, others all but the token's own. Deleted sessions take their refresh tokens
// with them, and their access tokens are refused from then on.
func (s *Service) handleLogout(w http.ResponseWriter, r *http.Request) error {
	c := callerFrom(r.Context())
	var err error
	switch scope := r.URL.Query().Get("scope"); scope {
	case "", "global":
		err = s.store.DeleteUserSessions(r.Context(), c.user.ID, "")
	case "local":
		err = s.store.DeleteSession(r.Context(), c.session.ID)
	case "others":
		err = s.store.DeleteUserSessions(r.Context(), c.user.ID, c.session.ID)
	default:
		return invalid("Unsupported logout scope %q", scope)
	}
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNoContent)
	return nil
}
