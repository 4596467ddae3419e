package server

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// Quotas bound what one account may write per window, where a write costs staff time or
// storage. Whose writes count is growthdesk.UnderQuota (every account but staff's). The
// counters live in the database, like the rate limits, so every instance shares them. See
// docs/adr/0021-write-quotas.md.
type Quotas struct {
	// Tickets bounds tickets opened; TicketResponses responses added to tickets.
	Tickets, TicketResponses growthdesk.Limit
	// Attachments bounds files attached to tickets and responses; AttachmentMB their size,
	// its count in megabytes.
	Attachments, AttachmentMB growthdesk.Limit
	// ForumTopics bounds forum topics started; ForumReplies forum replies posted.
	ForumTopics, ForumReplies growthdesk.Limit
}

// DefaultQuotas are far above what a customer writes on a busy day, and low enough that one
// account cannot bury the support queue or fill the database.
var DefaultQuotas = Quotas{
	Tickets:         growthdesk.Limit{Requests: 20, Window: 24 * time.Hour},
	TicketResponses: growthdesk.Limit{Requests: 100, Window: 24 * time.Hour},
	Attachments:     growthdesk.Limit{Requests: 50, Window: 24 * time.Hour},
	AttachmentMB:    growthdesk.Limit{Requests: 200, Window: 24 * time.Hour},
	ForumTopics:     growthdesk.Limit{Requests: 10, Window: 24 * time.Hour},
	ForumReplies:    growthdesk.Limit{Requests: 100, Window: 24 * time.Hour},
}

func (q *Quotas) fillDefaults() {
	for _, l := range []struct{ have, def *growthdesk.Limit }{
		{&q.Tickets, &DefaultQuotas.Tickets},
		{&q.TicketResponses, &DefaultQuotas.TicketResponses},
		{&q.Attachments, &DefaultQuotas.Attachments},
		{&q.AttachmentMB, &DefaultQuotas.AttachmentMB},
		{&q.ForumTopics, &DefaultQuotas.ForumTopics},
		{&q.ForumReplies, &DefaultQuotas.ForumReplies},
	} {
		if l.have.Requests == 0 {
			*l.have = *l.def
		}
	}
}

// quotaWords say what a quota counts, for its refusal.
var quotaWords = map[growthdesk.Quota]struct{ verb, one, many, advice string }{
	growthdesk.QuotaTickets:         {"open", "ticket", "tickets", ", or add to one of your open tickets"},
	growthdesk.QuotaTicketResponses: {"send", "ticket reply", "ticket replies", ""},
	growthdesk.QuotaAttachments:     {"attach", "file", "files", ""},
	growthdesk.QuotaAttachmentBytes: {"attach", "MB of files", "MB of files", ""},
	growthdesk.QuotaForumTopics:     {"start", "forum topic", "forum topics", ""},
	growthdesk.QuotaForumReplies:    {"post", "forum reply", "forum replies", ""},
}

// quotaLimit returns what the counter counts for q: its limit and window. Attachment bytes
// are counted in KiB.
func (s *Server) quotaLimit(q growthdesk.Quota) (growthdesk.Limit, int64) {
	var l growthdesk.Limit
	switch q {
	case growthdesk.QuotaTickets:
		l = s.cfg.Quotas.Tickets
	case growthdesk.QuotaTicketResponses:
		l = s.cfg.Quotas.TicketResponses
	case growthdesk.QuotaAttachments:
		l = s.cfg.Quotas.Attachments
	case growthdesk.QuotaAttachmentBytes:
		return s.cfg.Quotas.AttachmentMB, int64(s.cfg.Quotas.AttachmentMB.Requests) << 10
	case growthdesk.QuotaForumTopics:
		l = s.cfg.Quotas.ForumTopics
	case growthdesk.QuotaForumReplies:
		l = s.cfg.Quotas.ForumReplies
	default:
		panic("unknown quota " + string(q))
	}
	return l, int64(l.Requests)
}

func quotaKey(q growthdesk.Quota, c *growthdesk.Caller) string {
	return "quota:" + string(q) + ":" + c.Profile.ID
}

// quotaCost is what one write costs of one quota.
type quotaCost struct {
	quota growthdesk.Quota
	n     int64
}

// kibOf is what files cost of QuotaAttachmentBytes: their size in KiB, each rounded up.
func kibOf(files []growthdesk.NewAttachment) int64 {
	var n int64
	for _, f := range files {
		n += (f.Len() + 1<<10 - 1) >> 10
	}
	return n
}

