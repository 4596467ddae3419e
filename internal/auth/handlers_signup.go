package auth

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/identity"
)

type signupRequest struct {
	Email               string         `json:"email"`
	Phone               string         `json:"phone"`
	Password            string         `json:"password"`
	Data                map[string]any `json:"data"`
	CodeChallenge       string         `json:"code_challenge"`
	CodeChallengeMethod string         `json:"code_challenge_method"`
}

// checkEmail normalizes an address and refuses a malformed one in GoTrue's words.
func checkEmail(raw string) (string, error) {
	email := growthdesk.NormalizeEmail(raw)
	if !growthdesk.ValidEmail(email) {
		return "", invalid("Unable to validate email address: invalid format")
	}
	return email, nil
}

// handleSignup registers a user. With AutoConfirm off (the product's setting) it creates an
// unconfirmed user with a pending customer profile, sends the confirmation mail and answers
// with the bare user. Re-registering an unconfirmed address re-sends the mail; a confirmed
// address gets an obfuscated user with no identities and no mail, so that sign-up does not
// reveal who has an account (auth-js apps detect it by identities.length === 0).
func (s *Service) handleSignup(w http.ResponseWriter, r *http.Request) error {
	var req signupRequest
	if err := decodeBody(w, r, &req); err != nil {
		return err
	}
	email, phone := growthdesk.NormalizeEmail(req.Email), strings.TrimSpace(req.Phone)
	switch {
	case email != "" && phone != "":
		return invalid("Only an email address or phone number should be provided on signup.")
	case phone != "":
		return unprocessable(codePhoneProviderDisabled, "Phone signups are disabled")
	case email == "":
		return unprocessable(codeAnonymousDisabled, "Anonymous sign-ins are disabled")
	}
	if req.Password == "" {
		return invalid("Signup requires a valid password")
	}
	if err := s.checkPassword(req.Password); err != nil {
		return err
	}
	email, err := checkEmail(email)
	if err != nil {
		return err
	}
	if err := checkMetadata(req.Data); err != nil {
		return err
	}
	pkce, err := parsePKCE(req.CodeChallenge, req.CodeChallengeMethod)
	if err != nil {
		return err
	}
	// Hash first: every branch below then takes about as long, whether or not the address
	// has an account.
	hash, err := s.hashPassword(req.Password)
	if err != nil {
		return err
	}
	ctx, redirectTo := r.Context(), r.URL.Query().Get("redirect_to")
	for attempt := 0; ; attempt++ {
		existing, err := s.store.UserByEmail(ctx, email)
		if err != nil && growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			return err
		}
		switch {
		case existing != nil && existing.EmailConfirmedAt != nil:
			if s.cfg.AutoConfirm {
				return unprocessable(codeUserAlreadyExists, "User already registered")
			}
			writeJSON(w, http.StatusOK, s.obfuscatedUser(email, req.Data))
			return nil
		case existing != nil:
			if err := s.sendToken(ctx, existing, mailConfirmation, pkce, redirectTo); err != nil {
				return err
			}
			u, err := s.store.UserByID(ctx, existing.ID)
			if err != nil {
				return err
			}
			writeJSON(w, http.StatusOK, s.userResponse(u))
			return nil
		}
		out, err := s.registerUser(ctx, r, email, hash, req.Data, pkce, redirectTo, amrPassword)
		if growthdesk.ErrorCode(err) == growthdesk.EConflict && attempt == 0 {
			continue // someone registered the address meanwhile: answer as for an existing one
		} else if err != nil {
			return err
		}
		writeJSON(w, http.StatusOK, out)
		return nil
	}
}

