// Package identity holds the records of sign-in: users, sessions, refresh tokens, e-mailed
// one-time tokens, MFA factors and signing keys. The auth service (internal/auth) decides
// with them and the database adapter (internal/store) stores them; this package imports only
// the standard library, so that the store never imports the auth service, which serves HTTP.
package identity

import (
	"errors"
	"fmt"
	"time"
)

// Failure kinds counted per account. Each has its own counter with the same limit
// (auth.Config.FailureLimit): wrong passwords, wrong TOTP codes, and wrong e-mailed codes (the
// 6-digit codes of recovery, magic link, e-mail OTP and reauthentication).
const (
	FailurePassword = "password"
	FailureMFA      = "mfa"
	FailureOTP      = "otp"
)

// One-time token types, as the one_time_tokens table names them.
const (
	TokenConfirmation     = "confirmation"
	TokenRecovery         = "recovery"
	TokenMagicLink        = "magiclink"
	TokenReauthentication = "reauthentication"
)

// User is a row of users, with the user's factors.
type User struct {
	ID                     string
	Email                  string
	PasswordHash           string
	EmailConfirmedAt       *time.Time
	ConfirmationSentAt     *time.Time
	RecoverySentAt         *time.Time
	ReauthenticationSentAt *time.Time
	LastSignInAt           *time.Time
	BannedUntil            *time.Time
	UserMetadata           map[string]any
	AppMetadata            map[string]any
	CreatedAt              time.Time
	UpdatedAt              time.Time
	Factors                []Factor
}

// NewUser is everything auth.Store.CreateUser writes in its transaction.
type NewUser struct {
	// User carries ID, Email (lower-cased), PasswordHash and the metadata; the store sets
	// the timestamps.
	User User
	// Confirmed creates the user with a confirmed address.
	Confirmed bool
	// Profile is the portal profile created with the user.
	Profile NewProfile
	// Token and Flow go with the confirmation message (CreateUser's mail); Session signs the
	// user in. Each is optional.
	Token   *OneTimeToken
	Flow    *FlowState
	Session *NewSession
}

// NewProfile is the profile created with a user.
type NewProfile struct {
	FullName string
	Role     string
	Approved bool
}

// UserUpdate is a change to a user made by the user.
type UserUpdate struct {
	ID string
	// MetadataPatch is merged into user_metadata inside the transaction; a nil value
	// deletes its key.
	MetadataPatch map[string]any
	// PasswordHash, when set, replaces the password and signs out every session but
	// KeepSessionID.
	PasswordHash  *string
	KeepSessionID string
	// ConsumeTokenID deletes a reauthentication token that proved the change.
	ConsumeTokenID string
}

// Session is a row of sessions: an access token is honored only while its session exists.
type Session struct {
	ID          string
	UserID      string
	AAL         string
	FactorID    string
	AMR         []AMREntry
	UserAgent   string
	IP          string
	CreatedAt   time.Time
	UpdatedAt   time.Time
	RefreshedAt *time.Time
	NotAfter    *time.Time
}

// AMREntry is one authentication method of a session, as the amr claim lists it.
type AMREntry struct {
	Method    string `json:"method"`
	Timestamp int64  `json:"timestamp"`
}

// AMRRecoveryCode is the amr method of a session raised to aal2 by a recovery code (auth-js's name).
const AMRRecoveryCode = "mfa/recovery_code"

// RecoveryCodes is the state of a user's set of two-factor recovery codes (never the codes).
type RecoveryCodes struct {
	SetID     string
	Total     int
	Remaining int
}

// NewRecoveryCodes is a new set of recovery codes: the hashes of its codes. Replace allows it to
// replace an existing set (whose codes then stop working).
type NewRecoveryCodes struct {
	UserID  string
	SetID   string
	Hashes  []string
	Replace bool
	IP      string
}

// RecoveryCodeRedemption spends one recovery code (by hash) and raises the session to aal2
// with AMR and a new refresh token, as a verified TOTP code does.
type RecoveryCodeRedemption struct {
	UserID    string
	SessionID string
	CodeHash  string
	AMR       []AMREntry
	Refresh   RefreshToken
	IP        string
}

// NewSession is a session to create with its first refresh token.
type NewSession struct {
	Session Session
	Refresh RefreshToken
}

