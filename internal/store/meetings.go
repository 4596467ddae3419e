package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// MeetingStore keeps meetings and the users' calendar feed tokens.
type MeetingStore struct{ db *DB }

// NewMeetingStore returns a MeetingStore on db.
func NewMeetingStore(db *DB) *MeetingStore { return &MeetingStore{db: db} }

var _ growthdesk.MeetingStore = (*MeetingStore)(nil)

const meetingColumns = `m.id, m.organization_id, COALESCE(o.name, ''), m.title, m.description, m.type, m.start_time, m.end_time,
	m.location, m.meeting_url, m.attendees, m.status, m.sequence, COALESCE(m.created_by, ''), COALESCE(u.email, ''),
	m.created_at, m.updated_at`

const meetingFrom = ` FROM meetings m LEFT JOIN organizations o ON o.id = m.organization_id LEFT JOIN users u ON u.id = m.created_by`

var errNoMeeting = growthdesk.Errorf(growthdesk.ENotFound, "There is no such meeting.")

func scanMeeting(row rowScanner) (*growthdesk.Meeting, error) {
	var (
		m         growthdesk.Meeting
		attendees string
	)
	if err := row.Scan(&m.ID, &m.OrganizationID, &m.OrganizationName, &m.Title, &m.Description, &m.Type, &m.StartTime, &m.EndTime,
		&m.Location, &m.MeetingURL, &attendees, &m.Status, &m.Sequence, &m.CreatedBy, &m.CreatorEmail, &m.CreatedAt, &m.UpdatedAt); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, errNoMeeting
		}
		return nil, err
	}
	if err := json.Unmarshal([]byte(attendees), &m.Attendees); err != nil {
		return nil, fmt.Errorf("meeting %s attendees: %w", m.ID, err)
	}
	if m.Attendees == nil {
		m.Attendees = []growthdesk.MeetingAttendee{}
	}
	m.StartTime, m.EndTime = m.StartTime.UTC(), m.EndTime.UTC()
	m.CreatedAt, m.UpdatedAt = m.CreatedAt.UTC(), m.UpdatedAt.UTC()
	return &m, nil
}

func (s *MeetingStore) query(ctx context.Context, q string, args ...any) ([]*growthdesk.Meeting, error) {
	rows, err := s.db.query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	return scanRows(rows, scanMeeting)
}

