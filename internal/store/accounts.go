package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// AccountStore keeps profiles, organizations and the audit log.
type AccountStore struct{ db *DB }

// NewAccountStore returns an AccountStore on db.
func NewAccountStore(db *DB) *AccountStore { return &AccountStore{db: db} }

var _ growthdesk.AccountStore = (*AccountStore)(nil)

const accountColumns = `p.id, p.email, p.full_name, p.avatar_url, p.role, p.approval_status, p.organization_id,
	COALESCE(o.name, ''), p.created_at, p.updated_at, p.approved_at, u.email_confirmed_at, u.last_sign_in_at`

const accountFrom = ` FROM profiles p JOIN users u ON u.id = p.id LEFT JOIN organizations o ON o.id = p.organization_id`

func scanAccount(row rowScanner) (*growthdesk.Account, error) {
	var (
		a                               growthdesk.Account
		org                             sql.NullString
		approved, confirmed, lastSignIn sql.NullTime
	)
	if err := row.Scan(&a.ID, &a.Email, &a.FullName, &a.AvatarURL, &a.Role, &a.ApprovalStatus, &org,
		&a.OrganizationName, &a.CreatedAt, &a.UpdatedAt, &approved, &confirmed, &lastSignIn); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, growthdesk.Errorf(growthdesk.ENotFound, "There is no such account.")
		}
		return nil, err
	}
	if org.Valid {
		a.OrganizationID = &org.String
	}
	a.CreatedAt, a.UpdatedAt = a.CreatedAt.UTC(), a.UpdatedAt.UTC()
	a.ApprovedAt = nullTime(approved)
	a.EmailConfirmedAt = nullTime(confirmed)
	a.LastSignInAt = nullTime(lastSignIn)
	return &a, nil
}

// GetAccount returns the account with id, or ENotFound.
func (s *AccountStore) GetAccount(ctx context.Context, id string) (*growthdesk.Account, error) {
	return scanAccount(s.db.queryRow(ctx, "SELECT "+accountColumns+accountFrom+" WHERE p.id = ?", id))
}

func (tx *Tx) getAccount(ctx context.Context, id string) (*growthdesk.Account, error) {
	return scanAccount(tx.queryRow(ctx, "SELECT "+accountColumns+accountFrom+" WHERE p.id = ?", id))
}

// GetProfile returns the profile with id, or ENotFound.
func (s *AccountStore) GetProfile(ctx context.Context, id string) (*growthdesk.Profile, error) {
	a, err := s.GetAccount(ctx, id)
	if err != nil {
		return nil, err
	}
	return &a.Profile, nil
}

// UpdateProfile changes the given fields of a profile, with the audit entry.
func (s *AccountStore) UpdateProfile(ctx context.Context, id string, upd growthdesk.ProfileUpdate, audit growthdesk.AuditEntry) (*growthdesk.Profile, error) {
	return inTxResult(ctx, s.db, func(tx *Tx) (*growthdesk.Profile, error) {
		res, err := tx.exec(ctx, `UPDATE profiles SET
		full_name = COALESCE(?, full_name), avatar_url = COALESCE(?, avatar_url), updated_at = ? WHERE id = ?`,
			upd.FullName, upd.AvatarURL, tx.now, id)
		if err != nil {
			return nil, err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil, growthdesk.Errorf(growthdesk.ENotFound, "There is no such account.")
		}
		if err := tx.writeAudit(ctx, audit); err != nil {
			return nil, err
		}
		a, err := tx.getAccount(ctx, id)
		if err != nil {
			return nil, err
		}
		return &a.Profile, nil
	})
}

// GetNotificationPrefs returns a user's notification choices.
func (s *AccountStore) GetNotificationPrefs(ctx context.Context, id string) (*growthdesk.NotificationPrefs, error) {
	var p growthdesk.NotificationPrefs
	err := s.db.queryRow(ctx, "SELECT notify_email, notify_ticket_updates, notify_forum_replies FROM profiles WHERE id = ?", id).
		Scan(&p.Email, &p.TicketUpdates, &p.ForumReplies)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, growthdesk.Errorf(growthdesk.ENotFound, "There is no such account.")
	}
	return &p, err
}

