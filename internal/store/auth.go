package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/identity"
)

// AuthStore keeps the auth service's users, sessions, refresh tokens, one-time tokens, MFA
// factors, PKCE flow states and signing keys. Each method that writes is one transaction.
type AuthStore struct{ db *DB }

// NewAuthStore returns an AuthStore on db.
func NewAuthStore(db *DB) *AuthStore { return &AuthStore{db: db} }

// authSentColumn is the users column that records when a message of a token type was last
// sent; it drives the per-user resend window. Magic links share recovery_sent_at, as in
// GoTrue.
var authSentColumn = map[string]string{
	identity.TokenConfirmation:     "confirmation_sent_at",
	identity.TokenRecovery:         "recovery_sent_at",
	identity.TokenMagicLink:        "recovery_sent_at",
	identity.TokenReauthentication: "reauthentication_sent_at",
}

func authNotFound(what string) error {
	return growthdesk.Errorf(growthdesk.ENotFound, "There is no such %s.", what)
}

func authNullTime(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}

// authTimeArg turns an optional time into a query argument in UTC.
func authTimeArg(t *time.Time) any {
	if t == nil {
		return nil
	}
	return t.UTC()
}

func nullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func authJSON(v any) (string, error) {
	if v == nil {
		return "{}", nil
	}
	b, err := json.Marshal(v)
	return string(b), err
}

// authFailureActions are the audit actions of the failure kinds the lockout counts.
var authFailureActions = map[string]growthdesk.AuditAction{
	identity.FailurePassword: growthdesk.AuditPasswordFailed,
	identity.FailureMFA:      growthdesk.AuditMFAFailed,
	identity.FailureOTP:      growthdesk.AuditOTPFailed,
}

func authFailureAction(kind string) (string, error) {
	if a, ok := authFailureActions[kind]; ok {
		return a, nil
	}
	return "", fmt.Errorf("auth failure of unknown kind %q", kind)
}

// RecordAuthFailure writes a failed sign-in or MFA attempt to the audit log.
func (s *AuthStore) RecordAuthFailure(ctx context.Context, userID, kind, ip string) error {
	action, err := authFailureAction(kind)
	if err != nil {
		return err
	}
	_, err = s.db.exec(ctx, `INSERT INTO audit_log (id, actor_id, action, target_type, target_id, details, ip, created_at)
		VALUES (?, NULL, ?, 'user', ?, '{}', ?, ?)`, growthdesk.NewID(), action, userID, ip, s.db.now())
	return err
}

// CountAuthFailures counts the user's failures of a kind since a time.
func (s *AuthStore) CountAuthFailures(ctx context.Context, userID, kind string, since time.Time) (int, error) {
	action, err := authFailureAction(kind)
	if err != nil {
		return 0, err
	}
	var n int
	err = s.db.queryRow(ctx, "SELECT COUNT(*) FROM audit_log WHERE target_type = 'user' AND target_id = ? AND action = ? AND created_at > ?",
		userID, action, since.UTC()).Scan(&n)
	return n, err
}
