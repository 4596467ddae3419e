package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// AnnouncementStore keeps the staff's announcements and who dismissed which.
type AnnouncementStore struct{ db *DB }

// NewAnnouncementStore returns an AnnouncementStore on db.
func NewAnnouncementStore(db *DB) *AnnouncementStore { return &AnnouncementStore{db: db} }

var _ growthdesk.AnnouncementStore = (*AnnouncementStore)(nil)

const announcementColumns = `a.id, a.title, a.content, a.type, a.show_until, a.created_by, COALESCE(p.full_name, ''),
	a.is_active, a.created_at, a.updated_at`

const announcementFrom = ` FROM global_announcements a LEFT JOIN profiles p ON p.id = a.created_by`

var errNoAnnouncement = growthdesk.Errorf(growthdesk.ENotFound, "There is no such announcement.")

func scanAnnouncement(row rowScanner) (*growthdesk.Announcement, error) {
	var (
		a         growthdesk.Announcement
		showUntil sql.NullTime
		createdBy sql.NullString
	)
	if err := row.Scan(&a.ID, &a.Title, &a.Content, &a.Type, &showUntil, &createdBy, &a.CreatedByName,
		&a.IsActive, &a.CreatedAt, &a.UpdatedAt); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, errNoAnnouncement
		}
		return nil, err
	}
	a.ShowUntil = nullTime(showUntil)
	if createdBy.Valid {
		a.CreatedBy = &createdBy.String
	}
	a.CreatedAt, a.UpdatedAt = a.CreatedAt.UTC(), a.UpdatedAt.UTC()
	return &a, nil
}

func (s *AnnouncementStore) list(ctx context.Context, where string, args ...any) ([]*growthdesk.Announcement, error) {
	rows, err := s.db.query(ctx, "SELECT "+announcementColumns+announcementFrom+where+
		" ORDER BY a.created_at DESC, a.id DESC", args...)
	if err != nil {
		return nil, err
	}
	return orEmpty(scanRows(rows, scanAnnouncement))
}

// ListAnnouncements returns every announcement, newest first.
func (s *AnnouncementStore) ListAnnouncements(ctx context.Context) ([]*growthdesk.Announcement, error) {
	return s.list(ctx, "")
}

// ActiveAnnouncements returns the announcements userID sees now, newest first.
func (s *AnnouncementStore) ActiveAnnouncements(ctx context.Context, userID string, now time.Time) ([]*growthdesk.Announcement, error) {
	return s.list(ctx, ` WHERE a.is_active = ? AND (a.show_until IS NULL OR a.show_until > ?)
		AND NOT EXISTS (SELECT 1 FROM announcement_dismissals d WHERE d.announcement_id = a.id AND d.user_id = ?)`,
		true, now.UTC(), userID)
}

// GetAnnouncement returns one announcement, or ENotFound.
func (s *AnnouncementStore) GetAnnouncement(ctx context.Context, id string) (*growthdesk.Announcement, error) {
	return scanAnnouncement(s.db.queryRow(ctx, "SELECT "+announcementColumns+announcementFrom+" WHERE a.id = ?", id))
}

func (tx *Tx) getAnnouncement(ctx context.Context, id string) (*growthdesk.Announcement, error) {
	return scanAnnouncement(tx.queryRow(ctx, "SELECT "+announcementColumns+announcementFrom+" WHERE a.id = ?", id))
}

// CreateAnnouncement inserts an announcement and its audit entry.
func (s *AnnouncementStore) CreateAnnouncement(ctx context.Context, a *growthdesk.Announcement, audit growthdesk.AuditEntry) (*growthdesk.Announcement, error) {
	return inTxResult(ctx, s.db, func(tx *Tx) (*growthdesk.Announcement, error) {
		id := growthdesk.NewID()
		var createdBy any
		if a.CreatedBy != nil {
			createdBy = *a.CreatedBy
		}
		var showUntil any
		if a.ShowUntil != nil {
			showUntil = a.ShowUntil.UTC()
		}
		if _, err := tx.exec(ctx, `INSERT INTO global_announcements (id, title, content, type, show_until, created_by, is_active, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, id, a.Title, a.Content, a.Type, showUntil, createdBy, a.IsActive, tx.now, tx.now); err != nil {
			return nil, err
		}
		audit.TargetID = id
		if err := tx.writeAudit(ctx, audit); err != nil {
			return nil, err
		}
		out, err := tx.getAnnouncement(ctx, id)
		if err != nil {
			return nil, err
		}
		return out, nil
	})
}

// SetAnnouncementActive activates or deactivates an announcement, with its audit entry.
func (s *AnnouncementStore) SetAnnouncementActive(ctx context.Context, id string, active bool, audit growthdesk.AuditEntry) (*growthdesk.Announcement, error) {
	return inTxResult(ctx, s.db, func(tx *Tx) (*growthdesk.Announcement, error) {
		res, err := tx.exec(ctx, "UPDATE global_announcements SET is_active = ?, updated_at = ? WHERE id = ?", active, tx.now, id)
		if err != nil {
			return nil, err
		}
		if n, err := res.RowsAffected(); err != nil {
			return nil, err
		} else if n == 0 {
			return nil, errNoAnnouncement
		}
		if err := tx.writeAudit(ctx, audit); err != nil {
			return nil, err
		}
		out, err := tx.getAnnouncement(ctx, id)
		if err != nil {
			return nil, err
		}
		return out, nil
	})
}

// DeleteAnnouncement deletes an announcement (its dismissals go with it), with its audit entry.
func (s *AnnouncementStore) DeleteAnnouncement(ctx context.Context, id string, audit growthdesk.AuditEntry) error {
	return s.db.inTx(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, "DELETE FROM global_announcements WHERE id = ?", id)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return errNoAnnouncement
		}
		return tx.writeAudit(ctx, audit)
	})
}

// DismissAnnouncement records that userID dismissed an active announcement. Dismissing it
// again changes nothing; an unknown or inactive announcement answers ENotFound.
func (s *AnnouncementStore) DismissAnnouncement(ctx context.Context, id, userID string, audit growthdesk.AuditEntry) error {
	return s.db.inTx(ctx, func(tx *Tx) error {
		var n int
		if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM global_announcements WHERE id = ? AND is_active = ?", id, true).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return errNoAnnouncement
		}
		if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM announcement_dismissals WHERE announcement_id = ? AND user_id = ?", id, userID).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return nil
		}
		if _, err := tx.exec(ctx, "INSERT INTO announcement_dismissals (announcement_id, user_id, dismissed_at) VALUES (?, ?, ?)",
			id, userID, tx.now); err != nil {
			if isUniqueViolation(err) {
				return nil
			}
			return err
		}
		return tx.writeAudit(ctx, audit)
	})
}
