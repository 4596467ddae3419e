package auth

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// Store is what the auth service needs from the database. internal/store implements it on
// SQLite and PostgreSQL. Every method that writes is one transaction, so a request either
// changes everything it meant to or nothing; a method that sends e-mail takes the rendered
// message and puts it in the outbox inside that same transaction.
//
// Errors: a missing row is a *growthdesk.Error with code ENotFound, a uniqueness clash is
// EConflict, and a per-user e-mail window that has not passed yet is a *RetryAfterError.
// Anything else is a fault.
type Store interface {
	// CreateUser inserts a user with its profile and, as asked, a confirmation token with
	// its e-mail, a PKCE flow state and a first session. Returns EConflict when the address
	// is taken.
	CreateUser(ctx context.Context, p NewUser) (*User, error)
	// UserByID returns a user with its MFA factors. Returns ENotFound.
	UserByID(ctx context.Context, id string) (*User, error)
	// UserByEmail returns a user, with factors, by lower-cased address. Returns ENotFound.
	UserByEmail(ctx context.Context, email string) (*User, error)
	// UpdateUser applies a metadata patch and/or a new password. A password change also
	// deletes every other session of the user and the user's outstanding recovery, magic
	// link and reauthentication tokens. Returns ENotFound, or EConflict when
	// ConsumeTokenID names a token that is already gone.
	UpdateUser(ctx context.Context, u UserUpdate) (*User, error)

	// IssueOneTimeToken replaces the user's token of that type by t, stamps the matching
	// *_sent_at column, stores the optional flow state and enqueues mail. Returns a
	// *RetryAfterError when the previous message of that kind went out less than
	// minInterval ago.
	IssueOneTimeToken(ctx context.Context, t OneTimeToken, flow *FlowState, mail *growthdesk.Email, minInterval time.Duration) error
	// OneTimeTokenByHash returns the token whose link hash is hash. Returns ENotFound.
	OneTimeTokenByHash(ctx context.Context, hash string) (*OneTimeToken, error)
	// OneTimeTokenByOTP returns the user's token of one of types whose code hash is otpHash.
	// Returns ENotFound.
	OneTimeTokenByOTP(ctx context.Context, userID string, types []string, otpHash string) (*OneTimeToken, error)
	// RedeemOneTimeToken deletes an unexpired token (single use), confirms the address if
	// asked, and either signs the user in or readies the PKCE flow state with a fresh auth
	// code. Returns ENotFound when the token was already used or has expired.
	RedeemOneTimeToken(ctx context.Context, r Redemption) (*User, error)

	// CreateSession inserts a session with its first refresh token and records the
	// sign-in on the user. Returns ENotFound when the user is gone.
	CreateSession(ctx context.Context, s NewSession) (*User, error)
	// SessionByID returns a session. Returns ENotFound.
	SessionByID(ctx context.Context, id string) (*Session, error)
	// ListSessions returns the user's sessions, newest first.
	ListSessions(ctx context.Context, userID string) ([]Session, error)
	// DeleteSession deletes one session and its refresh tokens; a missing one is no error.
	DeleteSession(ctx context.Context, id string) error
	// DeleteUserSessions deletes every session of the user except exceptID ("" for none).
	DeleteUserSessions(ctx context.Context, userID, exceptID string) error
	// RotateRefreshToken runs one refresh step atomically: it locks the session of the
	// token whose hash is tokenHash, hands the state to plan, and applies the plan's
	// decision. plan must be a pure function of its argument: it runs inside the
	// transaction. Returns ENotFound when no such token (or session) exists, and plan's
	// error, after rolling back, when it fails.
	RotateRefreshToken(ctx context.Context, tokenHash string, plan func(RefreshState) (RefreshPlan, error)) (*RefreshResult, error)

	// FlowStateByAuthCode returns the PKCE flow state of an auth code. Returns ENotFound.
	FlowStateByAuthCode(ctx context.Context, code string) (*FlowState, error)
	// RedeemFlowState deletes the flow state (single use) and signs the user in. Returns
	// ENotFound when it was already used.
	RedeemFlowState(ctx context.Context, flowID string, s NewSession) (*User, error)

	// CreateFactor deletes the user's unverified factors created before staleBefore, then
	// inserts f. Returns EConflict when a factor of the user already has f's friendly name,
	// and a *TooManyFactorsError when the user already has max factors.
	CreateFactor(ctx context.Context, f Factor, max int, staleBefore time.Time) error
	// FactorByID returns a factor. Returns ENotFound.
	FactorByID(ctx context.Context, id string) (*Factor, error)
	// CreateChallenge inserts a challenge and stamps the factor's last_challenged_at.
	CreateChallenge(ctx context.Context, c Challenge) error
	// ChallengeByID returns a challenge. Returns ENotFound.
	ChallengeByID(ctx context.Context, id string) (*Challenge, error)
	// VerifyFactor marks the challenge used and the factor verified, deletes the user's
	// other unverified factors of that type, raises the session to aal2 with a new refresh
	// token (the session's older tokens are deleted), and deletes the user's other aal1
	// sessions. Returns EConflict when the challenge was already used and ENotFound when
	// the session is gone.
	VerifyFactor(ctx context.Context, v FactorVerification) error
	// DeleteFactor deletes the user's factor and lowers the sessions it raised to aal1.
	// Returns ENotFound.
	DeleteFactor(ctx context.Context, userID, factorID string) error

	// RecordAuthFailure writes a failed attempt (kind is FailurePassword, FailureMFA or FailureOTP) to
	// the audit log; CountAuthFailures counts them since a time. Together they are the
	// per-account lockout, which a per-address limiter cannot provide.
	RecordAuthFailure(ctx context.Context, userID, kind, ip string) error
	CountAuthFailures(ctx context.Context, userID, kind string, since time.Time) (int, error)

	// SigningKeys returns every stored signing key, newest first.
	SigningKeys(ctx context.Context) ([]SigningKey, error)
	// EnsureSigningKey inserts k as the active key unless an active key exists already;
	// two instances starting together end up with one.
	EnsureSigningKey(ctx context.Context, k SigningKey) error
	// RotateSigningKey retires every active key and inserts k as the active one.
	RotateSigningKey(ctx context.Context, k SigningKey) error
}

// Failure kinds counted per account. Each has its own counter with the same limit
// (Config.FailureLimit): wrong passwords, wrong TOTP codes, and wrong e-mailed codes (the
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

// NewUser is everything CreateUser writes in its transaction.
type NewUser struct {
	// User carries ID, Email (lower-cased), PasswordHash and the metadata; the store sets
	// the timestamps.
	User User
	// Confirmed creates the user with a confirmed address.
	Confirmed bool
	// Profile is the portal profile created with the user.
	Profile NewProfile
	// Token, Flow and Mail send the confirmation message; Session signs the user in.
	// Each is optional.
	Token   *OneTimeToken
	Flow    *FlowState
	Mail    *growthdesk.Email
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

// NewSession is a session to create with its first refresh token.
type NewSession struct {
	Session Session
	Refresh RefreshToken
}

// RefreshToken is a row of refresh_tokens. Only the SHA-256 hash of a token is stored;
// Salt derives the token from its parent (see tokens.go).
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

// Challenge is an MFA challenge, valid for challengeExpiry from CreatedAt and bound to IP.
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

// ErrTOTPReused is returned by Store.VerifyFactor for a code whose time step the factor has
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
