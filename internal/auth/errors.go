package auth

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// Error codes as GoTrue names them; auth-js hands them to the app as error.code.
const (
	codeValidationFailed         = "validation_failed"
	codeBadJSON                  = "bad_json"
	codeTooLarge                 = "request_entity_too_large"
	codeInvalidCredentials       = "invalid_credentials"
	codeEmailNotConfirmed        = "email_not_confirmed"
	codeUserAlreadyExists        = "user_already_exists"
	codeWeakPassword             = "weak_password"
	codeSamePassword             = "same_password"
	codePhoneProviderDisabled    = "phone_provider_disabled"
	codeAnonymousDisabled        = "anonymous_provider_disabled"
	codeProviderDisabled         = "provider_disabled"
	codeSAMLDisabled             = "saml_provider_disabled"
	codeManualLinkingDisabled    = "manual_linking_disabled"
	codeSingleIdentity           = "single_identity_not_deletable"
	codeNotAdmin                 = "not_admin"
	codeOTPExpired               = "otp_expired"
	codeRateLimit                = "over_request_rate_limit"
	codeEmailRateLimit           = "over_email_send_rate_limit"
	codeNoAuthorization          = "no_authorization"
	codeBadJWT                   = "bad_jwt"
	codeSessionNotFound          = "session_not_found"
	codeSessionExpired           = "session_expired"
	codeUserNotFound             = "user_not_found"
	codeUserBanned               = "user_banned"
	codeRefreshNotFound          = "refresh_token_not_found"
	codeRefreshReused            = "refresh_token_already_used"
	codeFlowStateNotFound        = "flow_state_not_found"
	codeFlowStateExpired         = "flow_state_expired"
	codeBadCodeVerifier          = "bad_code_verifier"
	codeInsufficientAAL          = "insufficient_aal"
	codeMFAVerificationFailed    = "mfa_verification_failed"
	codeMFAChallengeExpired      = "mfa_challenge_expired"
	codeMFAIPMismatch            = "mfa_ip_address_mismatch"
	codeMFAFactorNotFound        = "mfa_factor_not_found"
	codeMFANameConflict          = "mfa_factor_name_conflict"
	codeTooManyFactors           = "too_many_enrolled_mfa_factors"
	codeReauthNotValid           = "reauthentication_not_valid"
	codeCurrentPasswordRequired  = "current_password_required"
	codeCurrentPasswordInvalid   = "current_password_invalid"
	codeEmailAddressInvalid      = "email_address_invalid"
	codeImpersonating            = "impersonation_active"
	codeNotFound                 = "not_found"
	codeMethodNotAllowed         = "method_not_allowed"
	codeUnexpectedFailure        = "unexpected_failure"
	codeMFAPhoneEnrollDisabled   = "mfa_phone_enroll_not_enabled"
	codeMFAWebAuthnEnrollDisable = "mfa_webauthn_enroll_not_enabled"
)

// apiError is an error answer: an HTTP status, a GoTrue error code and a message fit for
// the user. Anything that is not an *apiError is a fault and answers 500.
type apiError struct {
	status  int
	code    string
	message string
	// reasons lists why a password is weak ("length", "characters", "pwned").
	reasons []string
	// retryAfter sets Retry-After on 429 answers.
	retryAfter time.Duration
}

func (e *apiError) Error() string { return fmt.Sprintf("%d %s: %s", e.status, e.code, e.message) }

func newError(status int, code, format string, args ...any) *apiError {
	return &apiError{status: status, code: code, message: fmt.Sprintf(format, args...)}
}

func badRequest(code, format string, args ...any) *apiError {
	return newError(http.StatusBadRequest, code, format, args...)
}

func unprocessable(code, format string, args ...any) *apiError {
	return newError(http.StatusUnprocessableEntity, code, format, args...)
}

func forbidden(code, format string, args ...any) *apiError {
	return newError(http.StatusForbidden, code, format, args...)
}

func invalid(format string, args ...any) *apiError {
	return badRequest(codeValidationFailed, format, args...)
}

// rateLimited is the per-address or per-account limiter's answer.
func rateLimited(retry time.Duration) *apiError {
	e := newError(http.StatusTooManyRequests, codeRateLimit, "Request rate limit reached")
	e.retryAfter = retry
	return e
}

// unavailable refuses a request whose rate limit or lockout could not be checked (the
// database failed): 503 with Retry-After, never a pass. GoTrue has no code for it; its code
// for a server-side failure is unexpected_failure, and auth-js treats any 503 as retryable.
func unavailable() *apiError {
	e := newError(http.StatusServiceUnavailable, codeUnexpectedFailure, "The service cannot take this request right now. Please try again in a few seconds.")
	e.retryAfter = growthdesk.UnavailableRetry
	return e
}

// emailTooSoon is the per-user resend window's answer, worded as GoTrue words it.
func emailTooSoon(retry time.Duration) *apiError {
	secs := int(math.Ceil(retry.Seconds()))
	if secs < 1 {
		secs = 1
	}
	e := newError(http.StatusTooManyRequests, codeEmailRateLimit, "For security purposes, you can only request this after %d seconds.", secs)
	e.retryAfter = retry
	return e
}

// apiVersionHeader selects the error body format; see writeError.
const apiVersionHeader = "X-Supabase-Api-Version"

// apiVersion20240101 is the first (and so far only) dated API version.
var apiVersion20240101 = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)

// modernErrors reports whether the request asked for the 2024-01-01 error format.
func modernErrors(r *http.Request) bool {
	v := r.Header.Get(apiVersionHeader)
	if v == "" {
		return false
	}
	t, err := time.Parse("2006-01-02", v)
	return err == nil && !t.Before(apiVersion20240101)
}

// writeError answers with err. With X-Supabase-Api-Version ≥ 2024-01-01 in the request
// the body is {"code","message"} and the header is echoed — auth-js reads body.code only
// when it sees that header; otherwise it is GoTrue's legacy {"code":<status>,"error_code",
// "msg"}. Both carry x-sb-error-code. A fault is logged and answers 500 without details.
func (s *Service) writeError(w http.ResponseWriter, r *http.Request, err error) {
	var e *apiError
	if !errors.As(err, &e) {
		s.log.ErrorContext(r.Context(), "auth request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		e = newError(http.StatusInternalServerError, codeUnexpectedFailure, "Something went wrong on our side. Please try again.")
	}
	h := w.Header()
	h.Set("x-sb-error-code", e.code)
	if e.retryAfter > 0 {
		h.Set("Retry-After", strconv.Itoa(max(1, int(math.Ceil(e.retryAfter.Seconds())))))
	}
	var body map[string]any
	if modernErrors(r) {
		h.Set(apiVersionHeader, "2024-01-01")
		body = map[string]any{"code": e.code, "message": e.message}
	} else {
		body = map[string]any{"code": e.status, "error_code": e.code, "msg": e.message}
	}
	if e.code == codeWeakPassword {
		reasons := e.reasons
		if reasons == nil {
			reasons = []string{}
		}
		body["weak_password"] = map[string]any{"reasons": reasons}
	}
	writeJSON(w, e.status, body)
}

// writeJSON encodes v with the given status; auth answers are never cached.
func writeJSON(w http.ResponseWriter, status int, v any) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	if h.Get("Cache-Control") == "" {
		h.Set("Cache-Control", "no-store")
	}
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
}
