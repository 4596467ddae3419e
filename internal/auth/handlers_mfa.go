package auth

import (
	"errors"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/identity"
)

type enrollRequest struct {
	FactorType   string `json:"factor_type"`
	FriendlyName string `json:"friendly_name"`
	Issuer       string `json:"issuer"`
}

type enrollResponse struct {
	ID           string       `json:"id"`
	Type         string       `json:"type"`
	FriendlyName string       `json:"friendly_name"`
	TOTP         totpResponse `json:"totp"`
}

type totpResponse struct {
	QRCode string `json:"qr_code"`
	Secret string `json:"secret"`
	URI    string `json:"uri"`
}

// handleEnroll adds an unverified TOTP factor and answers with its secret, URI and QR code
// (raw SVG). Once a factor is verified, adding another needs an aal2 session, or a stolen
// aal1 session could add the thief's own authenticator. Phone and WebAuthn factors are off.
func (s *Service) handleEnroll(w http.ResponseWriter, r *http.Request) error {
	var req enrollRequest
	if err := decodeBody(w, r, &req); err != nil {
		return err
	}
	c := callerFrom(r.Context())
	switch req.FactorType {
	case "totp":
	case "phone":
		return unprocessable(codeMFAPhoneEnrollDisabled, "MFA enroll is disabled for Phone")
	case "webauthn":
		return unprocessable(codeMFAWebAuthnEnrollDisable, "MFA enroll is disabled for WebAuthn")
	default:
		return invalid("factor_type needs to be totp, phone, or webauthn")
	}
	if hasVerifiedFactor(c.user) && c.aal != aal2 {
		return forbidden(codeInsufficientAAL, "AAL2 required to enroll a new factor")
	}
	name := strings.TrimSpace(req.FriendlyName)
	if utf8.RuneCountInString(name) > growthdesk.FactorNameMax {
		return unprocessable(codeValidationFailed, "friendly_name must be at most %d characters", growthdesk.FactorNameMax)
	}
	issuer := strings.TrimSpace(req.Issuer)
	if utf8.RuneCountInString(issuer) > growthdesk.FactorNameMax {
		return unprocessable(codeValidationFailed, "issuer must be at most %d characters", growthdesk.FactorNameMax)
	}
	if issuer == "" {
		issuer = s.cfg.SiteName
	}
	key, err := newTOTPKey(issuer, c.user.Email)
	if err != nil {
		return err
	}
	svg, err := qrSVG(key.URL())
	if err != nil {
		return err
	}
	f := identity.Factor{ID: newUUID(), UserID: c.user.ID, FriendlyName: name, Type: "totp", Status: "unverified", Secret: key.Secret()}
	err = s.store.CreateFactor(r.Context(), f, maxFactors, s.now().Add(-unverifiedFactorExpiry))
	var tooMany *identity.TooManyFactorsError
	switch {
	case growthdesk.ErrorCode(err) == growthdesk.EConflict:
		return unprocessable(codeMFANameConflict, "A factor with the friendly name %q for this user already exists", name)
	case errors.As(err, &tooMany):
		return unprocessable(codeTooManyFactors, "Maximum number of enrolled factors reached, unenroll to continue")
	case err != nil:
		return err
	}
	writeJSON(w, http.StatusOK, enrollResponse{
		ID:           f.ID,
		Type:         "totp",
		FriendlyName: name,
		TOTP:         totpResponse{QRCode: svg, Secret: key.Secret(), URI: key.URL()},
	})
	return nil
}

// callerFactor returns the caller's factor named by the path, or GoTrue's 404s.
func (s *Service) callerFactor(r *http.Request) (*identity.Factor, error) {
	id := r.PathValue("id")
	if _, err := uuid.Parse(id); err != nil {
		return nil, newError(http.StatusNotFound, codeValidationFailed, "Factor id must be a UUID")
	}
	f, err := s.store.FactorByID(r.Context(), id)
	if growthdesk.ErrorCode(err) == growthdesk.ENotFound || (err == nil && f.UserID != callerFrom(r.Context()).user.ID) {
		return nil, newError(http.StatusNotFound, codeMFAFactorNotFound, "Factor not found")
	} else if err != nil {
		return nil, err
	}
	return f, nil
}

// handleChallenge opens a challenge on the caller's factor, valid for challengeExpiry and
// only from the caller's address. The body (auth-js sends {factorId}) is not needed.
func (s *Service) handleChallenge(w http.ResponseWriter, r *http.Request) error {
	var ignored struct{}
	if err := decodeBody(w, r, &ignored); err != nil {
		return err
	}
	f, err := s.callerFactor(r)
	if err != nil {
		return err
	}
	ch := identity.Challenge{ID: newUUID(), FactorID: f.ID, IP: s.clientIP(r)}
	if err := s.store.CreateChallenge(r.Context(), ch); err != nil {
		if growthdesk.ErrorCode(err) == growthdesk.ENotFound {
			return newError(http.StatusNotFound, codeMFAFactorNotFound, "Factor not found")
		}
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"id":         ch.ID,
		"type":       f.Type,
		"expires_at": s.now().Add(challengeExpiry).Unix(),
	})
	return nil
}

