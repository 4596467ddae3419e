package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/identity"
)

const authTokenColumns = "id, user_id, token_type, token_hash, otp_hash, relates_to, created_at, expires_at"

func authScanToken(row authScanner) (*identity.OneTimeToken, error) {
	var t identity.OneTimeToken
	if err := row.Scan(&t.ID, &t.UserID, &t.Type, &t.TokenHash, &t.OTPHash, &t.RelatesTo, &t.CreatedAt, &t.ExpiresAt); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, authNotFound("token")
		}
		return nil, err
	}
	t.CreatedAt, t.ExpiresAt = t.CreatedAt.UTC(), t.ExpiresAt.UTC()
	return &t, nil
}

func (tx *Tx) insertOneTimeToken(ctx context.Context, t identity.OneTimeToken) error {
	if t.ID == "" {
		t.ID = growthdesk.NewID()
	}
	if _, err := tx.exec(ctx, `INSERT INTO one_time_tokens (id, user_id, token_type, token_hash, otp_hash, relates_to, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, t.ID, t.UserID, t.Type, t.TokenHash, t.OTPHash, t.RelatesTo, tx.now, t.ExpiresAt.UTC()); err != nil {
		return fmt.Errorf("insert %s token: %w", t.Type, err)
	}
	return nil
}

func (tx *Tx) insertFlowState(ctx context.Context, f identity.FlowState) error {
	if f.ID == "" {
		f.ID = growthdesk.NewID()
	}
	if _, err := tx.exec(ctx, `INSERT INTO flow_states (id, user_id, auth_code, code_challenge, code_challenge_method, authentication_method, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, f.ID, f.UserID, f.AuthCode, f.CodeChallenge, f.CodeChallengeMethod, f.AuthenticationMethod, tx.now); err != nil {
		return fmt.Errorf("insert flow state: %w", err)
	}
	return nil
}

// IssueOneTimeToken replaces the user's token of t's type, within the resend window.
func (s *AuthStore) IssueOneTimeToken(ctx context.Context, t identity.OneTimeToken, flow *identity.FlowState, mail *growthdesk.Email, minInterval time.Duration) error {
	column, ok := authSentColumn[t.Type]
	if !ok {
		return fmt.Errorf("unknown one-time token type %q", t.Type)
	}
	return s.db.inTx(ctx, func(tx *Tx) error {
		var sent sql.NullTime
		if err := tx.queryRow(ctx, "SELECT "+column+" FROM users WHERE id = ?"+tx.forUpdate(), t.UserID).Scan(&sent); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return authNotFound("user")
			}
			return err
		}
		if sent.Valid {
			if elapsed := tx.now.Sub(sent.Time); elapsed >= 0 && elapsed < minInterval {
				return &identity.RetryAfterError{After: minInterval - elapsed}
			}
		}
		// The previous link of this type stops working, and with it its PKCE flow; flow states
		// whose link is long gone are swept at the same time.
		if _, err := tx.exec(ctx, `DELETE FROM flow_states WHERE user_id = ? AND id IN
		(SELECT relates_to FROM one_time_tokens WHERE user_id = ? AND token_type = ?)`, t.UserID, t.UserID, t.Type); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, "DELETE FROM one_time_tokens WHERE user_id = ? AND (token_type = ? OR expires_at <= ?)", t.UserID, t.Type, tx.now); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, `DELETE FROM flow_states WHERE user_id = ? AND created_at < ? AND id NOT IN
		(SELECT relates_to FROM one_time_tokens WHERE user_id = ?)`, t.UserID, tx.now.Add(-24*time.Hour), t.UserID); err != nil {
			return err
		}
		if flow != nil {
			f := *flow
			f.UserID = t.UserID
			if err := tx.insertFlowState(ctx, f); err != nil {
				return err
			}
		}
		if err := tx.insertOneTimeToken(ctx, t); err != nil {
			return err
		}
		if _, err := tx.exec(ctx, "UPDATE users SET "+column+" = ? WHERE id = ?", tx.now, t.UserID); err != nil {
			return err
		}
		return tx.enqueueMail(ctx, mail)
	})
}