// SetNotificationPrefs saves a user's notification choices with the audit entry.
func (s *AccountStore) SetNotificationPrefs(ctx context.Context, id string, p growthdesk.NotificationPrefs, audit growthdesk.AuditEntry) (*growthdesk.NotificationPrefs, error) {
	return inTxResult(ctx, s.db, func(tx *Tx) (*growthdesk.NotificationPrefs, error) {
		res, err := tx.exec(ctx, `UPDATE profiles SET notify_email = ?, notify_ticket_updates = ?, notify_forum_replies = ?, updated_at = ?
		WHERE id = ?`, p.Email, p.TicketUpdates, p.ForumReplies, tx.now, id)
		if err != nil {
			return nil, err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil, growthdesk.Errorf(growthdesk.ENotFound, "There is no such account.")
		}
		if err := tx.writeAudit(ctx, audit); err != nil {
			return nil, err
		}
		return &p, nil
	})
}

// accountWhere is the condition of f's approval and search.
func accountWhere(f growthdesk.AccountFilter) (string, []any) {
	where, args := " WHERE 1 = 1", []any{}
	if f.Approval != "" && f.Approval != "all" {
		where += " AND p.approval_status = ?"
		args = append(args, f.Approval)
	}
	if f.Search != "" {
		like := likePattern(f.Search)
		where += ` AND (LOWER(p.full_name) LIKE ? ESCAPE '\' OR LOWER(p.email) LIKE ? ESCAPE '\')`
		args = append(args, like, like)
	}
	return where, args
}

// accountOrders are the ORDER BY of each sort of the account list; %[1]s is the direction.
// Missing values (no organization, never signed in) come last either way; the name and the
// address break ties, so that pages never overlap.
var accountOrders = map[string]string{
	growthdesk.AccountSortName:         "LOWER(p.full_name) %[1]s, p.email %[1]s, p.id",
	growthdesk.AccountSortRole:         "p.role %[1]s, LOWER(p.full_name), p.email, p.id",
	growthdesk.AccountSortOrganization: "CASE WHEN o.name IS NULL THEN 1 ELSE 0 END, LOWER(o.name) %[1]s, LOWER(p.full_name), p.email, p.id",
	growthdesk.AccountSortLastSignIn:   "CASE WHEN u.last_sign_in_at IS NULL THEN 1 ELSE 0 END, u.last_sign_in_at %[1]s, LOWER(p.full_name), p.email, p.id",
}

// ListAccounts returns one page of the accounts f matches, in its order (by full name unless
// it names another).
func (s *AccountStore) ListAccounts(ctx context.Context, f growthdesk.AccountFilter) ([]*growthdesk.Account, error) {
	where, args := accountWhere(f)
	limit := f.Limit
	if limit <= 0 || limit > 1000 {
		limit = 500
	}
	q := "SELECT " + accountColumns + accountFrom + where + orderedPage(accountOrders, f.Sort, growthdesk.AccountSortName, f.Desc, limit, f.Offset)
	rows, err := s.db.query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	return scanRows(rows, scanAccount)
}

// CountMatchingAccounts counts the accounts f's approval and search match.
func (s *AccountStore) CountMatchingAccounts(ctx context.Context, f growthdesk.AccountFilter) (int, error) {
	where, args := accountWhere(f)
	var n int
	err := s.db.queryRow(ctx, "SELECT COUNT(*) FROM profiles p"+where, args...).Scan(&n)
	return n, err
}

// SetApproval changes an account's approval status, enqueues mail and writes the audit entry.
func (s *AccountStore) SetApproval(ctx context.Context, id, status string, mail *growthdesk.Email, endSessions bool, audit growthdesk.AuditEntry) (*growthdesk.Account, error) {
	return s.update(ctx, id, audit, func(tx *Tx) error {
		return tx.setApproval(ctx, id, status, mail, endSessions, audit.ActorID)
	})
}

