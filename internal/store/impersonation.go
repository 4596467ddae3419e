package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// ImpersonationStore keeps the records of staff members acting as other accounts.
type ImpersonationStore struct{ db *DB }

// NewImpersonationStore returns an ImpersonationStore on db.
func NewImpersonationStore(db *DB) *ImpersonationStore { return &ImpersonationStore{db: db} }

var _ growthdesk.ImpersonationStore = (*ImpersonationStore)(nil)

const impersonationColumns = `i.id, i.admin_id, i.target_user_id, COALESCE(i.session_id, ''), i.is_active, i.started_at,
	i.expires_at, i.ended_at, COALESCE(p.full_name, ''), COALESCE(p.email, ''), COALESCE(p.role, ''), COALESCE(o.name, '')`

const impersonationFrom = ` FROM admin_impersonations i LEFT JOIN profiles p ON p.id = i.target_user_id
	LEFT JOIN organizations o ON o.id = p.organization_id`

func scanImpersonation(row rowScanner) (*growthdesk.Impersonation, error) {
	var (
		r     growthdesk.Impersonation
		t     growthdesk.ImpersonationTarget
		ended sql.NullTime
	)
	if err := row.Scan(&r.ID, &r.AdminID, &r.TargetUserID, &r.SessionID, &r.IsActive, &r.StartedAt, &r.ExpiresAt, &ended,
		&t.FullName, &t.Email, &t.Role, &t.OrganizationName); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, nil
		}
		return nil, err
	}
	t.ID = r.TargetUserID
	r.Target = &t
	r.StartedAt, r.ExpiresAt = r.StartedAt.UTC(), r.ExpiresAt.UTC()
	r.EndedAt = nullTime(ended)
	return &r, nil
}

// ActiveForSession returns the record applying to the session now, or nil. A record found
// past its expiry is ended (reason expired, at its expiry time).
func (s *ImpersonationStore) ActiveForSession(ctx context.Context, sessionID string, now time.Time) (*growthdesk.Impersonation, error) {
	r, err := scanImpersonation(s.db.queryRow(ctx, "SELECT "+impersonationColumns+impersonationFrom+
		" WHERE i.session_id = ? AND i.is_active = ? ORDER BY i.started_at DESC LIMIT 1", sessionID, true))
	if err != nil || r == nil {
		return nil, err
	}
	if !now.Before(r.ExpiresAt) {
		if _, err := s.db.exec(ctx, `UPDATE admin_impersonations SET is_active = ?, ended_at = expires_at, end_reason = ?
			WHERE id = ? AND is_active = ?`, false, growthdesk.ImpersonationExpired, r.ID, true); err != nil {
			return nil, err
		}
		return nil, nil
	}
	return r, nil
}

// endStale ends the staff member's records that no longer apply: past their expiry, or whose
// session is gone.
func (tx *Tx) endStaleImpersonations(ctx context.Context, adminID string, now time.Time) error {
	if _, err := tx.exec(ctx, `UPDATE admin_impersonations SET is_active = ?, ended_at = expires_at, end_reason = ?
		WHERE admin_id = ? AND is_active = ? AND expires_at <= ?`, false, growthdesk.ImpersonationExpired, adminID, true, now.UTC()); err != nil {
		return err
	}
	_, err := tx.exec(ctx, `UPDATE admin_impersonations SET is_active = ?, ended_at = ?, end_reason = ?
		WHERE admin_id = ? AND is_active = ? AND session_id IS NULL`, false, tx.now, growthdesk.ImpersonationSignedOut, adminID, true)
	return err
}

// endSessionImpersonations ends the records of the sessions about to be deleted (sign-out),
// selected by a condition on the sessions table.
func (tx *Tx) endSessionImpersonations(ctx context.Context, sessionCond string, args ...any) error {
	all := append([]any{false, tx.now, growthdesk.ImpersonationSignedOut, true}, args...)
	_, err := tx.exec(ctx, `UPDATE admin_impersonations SET is_active = ?, ended_at = ?, end_reason = ?
		WHERE is_active = ? AND session_id IN (SELECT id FROM sessions WHERE `+sessionCond+`)`, all...)
	return err
}

