package store

import (
	"context"
	"database/sql"
	"errors"
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

var _ growthdesk.QuotaCounter = (*RateLimiter)(nil)

// Take counts n for key in the current window when the window's count stays within limit.
// One statement decides and counts, so that concurrent takes on any instance never pass the
// limit together; the row of a refused take is left as it was (the DO UPDATE's WHERE fails
// and RETURNING yields no row).
func (l *RateLimiter) Take(ctx context.Context, key string, n, limit int64, window time.Duration) (bool, time.Time, time.Duration, error) {
	if window < time.Second {
		return false, time.Time{}, 0, fmt.Errorf("quota window %s is shorter than a second", window)
	}
	if n < 0 {
		return false, time.Time{}, 0, fmt.Errorf("quota take of %d", n)
	}
	now := l.db.now()
	start := now.Truncate(window)
	if n > limit {
		return false, time.Time{}, start.Add(window).Sub(now), nil
	}
	var counted time.Time
	err := l.db.writeRow(ctx, `INSERT INTO rate_limits (bucket, window_start, hits) VALUES (?, ?, ?)
		ON CONFLICT (bucket) DO UPDATE SET
			hits = CASE WHEN rate_limits.window_start < excluded.window_start THEN excluded.hits ELSE rate_limits.hits + excluded.hits END,
			window_start = CASE WHEN rate_limits.window_start < excluded.window_start THEN excluded.window_start ELSE rate_limits.window_start END
		WHERE rate_limits.window_start < excluded.window_start OR rate_limits.hits + excluded.hits <= ?
		RETURNING window_start`, key, start, n, limit).Scan(&counted)
	if errors.Is(err, sql.ErrNoRows) {
		return false, time.Time{}, start.Add(window).Sub(now), nil
	}
	if err != nil {
		return false, time.Time{}, 0, fmt.Errorf("take quota: %w", err)
	}
	return true, counted.UTC(), 0, nil
}

// Return takes back n counted by Take in the window that started at start. A window that has
// been replaced since (by a later window, or pruned) is left alone, and the count never goes
// below zero.
func (l *RateLimiter) Return(ctx context.Context, key string, n int64, start time.Time) error {
	if n <= 0 {
		return nil
	}
	_, err := l.db.exec(ctx, `UPDATE rate_limits SET hits = CASE WHEN hits > ? THEN hits - ? ELSE 0 END
		WHERE bucket = ? AND window_start = ?`, n, n, key, start.UTC())
	if err != nil {
		return fmt.Errorf("return quota: %w", err)
	}
	return nil
}

// Used returns key's count in the current window (0 when its counter is of an older window).
func (l *RateLimiter) Used(ctx context.Context, key string, window time.Duration) (int64, error) {
	if window < time.Second {
		return 0, fmt.Errorf("quota window %s is shorter than a second", window)
	}
	start := l.db.now().Truncate(window)
	var hits int64
	err := l.db.queryRow(ctx, "SELECT hits FROM rate_limits WHERE bucket = ? AND window_start >= ?", key, start).Scan(&hits)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("read quota: %w", err)
	}
	return hits, nil
}
