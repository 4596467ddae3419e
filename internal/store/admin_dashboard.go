package store

import (
	"context"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// AdminDashboardStore reads the admin dashboard's figures of accounts and organizations,
// and its Recent Activity from the audit log.
type AdminDashboardStore struct{ accounts *AccountStore }

// NewAdminDashboardStore returns an AdminDashboardStore on db.
func NewAdminDashboardStore(db *DB) *AdminDashboardStore {
	return &AdminDashboardStore{accounts: NewAccountStore(db)}
}

var _ growthdesk.AdminDashboardStore = (*AdminDashboardStore)(nil)

// CountAccounts counts every profile, whatever its approval state (the spec's "rows of profiles").
func (s *AdminDashboardStore) CountAccounts(ctx context.Context) (int, error) {
	var n int
	err := s.accounts.db.queryRow(ctx, "SELECT COUNT(*) FROM profiles").Scan(&n)
	return n, err
}

// CountOrganizations counts every organization.
func (s *AdminDashboardStore) CountOrganizations(ctx context.Context) (int, error) {
	var n int
	err := s.accounts.db.queryRow(ctx, "SELECT COUNT(*) FROM organizations").Scan(&n)
	return n, err
}

// CreatedSince returns when each account and organization created at or after since was created.
func (s *AdminDashboardStore) CreatedSince(ctx context.Context, since time.Time) (accounts, organizations []time.Time, err error) {
	if accounts, err = s.times(ctx, "SELECT created_at FROM profiles WHERE created_at >= ?", since); err != nil {
		return nil, nil, err
	}
	if organizations, err = s.times(ctx, "SELECT created_at FROM organizations WHERE created_at >= ?", since); err != nil {
		return nil, nil, err
	}
	return accounts, organizations, nil
}

func (s *AdminDashboardStore) times(ctx context.Context, q string, since time.Time) ([]time.Time, error) {
	db := s.accounts.db
	rows, err := db.query(ctx, q, since.UTC())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []time.Time
	for rows.Next() {
		var t time.Time
		if err := rows.Scan(&t); err != nil {
			return nil, err
		}
		out = append(out, t.UTC())
	}
	return out, rows.Err()
}

// ListAudit returns the newest audit entries with the names of who acted and on whom.
func (s *AdminDashboardStore) ListAudit(ctx context.Context, limit int) ([]*growthdesk.AuditEntry, error) {
	return s.accounts.ListAudit(ctx, limit)
}
