package mailer

import (
	"context"
	"errors"
	"log/slog"
	"math/rand/v2"
	"regexp"
	"strconv"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// WorkerOptions tune a Worker; the zero value of each field selects its default.
type WorkerOptions struct {
	// PollInterval is how often the worker looks for due messages when nobody calls Notify.
	// Retries become due with time, and other instances enqueue mail too. Default 5s.
	PollInterval time.Duration
	// BatchSize is how many messages one claim takes. Default 10.
	BatchSize int
	// MaxAttempts is how many times a message is tried before it is marked failed.
	// Default 8, which with the default delays spans a little over an hour.
	MaxAttempts int
	// RetryBase is the delay after the first failed attempt; it doubles with each further
	// failure up to RetryMax, and each delay is spread by ±10% so that messages that failed
	// together (the server was down) do not all come back at the same instant.
	// Defaults 30s and 1h.
	RetryBase time.Duration
	RetryMax  time.Duration
	// SendTimeout bounds one delivery. Default 30s.
	SendTimeout time.Duration
	// LockFor is how long a claim holds its messages. It must outlast a whole batch, or
	// another instance may take over messages this one is still sending; if this instance
	// dies, its messages are due again once it expires. Default BatchSize × SendTimeout + 1m.
	LockFor time.Duration
	// Now is the clock for retry times; it must agree with the outbox's clock (the store's
	// DB.Now). Tests replace both. Default time.Now.
	Now func() time.Time
}

func (o *WorkerOptions) setDefaults() {
	if o.PollInterval <= 0 {
		o.PollInterval = 5 * time.Second
	}
	if o.BatchSize <= 0 {
		o.BatchSize = 10
	}
	if o.MaxAttempts <= 0 {
		o.MaxAttempts = 8
	}
	if o.RetryBase <= 0 {
		o.RetryBase = 30 * time.Second
	}
	if o.RetryMax <= 0 {
		o.RetryMax = time.Hour
	}
	if o.RetryMax < o.RetryBase {
		o.RetryMax = o.RetryBase
	}
	if o.SendTimeout <= 0 {
		o.SendTimeout = 30 * time.Second
	}
	if o.LockFor <= 0 {
		o.LockFor = time.Duration(o.BatchSize)*o.SendTimeout + time.Minute
	}
	if o.Now == nil {
		o.Now = time.Now
	}
}

// Worker delivers the outbox in the background: it claims due messages, sends each, and
// records the result, retrying failures with exponential backoff. Several workers, in one
// process or in several instances, may share one outbox: claims never overlap.
//
// With a nil Sender the worker is in keep mode, for installs without an SMTP server: each
// message is marked kept, where staff can read it, and printed to the log with its links so
// that a developer can confirm an address or reset a password locally.
type Worker struct {
	outbox Outbox
	sender Sender
	log    *slog.Logger
	opts   WorkerOptions
	wake   chan struct{}
}

// NewWorker returns a worker that delivers the messages of outbox through sender (nil for
// keep mode), logging to log (nil discards).
func NewWorker(outbox Outbox, sender Sender, log *slog.Logger, opts WorkerOptions) *Worker {
	opts.setDefaults()
	if s, ok := sender.(*SMTPSender); ok && s == nil {
		// A nil *SMTPSender in the interface is not a nil Sender; it means "not configured".
		sender = nil
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Worker{outbox: outbox, sender: sender, log: log, opts: opts, wake: make(chan struct{}, 1)}
}

// Notify wakes the worker at once instead of at its next poll; call it after committing a
// transaction that enqueued mail, so a confirmation e-mail leaves within milliseconds. It
// never blocks, and calls made while the worker is busy collapse into one more pass.
func (w *Worker) Notify() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// Run delivers due messages until ctx is done, then returns nil. It starts with a pass, so
// mail left over from a previous run goes out at start. Errors of the outbox itself (the
// database is unreachable) are logged and retried at the next poll.
func (w *Worker) Run(ctx context.Context) error {
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-timer.C:
		case <-w.wake:
		}
		if _, err := w.ProcessDue(ctx); err != nil && ctx.Err() == nil {
			w.log.Error("mail outbox unavailable", "err", err)
		}
		timer.Reset(w.opts.PollInterval)
	}
}