// registerUser creates a new user with its profile. Without AutoConfirm it sends the
// confirmation mail in the same transaction and returns the user; with AutoConfirm it
// signs the user in and returns the session.
func (s *Service) registerUser(ctx context.Context, r *http.Request, email, hash string, data map[string]any, pkce *pkceParams, redirectTo, method string) (any, error) {
	id := growthdesk.NewID()
	name, _ := data["full_name"].(string)
	name = clipChars(strings.TrimSpace(name), growthdesk.FullNameMax)
	nu := identity.NewUser{
		User: identity.User{
			ID:           id,
			Email:        email,
			PasswordHash: hash,
			UserMetadata: newUserMetadata(id, email, s.cfg.AutoConfirm, data),
			AppMetadata:  emailAppMetadata(),
		},
		Confirmed: s.cfg.AutoConfirm,
		Profile:   identity.NewProfile{FullName: name, Role: growthdesk.RoleCustomer},
	}
	if s.cfg.AutoConfirm {
		if method == amrOTP {
			// A magic-link sign-up proves the address by the link itself, even with AutoConfirm.
			out, err := s.prepareToken(id, email, name, mailMagicLink, pkce, redirectTo)
			if err != nil {
				return nil, err
			}
			nu.Token, nu.Flow = &out.token, out.flow
			if _, err := s.store.CreateUser(ctx, nu, out.mail); err != nil {
				return nil, err
			}
			return map[string]any{}, nil
		}
		ns, refresh, err := s.newSession(id, s.clientIP(r), r.UserAgent(), method)
		if err != nil {
			return nil, err
		}
		nu.Session = &ns
		u, err := s.store.CreateUser(ctx, nu, nil)
		if err != nil {
			return nil, err
		}
		return s.issueSession(ctx, u, &ns.Session, refresh)
	}
	out, err := s.prepareToken(id, email, name, mailConfirmation, pkce, redirectTo)
	if err != nil {
		return nil, err
	}
	nu.Token, nu.Flow = &out.token, out.flow
	u, err := s.store.CreateUser(ctx, nu, out.mail)
	if err != nil {
		return nil, err
	}
	return s.userResponse(u), nil
}

// obfuscatedUser looks like a freshly registered, unconfirmed user but belongs to nobody.
func (s *Service) obfuscatedUser(email string, data map[string]any) *userResponse {
	now := s.now()
	id := growthdesk.NewID()
	u := s.userResponse(&identity.User{
		ID:                 id,
		Email:              email,
		UserMetadata:       newUserMetadata(id, email, false, data),
		AppMetadata:        emailAppMetadata(),
		ConfirmationSentAt: &now,
		CreatedAt:          now,
		UpdatedAt:          now,
	})
	u.Identities = []identityResponse{}
	return u
}

// sendToken issues a new link and code of kind to the user and queues the mail, within
// the per-user resend window.
func (s *Service) sendToken(ctx context.Context, u *identity.User, kind mailKind, pkce *pkceParams, redirectTo string) error {
	out, err := s.prepareToken(u.ID, u.Email, fullName(u), kind, pkce, redirectTo)
	if err != nil {
		return err
	}
	err = s.store.IssueOneTimeToken(ctx, out.token, out.flow, out.mail, s.cfg.EmailResendInterval)
	var soon *identity.RetryAfterError
	if errors.As(err, &soon) {
		return emailTooSoon(soon.After)
	}
	return err
}

// sendTokenQuietly is sendToken for the endpoints that answer {} whatever the address:
// inside the per-user resend window it sends nothing and still answers {}. A 429 there
// would tell a stranger that the address has an account (GoTrue answers 429; we do not).
// The message sent moments ago is still in the user's inbox.
func (s *Service) sendTokenQuietly(ctx context.Context, u *identity.User, kind mailKind, pkce *pkceParams, redirectTo string) error {
	err := s.sendToken(ctx, u, kind, pkce, redirectTo)
	var e *apiError
	if errors.As(err, &e) && e.code == codeEmailRateLimit {
		s.log.InfoContext(ctx, "mail not sent: inside the per-user resend window", "kind", kind.email, "user_id", u.ID)
		return nil
	}
	return err
}

type otpRequest struct {
	Email               string         `json:"email"`
	Phone               string         `json:"phone"`
	CreateUser          *bool          `json:"create_user"`
	Data                map[string]any `json:"data"`
	CodeChallenge       string         `json:"code_challenge"`
	CodeChallengeMethod string         `json:"code_challenge_method"`
}