func (tx *Tx) setApproval(ctx context.Context, id, status string, mail *growthdesk.Email, endSessions bool, actorID string) error {
	var approvedAt, approvedBy any
	if status == growthdesk.ApprovalApproved {
		approvedAt = tx.now
		if actorID != "" { // empty when an operator approves from the command line
			approvedBy = actorID
		}
	}
	if _, err := tx.exec(ctx, `UPDATE profiles SET approval_status = ?, approved_at = ?, approved_by = ?, updated_at = ? WHERE id = ?`,
		status, approvedAt, approvedBy, tx.now, id); err != nil {
		return err
	}
	if status == growthdesk.ApprovalApproved {
		// Sessions of a pending account (the e-mail confirmation link, a sign-in the portal
		// refused) never reached the portal: the first sign-in after approval is the first one,
		// so the dashboard greets with "Welcome" and shows no Last Login.
		if _, err := tx.exec(ctx, `UPDATE users SET last_sign_in_at = NULL, previous_sign_in_at = NULL WHERE id = ?`, id); err != nil {
			return err
		}
	}
	if endSessions {
		// Refresh tokens go with their sessions (ON DELETE CASCADE).
		if err := tx.deleteSessions(ctx, growthdesk.ImpersonationSessionEnded, "user_id = ?", id); err != nil {
			return fmt.Errorf("end sessions: %w", err)
		}
	}
	return tx.enqueueMail(ctx, mail)
}

// SetRole changes an account's role and writes the audit entry.
func (s *AccountStore) SetRole(ctx context.Context, id, role string, audit growthdesk.AuditEntry) (*growthdesk.Account, error) {
	return s.update(ctx, id, audit, func(tx *Tx) error {
		_, err := tx.exec(ctx, "UPDATE profiles SET role = ?, updated_at = ? WHERE id = ?", role, tx.now, id)
		return err
	})
}

// SetOrganization moves an account to an organization (nil: none) and writes the audit entry.
func (s *AccountStore) SetOrganization(ctx context.Context, id string, orgID *string, audit growthdesk.AuditEntry) (*growthdesk.Account, error) {
	return s.update(ctx, id, audit, func(tx *Tx) error {
		return tx.setOrganization(ctx, id, orgID)
	})
}

// ApproveInOrganization moves an account to an organization, created first when create is
// set, and approves it in one transaction, with every audit entry.
func (s *AccountStore) ApproveInOrganization(ctx context.Context, id, orgID string, create *growthdesk.NewOrganization, mail *growthdesk.Email, orgAudit, approveAudit growthdesk.AuditEntry) (*growthdesk.Account, error) {
	return s.update(ctx, id, approveAudit, func(tx *Tx) error {
		if create != nil {
			o := &growthdesk.Organization{ID: create.ID, Name: create.Name, CreatedAt: tx.now, UpdatedAt: tx.now}
			if err := tx.createOrganization(ctx, o, create.Audit, "new_organization_name"); err != nil {
				return err
			}
		}
		if err := tx.setOrganization(ctx, id, &orgID); err != nil {
			return err
		}
		if err := tx.writeAudit(ctx, orgAudit); err != nil {
			return err
		}
		return tx.setApproval(ctx, id, growthdesk.ApprovalApproved, mail, false, approveAudit.ActorID)
	})
}

func (tx *Tx) setOrganization(ctx context.Context, id string, orgID *string) error {
	if orgID != nil {
		var n int
		if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM organizations WHERE id = ?", *orgID).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return &growthdesk.Error{Code: growthdesk.ENotFound, Message: "There is no such organization.",
				Fields: map[string]string{"organization_id": "Choose an existing organization."}}
		}
	}
	_, err := tx.exec(ctx, "UPDATE profiles SET organization_id = ?, updated_at = ? WHERE id = ?", orgID, tx.now, id)
	return err
}

// update runs change and the audit insert in one transaction and returns the account after it.
func (s *AccountStore) update(ctx context.Context, id string, audit growthdesk.AuditEntry, change func(*Tx) error) (*growthdesk.Account, error) {
	return inTxResult(ctx, s.db, func(tx *Tx) (*growthdesk.Account, error) {
		if _, err := tx.getAccount(ctx, id); err != nil {
			return nil, err
		}
		if err := change(tx); err != nil {
			return nil, err
		}
		if err := tx.writeAudit(ctx, audit); err != nil {
			return nil, err
		}
		a, err := tx.getAccount(ctx, id)
		if err != nil {
			return nil, err
		}
		return a, nil
	})
}