// ProcessDue delivers every message that is due now, batch after batch, and returns how
// many it handled (sent, kept, rescheduled or failed). Run calls it; tests call it directly
// to step through retries with a fake clock.
func (w *Worker) ProcessDue(ctx context.Context) (int, error) {
	total := 0
	for ctx.Err() == nil {
		batch, err := w.outbox.ClaimDue(ctx, w.opts.BatchSize, w.opts.LockFor)
		if err != nil {
			return total, err
		}
		for i := range batch {
			if ctx.Err() != nil {
				// Shutting down: hand the rest back instead of letting them wait for the
				// lock to expire.
				w.release(batch[i:])
				return total, nil
			}
			w.deliver(ctx, &batch[i])
			total++
		}
		if len(batch) < w.opts.BatchSize {
			break
		}
	}
	return total, nil
}

// deliver sends one claimed message and records the outcome. Recording uses a context
// that survives shutdown, so a message sent just before the process stops is not sent again.
func (w *Worker) deliver(ctx context.Context, m *growthdesk.OutboxMail) {
	log := w.log.With("mail_id", m.ID, "kind", m.Email.Kind, "to", m.Email.To, "attempt", m.Attempts)
	recordCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()

	if w.sender == nil {
		if w.record(log, w.outbox.MarkKept(recordCtx, m.ID)) {
			log.Info("mail kept, not sent: no SMTP server is configured",
				"subject", m.Email.Subject, "link", firstLink(m.Email.Text), "text", m.Email.Text)
		}
		return
	}
	if m.Attempts > w.opts.MaxAttempts {
		// Claimed more often than allowed without a recorded result: it keeps killing its
		// worker, or workers keep dying while sending it. Stop trying.
		reason := "abandoned after " + strconv.Itoa(m.Attempts-1) + " attempts without a result"
		if w.record(log, w.outbox.MarkFailed(recordCtx, m.ID, reason)) {
			log.Error("mail failed", "err", reason)
		}
		return
	}

	sendCtx, cancelSend := context.WithTimeout(ctx, w.opts.SendTimeout)
	err := w.sender.Send(sendCtx, &m.Email)
	cancelSend()
	switch {
	case err == nil:
		if w.record(log, w.outbox.MarkSent(recordCtx, m.ID)) {
			log.Info("mail sent", "subject", m.Email.Subject)
		}
	case errors.Is(err, ErrPermanent) || m.Attempts >= w.opts.MaxAttempts:
		if w.record(log, w.outbox.MarkFailed(recordCtx, m.ID, err.Error())) {
			log.Error("mail failed", "err", err)
		}
	default:
		next := w.opts.Now().Add(w.backoff(m.Attempts))
		if w.record(log, w.outbox.MarkRetry(recordCtx, m.ID, err.Error(), next)) {
			log.Warn("mail not sent, will retry", "err", err, "next_attempt_at", next.UTC())
		}
	}
}

// record logs a failure to write a delivery's outcome and reports whether it was written.
// A conflict means another worker took the message over after this one's lock expired.
func (w *Worker) record(log *slog.Logger, err error) bool {
	switch {
	case err == nil:
		return true
	case growthdesk.ErrorCode(err) == growthdesk.EConflict:
		log.Warn("mail outcome not recorded: the claim expired and another worker took the message", "err", err)
	default:
		log.Error("mail outcome not recorded; the message will be retried when its claim expires", "err", err)
	}
	return false
}

// release hands back claimed messages that this worker will not try.
func (w *Worker) release(batch []growthdesk.OutboxMail) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, m := range batch {
		if err := w.outbox.Release(ctx, m.ID); err != nil {
			w.log.Warn("mail not released; it is due again when its claim expires", "mail_id", m.ID, "err", err)
		}
	}
}

// backoff returns the delay after the given failed attempt (1-based):
// RetryBase × 2^(attempt-1), at most RetryMax, spread by ±10%.
func (w *Worker) backoff(attempt int) time.Duration {
	d := w.opts.RetryBase
	for i := 1; i < attempt && d < w.opts.RetryMax; i++ {
		d *= 2
	}
	d = min(d, w.opts.RetryMax)
	jitter := time.Duration((rand.Float64()*0.2 - 0.1) * float64(d))
	return d + jitter
}

var linkPattern = regexp.MustCompile(`https?://[^\s<>"]+`)

// firstLink returns the message's call to action (the first URL of the text body; the
// footer's site link comes last), so that the log of a kept message shows it on its own,
// ready to click, rather than inside the escaped text.
func firstLink(text string) string {
	return linkPattern.FindString(text)
}
