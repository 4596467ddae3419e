package store

import (
	"context"
	"fmt"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// NewsletterService keeps the newsletter subscribers.
type NewsletterService struct{ db *DB }

// NewNewsletterService returns a NewsletterService on db.
func NewNewsletterService(db *DB) *NewsletterService { return &NewsletterService{db: db} }

var _ growthdesk.NewsletterService = (*NewsletterService)(nil)

// Subscribe stores the address once; created is false when it was already subscribed.
// Returns EInvalid for bad input.
func (s *NewsletterService) Subscribe(ctx context.Context, in growthdesk.SubscribeInput) (bool, error) {
	in.Normalize()
	if err := in.Validate(); err != nil {
		return false, err
	}
	tx, err := s.db.begin(ctx)
	if err != nil {
		return false, err
	}
	defer tx.Rollback() //nolint:errcheck
	res, err := tx.exec(ctx, `INSERT INTO newsletter_subscribers (id, email, source, created_at)
		VALUES (?, ?, ?, ?) ON CONFLICT (email) DO NOTHING`, newID(), in.Email, in.Source, tx.now)
	if err != nil {
		return false, fmt.Errorf("insert subscriber: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n == 1, tx.Commit()
}

// CountSubscribers returns how many rows hold email (0 or 1), for tests and staff views.
func (s *NewsletterService) CountSubscribers(ctx context.Context, email string) (int, error) {
	var n int
	err := s.db.queryRow(ctx, "SELECT COUNT(*) FROM newsletter_subscribers WHERE email = ?", growthdesk.NormalizeEmail(email)).Scan(&n)
	return n, err
}