// ListMeetings returns the meetings in scope matching f by start time, and how many match.
// Upcoming meetings have not ended yet; past ones have.
func (s *MeetingStore) ListMeetings(ctx context.Context, scope growthdesk.Scope, f growthdesk.MeetingFilter) ([]*growthdesk.Meeting, int, error) {
	where, args := scopeWhere(scope, "m.organization_id")
	switch f.When {
	case growthdesk.MeetingWhenUpcoming:
		where += " AND m.end_time >= ?"
		args = append(args, f.Now.UTC())
	case growthdesk.MeetingWhenPast:
		where += " AND m.end_time < ?"
		args = append(args, f.Now.UTC())
	}
	var total int
	if err := s.db.queryRow(ctx, `SELECT COUNT(*) FROM meetings m WHERE `+where, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	limit := f.Limit
	if limit <= 0 {
		limit = 500
	}
	list, err := s.query(ctx, `SELECT `+meetingColumns+meetingFrom+` WHERE `+where+` ORDER BY m.start_time, m.id`+limitClause(limit), args...)
	return list, total, err
}

// GetMeeting returns one meeting in scope; ENotFound otherwise.
func (s *MeetingStore) GetMeeting(ctx context.Context, scope growthdesk.Scope, id string) (*growthdesk.Meeting, error) {
	where, args := scopeWhere(scope, "m.organization_id")
	return scanMeeting(s.db.queryRow(ctx, `SELECT `+meetingColumns+meetingFrom+` WHERE m.id = ? AND `+where, append([]any{id}, args...)...))
}

// RecentMeetings returns the meetings in scope changed most recently, newest first.
func (s *MeetingStore) RecentMeetings(ctx context.Context, scope growthdesk.Scope, limit int) ([]*growthdesk.Meeting, error) {
	where, args := scopeWhere(scope, "m.organization_id")
	return s.query(ctx, `SELECT `+meetingColumns+meetingFrom+` WHERE `+where+` ORDER BY m.updated_at DESC, m.id`+limitClause(limit), args...)
}

// CreateMeeting stores m, of an organization of scope (EInvalid like an unknown one otherwise),
// with its e-mails and audit entry in one transaction.
func (s *MeetingStore) CreateMeeting(ctx context.Context, scope growthdesk.Scope, m *growthdesk.Meeting, mails []*growthdesk.Email, audit growthdesk.AuditEntry) error {
	attendees, err := json.Marshal(m.Attendees)
	if err != nil {
		return err
	}
	return s.db.inTx(ctx, func(tx *Tx) error {
		if err := tx.queryRow(ctx, `SELECT name FROM organizations WHERE id = ?`, m.OrganizationID).Scan(&m.OrganizationName); err != nil || !scope.Allows(m.OrganizationID) {
			if err == nil || errors.Is(err, sql.ErrNoRows) {
				return growthdesk.Invalid(map[string]string{"organization_id": "Choose an existing organization."})
			}
			return err
		}
		if m.CreatedAt.IsZero() {
			m.CreatedAt = tx.now
		}
		if m.UpdatedAt.IsZero() {
			m.UpdatedAt = m.CreatedAt
		}
		m.CreatedAt, m.UpdatedAt = m.CreatedAt.UTC().Truncate(time.Microsecond), m.UpdatedAt.UTC().Truncate(time.Microsecond)
		if _, err := tx.exec(ctx, `INSERT INTO meetings (id, organization_id, title, description, type, start_time, end_time, location,
		meeting_url, attendees, status, sequence, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			m.ID, m.OrganizationID, m.Title, m.Description, m.Type, m.StartTime, m.EndTime, m.Location, m.MeetingURL, string(attendees),
			m.Status, m.Sequence, nullString(m.CreatedBy), m.CreatedAt, m.UpdatedAt); err != nil {
			return fmt.Errorf("insert meeting: %w", err)
		}
		return s.finishWrite(ctx, tx, mails, audit)
	})
}

// UpdateMeeting writes m over the stored meeting whose sequence is still prevSequence.
func (s *MeetingStore) UpdateMeeting(ctx context.Context, scope growthdesk.Scope, m *growthdesk.Meeting, prevSequence int,
	mails []*growthdesk.Email, audit growthdesk.AuditEntry) error {
	attendees, err := json.Marshal(m.Attendees)
	if err != nil {
		return err
	}
	return s.db.inTx(ctx, func(tx *Tx) error {
		if m.UpdatedAt.IsZero() {
			m.UpdatedAt = tx.now
		}
		m.UpdatedAt = m.UpdatedAt.UTC().Truncate(time.Microsecond)
		where, args := scopeWhere(scope, "organization_id")
		res, err := tx.exec(ctx, `UPDATE meetings SET title = ?, description = ?, type = ?, start_time = ?, end_time = ?, location = ?,
		meeting_url = ?, attendees = ?, status = ?, sequence = ?, updated_at = ? WHERE id = ? AND sequence = ? AND status = 'scheduled' AND `+where,
			append([]any{m.Title, m.Description, m.Type, m.StartTime, m.EndTime, m.Location, m.MeetingURL, string(attendees), m.Status,
				m.Sequence, m.UpdatedAt, m.ID, prevSequence}, args...)...)
		if err != nil {
			return fmt.Errorf("update meeting: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			var exists int
			err := tx.queryRow(ctx, `SELECT 1 FROM meetings WHERE id = ? AND `+where, append([]any{m.ID}, args...)...).Scan(&exists)
			if errors.Is(err, sql.ErrNoRows) {
				return errNoMeeting
			} else if err != nil {
				return err
			}
			return growthdesk.Errorf(growthdesk.EConflict, "Someone else changed this meeting just now. Reload and try again.")
		}
		return s.finishWrite(ctx, tx, mails, audit)
	})
}

// finishWrite adds a meeting write's e-mails and audit entry to its transaction.
func (s *MeetingStore) finishWrite(ctx context.Context, tx *Tx, mails []*growthdesk.Email, audit growthdesk.AuditEntry) error {
	if err := tx.enqueueMail(ctx, mails...); err != nil {
		return err
	}
	return tx.writeAudit(ctx, audit)
}

// GetCalendarFeed says when the user's feed token was created; nil when they have none.
func (s *MeetingStore) GetCalendarFeed(ctx context.Context, userID string) (*time.Time, error) {
	var at time.Time
	err := s.db.queryRow(ctx, `SELECT created_at FROM calendar_feeds WHERE user_id = ?`, userID).Scan(&at)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	at = at.UTC()
	return &at, nil
}

// SetCalendarFeed replaces the user's feed token hash, with its audit entry.
func (s *MeetingStore) SetCalendarFeed(ctx context.Context, userID, tokenHash string, audit growthdesk.AuditEntry) (time.Time, error) {
	return inTxResult(ctx, s.db, func(tx *Tx) (time.Time, error) {
		if _, err := tx.exec(ctx, `DELETE FROM calendar_feeds WHERE user_id = ?`, userID); err != nil {
			return time.Time{}, err
		}
		if _, err := tx.exec(ctx, `INSERT INTO calendar_feeds (user_id, token_hash, created_at) VALUES (?, ?, ?)`, userID, tokenHash, tx.now); err != nil {
			return time.Time{}, err
		}
		if err := tx.writeAudit(ctx, audit); err != nil {
			return time.Time{}, err
		}
		return tx.now, nil
	})
}

// CalendarFeedOwner returns the user whose feed token has this hash; ENotFound otherwise.
func (s *MeetingStore) CalendarFeedOwner(ctx context.Context, tokenHash string) (string, error) {
	var id string
	err := s.db.queryRow(ctx, `SELECT user_id FROM calendar_feeds WHERE token_hash = ?`, tokenHash).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", growthdesk.Errorf(growthdesk.ENotFound, "There is no such calendar.")
	}
	return id, err
}
