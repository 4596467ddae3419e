package auth

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"maps"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"golang.org/x/crypto/bcrypt"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/identity"
)

// userResponse is GoTrue's User object. Optional timestamps are
// omitted when unset, as GoTrue does; factors are omitted when there are none, which is
// what auth-js's listFactors expects.
type userResponse struct {
	ID                     string             `json:"id"`
	Aud                    string             `json:"aud"`
	Role                   string             `json:"role"`
	Email                  string             `json:"email"`
	EmailConfirmedAt       *time.Time         `json:"email_confirmed_at,omitempty"`
	Phone                  string             `json:"phone"`
	ConfirmationSentAt     *time.Time         `json:"confirmation_sent_at,omitempty"`
	ConfirmedAt            *time.Time         `json:"confirmed_at,omitempty"`
	RecoverySentAt         *time.Time         `json:"recovery_sent_at,omitempty"`
	ReauthenticationSentAt *time.Time         `json:"reauthentication_sent_at,omitempty"`
	LastSignInAt           *time.Time         `json:"last_sign_in_at,omitempty"`
	AppMetadata            map[string]any     `json:"app_metadata"`
	UserMetadata           map[string]any     `json:"user_metadata"`
	Identities             []identityResponse `json:"identities"`
	Factors                []factorResponse   `json:"factors,omitempty"`
	CreatedAt              time.Time          `json:"created_at"`
	UpdatedAt              time.Time          `json:"updated_at"`
	BannedUntil            *time.Time         `json:"banned_until,omitempty"`
	IsAnonymous            bool               `json:"is_anonymous"`
}

// identityResponse is the user's one identity: e-mail and password. Its identity_id is
// derived from the user id, so it is stable without a table of its own.
type identityResponse struct {
	IdentityID   string         `json:"identity_id"`
	ID           string         `json:"id"`
	UserID       string         `json:"user_id"`
	IdentityData map[string]any `json:"identity_data"`
	Provider     string         `json:"provider"`
	LastSignInAt time.Time      `json:"last_sign_in_at"`
	CreatedAt    time.Time      `json:"created_at"`
	UpdatedAt    time.Time      `json:"updated_at"`
	Email        string         `json:"email"`
}

type factorResponse struct {
	ID               string     `json:"id"`
	FriendlyName     string     `json:"friendly_name,omitempty"`
	FactorType       string     `json:"factor_type"`
	Status           string     `json:"status"`
	CreatedAt        time.Time  `json:"created_at"`
	UpdatedAt        time.Time  `json:"updated_at"`
	Phone            string     `json:"phone"`
	LastChallengedAt *time.Time `json:"last_challenged_at"`
}

// identityNamespace derives identity ids from user ids.
var identityNamespace = uuid.MustParse("5a0f7f6e-3c1b-4f7e-9a51-6b0d6a1c2e90")

func (s *Service) userResponse(u *identity.User) *userResponse {
	out := &userResponse{
		ID:                     u.ID,
		Aud:                    audience,
		Role:                   audience,
		Email:                  u.Email,
		EmailConfirmedAt:       u.EmailConfirmedAt,
		ConfirmationSentAt:     u.ConfirmationSentAt,
		ConfirmedAt:            u.EmailConfirmedAt,
		RecoverySentAt:         u.RecoverySentAt,
		ReauthenticationSentAt: u.ReauthenticationSentAt,
		LastSignInAt:           u.LastSignInAt,
		AppMetadata:            nonNilMap(u.AppMetadata),
		UserMetadata:           nonNilMap(u.UserMetadata),
		CreatedAt:              u.CreatedAt,
		UpdatedAt:              u.UpdatedAt,
	}
	if u.BannedUntil != nil && u.BannedUntil.After(s.now()) {
		out.BannedUntil = u.BannedUntil
	}
	lastSignIn := u.CreatedAt
	if u.LastSignInAt != nil {
		lastSignIn = *u.LastSignInAt
	}
	out.Identities = []identityResponse{{
		IdentityID:   uuid.NewSHA1(identityNamespace, []byte(u.ID)).String(),
		ID:           u.ID,
		UserID:       u.ID,
		IdentityData: identityData(u.ID, u.Email, u.EmailConfirmedAt != nil),
		Provider:     "email",
		LastSignInAt: lastSignIn,
		CreatedAt:    u.CreatedAt,
		UpdatedAt:    u.UpdatedAt,
		Email:        u.Email,
	}}
	for _, f := range u.Factors {
		out.Factors = append(out.Factors, factorJSON(f))
	}
	return out
}

func factorJSON(f identity.Factor) factorResponse {
	return factorResponse{
		ID:               f.ID,
		FriendlyName:     f.FriendlyName,
		FactorType:       f.Type,
		Status:           f.Status,
		CreatedAt:        f.CreatedAt,
		UpdatedAt:        f.UpdatedAt,
		LastChallengedAt: f.LastChallengedAt,
	}
}

// identityData is what GoTrue keeps for an e-mail identity; it is also merged into
// user_metadata at sign-up.
func identityData(userID, email string, verified bool) map[string]any {
	return map[string]any{"sub": userID, "email": email, "email_verified": verified, "phone_verified": false}
}

// newUserMetadata is user_metadata at sign-up: the sign-up data with the identity data on
// top (the identity's keys win, as in GoTrue).
func newUserMetadata(userID, email string, verified bool, data map[string]any) map[string]any {
	meta := map[string]any{}
	for k, v := range data {
		if v != nil {
			meta[k] = v
		}
	}
	maps.Copy(meta, identityData(userID, email, verified))
	return meta
}

func emailAppMetadata() map[string]any {
	return map[string]any{"provider": "email", "providers": []any{"email"}}
}