// ActiveForAdmin returns the staff member's record that applies now, or nil, ending on the
// way the records that no longer apply.
func (s *ImpersonationStore) ActiveForAdmin(ctx context.Context, adminID string, now time.Time) (*growthdesk.Impersonation, error) {
	tx, err := s.db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback() //nolint:errcheck
	if err := tx.endStaleImpersonations(ctx, adminID, now); err != nil {
		return nil, err
	}
	r, err := scanImpersonation(tx.queryRow(ctx, "SELECT "+impersonationColumns+impersonationFrom+
		" WHERE i.admin_id = ? AND i.is_active = ? ORDER BY i.started_at DESC LIMIT 1", adminID, true))
	if err != nil {
		return nil, err
	}
	return r, tx.Commit()
}

// StartImpersonation ends the staff member's active records and inserts rec, with the audit
// entry, in one transaction.
func (s *ImpersonationStore) StartImpersonation(ctx context.Context, rec *growthdesk.Impersonation, audit growthdesk.AuditEntry) (*growthdesk.Impersonation, error) {
	tx, err := s.db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback() //nolint:errcheck
	if err := tx.endStaleImpersonations(ctx, rec.AdminID, rec.StartedAt); err != nil {
		return nil, err
	}
	if _, err := tx.exec(ctx, `UPDATE admin_impersonations SET is_active = ?, ended_at = ?, end_reason = ?
		WHERE admin_id = ? AND is_active = ?`, false, tx.now, growthdesk.ImpersonationReplaced, rec.AdminID, true); err != nil {
		return nil, err
	}
	id := newID()
	if _, err := tx.exec(ctx, `INSERT INTO admin_impersonations (id, admin_id, target_user_id, session_id, is_active, started_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, id, rec.AdminID, rec.TargetUserID, rec.SessionID, true, rec.StartedAt.UTC(), rec.ExpiresAt.UTC()); err != nil {
		if isUniqueViolation(err) {
			return nil, growthdesk.Errorf(growthdesk.EConflict, "Another impersonation was started at the same moment. Please try again.")
		}
		return nil, err
	}
	if err := tx.writeAudit(ctx, audit); err != nil {
		return nil, err
	}
	out, err := scanImpersonation(tx.queryRow(ctx, "SELECT "+impersonationColumns+impersonationFrom+" WHERE i.id = ?", id))
	if err != nil {
		return nil, err
	}
	return out, tx.Commit()
}

// EndImpersonation ends the staff member's active records with the audit entry; ENotFound
// when none is active.
func (s *ImpersonationStore) EndImpersonation(ctx context.Context, adminID, reason string, audit growthdesk.AuditEntry) (*growthdesk.Impersonation, error) {
	tx, err := s.db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback() //nolint:errcheck
	cur, err := scanImpersonation(tx.queryRow(ctx, "SELECT "+impersonationColumns+impersonationFrom+
		" WHERE i.admin_id = ? AND i.is_active = ? ORDER BY i.started_at DESC LIMIT 1", adminID, true))
	if err != nil {
		return nil, err
	}
	if cur == nil {
		return nil, growthdesk.Errorf(growthdesk.ENotFound, "No active impersonation session")
	}
	if _, err := tx.exec(ctx, `UPDATE admin_impersonations SET is_active = ?, ended_at = ?, end_reason = ?
		WHERE admin_id = ? AND is_active = ?`, false, tx.now, reason, adminID, true); err != nil {
		return nil, err
	}
	if err := tx.writeAudit(ctx, audit); err != nil {
		return nil, err
	}
	cur.IsActive, cur.EndedAt = false, &tx.now
	return cur, tx.Commit()
}
