package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/identity"
)

const authSessionColumns = "id, user_id, aal, factor_id, amr, user_agent, ip, created_at, updated_at, refreshed_at, not_after"

func authScanSession(row authScanner) (*identity.Session, error) {
	var (
		s                   identity.Session
		factor              sql.NullString
		amr                 string
		refreshed, notAfter sql.NullTime
	)
	if err := row.Scan(&s.ID, &s.UserID, &s.AAL, &factor, &amr, &s.UserAgent, &s.IP, &s.CreatedAt, &s.UpdatedAt, &refreshed, &notAfter); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, authNotFound("session")
		}
		return nil, err
	}
	s.FactorID = factor.String
	_ = json.Unmarshal([]byte(amr), &s.AMR)
	s.CreatedAt, s.UpdatedAt = s.CreatedAt.UTC(), s.UpdatedAt.UTC()
	s.RefreshedAt, s.NotAfter = authNullTime(refreshed), authNullTime(notAfter)
	return &s, nil
}

const authRefreshColumns = "id, token_hash, salt, session_id, parent_hash, revoked, revoked_at, created_at"

func authScanRefresh(row authScanner) (*identity.RefreshToken, error) {
	var (
		t       identity.RefreshToken
		parent  sql.NullString
		revoked sql.NullTime
	)
	if err := row.Scan(&t.ID, &t.Hash, &t.Salt, &t.SessionID, &parent, &t.Revoked, &revoked, &t.CreatedAt); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, authNotFound("refresh token")
		}
		return nil, err
	}
	t.ParentHash = parent.String
	t.RevokedAt = authNullTime(revoked)
	t.CreatedAt = t.CreatedAt.UTC()
	return &t, nil
}

func (tx *Tx) insertRefreshToken(ctx context.Context, t identity.RefreshToken) (identity.RefreshToken, error) {
	if t.ID == "" {
		t.ID = growthdesk.NewID() // time-ordered, so the newest token of a session sorts last
	}
	t.CreatedAt = tx.now
	if _, err := tx.exec(ctx, `INSERT INTO refresh_tokens (id, token_hash, salt, session_id, parent_hash, revoked, created_at)
		VALUES (?, ?, ?, ?, ?, FALSE, ?)`, t.ID, t.Hash, t.Salt, t.SessionID, nullString(t.ParentHash), tx.now); err != nil {
		return t, fmt.Errorf("insert refresh token: %w", err)
	}
	return t, nil
}

func (tx *Tx) insertSession(ctx context.Context, ns identity.NewSession) error {
	s := ns.Session
	amr, err := json.Marshal(s.AMR)
	if err != nil {
		return err
	}
	if s.AMR == nil {
		amr = []byte("[]")
	}
	if s.AAL == "" {
		s.AAL = "aal1"
	}
	if _, err := tx.exec(ctx, `INSERT INTO sessions (id, user_id, aal, factor_id, amr, user_agent, ip, created_at, updated_at, refreshed_at, not_after)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)`, s.ID, s.UserID, s.AAL, nullString(s.FactorID), string(amr),
		s.UserAgent, s.IP, tx.now, tx.now, authTimeArg(s.NotAfter)); err != nil {
		return fmt.Errorf("insert session: %w", err)
	}
	rt := ns.Refresh
	rt.SessionID = s.ID
	_, err = tx.insertRefreshToken(ctx, rt)
	return err
}

// signIn creates a session and records the sign-in on the user.
func (tx *Tx) signIn(ctx context.Context, ns identity.NewSession) error {
	res, err := tx.exec(ctx, "UPDATE users SET previous_sign_in_at = last_sign_in_at, last_sign_in_at = ? WHERE id = ?", tx.now, ns.Session.UserID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return authNotFound("user")
	}
	return tx.insertSession(ctx, ns)
}

// CreateSession signs a user in.
func (s *AuthStore) CreateSession(ctx context.Context, ns identity.NewSession) (*identity.User, error) {
	if err := s.db.inTx(ctx, func(tx *Tx) error {
		return tx.signIn(ctx, ns)
	}); err != nil {
		return nil, err
	}
	return s.UserByID(ctx, ns.Session.UserID)
}

// SessionByID returns a session.
func (s *AuthStore) SessionByID(ctx context.Context, id string) (*identity.Session, error) {
	return authScanSession(s.db.queryRow(ctx, "SELECT "+authSessionColumns+" FROM sessions WHERE id = ?", id))
}