// maxMetadataBytes bounds user_metadata: it travels inside every access token, and a
// token must fit in a request header.
const maxMetadataBytes = 16 << 10

// identityKeys are the user_metadata keys that mirror the identity. They are set by the
// service; a user's own update cannot change them, so nobody reads a self-declared
// email_verified.
var identityKeys = []string{"sub", "email", "email_verified", "phone_verified"}

// checkMetadata refuses metadata too large to carry in tokens.
func checkMetadata(m map[string]any) error {
	b, err := json.Marshal(m)
	if err != nil || len(b) > maxMetadataBytes {
		return unprocessable(codeValidationFailed, "User metadata must be at most %d KB of JSON", maxMetadataBytes>>10)
	}
	return nil
}

// fullName is how mails greet the user: the full_name the sign-up form sent.
func fullName(u *identity.User) string {
	name, _ := u.UserMetadata["full_name"].(string)
	return name
}

// hasVerifiedFactor reports whether u has a verified MFA factor, which makes aal2 the level
// its sessions must reach.
func hasVerifiedFactor(u *identity.User) bool {
	for _, f := range u.Factors {
		if f.Status == "verified" {
			return true
		}
	}
	return false
}

func nonNilMap(m map[string]any) map[string]any {
	if m == nil {
		return map[string]any{}
	}
	return m
}

// newUUID is a random (version 4) UUID, for the ids and codes the GoTrue wire format gives as
// UUIDs and that travel in tokens and URLs: sessions, MFA factors and challenges, PKCE auth
// codes. They keep all 122 random bits rather than growthdesk.NewID's time-ordered form,
// because an auth code is a secret that must be unguessable, and an id carried by a token
// should not tell when it was made. Rows that sort by creation (accounts) use growthdesk.NewID.
func newUUID() string { return uuid.NewString() }

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// CreateUserParams is an account made by an operator (growthdesk users create) or by the
// demo seeder rather than by sign-up.
type CreateUserParams struct {
	Email    string
	Password string // empty (and no PasswordHash): a random one is generated and returned
	// PasswordHash, given instead of Password, is a hash made by HashPassword: accounts that
	// share a password (the demo's) share its hash, so creating them costs one hash in all
	// rather than one each.
	PasswordHash string
	FullName     string
	Role         string // admin, employee or customer (default)
	Approved     bool
	// Confirmed creates the user with a confirmed address; otherwise no confirmation mail
	// is sent and the user confirms through /resend or /recover.
	Confirmed bool
}

// CreatedUser is the result of CreateUser.
type CreatedUser struct {
	ID    string
	Email string
	// GeneratedPassword is the random password made when none was given; "" otherwise.
	GeneratedPassword string
}

// HashPassword checks password as CreateUser does and returns its hash, for
// CreateUserParams.PasswordHash.
func (s *Service) HashPassword(password string) (string, error) {
	if err := s.checkPassword(password); err != nil {
		return "", growthdesk.Invalid(map[string]string{"password": err.(*apiError).message})
	}
	return s.hashPassword(password)
}

// CreateUser makes a user with its profile in one transaction. Returns EInvalid for a bad
// address, password or role, and EConflict when the address is taken.
func (s *Service) CreateUser(ctx context.Context, p CreateUserParams) (*CreatedUser, error) {
	email := growthdesk.NormalizeEmail(p.Email)
	problems := map[string]string{}
	if !growthdesk.ValidEmail(email) {
		problems["email"] = "Enter a valid email address."
	}
	role := p.Role
	if role == "" {
		role = growthdesk.RoleCustomer
	}
	if role != growthdesk.RoleAdmin && role != growthdesk.RoleEmployee && role != growthdesk.RoleCustomer {
		problems["role"] = "Role must be admin, employee or customer."
	}
	password, generated := p.Password, ""
	if p.PasswordHash != "" {
		if _, err := bcrypt.Cost([]byte(p.PasswordHash)); err != nil || password != "" {
			problems["password"] = "Give either a password or the hash HashPassword made of one."
		}
	} else if password == "" {
		b := make([]byte, 18)
		if _, err := rand.Read(b); err != nil {
			return nil, err
		}
		password = base64.RawURLEncoding.EncodeToString(b)
		generated = password
	} else if err := s.checkPassword(password); err != nil {
		problems["password"] = err.(*apiError).message
	}
	if len(problems) > 0 {
		return nil, growthdesk.Invalid(problems)
	}
	hash := []byte(p.PasswordHash)
	if len(hash) == 0 {
		var err error
		if hash, err = bcrypt.GenerateFromPassword([]byte(password), s.cfg.PasswordHashCost); err != nil {
			return nil, err
		}
	}
	id := growthdesk.NewID()
	data := map[string]any{}
	if name := strings.TrimSpace(p.FullName); name != "" {
		data["full_name"] = name
	}
	_, err := s.store.CreateUser(ctx, identity.NewUser{
		User: identity.User{
			ID:           id,
			Email:        email,
			PasswordHash: string(hash),
			UserMetadata: newUserMetadata(id, email, p.Confirmed, data),
			AppMetadata:  emailAppMetadata(),
		},
		Confirmed: p.Confirmed,
		Profile:   identity.NewProfile{FullName: strings.TrimSpace(p.FullName), Role: role, Approved: p.Approved},
	}, nil)
	if err != nil {
		if growthdesk.ErrorCode(err) == growthdesk.EConflict {
			return nil, &growthdesk.Error{Code: growthdesk.EConflict, Message: "A user with this email address already exists.",
				Fields: map[string]string{"email": "A user with this email address already exists."}}
		}
		return nil, fmt.Errorf("create user: %w", err)
	}
	return &CreatedUser{ID: id, Email: email, GeneratedPassword: generated}, nil
}
