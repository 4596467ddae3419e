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
// past its expiry is ended (reason expired, at its expiry time) with its audit entry.
func (s *ImpersonationStore) ActiveForSession(ctx context.Context, sessionID string, now time.Time) (*growthdesk.Impersonation, error) {
	r, err := scanImpersonation(s.db.queryRow(ctx, "SELECT "+impersonationColumns+impersonationFrom+
		" WHERE i.session_id = ? AND i.is_active = ? ORDER BY i.started_at DESC LIMIT 1", sessionID, true))
	if err != nil || r == nil {
		return nil, err
	}
	if !now.Before(r.ExpiresAt) {
		return nil, s.db.inTx(ctx, func(tx *Tx) error {
			return tx.endImpersonations(ctx, growthdesk.ImpersonationExpired, "id = ?", r.ID)
		})
	}
	return r, nil
}

// EndStale ends every record that no longer applies, each with its audit entry: past its
// expiry (reason expired, at its expiry time) or whose session is gone (session_ended). The
// server runs it every minute, so that an impersonation nobody comes back to is still closed
// and logged on time.
func (s *ImpersonationStore) EndStale(ctx context.Context, now time.Time) error {
	return s.db.inTx(ctx, func(tx *Tx) error {
		return tx.endStaleImpersonations(ctx, "", now)
	})
}

// endStaleImpersonations ends the records that no longer apply, of one staff member or (adminID
// empty) of everyone: past their expiry, or whose session is gone.
func (tx *Tx) endStaleImpersonations(ctx context.Context, adminID string, now time.Time) error {
	who, args := "", []any{}
	if adminID != "" {
		who, args = "admin_id = ? AND ", []any{adminID}
	}
	if err := tx.endImpersonations(ctx, growthdesk.ImpersonationExpired, who+"expires_at <= ?", append(args, now.UTC())...); err != nil {
		return err
	}
	return tx.endImpersonations(ctx, growthdesk.ImpersonationSessionEnded, who+"session_id IS NULL", args...)
}

// endSessionImpersonations ends the records of the sessions about to be deleted, selected by
// a condition on the sessions table: reason signed_out for a sign-out, session_ended when the
// session goes another way (password change, rejection, refresh-token reuse).
func (tx *Tx) endSessionImpersonations(ctx context.Context, reason, sessionCond string, args ...any) error {
	return tx.endImpersonations(ctx, reason, "session_id IN (SELECT id FROM sessions WHERE "+sessionCond+")", args...)
}

// endImpersonations ends the active records matching cond (a condition on
// admin_impersonations) and writes an impersonation.end audit entry for each, attributed to
// its staff member. An expired record ends at its expiry time, and so does its entry.
func (tx *Tx) endImpersonations(ctx context.Context, reason, cond string, args ...any) error {
	endedAt := "?"
	all := []any{false, tx.now, reason, true}
	if reason == growthdesk.ImpersonationExpired {
		endedAt, all = "expires_at", []any{false, reason, true}
	}
	rows, err := tx.query(ctx, `UPDATE admin_impersonations SET is_active = ?, ended_at = `+endedAt+`, end_reason = ?
		WHERE is_active = ? AND `+cond+` RETURNING id, admin_id, target_user_id, ended_at`, append(all, args...)...)
	if err != nil {
		return err
	}
	type ended struct {
		id, admin, target string
		at                time.Time
	}
	done, err := scanRows(rows, func(row rowScanner) (ended, error) {
		var e ended
		err := row.Scan(&e.id, &e.admin, &e.target, &e.at)
		return e, err
	})
	if err != nil {
		return err
	}
	for _, e := range done {
		if err := tx.writeAudit(ctx, growthdesk.AuditEntry{ActorID: e.admin, Action: growthdesk.AuditImpersonationEnd,
			TargetType: "user", TargetID: e.target, CreatedAt: e.at.UTC(),
			Details: map[string]any{"reason": reason, "impersonation_id": e.id}}); err != nil {
			return err
		}
	}
	return nil
}

// StartImpersonation ends the staff member's active records, each with its audit entry
// (expired, session_ended or replaced), and inserts rec with its own entry, in one transaction.
func (s *ImpersonationStore) StartImpersonation(ctx context.Context, rec *growthdesk.Impersonation, audit growthdesk.AuditEntry) (*growthdesk.Impersonation, error) {
	return inTxResult(ctx, s.db, func(tx *Tx) (*growthdesk.Impersonation, error) {
		if err := tx.endStaleImpersonations(ctx, rec.AdminID, rec.StartedAt); err != nil {
			return nil, err
		}
		if err := tx.endImpersonations(ctx, growthdesk.ImpersonationReplaced, "admin_id = ?", rec.AdminID); err != nil {
			return nil, err
		}
		id := growthdesk.NewID()
		if _, err := tx.exec(ctx, `INSERT INTO admin_impersonations (id, admin_id, target_user_id, session_id, is_active, started_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, id, rec.AdminID, rec.TargetUserID, rec.SessionID, true, rec.StartedAt.UTC(), rec.ExpiresAt.UTC()); err != nil {
			if isUniqueViolation(err) {
				return nil, growthdesk.Errorf(growthdesk.EConflict, "Another impersonation was started at the same moment. Please try again.")
			}
			return nil, err
		}
		if audit.Details == nil {
			audit.Details = map[string]any{}
		}
		audit.Details["impersonation_id"] = id
		if err := tx.writeAudit(ctx, audit); err != nil {
			return nil, err
		}
		out, err := scanImpersonation(tx.queryRow(ctx, "SELECT "+impersonationColumns+impersonationFrom+" WHERE i.id = ?", id))
		if err != nil {
			return nil, err
		}
		return out, nil
	})
}

// RecordRequest writes the audit entry of a request made while impersonating.
func (s *ImpersonationStore) RecordRequest(ctx context.Context, audit growthdesk.AuditEntry) error {
	return s.db.inTx(ctx, func(tx *Tx) error {
		return tx.writeAudit(ctx, audit)
	})
}

// EndImpersonation ends one record, if it is still active, with the audit entry; ENotFound
// ('No active impersonation session') when it is not.
func (s *ImpersonationStore) EndImpersonation(ctx context.Context, id, reason string, audit growthdesk.AuditEntry) (*growthdesk.Impersonation, error) {
	return inTxResult(ctx, s.db, func(tx *Tx) (*growthdesk.Impersonation, error) {
		res, err := tx.exec(ctx, `UPDATE admin_impersonations SET is_active = ?, ended_at = ?, end_reason = ?
		WHERE id = ? AND is_active = ?`, false, tx.now, reason, id, true)
		if err != nil {
			return nil, err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil, growthdesk.Errorf(growthdesk.ENotFound, "No active impersonation session")
		}
		cur, err := scanImpersonation(tx.queryRow(ctx, "SELECT "+impersonationColumns+impersonationFrom+" WHERE i.id = ?", id))
		if err != nil {
			return nil, err
		}
		if audit.Details == nil {
			audit.Details = map[string]any{}
		}
		audit.Details["impersonation_id"] = id
		if err := tx.writeAudit(ctx, audit); err != nil {
			return nil, err
		}
		return cur, nil
	})
}