// ListSessions returns the user's sessions, newest first.
func (s *AuthStore) ListSessions(ctx context.Context, userID string) ([]identity.Session, error) {
	rows, err := s.db.query(ctx, "SELECT "+authSessionColumns+" FROM sessions WHERE user_id = ? ORDER BY created_at DESC, id DESC", userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []identity.Session
	for rows.Next() {
		sess, err := authScanSession(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *sess)
	}
	return out, rows.Err()
}

// DeleteSession deletes one session (sign-out); its refresh tokens go with it (ON DELETE
// CASCADE) and an impersonation it carried ends.
func (s *AuthStore) DeleteSession(ctx context.Context, id string) error {
	return s.deleteSessions(ctx, "id = ?", id)
}

// DeleteUserSessions deletes every session of the user except exceptID, ending the
// impersonations they carried.
func (s *AuthStore) DeleteUserSessions(ctx context.Context, userID, exceptID string) error {
	return s.deleteSessions(ctx, "user_id = ? AND id <> ?", userID, exceptID)
}

func (s *AuthStore) deleteSessions(ctx context.Context, cond string, args ...any) error {
	return s.db.inTx(ctx, func(tx *Tx) error {
		return tx.deleteSessions(ctx, growthdesk.ImpersonationSignedOut, cond, args...)
	})
}

// deleteSessions deletes the sessions matching cond and ends, with their audit entries, the
// impersonations they carried (reason signed_out or session_ended). Every deletion of
// sessions goes through it, so that an impersonation never outlives its session unlogged.
func (tx *Tx) deleteSessions(ctx context.Context, reason, cond string, args ...any) error {
	if err := tx.endSessionImpersonations(ctx, reason, cond, args...); err != nil {
		return err
	}
	_, err := tx.exec(ctx, "DELETE FROM sessions WHERE "+cond, args...)
	return err
}

// RotateRefreshToken runs one refresh step under a lock on the session, so that two
// concurrent refreshes of one session are serialized and see each other's writes.
func (s *AuthStore) RotateRefreshToken(ctx context.Context, tokenHash string, plan func(identity.RefreshState) (identity.RefreshPlan, error)) (*identity.RefreshResult, error) {
	return inTxResult(ctx, s.db, func(tx *Tx) (*identity.RefreshResult, error) {
		// Lock the session first, then read the tokens: a concurrent refresh that won the lock
		// has committed by the time these reads run.
		sess, err := authScanSession(tx.queryRow(ctx, "SELECT "+authSessionColumns+
			" FROM sessions WHERE id = (SELECT session_id FROM refresh_tokens WHERE token_hash = ?)"+tx.forUpdate(), tokenHash))
		if err != nil {
			if growthdesk.ErrorCode(err) == growthdesk.ENotFound {
				return nil, authNotFound("refresh token")
			}
			return nil, err
		}
		// The presented token and the session's current one (the newest not revoked, found
		// through the partial index refresh_tokens_active) in one statement; they may be the same
		// row, which then comes back twice.
		rows, err := tx.queryPrepared(ctx, "SELECT 'presented', "+authRefreshColumns+" FROM refresh_tokens WHERE token_hash = ?"+
			" UNION ALL SELECT 'active', "+authRefreshColumns+" FROM (SELECT "+authRefreshColumns+
			" FROM refresh_tokens WHERE session_id = ? AND revoked = FALSE ORDER BY created_at DESC, id DESC LIMIT 1) active", tokenHash, sess.ID)
		if err != nil {
			return nil, err
		}
		var presented, active *identity.RefreshToken
		for rows.Next() {
			var which string
			t, err := authScanRefresh(prefixScanner{rows, &which})
			if err != nil {
				rows.Close()
				return nil, err
			}
			if which == "presented" {
				presented = t
			} else {
				active = t
			}
		}
		if err := rows.Close(); err != nil {
			return nil, err
		}
		if err := rows.Err(); err != nil {
			return nil, err
		}
		if presented == nil || presented.SessionID != sess.ID {
			return nil, authNotFound("refresh token")
		}
		state := identity.RefreshState{Presented: *presented, Session: *sess, Now: tx.now, Active: active}
		p, err := plan(state)
		if err != nil {
			return nil, err
		}
		result := &identity.RefreshResult{Session: *sess}
		switch {
		case p.RevokeSession:
			if err := tx.deleteSessions(ctx, growthdesk.ImpersonationSessionEnded, "id = ?", sess.ID); err != nil {
				return nil, err
			}
			result.Revoked = true
			return result, nil
		case p.Reissue:
			if state.Active == nil {
				return nil, errors.New("refresh plan reissues a token the session does not have")
			}
			result.Token = state.Active
		case p.Issue != nil:
			if _, err := tx.exec(ctx, "UPDATE refresh_tokens SET revoked = TRUE, revoked_at = ? WHERE id = ? AND revoked = FALSE", tx.now, presented.ID); err != nil {
				return nil, err
			}
			child := *p.Issue
			child.SessionID, child.ParentHash = sess.ID, presented.Hash
			child, err = tx.insertRefreshToken(ctx, child)
			if err != nil {
				return nil, err
			}
			result.Token = &child
		default:
			return nil, errors.New("empty refresh plan")
		}
		now := tx.now
		if _, err := tx.exec(ctx, "UPDATE sessions SET refreshed_at = ?, updated_at = ? WHERE id = ?", now, now, sess.ID); err != nil {
			return nil, err
		}
		result.Session.RefreshedAt, result.Session.UpdatedAt = &now, now
		return result, nil
	})
}

// prefixScanner scans a row's first column into first and the rest through row.
type prefixScanner struct {
	row   authScanner
	first any
}

func (p prefixScanner) Scan(dest ...any) error {
	return p.row.Scan(append([]any{p.first}, dest...)...)
}