// spend counts costs against the caller's quotas, then runs write. A quota without room for
// its cost refuses with 429 and Retry-After before write runs, and counts nothing; a write
// that fails gives back what it counted, so that only writes that happened count. A counter
// that cannot answer refuses with 503 (fail closed). Staff writes are not counted.
func spend[T any](s *Server, r *http.Request, c *growthdesk.Caller, write func() (T, error), costs ...quotaCost) (T, error) {
	var zero T
	if !growthdesk.UnderQuota(c) {
		return write()
	}
	type taken struct {
		key   string
		n     int64
		start time.Time
	}
	var done []taken
	giveBack := func() {
		// Also when the client went away: the count must not keep a write that did not happen.
		ctx := context.WithoutCancel(r.Context())
		for _, t := range done {
			if err := s.deps.QuotaCounter.Return(ctx, t.key, t.n, t.start); err != nil {
				s.log.WarnContext(ctx, "quota not given back after a failed write", "key", t.key, "n", t.n, "err", err, "request_id", requestID(ctx))
			}
		}
	}
	for _, cost := range costs {
		if cost.n <= 0 {
			continue
		}
		if s.deps.QuotaCounter == nil {
			return zero, s.quotaFault(r, cost.quota, fmt.Errorf("no quota counter"))
		}
		lim, limit := s.quotaLimit(cost.quota)
		key := quotaKey(cost.quota, c)
		ok, start, retry, err := s.deps.QuotaCounter.Take(r.Context(), key, cost.n, limit, lim.Window)
		if err != nil || !ok {
			giveBack()
			if err != nil {
				return zero, s.quotaFault(r, cost.quota, err)
			}
			return zero, quotaRefusal(cost.quota, lim, retry)
		}
		done = append(done, taken{key, cost.n, start})
	}
	v, err := write()
	if err != nil {
		giveBack()
	}
	return v, err
}

// checkQuotas refuses with 429 when one of the caller's quotas is used up already, counting
// nothing: an upload asks before it reads its files, then spend counts what it carries.
func (s *Server) checkQuotas(r *http.Request, c *growthdesk.Caller, quotas ...growthdesk.Quota) error {
	if !growthdesk.UnderQuota(c) {
		return nil
	}
	for _, q := range quotas {
		if s.deps.QuotaCounter == nil {
			return s.quotaFault(r, q, fmt.Errorf("no quota counter"))
		}
		lim, limit := s.quotaLimit(q)
		used, err := s.deps.QuotaCounter.Used(r.Context(), quotaKey(q, c), lim.Window)
		if err != nil {
			return s.quotaFault(r, q, err)
		}
		if used >= limit {
			now := time.Now()
			return quotaRefusal(q, lim, now.Truncate(lim.Window).Add(lim.Window).Sub(now))
		}
	}
	return nil
}

// quotaFault logs a counter that cannot answer and refuses the write.
func (s *Server) quotaFault(r *http.Request, q growthdesk.Quota, err error) error {
	if r.Context().Err() != nil {
		// The client went away mid-request: nothing is wrong with the counter.
		return growthdesk.Unavailable()
	}
	s.log.ErrorContext(r.Context(), "quota counter failed; refusing the write", "quota", string(q), "err", err, "request_id", requestID(r.Context()))
	return growthdesk.Unavailable()
}

// quotaRefusal is the 429 of a used-up quota, e.g. "You can open at most 20 tickets per day.
// Please try again in about 5 hours, or add to one of your open tickets."
func quotaRefusal(q growthdesk.Quota, lim growthdesk.Limit, retry time.Duration) error {
	w := quotaWords[q]
	noun := w.many
	if lim.Requests == 1 {
		noun = w.one
	}
	retry = max(retry, time.Second)
	return &growthdesk.Error{
		Code: growthdesk.ERateLimited,
		Message: fmt.Sprintf("You can %s at most %d %s %s. Please try again %s%s.",
			w.verb, lim.Requests, noun, perWindow(lim.Window), inAbout(retry), w.advice),
		RetryAfter: retry,
	}
}

// perWindow says a window in words: "per day", "every 2 hours", "every 90 minutes".
func perWindow(d time.Duration) string {
	for _, u := range []struct {
		d         time.Duration
		one, many string
	}{{24 * time.Hour, "day", "days"}, {time.Hour, "hour", "hours"}, {time.Minute, "minute", "minutes"}} {
		if d%u.d == 0 {
			if n := d / u.d; n > 1 {
				return fmt.Sprintf("every %d %s", n, u.many)
			}
			return "per " + u.one
		}
	}
	return fmt.Sprintf("every %d seconds", int64(d/time.Second))
}

// inAbout says a wait in words, rounded up: "in about 5 hours", "in about 3 minutes".
func inAbout(d time.Duration) string {
	switch {
	case d > time.Hour:
		return fmt.Sprintf("in about %d hours", (d+time.Hour-1)/time.Hour)
	case d > time.Minute:
		return fmt.Sprintf("in about %d minutes", (d+time.Minute-1)/time.Minute)
	default:
		return "in a minute"
	}
}
