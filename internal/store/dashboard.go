package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// DashboardStore reads what the dashboard needs that belongs to no feature: the previous
// sign-in of an account.
type DashboardStore struct{ db *DB }

// NewDashboardStore returns a DashboardStore on db.
func NewDashboardStore(db *DB) *DashboardStore { return &DashboardStore{db: db} }

var _ growthdesk.SignInReader = (*DashboardStore)(nil)

// PreviousSignIn returns when the user signed in before their latest sign-in; nil when the
// latest one was the first.
func (s *DashboardStore) PreviousSignIn(ctx context.Context, userID string) (*time.Time, error) {
	var at sql.NullTime
	err := s.db.queryRow(ctx, `SELECT previous_sign_in_at FROM users WHERE id = ?`, userID).Scan(&at)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return nullTime(at), nil
}
