package auth

import (
	"crypto/rand"
	"errors"
	"math/big"
	"net/http"
	"strings"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/identity"
)

// Recovery codes: a set of single-use codes, each accepted at the second-factor step instead of
// an authenticator code. The wire, error codes included, is auth-js's mfa.recoveryCodes API
// (2.119): codes in canonical form (lowercase, no separators), typed back in any case with
// spaces or '-'.
const (
	codeRecoveryCodesSoleFactor = "mfa_recovery_codes_sole_factor"
	codeRecoveryCodesExist      = "mfa_verified_factor_exists"
	codeRecoveryCodesLocked     = "mfa_recovery_codes_locked"

	recoveryCodeCount = 10
	// 10 characters from a 31-character alphabet: about 49 bits per code, against at most
	// FailureLimit guesses per window (wrong codes count with wrong TOTP codes).
	recoveryCodeLength = 10
	// No 0/o, 1/l/i: a code read off paper is typed back right.
	recoveryCodeAlphabet = "23456789abcdefghjkmnpqrstuvwxyz"
	recoveryCodesName    = "Recovery codes"
)

type recoveryCodesResponse struct {
	ID           string   `json:"id"`
	Type         string   `json:"type"`
	FriendlyName string   `json:"friendly_name"`
	Total        int      `json:"total"`
	Codes        []string `json:"codes"`
}

// newRecoveryCode is a random code in its canonical form.
func newRecoveryCode() (string, error) {
	var b strings.Builder
	max := big.NewInt(int64(len(recoveryCodeAlphabet)))
	for i := 0; i < recoveryCodeLength; i++ {
		n, err := rand.Int(rand.Reader, max)
		if err != nil {
			return "", err
		}
		b.WriteByte(recoveryCodeAlphabet[n.Int64()])
	}
	return b.String(), nil
}

// hashRecoveryCode is how a code is stored and looked up: letter case, white space and '-'
// separators do not matter, as auth-js documents.
func hashRecoveryCode(code string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(code) {
		if r == '-' || r == ' ' || r == '\t' {
			continue
		}
		b.WriteRune(r)
	}
	return hashToken("recovery-code:" + b.String())
}

// handleGenerateRecoveryCodes makes the first set; handleRegenerateRecoveryCodes replaces it.
func (s *Service) handleGenerateRecoveryCodes(w http.ResponseWriter, r *http.Request) error {
	return s.saveRecoveryCodes(w, r, false)
}

func (s *Service) handleRegenerateRecoveryCodes(w http.ResponseWriter, r *http.Request) error {
	return s.saveRecoveryCodes(w, r, true)
}

// saveRecoveryCodes makes a set of codes for a user with a verified authenticator app, from an
// aal2 session only: a stolen password alone must not yield a way past the second factor. The
// codes are answered once; only their hashes are kept. Regenerating keeps the set's id.
func (s *Service) saveRecoveryCodes(w http.ResponseWriter, r *http.Request, replace bool) error {
	var req struct {
		FriendlyName string `json:"friendly_name"`
	}
	if err := decodeBody(w, r, &req); err != nil {
		return err
	}
	c := callerFrom(r.Context())
	if !hasVerifiedFactor(c.user) {
		return unprocessable(codeRecoveryCodesSoleFactor, "Set up an authenticator app before recovery codes")
	}
	if c.aal != aal2 {
		return forbidden(codeInsufficientAAL, "AAL2 required to generate recovery codes")
	}
	setID := newUUID()
	if replace {
		rc, err := s.store.RecoveryCodeStatus(r.Context(), c.user.ID)
		if growthdesk.ErrorCode(err) == growthdesk.ENotFound {
			return newError(http.StatusNotFound, codeMFAFactorNotFound, "No recovery codes are set up; generate them first")
		} else if err != nil {
			return err
		}
		setID = rc.SetID
	}
	codes := make([]string, recoveryCodeCount)
	hashes := make([]string, recoveryCodeCount)
	for i := range codes {
		code, err := newRecoveryCode()
		if err != nil {
			return err
		}
		codes[i], hashes[i] = code, hashRecoveryCode(code)
	}
	err := s.store.SaveRecoveryCodes(r.Context(), identity.NewRecoveryCodes{UserID: c.user.ID, SetID: setID, Hashes: hashes, Replace: replace, IP: s.clientIP(r)})
	switch growthdesk.ErrorCode(err) {
	case "":
	case growthdesk.EConflict:
		return unprocessable(codeRecoveryCodesExist, "Recovery codes exist already; regenerate them to replace them")
	case growthdesk.ENotFound:
		return unprocessable(codeRecoveryCodesSoleFactor, "Set up an authenticator app before recovery codes")
	default:
		return err
	}
	writeJSON(w, http.StatusOK, recoveryCodesResponse{ID: setID, Type: "recovery_code", FriendlyName: recoveryCodesName, Total: len(codes), Codes: codes})
	return nil
}

