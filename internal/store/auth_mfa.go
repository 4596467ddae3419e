package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/identity"
)

const authFactorColumns = "id, user_id, friendly_name, factor_type, status, secret, last_challenged_at, created_at, updated_at"

func authScanFactor(row authScanner) (*identity.Factor, error) {
	var (
		f          identity.Factor
		challenged sql.NullTime
	)
	if err := row.Scan(&f.ID, &f.UserID, &f.FriendlyName, &f.Type, &f.Status, &f.Secret, &challenged, &f.CreatedAt, &f.UpdatedAt); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, authNotFound("factor")
		}
		return nil, err
	}
	f.LastChallengedAt = authNullTime(challenged)
	f.CreatedAt, f.UpdatedAt = f.CreatedAt.UTC(), f.UpdatedAt.UTC()
	return &f, nil
}

// CreateFactor enrolls a factor; the user row is locked so that two enrollments at once
// cannot both pass the name and count checks.
func (s *AuthStore) CreateFactor(ctx context.Context, f identity.Factor, max int, staleBefore time.Time) error {
	return s.db.inTx(ctx, func(tx *Tx) error {
		var id string
		if err := tx.queryRow(ctx, "SELECT id FROM users WHERE id = ?"+tx.forUpdate(), f.UserID).Scan(&id); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return authNotFound("user")
			}
			return err
		}
		if _, err := tx.exec(ctx, "DELETE FROM mfa_factors WHERE user_id = ? AND status = 'unverified' AND created_at < ?", f.UserID, staleBefore.UTC()); err != nil {
			return err
		}
		if f.FriendlyName != "" {
			var n int
			if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM mfa_factors WHERE user_id = ? AND friendly_name = ?", f.UserID, f.FriendlyName).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				return growthdesk.Errorf(growthdesk.EConflict, "A factor with this name exists already.")
			}
		}
		var count int
		if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM mfa_factors WHERE user_id = ?", f.UserID).Scan(&count); err != nil {
			return err
		}
		if count >= max {
			return &identity.TooManyFactorsError{Max: max}
		}
		if f.ID == "" {
			f.ID = growthdesk.NewID()
		}
		if f.Status == "" {
			f.Status = "unverified"
		}
		if _, err := tx.exec(ctx, `INSERT INTO mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, f.ID, f.UserID, f.FriendlyName, f.Type, f.Status, f.Secret, tx.now, tx.now); err != nil {
			return fmt.Errorf("insert factor: %w", err)
		}
		return nil
	})
}

// FactorByID returns a factor.
func (s *AuthStore) FactorByID(ctx context.Context, id string) (*identity.Factor, error) {
	return authScanFactor(s.db.queryRow(ctx, "SELECT "+authFactorColumns+" FROM mfa_factors WHERE id = ?", id))
}

// CreateChallenge opens a challenge on a factor.
func (s *AuthStore) CreateChallenge(ctx context.Context, c identity.Challenge) error {
	return s.db.inTx(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, "UPDATE mfa_factors SET last_challenged_at = ? WHERE id = ?", tx.now, c.FactorID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return authNotFound("factor")
		}
		if c.ID == "" {
			c.ID = growthdesk.NewID()
		}
		if _, err := tx.exec(ctx, "INSERT INTO mfa_challenges (id, factor_id, ip, created_at) VALUES (?, ?, ?, ?)", c.ID, c.FactorID, c.IP, tx.now); err != nil {
			return fmt.Errorf("insert challenge: %w", err)
		}
		// Challenges older than a day are of no use to anyone.
		if _, err := tx.exec(ctx, "DELETE FROM mfa_challenges WHERE factor_id = ? AND created_at < ?", c.FactorID, tx.now.Add(-24*time.Hour)); err != nil {
			return err
		}
		return nil
	})
}

// ChallengeByID returns a challenge.
func (s *AuthStore) ChallengeByID(ctx context.Context, id string) (*identity.Challenge, error) {
	var (
		c        identity.Challenge
		verified sql.NullTime
	)
	err := s.db.queryRow(ctx, "SELECT id, factor_id, ip, created_at, verified_at FROM mfa_challenges WHERE id = ?", id).
		Scan(&c.ID, &c.FactorID, &c.IP, &c.CreatedAt, &verified)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, authNotFound("challenge")
	} else if err != nil {
		return nil, err
	}
	c.CreatedAt = c.CreatedAt.UTC()
	c.VerifiedAt = authNullTime(verified)
	return &c, nil
}

// VerifyFactor records a passed challenge and raises the session to aal2.
func (s *AuthStore) VerifyFactor(ctx context.Context, v identity.FactorVerification) error {
	return s.db.inTx(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, "UPDATE mfa_challenges SET verified_at = ? WHERE id = ? AND factor_id = ? AND verified_at IS NULL", tx.now, v.ChallengeID, v.FactorID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return growthdesk.Errorf(growthdesk.EConflict, "The challenge was already used.")
		}
		var factorType string
		if err := tx.queryRow(ctx, "SELECT factor_type FROM mfa_factors WHERE id = ? AND user_id = ?", v.FactorID, v.UserID).Scan(&factorType); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return authNotFound("factor")
			}
			return err
		}
		res, err = tx.exec(ctx, "UPDATE mfa_factors SET status = 'verified', last_used_step = ?, updated_at = ? WHERE id = ? AND last_used_step < ?",
			v.Step, tx.now, v.FactorID, v.Step)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return identity.ErrTOTPReused
		}
		if _, err := tx.exec(ctx, "DELETE FROM mfa_factors WHERE user_id = ? AND id <> ? AND status = 'unverified' AND factor_type = ?", v.UserID, v.FactorID, factorType); err != nil {
			return err
		}
		return tx.raiseSession(ctx, v.UserID, v.SessionID, v.FactorID, v.AMR, v.Refresh)
	})
}

// raiseSession raises the user's session to aal2 by factorID with a new refresh token (the
// session's older tokens go: aal1 refresh tokens must not mint aal2 access tokens) and deletes
// the user's other aal1 sessions. ENotFound when the session is gone.
func (tx *Tx) raiseSession(ctx context.Context, userID, sessionID, factorID string, amrEntries []identity.AMREntry, refresh identity.RefreshToken) error {
	amr, err := json.Marshal(amrEntries)
	if err != nil {
		return err
	}
	res, err := tx.exec(ctx, "UPDATE sessions SET aal = 'aal2', factor_id = ?, amr = ?, updated_at = ?, refreshed_at = ? WHERE id = ? AND user_id = ?",
		factorID, string(amr), tx.now, tx.now, sessionID, userID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return authNotFound("session")
	}
	if _, err := tx.exec(ctx, "DELETE FROM refresh_tokens WHERE session_id = ?", sessionID); err != nil {
		return err
	}
	refresh.SessionID, refresh.ParentHash = sessionID, ""
	if _, err := tx.insertRefreshToken(ctx, refresh); err != nil {
		return err
	}
	return tx.deleteSessions(ctx, growthdesk.ImpersonationSessionEnded, "user_id = ? AND id <> ? AND aal = 'aal1'", userID, sessionID)
}

// DeleteFactor removes a factor and lowers the sessions it raised.
func (s *AuthStore) DeleteFactor(ctx context.Context, userID, factorID string) error {
	return s.db.inTx(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, "DELETE FROM mfa_factors WHERE id = ? AND user_id = ?", factorID, userID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return authNotFound("factor")
		}
		// Recovery codes stand in for an authenticator app; without one they go too.
		if _, err := tx.exec(ctx, `DELETE FROM mfa_recovery_codes WHERE user_id = ? AND NOT EXISTS
			(SELECT 1 FROM mfa_factors WHERE user_id = ? AND status = 'verified' AND factor_type = 'totp')`, userID, userID); err != nil {
			return err
		}
		rows, err := tx.tx.QueryContext(ctx, tx.db.rebind("SELECT id, amr FROM sessions WHERE factor_id = ?"), factorID)
		if err != nil {
			return err
		}
		type lowered struct{ id, amr string }
		todo, err := scanRows(rows, func(row rowScanner) (lowered, error) {
			var l lowered
			err := row.Scan(&l.id, &l.amr)
			return l, err
		})
		if err != nil {
			return err
		}
		for _, l := range todo {
			var entries, kept []identity.AMREntry
			_ = json.Unmarshal([]byte(l.amr), &entries)
			for _, e := range entries {
				if e.Method != "totp" && e.Method != identity.AMRRecoveryCode {
					kept = append(kept, e)
				}
			}
			if kept == nil {
				kept = []identity.AMREntry{}
			}
			amr, err := json.Marshal(kept)
			if err != nil {
				return err
			}
			if _, err := tx.exec(ctx, "UPDATE sessions SET aal = 'aal1', factor_id = NULL, amr = ?, updated_at = ? WHERE id = ?", string(amr), tx.now, l.id); err != nil {
				return err
			}
		}
		return nil
	})
}
