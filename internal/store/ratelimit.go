package store

import (
	"context"
	"fmt"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// RateLimiter implements fixed-window counters in the rate_limits table, so every instance
// on one database shares them (see docs/adr/0004-rate-limits-in-the-database.md).
type RateLimiter struct{ db *DB }

// NewRateLimiter returns a RateLimiter on db.
func NewRateLimiter(db *DB) *RateLimiter { return &RateLimiter{db: db} }

var _ growthdesk.RateLimiter = (*RateLimiter)(nil)

// Allow counts one hit for key in the current window of the given length.
func (l *RateLimiter) Allow(ctx context.Context, key string, limit int, window time.Duration) (bool, time.Duration, error) {
	if window < time.Second {
		return false, 0, fmt.Errorf("rate limit window %s is shorter than a second", window)
	}
	now := l.db.now()
	start := now.Truncate(window)
	var hits int
	// One statement: start a new window, or count in the current one.
	err := l.db.writeRow(ctx, `INSERT INTO rate_limits (bucket, window_start, hits) VALUES (?, ?, 1)
		ON CONFLICT (bucket) DO UPDATE SET
			hits = CASE WHEN rate_limits.window_start < excluded.window_start THEN 1 ELSE rate_limits.hits + 1 END,
			window_start = CASE WHEN rate_limits.window_start < excluded.window_start THEN excluded.window_start ELSE rate_limits.window_start END
		RETURNING hits`, key, start).Scan(&hits)
	if err != nil {
		return false, 0, fmt.Errorf("count rate limit: %w", err)
	}
	if hits > limit {
		return false, start.Add(window).Sub(now), nil
	}
	return true, 0, nil
}

// Prune deletes counters whose window started before cutoff; the server runs it periodically.
func (l *RateLimiter) Prune(ctx context.Context, cutoff time.Time) (int64, error) {
	res, err := l.db.exec(ctx, "DELETE FROM rate_limits WHERE window_start < ?", cutoff.UTC())
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
