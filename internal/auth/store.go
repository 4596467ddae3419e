package auth

import (
	"context"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/identity"
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
	// its e-mail (mail, nil for none), a PKCE flow state and a first session. Returns
	// EConflict when the address is taken.
	CreateUser(ctx context.Context, p identity.NewUser, mail *growthdesk.Email) (*identity.User, error)
	// UserByID returns a user with its MFA factors. Returns ENotFound.
	UserByID(ctx context.Context, id string) (*identity.User, error)
	// UserByEmail returns a user, with factors, by lower-cased address. Returns ENotFound.
	UserByEmail(ctx context.Context, email string) (*identity.User, error)
	// UpdateUser applies a metadata patch and/or a new password. A password change also
	// deletes every other session of the user and the user's outstanding recovery, magic
	// link and reauthentication tokens. Returns ENotFound, or EConflict when
	// ConsumeTokenID names a token that is already gone.
	UpdateUser(ctx context.Context, u identity.UserUpdate) (*identity.User, error)

	// IssueOneTimeToken replaces the user's token of that type by t, stamps the matching
	// *_sent_at column, stores the optional flow state and enqueues mail. Returns a
	// *RetryAfterError when the previous message of that kind went out less than
	// minInterval ago.
	IssueOneTimeToken(ctx context.Context, t identity.OneTimeToken, flow *identity.FlowState, mail *growthdesk.Email, minInterval time.Duration) error
	// OneTimeTokenByHash returns the token whose link hash is hash. Returns ENotFound.
	OneTimeTokenByHash(ctx context.Context, hash string) (*identity.OneTimeToken, error)
	// OneTimeTokenByOTP returns the user's token of one of types whose code hash is otpHash.
	// Returns ENotFound.
	OneTimeTokenByOTP(ctx context.Context, userID string, types []string, otpHash string) (*identity.OneTimeToken, error)
	// RedeemOneTimeToken deletes an unexpired token (single use), confirms the address if
	// asked, and either signs the user in or readies the PKCE flow state with a fresh auth
	// code. Returns ENotFound when the token was already used or has expired.
	RedeemOneTimeToken(ctx context.Context, r identity.Redemption) (*identity.User, error)

	// CreateSession inserts a session with its first refresh token and records the
	// sign-in on the user. Returns ENotFound when the user is gone.
	CreateSession(ctx context.Context, s identity.NewSession) (*identity.User, error)
	// SessionByID returns a session. Returns ENotFound.
	SessionByID(ctx context.Context, id string) (*identity.Session, error)
	// ListSessions returns the user's sessions, newest first.
	ListSessions(ctx context.Context, userID string) ([]identity.Session, error)
	// DeleteSession deletes one session and its refresh tokens; a missing one is no error.
	DeleteSession(ctx context.Context, id string) error
	// DeleteUserSessions deletes every session of the user except exceptID ("" for none).
	DeleteUserSessions(ctx context.Context, userID, exceptID string) error
	// RotateRefreshToken runs one refresh step atomically: it locks the session of the
	// token whose hash is tokenHash, hands the state to plan, and applies the plan's
	// decision. plan must be a pure function of its argument: it runs inside the
	// transaction. Returns ENotFound when no such token (or session) exists, and plan's
	// error, after rolling back, when it fails.
	RotateRefreshToken(ctx context.Context, tokenHash string, plan func(identity.RefreshState) (identity.RefreshPlan, error)) (*identity.RefreshResult, error)

	// FlowStateByAuthCode returns the PKCE flow state of an auth code. Returns ENotFound.
	FlowStateByAuthCode(ctx context.Context, code string) (*identity.FlowState, error)
	// RedeemFlowState deletes the flow state (single use) and signs the user in. Returns
	// ENotFound when it was already used.
	RedeemFlowState(ctx context.Context, flowID string, s identity.NewSession) (*identity.User, error)

	// CreateFactor deletes the user's unverified factors created before staleBefore, then
	// inserts f. Returns EConflict when a factor of the user already has f's friendly name,
	// and a *TooManyFactorsError when the user already has max factors.
	CreateFactor(ctx context.Context, f identity.Factor, max int, staleBefore time.Time) error
	// FactorByID returns a factor. Returns ENotFound.
	FactorByID(ctx context.Context, id string) (*identity.Factor, error)
	// CreateChallenge inserts a challenge and stamps the factor's last_challenged_at.
	CreateChallenge(ctx context.Context, c identity.Challenge) error
	// ChallengeByID returns a challenge. Returns ENotFound.
	ChallengeByID(ctx context.Context, id string) (*identity.Challenge, error)
	// VerifyFactor marks the challenge used and the factor verified, deletes the user's
	// other unverified factors of that type, raises the session to aal2 with a new refresh
	// token (the session's older tokens are deleted), and deletes the user's other aal1
	// sessions. Returns EConflict when the challenge was already used and ENotFound when
	// the session is gone.
	VerifyFactor(ctx context.Context, v identity.FactorVerification) error
	// DeleteFactor deletes the user's factor and lowers the sessions it raised to aal1.
	// Returns ENotFound.
	DeleteFactor(ctx context.Context, userID, factorID string) error

	// SaveRecoveryCodes stores a new set of recovery code hashes (replacing the old set only
	// with Replace) and audits it. Returns EConflict when a set exists without Replace and
	// ENotFound when the user has no verified TOTP factor.
	SaveRecoveryCodes(ctx context.Context, n identity.NewRecoveryCodes) error
	// RecoveryCodeStatus returns the state of the user's set. Returns ENotFound without one.
	RecoveryCodeStatus(ctx context.Context, userID string) (*identity.RecoveryCodes, error)
	// RedeemRecoveryCode spends one unused code, raises the session to aal2 as VerifyFactor
	// does, audits the use, enqueues mail (the notice to the account; nil for none) and returns
	// how many codes are left. Returns identity.ErrRecoveryCodeInvalid for a wrong or used
	// code, ENotFound for a gone session.
	RedeemRecoveryCode(ctx context.Context, r identity.RecoveryCodeRedemption, mail *growthdesk.Email) (int, error)
	// DeleteRecoveryCodes removes the user's set. Returns ENotFound without one.
	DeleteRecoveryCodes(ctx context.Context, userID string) error

	// RecordAuthFailure writes a failed attempt (kind is FailurePassword, FailureMFA or FailureOTP) to
	// the audit log; CountAuthFailures counts them since a time. Together they are the
	// per-account lockout, which a per-address limiter cannot provide.
	RecordAuthFailure(ctx context.Context, userID, kind, ip string) error
	CountAuthFailures(ctx context.Context, userID, kind string, since time.Time) (int, error)

	// SigningKeys returns every stored signing key, newest first.
	SigningKeys(ctx context.Context) ([]identity.SigningKey, error)
	// EnsureSigningKey inserts k as the active key unless an active key exists already;
	// two instances starting together end up with one.
	EnsureSigningKey(ctx context.Context, k identity.SigningKey) error
	// RotateSigningKey retires every active key and inserts k as the active one.
	RotateSigningKey(ctx context.Context, k identity.SigningKey) error
}