// RefreshToken is a row of refresh_tokens. Only the SHA-256 hash of a token is stored;
// Salt derives the token from its parent (see internal/auth/tokens.go).
type RefreshToken struct {
	ID         string
	Hash       string
	Salt       string
	SessionID  string
	ParentHash string
	Revoked    bool
	RevokedAt  *time.Time
	CreatedAt  time.Time
}

// RefreshState is what a refresh step decides on.
type RefreshState struct {
	// Presented is the token the client sent.
	Presented RefreshToken
	Session   Session
	// Active is the session's newest unrevoked token, if any.
	Active *RefreshToken
	// Now is the transaction's timestamp.
	Now time.Time
}

// RefreshPlan is the decision of a refresh step: exactly one of its fields is set.
type RefreshPlan struct {
	// Issue inserts this child of the presented token and revokes the presented one.
	Issue *RefreshToken
	// Reissue hands the active token out again; only the session's refresh time changes.
	Reissue bool
	// RevokeSession deletes the session: the presented token was reused.
	RevokeSession bool
}

// RefreshResult is what a refresh step did.
type RefreshResult struct {
	Session Session
	// Token is the token handed out (the new child or the active one); nil when the
	// session was revoked.
	Token   *RefreshToken
	Revoked bool
}

// OneTimeToken is an e-mailed link and code. TokenHash is the SHA-256 of the link's
// secret, OTPHash that of the user id and the 6-digit code; RelatesTo names a PKCE flow
// state when the link belongs to one.
type OneTimeToken struct {
	ID        string
	UserID    string
	Type      string
	TokenHash string
	OTPHash   string
	RelatesTo string
	CreatedAt time.Time
	ExpiresAt time.Time
}

// Redemption is the use of a one-time token.
type Redemption struct {
	TokenID      string
	UserID       string
	ConfirmEmail bool
	// Session signs the user in (implicit flow and POST /verify).
	Session *NewSession
	// FlowID and AuthCode ready the PKCE flow state for the code exchange instead.
	FlowID   string
	AuthCode string
}

// FlowState is a PKCE flow between an e-mailed link and the code exchange.
type FlowState struct {
	ID                   string
	UserID               string
	AuthCode             string
	CodeChallenge        string
	CodeChallengeMethod  string
	AuthenticationMethod string
	CreatedAt            time.Time
}

// Factor is an MFA factor of a user.
type Factor struct {
	ID               string
	UserID           string
	FriendlyName     string
	Type             string
	Status           string
	Secret           string
	LastChallengedAt *time.Time
	CreatedAt        time.Time
	UpdatedAt        time.Time
}

// Challenge is an MFA challenge, valid for the auth service's challenge expiry from
// CreatedAt and bound to IP.
type Challenge struct {
	ID         string
	FactorID   string
	IP         string
	CreatedAt  time.Time
	VerifiedAt *time.Time
}

// FactorVerification is a successful MFA verification.
type FactorVerification struct {
	ChallengeID string
	FactorID    string
	UserID      string
	SessionID   string
	// AMR is the session's new list of methods.
	AMR []AMREntry
	// Refresh is the session's new refresh token.
	Refresh RefreshToken
	// Step is the TOTP time step of the accepted code; the store refuses it with
	// ErrTOTPReused unless it is later than every step the factor accepted before.
	Step int64
}

// ErrRecoveryCodeInvalid is returned by auth.Store.RedeemRecoveryCode when no unused recovery
// code of the user has the hash: a wrong code, or one already used.
var ErrRecoveryCodeInvalid = errors.New("auth: no such unused recovery code")

// ErrTOTPReused is returned by auth.Store.VerifyFactor for a code whose time step the factor has
// already accepted (RFC 6238, section 5.2).
var ErrTOTPReused = errors.New("auth: this TOTP code was already used")

// SigningKey is a stored token-signing key. PrivateKey is PKCS#8 PEM.
type SigningKey struct {
	KID        string
	Algorithm  string
	PrivateKey string
	Status     string
	CreatedAt  time.Time
}

// Signing key states.
const (
	KeyActive  = "active"
	KeyRetired = "retired"
)

// RetryAfterError says that a message of the same kind went out too recently.
type RetryAfterError struct {
	After time.Duration
}

func (e *RetryAfterError) Error() string {
	return fmt.Sprintf("retry after %s", e.After)
}

// TooManyFactorsError says that the user has the maximum number of factors already.
type TooManyFactorsError struct{ Max int }

func (e *TooManyFactorsError) Error() string {
	return fmt.Sprintf("at most %d factors", e.Max)
}
