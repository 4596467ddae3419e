package auth

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"github.com/growthdesk/growthdesk/internal/identity"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// audience is the aud claim of every access token, a plain string as in GoTrue.
const audience = "authenticated"

// Authentication levels.
const (
	aal1 = "aal1"
	aal2 = "aal2"
)

// Authentication methods recorded in the amr claim.
const (
	amrPassword = "password"
	amrOTP      = "otp"
	amrRecovery = "recovery"
	amrTOTP     = "totp"
)

// AccessClaims are the claims of an access token, as GoTrue writes them. The struct is
// ours rather than jwt.RegisteredClaims because aud must serialize as a string.
type AccessClaims struct {
	Issuer       string              `json:"iss"`
	Subject      string              `json:"sub"`
	Audience     string              `json:"aud"`
	ExpiresAt    int64               `json:"exp"`
	IssuedAt     int64               `json:"iat"`
	Email        string              `json:"email"`
	Phone        string              `json:"phone"`
	AppMetadata  map[string]any      `json:"app_metadata"`
	UserMetadata map[string]any      `json:"user_metadata"`
	Role         string              `json:"role"`
	AAL          string              `json:"aal"`
	AMR          []identity.AMREntry `json:"amr"`
	SessionID    string              `json:"session_id"`
	IsAnonymous  bool                `json:"is_anonymous"`
}

// The jwt.Claims methods, so the library validates exp, iss and aud.
func (c *AccessClaims) GetExpirationTime() (*jwt.NumericDate, error) {
	if c.ExpiresAt == 0 {
		return nil, nil
	}
	return jwt.NewNumericDate(time.Unix(c.ExpiresAt, 0)), nil
}
func (c *AccessClaims) GetIssuedAt() (*jwt.NumericDate, error) {
	return jwt.NewNumericDate(time.Unix(c.IssuedAt, 0)), nil
}
func (c *AccessClaims) GetNotBefore() (*jwt.NumericDate, error) { return nil, nil }
func (c *AccessClaims) GetIssuer() (string, error)              { return c.Issuer, nil }
func (c *AccessClaims) GetSubject() (string, error)             { return c.Subject, nil }
func (c *AccessClaims) GetAudience() (jwt.ClaimStrings, error) {
	return jwt.ClaimStrings{c.Audience}, nil
}

// signAccessToken signs claims with the active key, naming it in the kid header so that
// verifiers (ours and auth-js's getClaims) pick the right public key from the JWKS.
func (s *Service) signAccessToken(ctx context.Context, c *AccessClaims) (string, error) {
	key, err := s.keys.current(ctx)
	if err != nil {
		return "", err
	}
	t := jwt.NewWithClaims(jwt.SigningMethodES256, c)
	t.Header["kid"] = key.kid
	return t.SignedString(key.priv)
}

// parseAccessToken verifies the signature (by kid), the algorithm, exp, iss and aud.
func (s *Service) parseAccessToken(ctx context.Context, raw string) (*AccessClaims, error) {
	claims := &AccessClaims{}
	parser := jwt.NewParser(
		jwt.WithValidMethods([]string{algES256}),
		jwt.WithExpirationRequired(),
		jwt.WithAudience(audience),
		jwt.WithIssuer(s.issuer),
		jwt.WithTimeFunc(s.now),
	)
	_, err := parser.ParseWithClaims(raw, claims, func(t *jwt.Token) (any, error) {
		kid, _ := t.Header["kid"].(string)
		if kid == "" {
			return nil, errors.New("token has no kid")
		}
		pub, ok := s.keys.publicKey(ctx, kid)
		if !ok {
			return nil, fmt.Errorf("unknown signing key %q", kid)
		}
		return pub, nil
	})
	if err != nil {
		return nil, err
	}
	return claims, nil
}

// sessionResponse is GoTrue's Session object.
type sessionResponse struct {
	AccessToken  string        `json:"access_token"`
	TokenType    string        `json:"token_type"`
	ExpiresIn    int64         `json:"expires_in"`
	ExpiresAt    int64         `json:"expires_at"`
	RefreshToken string        `json:"refresh_token"`
	User         *userResponse `json:"user"`
	WeakPassword *weakPassword `json:"weak_password,omitempty"`
}

type weakPassword struct {
	Message string   `json:"message"`
	Reasons []string `json:"reasons"`
}

