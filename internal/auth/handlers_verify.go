package auth

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/identity"
)

// verifyTypes maps a /verify type to the token types it accepts. "email" takes either a
// sign-up confirmation or a magic link, as in GoTrue.
var verifyTypes = map[string][]string{
	"signup":    {identity.TokenConfirmation},
	"recovery":  {identity.TokenRecovery},
	"magiclink": {identity.TokenMagicLink},
	"email":     {identity.TokenConfirmation, identity.TokenMagicLink},
}

// checkVerifyType refuses types the product does not have (invite, email_change, phone).
func checkVerifyType(t string) ([]string, error) {
	if t == "" {
		return nil, invalid("Verify requires a verification type")
	}
	if types, ok := verifyTypes[t]; ok {
		return types, nil
	}
	switch t {
	case "sms", "phone_change":
		return nil, unprocessable(codePhoneProviderDisabled, "Phone logins are disabled")
	case "invite", "email_change":
		return nil, invalid("Verification type %q is not supported", t)
	}
	return nil, invalid("Unsupported verification type %q", t)
}

// signInMethod is the amr method recorded for a verified token. A recovery session says
// "recovery", which is what lets it set a new password without the old one.
func signInMethod(tokenType string) string {
	if tokenType == identity.TokenRecovery {
		return amrRecovery
	}
	return amrOTP
}

type verifyRequest struct {
	Type       string `json:"type"`
	Token      string `json:"token"`
	TokenHash  string `json:"token_hash"`
	Email      string `json:"email"`
	Phone      string `json:"phone"`
	RedirectTo string `json:"redirect_to"`
}