// handleOTP sends a magic link (with a code) to a confirmed user. An unknown address is
// registered without a password when create_user is true (the default) and gets the
// confirmation mail, as does an unconfirmed one. It always answers {}: unlike GoTrue, an
// unknown address with create_user false is not told apart (no 422 otp_disabled), so the
// endpoint reveals nothing about who has an account.
func (s *Service) handleOTP(w http.ResponseWriter, r *http.Request) error {
	var req otpRequest
	if err := decodeBody(w, r, &req); err != nil {
		return err
	}
	if strings.TrimSpace(req.Phone) != "" {
		return unprocessable(codePhoneProviderDisabled, "Phone logins are disabled")
	}
	if strings.TrimSpace(req.Email) == "" {
		return invalid("An email address is required")
	}
	email, err := checkEmail(req.Email)
	if err != nil {
		return err
	}
	if err := checkMetadata(req.Data); err != nil {
		return err
	}
	pkce, err := parsePKCE(req.CodeChallenge, req.CodeChallengeMethod)
	if err != nil {
		return err
	}
	ctx, redirectTo := r.Context(), r.URL.Query().Get("redirect_to")
	u, err := s.store.UserByEmail(ctx, email)
	switch {
	case growthdesk.ErrorCode(err) == growthdesk.ENotFound:
		if req.CreateUser != nil && !*req.CreateUser {
			break
		}
		_, err := s.registerUser(ctx, r, email, "", req.Data, pkce, redirectTo, amrOTP)
		if err != nil && growthdesk.ErrorCode(err) != growthdesk.EConflict {
			return err
		}
	case err != nil:
		return err
	case u.EmailConfirmedAt == nil:
		if err := s.sendTokenQuietly(ctx, u, mailConfirmation, pkce, redirectTo); err != nil {
			return err
		}
	default:
		if err := s.sendTokenQuietly(ctx, u, mailMagicLink, pkce, redirectTo); err != nil {
			return err
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{})
	return nil
}

type resendRequest struct {
	Type                string `json:"type"`
	Email               string `json:"email"`
	Phone               string `json:"phone"`
	CodeChallenge       string `json:"code_challenge"`
	CodeChallengeMethod string `json:"code_challenge_method"`
}

// handleResend re-sends the sign-up confirmation of an unconfirmed user. Anything else
// (unknown or confirmed address, email_change with nothing pending since the product
// does not change addresses, a request inside the resend window) answers {} and sends
// nothing.
func (s *Service) handleResend(w http.ResponseWriter, r *http.Request) error {
	var req resendRequest
	if err := decodeBody(w, r, &req); err != nil {
		return err
	}
	switch req.Type {
	case "signup", "email_change":
	case "sms", "phone_change":
		return unprocessable(codePhoneProviderDisabled, "Phone logins are disabled")
	default:
		return invalid("Missing one of these types: signup, email_change, sms, phone_change")
	}
	if strings.TrimSpace(req.Phone) != "" {
		return invalid("Only an email address can be used with type %s", req.Type)
	}
	email, err := checkEmail(req.Email)
	if err != nil {
		return err
	}
	pkce, err := parsePKCE(req.CodeChallenge, req.CodeChallengeMethod)
	if err != nil {
		return err
	}
	if req.Type == "signup" {
		u, err := s.store.UserByEmail(r.Context(), email)
		switch {
		case growthdesk.ErrorCode(err) == growthdesk.ENotFound:
		case err != nil:
			return err
		case u.EmailConfirmedAt == nil:
			if err := s.sendTokenQuietly(r.Context(), u, mailConfirmation, pkce, r.URL.Query().Get("redirect_to")); err != nil {
				return err
			}
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{})
	return nil
}

type recoverRequest struct {
	Email               string `json:"email"`
	CodeChallenge       string `json:"code_challenge"`
	CodeChallengeMethod string `json:"code_challenge_method"`
}

// handleRecover sends a password-recovery link and code. It answers {} whether or not the
// address has an account, and also inside the per-user resend window (see
// sendTokenQuietly).
func (s *Service) handleRecover(w http.ResponseWriter, r *http.Request) error {
	var req recoverRequest
	if err := decodeBody(w, r, &req); err != nil {
		return err
	}
	if strings.TrimSpace(req.Email) == "" {
		return invalid("Password recovery requires an email")
	}
	email, err := checkEmail(req.Email)
	if err != nil {
		return err
	}
	pkce, err := parsePKCE(req.CodeChallenge, req.CodeChallengeMethod)
	if err != nil {
		return err
	}
	u, err := s.store.UserByEmail(r.Context(), email)
	switch {
	case growthdesk.ErrorCode(err) == growthdesk.ENotFound:
	case err != nil:
		return err
	default:
		if err := s.sendTokenQuietly(r.Context(), u, mailRecovery, pkce, r.URL.Query().Get("redirect_to")); err != nil {
			return err
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{})
	return nil
}

// handleReauthenticate mails the signed-in user a code (the nonce of PUT /user) that
// proves a password change without the current password.
func (s *Service) handleReauthenticate(w http.ResponseWriter, r *http.Request) error {
	c := callerFrom(r.Context())
	if c.user.EmailConfirmedAt == nil {
		return unprocessable(codeEmailNotConfirmed, "Please verify your email first.")
	}
	if err := s.sendToken(r.Context(), c.user, mailReauth, nil, ""); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{})
	return nil
}

// clipChars cuts s to at most n characters, the unit the profile's limits count in.
func clipChars(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}