// issueSession mints an access token for the session and wraps it with the refresh token
// and the user.
func (s *Service) issueSession(ctx context.Context, u *identity.User, sess *identity.Session, refresh string) (*sessionResponse, error) {
	now := s.now()
	exp := now.Add(s.cfg.JWTExpiry)
	amr := sess.AMR
	if amr == nil {
		amr = []identity.AMREntry{}
	}
	claims := &AccessClaims{
		Issuer:       s.issuer,
		Subject:      u.ID,
		Audience:     audience,
		ExpiresAt:    exp.Unix(),
		IssuedAt:     now.Unix(),
		Email:        u.Email,
		Phone:        "",
		AppMetadata:  nonNilMap(u.AppMetadata),
		UserMetadata: nonNilMap(u.UserMetadata),
		Role:         audience,
		AAL:          sess.AAL,
		AMR:          amr,
		SessionID:    sess.ID,
	}
	token, err := s.signAccessToken(ctx, claims)
	if err != nil {
		return nil, err
	}
	return &sessionResponse{
		AccessToken:  token,
		TokenType:    "bearer",
		ExpiresIn:    int64(s.cfg.JWTExpiry / time.Second),
		ExpiresAt:    exp.Unix(),
		RefreshToken: refresh,
		User:         s.userResponse(u),
	}, nil
}

// Refresh tokens.
//
// A session's first refresh token is 256 random bits. Every later token is derived from
// its parent: HMAC-SHA256(key = parent token, message = the child's random salt). Only the
// SHA-256 of each token is stored, with the child's salt. That lets the server honor
// GoTrue's rule that presenting the parent of the current token returns the current token
// (the client lost the previous answer) without keeping any token in clear: given the
// parent, it recomputes the child. Without the parent, a database reader learns nothing
// usable; without the salt, a holder of an old token cannot compute its descendants.

// minRefreshTokenLength rejects obviously malformed tokens before any lookup, as GoTrue.
const minRefreshTokenLength = 12

func newRootRefreshToken() (plain string, rt identity.RefreshToken, err error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", identity.RefreshToken{}, err
	}
	plain = b64.EncodeToString(b)
	return plain, identity.RefreshToken{Hash: hashToken(plain)}, nil
}

func newChildRefreshToken(parent string) (plain string, rt identity.RefreshToken, err error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", identity.RefreshToken{}, err
	}
	rt.Salt = hex.EncodeToString(salt)
	plain = deriveRefreshToken(parent, rt.Salt)
	rt.Hash = hashToken(plain)
	return plain, rt, nil
}

func deriveRefreshToken(parent, salt string) string {
	mac := hmac.New(sha256.New, []byte(parent))
	mac.Write([]byte("growthdesk refresh token|" + salt))
	return b64.EncodeToString(mac.Sum(nil))
}

// hashToken is how refresh tokens and link secrets are stored.
func hashToken(plain string) string {
	sum := sha256.Sum256([]byte(plain))
	return hex.EncodeToString(sum[:])
}

// newSession prepares a session of the user with a fresh refresh token.
func (s *Service) newSession(userID, ip, userAgent, method string) (identity.NewSession, string, error) {
	plain, rt, err := newRootRefreshToken()
	if err != nil {
		return identity.NewSession{}, "", err
	}
	sess := identity.Session{
		ID:        newUUID(),
		UserID:    userID,
		AAL:       aal1,
		AMR:       []identity.AMREntry{{Method: method, Timestamp: s.now().Unix()}},
		UserAgent: clip(userAgent, 512),
		IP:        ip,
	}
	if s.cfg.SessionMaxAge > 0 {
		end := s.now().Add(s.cfg.SessionMaxAge)
		sess.NotAfter = &end
	}
	return identity.NewSession{Session: sess, Refresh: rt}, plain, nil
}

// refreshStep decides one refresh, after GoTrue: an unrevoked token rotates; the parent
// of the current token gets the current token back; any other revoked token within the
// reuse interval gets a new child (concurrent refreshes from several tabs); anything
// later is reuse of a stolen token, and the whole session is revoked. plain receives the
// token to hand out.
func (s *Service) refreshStep(presentedPlain string, plain *string) func(identity.RefreshState) (identity.RefreshPlan, error) {
	return func(st identity.RefreshState) (identity.RefreshPlan, error) {
		if st.Session.NotAfter != nil && !st.Now.Before(*st.Session.NotAfter) {
			return identity.RefreshPlan{}, badRequest(codeSessionExpired, "Invalid Refresh Token: Session Expired")
		}
		mint := func() (identity.RefreshPlan, error) {
			p, child, err := newChildRefreshToken(presentedPlain)
			if err != nil {
				return identity.RefreshPlan{}, err
			}
			*plain = p
			return identity.RefreshPlan{Issue: &child}, nil
		}
		if !st.Presented.Revoked {
			return mint()
		}
		if a := st.Active; a != nil && a.ParentHash == st.Presented.Hash && a.Salt != "" {
			if current := deriveRefreshToken(presentedPlain, a.Salt); hashToken(current) == a.Hash {
				*plain = current
				return identity.RefreshPlan{Reissue: true}, nil
			}
		}
		revokedAt := st.Presented.CreatedAt
		if st.Presented.RevokedAt != nil {
			revokedAt = *st.Presented.RevokedAt
		}
		if st.Now.Before(revokedAt.Add(s.cfg.RefreshReuseInterval)) {
			return mint()
		}
		return identity.RefreshPlan{RevokeSession: true}, nil
	}
}
