package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/identity"
)

// SaveRecoveryCodes stores a new set of recovery codes for a user with a verified
// authenticator app, replacing the old set when asked (its codes stop working), and audits it.
// Returns EConflict when a set exists and Replace is off, and ENotFound when the user has no
// verified TOTP factor. The user row is locked so that two requests cannot both make a set.
func (s *AuthStore) SaveRecoveryCodes(ctx context.Context, n identity.NewRecoveryCodes) error {
	return s.db.inTx(ctx, func(tx *Tx) error {
		var id string
		if err := tx.queryRow(ctx, "SELECT id FROM users WHERE id = ?"+tx.forUpdate(), n.UserID).Scan(&id); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return authNotFound("user")
			}
			return err
		}
		if _, err := tx.verifiedTOTPFactor(ctx, n.UserID); err != nil {
			return err
		}
		var existing int
		if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM mfa_recovery_codes WHERE user_id = ?", n.UserID).Scan(&existing); err != nil {
			return err
		}
		if existing > 0 && !n.Replace {
			return growthdesk.Errorf(growthdesk.EConflict, "Recovery codes exist already.")
		}
		if _, err := tx.exec(ctx, "DELETE FROM mfa_recovery_codes WHERE user_id = ?", n.UserID); err != nil {
			return err
		}
		for _, h := range n.Hashes {
			if _, err := tx.exec(ctx, "INSERT INTO mfa_recovery_codes (id, user_id, set_id, code_hash, created_at) VALUES (?, ?, ?, ?, ?)",
				growthdesk.NewID(), n.UserID, n.SetID, h, tx.now); err != nil {
				return fmt.Errorf("insert recovery code: %w", err)
			}
		}
		return tx.writeAudit(ctx, growthdesk.AuditEntry{
			ActorID: n.UserID, Action: growthdesk.AuditRecoveryCodesGenerate, TargetType: "user", TargetID: n.UserID,
			Details: map[string]any{"count": len(n.Hashes), "replaced": existing > 0}, IP: n.IP,
		})
	})
}

// RecoveryCodeStatus returns the state of the user's set. Returns ENotFound when there is none.
func (s *AuthStore) RecoveryCodeStatus(ctx context.Context, userID string) (*identity.RecoveryCodes, error) {
	var (
		rc        identity.RecoveryCodes
		remaining sql.NullInt64
		setID     sql.NullString
	)
	err := s.db.queryRow(ctx, `SELECT MIN(set_id), COUNT(*), SUM(CASE WHEN used_at IS NULL THEN 1 ELSE 0 END)
		FROM mfa_recovery_codes WHERE user_id = ?`, userID).Scan(&setID, &rc.Total, &remaining)
	if err != nil {
		return nil, err
	}
	if rc.Total == 0 {
		return nil, authNotFound("recovery codes")
	}
	rc.SetID, rc.Remaining = setID.String, int(remaining.Int64)
	return &rc, nil
}

// RedeemRecoveryCode spends an unused code (single use: the row count of the update decides)
// and raises the session to aal2, tied to the user's authenticator app so that removing the
// app lowers it again; it returns how many codes are left. Returns ErrRecoveryCodeInvalid when
// no unused code has the hash, and ENotFound when the session is gone (the code is then not
// spent: the transaction rolls back). mail, the notice to the account, is sent only if the code is spent.
func (s *AuthStore) RedeemRecoveryCode(ctx context.Context, r identity.RecoveryCodeRedemption, mail *growthdesk.Email) (remaining int, err error) {
	err = s.db.inTx(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, "UPDATE mfa_recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL", tx.now, r.UserID, r.CodeHash)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return identity.ErrRecoveryCodeInvalid
		}
		factorID, err := tx.verifiedTOTPFactor(ctx, r.UserID)
		if err != nil {
			return err
		}
		if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM mfa_recovery_codes WHERE user_id = ? AND used_at IS NULL", r.UserID).Scan(&remaining); err != nil {
			return err
		}
		if err := tx.raiseSession(ctx, r.UserID, r.SessionID, factorID, r.AMR, r.Refresh); err != nil {
			return err
		}
		if err := tx.writeAudit(ctx, growthdesk.AuditEntry{
			ActorID: r.UserID, Action: growthdesk.AuditRecoveryCodeUse, TargetType: "user", TargetID: r.UserID,
			Details: map[string]any{"remaining": remaining}, IP: r.IP,
		}); err != nil {
			return err
		}
		return tx.enqueueMail(ctx, mail)
	})
	return remaining, err
}

// DeleteRecoveryCodes removes the user's set. Returns ENotFound when there is none.
func (s *AuthStore) DeleteRecoveryCodes(ctx context.Context, userID string) error {
	res, err := s.db.exec(ctx, "DELETE FROM mfa_recovery_codes WHERE user_id = ?", userID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return authNotFound("recovery codes")
	}
	return nil
}

// verifiedTOTPFactor is the id of the user's oldest verified authenticator app; ENotFound without one.
func (tx *Tx) verifiedTOTPFactor(ctx context.Context, userID string) (string, error) {
	var id string
	err := tx.queryRow(ctx, "SELECT id FROM mfa_factors WHERE user_id = ? AND status = 'verified' AND factor_type = 'totp' ORDER BY created_at, id LIMIT 1", userID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", authNotFound("factor")
	}
	return id, err
}
