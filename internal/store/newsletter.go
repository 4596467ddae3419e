package store

import (
	"context"
	"fmt"
	"time"

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

// Subscriber is one address on the newsletter list.
type Subscriber struct {
	Email     string    `json:"email"`
	Source    string    `json:"source"`
	CreatedAt time.Time `json:"created_at"`
}

// ListSubscribers returns the newest subscribers first, at most limit of them.
func (s *NewsletterService) ListSubscribers(ctx context.Context, limit int) ([]Subscriber, error) {
	rows, err := s.db.sql.QueryContext(ctx, s.db.rebind(`SELECT email, source, created_at FROM newsletter_subscribers
		ORDER BY created_at DESC, id DESC LIMIT ?`), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Subscriber
	for rows.Next() {
		var sub Subscriber
		if err := rows.Scan(&sub.Email, &sub.Source, &sub.CreatedAt); err != nil {
			return nil, err
		}
		sub.CreatedAt = sub.CreatedAt.UTC()
		out = append(out, sub)
	}
	return out, rows.Err()
}