// handleRecoveryCodeStatus answers how many of the caller's codes are left, never the codes.
func (s *Service) handleRecoveryCodeStatus(w http.ResponseWriter, r *http.Request) error {
	rc, err := s.store.RecoveryCodeStatus(r.Context(), callerFrom(r.Context()).user.ID)
	if growthdesk.ErrorCode(err) == growthdesk.ENotFound {
		return newError(http.StatusNotFound, codeMFAFactorNotFound, "No recovery codes are set up")
	} else if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": rc.SetID, "type": "recovery_code", "total": rc.Total, "remaining": rc.Remaining})
	return nil
}

// handleVerifyRecoveryCode spends one code at the second-factor step: the session is raised to
// aal2 (amr gains mfa/recovery_code) with a new refresh token, as a TOTP code does. Wrong codes
// count against the account with wrong TOTP codes, so the two together get one allowance; a
// locked account gets auth-js's 429 mfa_recovery_codes_locked.
func (s *Service) handleVerifyRecoveryCode(w http.ResponseWriter, r *http.Request) error {
	var req struct {
		Code string `json:"code"`
	}
	if err := decodeBody(w, r, &req); err != nil {
		return err
	}
	if strings.TrimSpace(req.Code) == "" {
		return unprocessable(codeMFAVerificationFailed, "Enter a recovery code")
	}
	ctx := r.Context()
	c := callerFrom(ctx)
	if err := s.checkLockout(ctx, c.user.ID, identity.FailureMFA); err != nil {
		var locked *apiError
		if errors.As(err, &locked) && locked.status == http.StatusTooManyRequests {
			locked.code = codeRecoveryCodesLocked
		}
		return err
	}
	plain, rt, err := newRootRefreshToken()
	if err != nil {
		return err
	}
	amr := []identity.AMREntry{{Method: identity.AMRRecoveryCode, Timestamp: s.now().Unix()}}
	for _, m := range c.session.AMR {
		if m.Method != identity.AMRRecoveryCode {
			amr = append(amr, m)
		}
	}
	// The account hears of every use: a code taken from someone's drawer must not sign in unnoticed.
	notice, err := s.mailer.Render(growthdesk.EmailRecoveryCodeUsed, c.user.Email, growthdesk.EmailData{
		FullName:  fullName(c.user),
		ActionURL: s.cfg.SiteURL + "/portal/settings?tab=security",
		Details: []growthdesk.EmailDetail{
			{Label: "When", Value: s.now().UTC().Format("Jan 2, 2006, 15:04 UTC")},
			{Label: "From address", Value: s.clientIP(r)},
		},
	})
	if err != nil {
		return err
	}
	_, err = s.store.RedeemRecoveryCode(ctx, identity.RecoveryCodeRedemption{
		UserID: c.user.ID, SessionID: c.session.ID, CodeHash: hashRecoveryCode(req.Code), AMR: amr, Refresh: rt, IP: s.clientIP(r),
	}, notice)
	switch {
	case errors.Is(err, identity.ErrRecoveryCodeInvalid):
		return s.recordFailure(ctx, c.user.ID, identity.FailureMFA, s.clientIP(r), unprocessable(codeMFAVerificationFailed, "Invalid recovery code entered"))
	case growthdesk.ErrorCode(err) == growthdesk.ENotFound:
		return forbidden(codeSessionNotFound, "Session from session_id claim in JWT does not exist")
	case err != nil:
		return err
	}
	return s.answerRaisedSession(w, r, c, plain)
}

// handleDeleteRecoveryCodes removes the set; like removing a verified factor it needs aal2.
func (s *Service) handleDeleteRecoveryCodes(w http.ResponseWriter, r *http.Request) error {
	c := callerFrom(r.Context())
	rc, err := s.store.RecoveryCodeStatus(r.Context(), c.user.ID)
	if growthdesk.ErrorCode(err) == growthdesk.ENotFound {
		return newError(http.StatusNotFound, codeMFAFactorNotFound, "No recovery codes are set up")
	} else if err != nil {
		return err
	}
	if c.aal != aal2 {
		return unprocessable(codeInsufficientAAL, "AAL2 required to remove recovery codes")
	}
	if err := s.store.DeleteRecoveryCodes(r.Context(), c.user.ID); err != nil && growthdesk.ErrorCode(err) != growthdesk.ENotFound {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": rc.SetID})
	return nil
}