type verifyFactorRequest struct {
	ChallengeID string `json:"challenge_id"`
	Code        string `json:"code"`
}

// handleVerifyFactor checks a TOTP code against a challenge. Success verifies the factor,
// raises the caller's session to aal2 (amr gains totp) with a new refresh token, and
// deletes the user's other aal1 sessions. Wrong codes count against the account.
func (s *Service) handleVerifyFactor(w http.ResponseWriter, r *http.Request) error {
	var req verifyFactorRequest
	if err := decodeBody(w, r, &req); err != nil {
		return err
	}
	c := callerFrom(r.Context())
	f, err := s.callerFactor(r)
	if err != nil {
		return err
	}
	if strings.TrimSpace(req.Code) == "" {
		return invalid("Code must be provided")
	}
	ctx := r.Context()
	notFound := unprocessable(codeMFAFactorNotFound, "MFA factor with the provided challenge ID not found")
	if _, err := uuid.Parse(req.ChallengeID); err != nil {
		return notFound
	}
	ch, err := s.store.ChallengeByID(ctx, req.ChallengeID)
	if growthdesk.ErrorCode(err) == growthdesk.ENotFound || (err == nil && ch.FactorID != f.ID) {
		return notFound
	} else if err != nil {
		return err
	}
	used := unprocessable(codeMFAIPMismatch, "This challenge has already been used; create a new challenge")
	switch {
	case ch.VerifiedAt != nil:
		return used
	case ch.IP != s.clientIP(r):
		return unprocessable(codeMFAIPMismatch, "Challenge and verify IP addresses mismatch. Try enrollment again.")
	case !s.now().Before(ch.CreatedAt.Add(challengeExpiry)):
		return unprocessable(codeMFAChallengeExpired, "MFA challenge %s has expired, verify against another challenge or create a new challenge.", ch.ID)
	}
	if err := s.checkLockout(ctx, c.user.ID, identity.FailureMFA); err != nil {
		return err
	}
	step, ok := matchTOTP(req.Code, f.Secret, s.now())
	if !ok {
		return s.recordFailure(ctx, c.user.ID, identity.FailureMFA, s.clientIP(r), unprocessable(codeMFAVerificationFailed, "Invalid TOTP code entered"))
	}
	plain, rt, err := newRootRefreshToken()
	if err != nil {
		return err
	}
	amr := []identity.AMREntry{{Method: amrTOTP, Timestamp: s.now().Unix()}}
	for _, m := range c.session.AMR {
		if m.Method != amrTOTP {
			amr = append(amr, m)
		}
	}
	err = s.store.VerifyFactor(ctx, identity.FactorVerification{
		ChallengeID: ch.ID, FactorID: f.ID, UserID: c.user.ID, SessionID: c.session.ID, AMR: amr, Refresh: rt, Step: step,
	})
	if errors.Is(err, identity.ErrTOTPReused) {
		return unprocessable(codeMFAVerificationFailed, "This code has already been used. Wait for the next code from your authenticator app.")
	}
	switch growthdesk.ErrorCode(err) {
	case "":
	case growthdesk.EConflict:
		return used
	case growthdesk.ENotFound:
		return forbidden(codeSessionNotFound, "Session from session_id claim in JWT does not exist")
	default:
		return err
	}
	return s.answerRaisedSession(w, r, c, plain)
}

// answerRaisedSession answers with the caller's session as the second factor left it (aal2),
// with refresh token plain.
func (s *Service) answerRaisedSession(w http.ResponseWriter, r *http.Request, c *caller, plain string) error {
	ctx := r.Context()
	sess, err := s.store.SessionByID(ctx, c.session.ID)
	if err != nil {
		return err
	}
	u, err := s.store.UserByID(ctx, c.user.ID)
	if err != nil {
		return err
	}
	out, err := s.issueSession(ctx, u, sess, plain)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// handleUnenroll removes a factor. Removing a verified one needs aal2: otherwise a stolen
// password alone could switch MFA off.
func (s *Service) handleUnenroll(w http.ResponseWriter, r *http.Request) error {
	c := callerFrom(r.Context())
	f, err := s.callerFactor(r)
	if err != nil {
		return err
	}
	if f.Status == "verified" && c.aal != aal2 {
		return unprocessable(codeInsufficientAAL, "AAL2 required to unenroll verified factor")
	}
	if err := s.store.DeleteFactor(r.Context(), c.user.ID, f.ID); err != nil {
		if growthdesk.ErrorCode(err) == growthdesk.ENotFound {
			return newError(http.StatusNotFound, codeMFAFactorNotFound, "Factor not found")
		}
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": f.ID})
	return nil
}