// ListOrganizations returns every organization by name, with its member count.
func (s *AccountStore) ListOrganizations(ctx context.Context) ([]*growthdesk.OrganizationSummary, error) {
	rows, err := s.db.query(ctx, `SELECT o.id, o.name, o.created_at, o.updated_at, COUNT(p.id)
		FROM organizations o LEFT JOIN profiles p ON p.organization_id = o.id
		GROUP BY o.id, o.name, o.created_at, o.updated_at ORDER BY LOWER(o.name)`)
	if err != nil {
		return nil, err
	}
	return scanRows(rows, func(row rowScanner) (*growthdesk.OrganizationSummary, error) {
		var o growthdesk.OrganizationSummary
		if err := row.Scan(&o.ID, &o.Name, &o.CreatedAt, &o.UpdatedAt, &o.MemberCount); err != nil {
			return nil, err
		}
		o.CreatedAt, o.UpdatedAt = o.CreatedAt.UTC(), o.UpdatedAt.UTC()
		return &o, nil
	})
}

// CreateOrganization creates an organization; EConflict when the name is taken.
func (s *AccountStore) CreateOrganization(ctx context.Context, name string, audit growthdesk.AuditEntry) (*growthdesk.Organization, error) {
	return inTxResult(ctx, s.db, func(tx *Tx) (*growthdesk.Organization, error) {
		o := &growthdesk.Organization{ID: growthdesk.NewID(), Name: name, CreatedAt: tx.now, UpdatedAt: tx.now}
		audit.TargetID = o.ID
		if err := tx.createOrganization(ctx, o, audit, "name"); err != nil {
			return nil, err
		}
		return o, nil
	})
}

// createOrganization inserts o with its audit entry; a taken name (case-insensitively) is
// EConflict naming field, the request's field that carried the name.
func (tx *Tx) createOrganization(ctx context.Context, o *growthdesk.Organization, audit growthdesk.AuditEntry, field string) error {
	if _, err := tx.exec(ctx, "INSERT INTO organizations (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)", o.ID, o.Name, o.CreatedAt, o.UpdatedAt); err != nil {
		if isUniqueViolation(err) {
			return &growthdesk.Error{Code: growthdesk.EConflict, Message: "An organization with this name already exists.",
				Fields: map[string]string{field: "An organization with this name already exists."}}
		}
		return err
	}
	return tx.writeAudit(ctx, audit)
}

// ListAudit returns the newest audit entries, but those hidden names, with the actor's and
// target's e-mail.
func (s *AccountStore) ListAudit(ctx context.Context, limit int, hidden growthdesk.AuditFilter) ([]*growthdesk.AuditEntry, error) {
	where, args := auditFilterWhere(hidden)
	rows, err := s.db.query(ctx, `SELECT a.id, COALESCE(a.actor_id, ''), COALESCE(ap.email, ''), COALESCE(ap.full_name, ''),
		COALESCE(a.acted_as_id, ''), COALESCE(asp.email, ''), a.action, a.target_type, a.target_id,
		COALESCE(tp.email, ''), COALESCE(tp.full_name, tao.name, tft.title, tld.name, ''), a.details, a.ip, a.request_id, a.created_at
		FROM audit_log a
		LEFT JOIN profiles ap ON ap.id = a.actor_id
		LEFT JOIN profiles asp ON asp.id = a.acted_as_id
		LEFT JOIN profiles tp ON tp.id = a.target_id AND a.target_type = 'user'
		LEFT JOIN organizations tao ON tao.id = a.target_id AND a.target_type = 'organization'
		LEFT JOIN forum_topics tft ON tft.id = a.target_id AND a.target_type = 'forum_topic'
		LEFT JOIN leads tld ON tld.id = a.target_id AND a.target_type = 'lead'
		WHERE `+where+`
		ORDER BY a.created_at DESC, a.id DESC`+limitClause(limit), args...)
	if err != nil {
		return nil, err
	}
	return scanRows(rows, func(row rowScanner) (*growthdesk.AuditEntry, error) {
		var (
			e       growthdesk.AuditEntry
			details string
		)
		if err := row.Scan(&e.ID, &e.ActorID, &e.ActorEmail, &e.ActorName, &e.ActedAsID, &e.ActedAsEmail, &e.Action, &e.TargetType,
			&e.TargetID, &e.TargetEmail, &e.TargetName, &details, &e.IP, &e.RequestID, &e.CreatedAt); err != nil {
			return nil, err
		}
		_ = json.Unmarshal([]byte(details), &e.Details)
		e.CreatedAt = e.CreatedAt.UTC()
		return &e, nil
	})
}
