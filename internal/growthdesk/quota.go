package growthdesk

import (
	"context"
	"time"
)

// Quota names a per-account budget of writes that cost staff time or storage: what one
// account may write in a window, whichever instance it talks to. See
// docs/adr/0021-write-quotas.md.
type Quota string

const (
	// QuotaTickets counts tickets opened.
	QuotaTickets Quota = "tickets"
	// QuotaTicketResponses counts responses added to tickets.
	QuotaTicketResponses Quota = "ticket-responses"
	// QuotaAttachments counts files attached to tickets and responses.
	QuotaAttachments Quota = "attachments"
	// QuotaAttachmentBytes counts the size of those files, in KiB (each file rounded up), so
	// that a budget of a million megabytes still fits the counter.
	QuotaAttachmentBytes Quota = "attachment-bytes"
	// QuotaForumTopics counts forum topics started.
	QuotaForumTopics Quota = "forum-topics"
	// QuotaForumReplies counts forum replies posted.
	QuotaForumReplies Quota = "forum-replies"
)

// QuotaCounter keeps per-key counts in fixed windows aligned to the clock, in the database,
// so that every instance shares them. Unlike RateLimiter.Allow, a refused Take counts
// nothing: a write refused for its quota leaves every count as it was.
type QuotaCounter interface {
	// Take adds n to key's count in the current window when the count stays within limit,
	// and returns the start of the window it counted in (for Return). When the count would
	// pass limit it counts nothing and reports ok false, with how long until the window ends.
	Take(ctx context.Context, key string, n, limit int64, window time.Duration) (ok bool, start time.Time, retryAfter time.Duration, err error)
	// Return takes back n that Take counted in the window that started at start, for a write
	// that then failed; once that window is over it changes nothing.
	Return(ctx context.Context, key string, n int64, start time.Time) error
	// Used returns key's count in the current window.
	Used(ctx context.Context, key string, window time.Duration) (int64, error)
}

// UnderQuota reports whether c's writes count against the write quotas: every account's but
// staff's. Staff answer the queue and moderate the forum, so a busy day must never stop
// them, and their accounts are created and approved by admins; a staff member who is
// impersonating acts as the customer, so those writes count against the customer's quotas.
func UnderQuota(c *Caller) bool {
	return c != nil && c.Profile != nil && !c.Profile.IsStaff()
}