// OneTimeTokenByHash returns the token of a link.
func (s *AuthStore) OneTimeTokenByHash(ctx context.Context, hash string) (*identity.OneTimeToken, error) {
	return authScanToken(s.db.queryRow(ctx, "SELECT "+authTokenColumns+" FROM one_time_tokens WHERE token_hash = ?", hash))
}

// OneTimeTokenByOTP returns the user's newest token of one of types with the code hash.
func (s *AuthStore) OneTimeTokenByOTP(ctx context.Context, userID string, types []string, otpHash string) (*identity.OneTimeToken, error) {
	if len(types) == 0 || otpHash == "" {
		return nil, authNotFound("token")
	}
	args := []any{userID, otpHash}
	for _, t := range types {
		args = append(args, t)
	}
	q := "SELECT " + authTokenColumns + " FROM one_time_tokens WHERE user_id = ? AND otp_hash = ? AND token_type IN (?" +
		strings.Repeat(", ?", len(types)-1) + ") ORDER BY created_at DESC, id DESC LIMIT 1"
	return authScanToken(s.db.queryRow(ctx, q, args...))
}

// RedeemOneTimeToken uses up a token and does what it stands for.
func (s *AuthStore) RedeemOneTimeToken(ctx context.Context, r identity.Redemption) (*identity.User, error) {
	if err := s.db.inTx(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, "DELETE FROM one_time_tokens WHERE id = ? AND user_id = ? AND expires_at > ?", r.TokenID, r.UserID, tx.now)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return authNotFound("token")
		}
		if r.ConfirmEmail {
			res, err := tx.exec(ctx, "UPDATE users SET email_confirmed_at = ?, updated_at = ? WHERE id = ? AND email_confirmed_at IS NULL", tx.now, tx.now, r.UserID)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 1 {
				if err := tx.patchMetadata(ctx, r.UserID, map[string]any{"email_verified": true}); err != nil {
					return err
				}
				if _, err := tx.exec(ctx, "DELETE FROM one_time_tokens WHERE user_id = ? AND token_type = ?", r.UserID, identity.TokenConfirmation); err != nil {
					return err
				}
			}
		}
		switch {
		case r.Session != nil:
			ns := *r.Session
			ns.Session.UserID = r.UserID
			if err := tx.signIn(ctx, ns); err != nil {
				return err
			}
		case r.FlowID != "":
			res, err := tx.exec(ctx, "UPDATE flow_states SET auth_code = ?, created_at = ? WHERE id = ? AND user_id = ?", r.AuthCode, tx.now, r.FlowID, r.UserID)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return authNotFound("flow state")
			}
		}
		return nil
	}); err != nil {
		return nil, err
	}
	return s.UserByID(ctx, r.UserID)
}

// FlowStateByAuthCode returns the flow state of an auth code.
func (s *AuthStore) FlowStateByAuthCode(ctx context.Context, code string) (*identity.FlowState, error) {
	var f identity.FlowState
	err := s.db.queryRow(ctx, `SELECT id, user_id, auth_code, code_challenge, code_challenge_method, authentication_method, created_at
		FROM flow_states WHERE auth_code = ?`, code).Scan(&f.ID, &f.UserID, &f.AuthCode, &f.CodeChallenge, &f.CodeChallengeMethod, &f.AuthenticationMethod, &f.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, authNotFound("flow state")
	} else if err != nil {
		return nil, err
	}
	f.CreatedAt = f.CreatedAt.UTC()
	return &f, nil
}

// RedeemFlowState uses up a flow state and signs its user in.
func (s *AuthStore) RedeemFlowState(ctx context.Context, flowID string, ns identity.NewSession) (*identity.User, error) {
	var userID string
	if err := s.db.inTx(ctx, func(tx *Tx) error {
		if err := tx.queryRow(ctx, "SELECT user_id FROM flow_states WHERE id = ?", flowID).Scan(&userID); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return authNotFound("flow state")
			}
			return err
		}
		res, err := tx.exec(ctx, "DELETE FROM flow_states WHERE id = ?", flowID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return authNotFound("flow state")
		}
		ns.Session.UserID = userID
		return tx.signIn(ctx, ns)
	}); err != nil {
		return nil, err
	}
	return s.UserByID(ctx, userID)
}
