package store

import (
	"context"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// TeamStore reads organization membership.
type TeamStore struct{ db *DB }

// NewTeamStore returns a TeamStore on db.
func NewTeamStore(db *DB) *TeamStore { return &TeamStore{db: db} }

var _ growthdesk.TeamStore = (*TeamStore)(nil)

// ListMembers returns the approved accounts of the organizations scope reaches, by name.
func (s *TeamStore) ListMembers(ctx context.Context, scope growthdesk.Scope) ([]*growthdesk.Member, error) {
	where, args := scopeWhere(scope, "p.organization_id")
	rows, err := s.db.query(ctx, `SELECT p.id, p.full_name, p.email, p.role, p.created_at
		FROM profiles p WHERE p.approval_status = 'approved' AND `+where+`
		ORDER BY LOWER(p.full_name), p.email`, args...)
	if err != nil {
		return nil, err
	}
	return scanRows(rows, func(row rowScanner) (*growthdesk.Member, error) {
		var m growthdesk.Member
		if err := row.Scan(&m.ID, &m.FullName, &m.Email, &m.Role, &m.CreatedAt); err != nil {
			return nil, err
		}
		m.CreatedAt = m.CreatedAt.UTC()
		return &m, nil
	})
}
