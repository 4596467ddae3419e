package growthdesk

import (
	"context"
	"time"
)

// RateLimiter counts requests per key in fixed windows. The counters live in the database
// so that several instances behind a load balancer share them.
type RateLimiter interface {
	// Allow records one request for key and reports whether it is within limit for the
	// current window; when it is not, retryAfter says how long until the window resets.
	Allow(ctx context.Context, key string, limit int, window time.Duration) (ok bool, retryAfter time.Duration, err error)
}

// Limit is a number of requests allowed per window.
type Limit struct {
	Requests int
	Window   time.Duration
}