// handleVerify checks a 6-digit code (with the e-mail address) or a link's token_hash and
// answers with a session. Tokens are single use; a sign-up or recovery confirms the address.
func (s *Service) handleVerify(w http.ResponseWriter, r *http.Request) error {
	var req verifyRequest
	if err := decodeBody(w, r, &req); err != nil {
		return err
	}
	types, err := checkVerifyType(req.Type)
	if err != nil {
		return err
	}
	req.Token, req.TokenHash = strings.TrimSpace(req.Token), strings.TrimSpace(req.TokenHash)
	if strings.TrimSpace(req.Phone) != "" {
		return unprocessable(codePhoneProviderDisabled, "Phone logins are disabled")
	}
	ctx := r.Context()
	var tok *identity.OneTimeToken
	var expired *apiError
	switch {
	case req.TokenHash != "" && (req.Token != "" || req.Email != ""):
		return invalid("Only the token_hash and type should be provided")
	case req.TokenHash != "":
		expired = forbidden(codeOTPExpired, "Email link is invalid or has expired")
		tok, err = s.store.OneTimeTokenByHash(ctx, linkSecretHash(req.TokenHash))
	case req.Token != "":
		if strings.TrimSpace(req.Email) == "" {
			return invalid("Verify requires an email address with a token")
		}
		expired = forbidden(codeOTPExpired, "Token has expired or is invalid")
		var u *identity.User
		u, err = s.store.UserByEmail(ctx, growthdesk.NormalizeEmail(req.Email))
		if err == nil {
			// A 6-digit code can be guessed from many addresses at once: wrong codes count
			// against the account, like wrong passwords, and lock it for the window.
			if err := s.checkLockout(ctx, u.ID, identity.FailureOTP); err != nil {
				return err
			}
			tok, err = s.store.OneTimeTokenByOTP(ctx, u.ID, types, hashOTP(u.ID, req.Token))
			if growthdesk.ErrorCode(err) == growthdesk.ENotFound {
				return s.recordFailure(ctx, u.ID, identity.FailureOTP, s.clientIP(r), expired)
			}
		}
	default:
		return invalid("Verify requires either a token or a token hash")
	}
	if growthdesk.ErrorCode(err) == growthdesk.ENotFound {
		return expired
	} else if err != nil {
		return err
	}
	if !acceptsToken(types, tok.Type) || !s.now().Before(tok.ExpiresAt) {
		return expired
	}
	ns, refresh, err := s.newSession(tok.UserID, s.clientIP(r), r.UserAgent(), signInMethod(tok.Type))
	if err != nil {
		return err
	}
	u, err := s.store.RedeemOneTimeToken(ctx, identity.Redemption{TokenID: tok.ID, UserID: tok.UserID, ConfirmEmail: true, Session: &ns})
	if growthdesk.ErrorCode(err) == growthdesk.ENotFound {
		return expired
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

func acceptsToken(types []string, tokenType string) bool {
	for _, t := range types {
		if t == tokenType {
			return true
		}
	}
	return false
}

// handleVerifyLink is where e-mailed links land. It always answers 303 See Other to the
// allowed redirect target: with the session in the fragment (implicit flow), with ?code=
// for the PKCE exchange, or with the error in the fragment (and for PKCE links also in the
// query), which is where auth-js's detectSessionInUrl looks.
func (s *Service) handleVerifyLink(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	target := s.redirectTarget(q.Get("redirect_to"))
	token, linkType := q.Get("token"), q.Get("type")
	isPKCE := strings.HasPrefix(token, "pkce_")
	fail := func(e *apiError) error {
		redirectError(w, r, target, e, isPKCE)
		return nil
	}
	// The limit is checked here rather than by the router so that its answer is a redirect
	// too: the user followed a link in a browser.
	if err := s.allow(r, limitVerify); err != nil {
		return fail(err.(*apiError))
	}
	types, err := checkVerifyType(linkType)
	if err != nil {
		return fail(err.(*apiError))
	}
	expired := forbidden(codeOTPExpired, "Email link is invalid or has expired")
	if token == "" {
		return fail(expired)
	}
	ctx := r.Context()
	tok, err := s.store.OneTimeTokenByHash(ctx, linkSecretHash(token))
	if growthdesk.ErrorCode(err) == growthdesk.ENotFound {
		return fail(expired)
	} else if err != nil {
		return err
	}
	if !acceptsToken(types, tok.Type) || !s.now().Before(tok.ExpiresAt) {
		return fail(expired)
	}
	if tok.RelatesTo != "" {
		code := newUUID()
		_, err := s.store.RedeemOneTimeToken(ctx, identity.Redemption{TokenID: tok.ID, UserID: tok.UserID, ConfirmEmail: true, FlowID: tok.RelatesTo, AuthCode: code})
		if growthdesk.ErrorCode(err) == growthdesk.ENotFound {
			return fail(expired)
		} else if err != nil {
			return err
		}
		http.Redirect(w, r, withQuery(target, url.Values{"code": {code}}), http.StatusSeeOther)
		return nil
	}
	out, err := s.redeemLink(ctx, r, tok)
	if growthdesk.ErrorCode(err) == growthdesk.ENotFound {
		return fail(expired)
	} else if err != nil {
		return err
	}
	fragment := url.Values{
		"access_token":  {out.AccessToken},
		"expires_at":    {strconv.FormatInt(out.ExpiresAt, 10)},
		"expires_in":    {strconv.FormatInt(out.ExpiresIn, 10)},
		"refresh_token": {out.RefreshToken},
		"sb":            {""},
		"token_type":    {"bearer"},
		"type":          {linkType},
	}
	http.Redirect(w, r, withFragment(target, fragment), http.StatusSeeOther)
	return nil
}

func (s *Service) redeemLink(ctx context.Context, r *http.Request, tok *identity.OneTimeToken) (*sessionResponse, error) {
	ns, refresh, err := s.newSession(tok.UserID, s.clientIP(r), r.UserAgent(), signInMethod(tok.Type))
	if err != nil {
		return nil, err
	}
	u, err := s.store.RedeemOneTimeToken(ctx, identity.Redemption{TokenID: tok.ID, UserID: tok.UserID, ConfirmEmail: true, Session: &ns})
	if err != nil {
		return nil, err
	}
	return s.issueSession(ctx, u, &ns.Session, refresh)
}

// redirectError sends the browser back with GoTrue's error parameters.
func redirectError(w http.ResponseWriter, r *http.Request, target string, e *apiError, pkce bool) {
	kind := "server_error"
	switch {
	case e.status == http.StatusForbidden:
		kind = "access_denied"
	case e.status >= 400 && e.status < 500:
		kind = "invalid_request"
	}
	params := url.Values{"error": {kind}, "error_code": {e.code}, "error_description": {e.message}}
	if pkce {
		target = withQuery(target, params)
	}
	params.Set("sb", "")
	http.Redirect(w, r, withFragment(target, params), http.StatusSeeOther)
}

// withQuery adds params to target's query string.
func withQuery(target string, params url.Values) string {
	u, err := url.Parse(target)
	if err != nil {
		return target
	}
	q := u.Query()
	for k, v := range params {
		q[k] = v
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// withFragment replaces target's fragment by params (keys sorted, as GoTrue writes them).
func withFragment(target string, params url.Values) string {
	if i := strings.IndexByte(target, '#'); i >= 0 {
		target = target[:i]
	}
	return target + "#" + params.Encode()
}
