// Package mailer renders and delivers Growthdesk's e-mail.
//
// Nothing in the product sends mail directly. A service renders a message with the Renderer
// and writes it to the outbox table in the same transaction as the change it reports, so a
// message exists exactly when its cause was committed. A Worker then claims due messages
// from the Outbox and hands them to a Sender, retrying with exponential backoff. With no SMTP
// server configured the worker runs in keep mode: it marks messages kept, for staff to read,
// and prints them to the log so a developer can follow the links.
package mailer

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/site"
)

// Sender delivers one rendered message. It returns an error wrapping ErrPermanent when
// trying again cannot help (the server refused the recipient for good); any other error is
// taken as temporary and the message is retried later.
type Sender interface {
	Send(ctx context.Context, m *growthdesk.Email) error
}

// ErrPermanent marks a delivery failure that no retry can fix, such as an SMTP 5xx reply to
// the recipient address. The worker gives up on such a message at once instead of retrying
// it for an hour, so staff see the failure while the user is still waiting for the e-mail.
var ErrPermanent = errors.New("permanent delivery failure")

// permanent wraps err so that errors.Is(err, ErrPermanent) holds.
func permanent(err error) error {
	return fmt.Errorf("%w: %w", ErrPermanent, err)
}

// Outbox is where the worker finds messages and records how each delivery ended;
// store.MailOutbox implements it on the database. It is defined here, by its user, so the
// worker can be tested against any implementation.
type Outbox interface {
	// ClaimDue marks up to limit due messages as being sent by the caller for lockFor, counts
	// the attempt, and returns them. Concurrent callers never receive the same message while
	// its lock holds; once it expires (the worker died) the message is due again.
	ClaimDue(ctx context.Context, limit int, lockFor time.Duration) ([]growthdesk.OutboxMail, error)
	// MarkSent records delivery. Like every Mark method it returns EConflict when the message
	// is no longer claimed.
	MarkSent(ctx context.Context, id string) error
	// MarkKept records that the message was kept for staff instead of sent (keep mode).
	MarkKept(ctx context.Context, id string) error
	// MarkRetry makes the message pending again, due at next, remembering lastErr.
	MarkRetry(ctx context.Context, id, lastErr string, next time.Time) error
	// MarkFailed gives up on the message, remembering lastErr.
	MarkFailed(ctx context.Context, id, lastErr string) error
	// Release returns a claimed message to pending without counting the attempt.
	Release(ctx context.Context, id string) error
}

// SiteFrom returns the From address for the site: the company e-mail with the company name
// as display name, e.g. `"Growthdesk" <hello@growthdesk.io>`, which recipients recognize
// better than a bare address. Pass it to NewSMTPSender unless another sender is configured.
func SiteFrom(cfg site.Config) string {
	a := mail.Address{Name: cfg.Name, Address: cfg.Email}
	return a.String()
}
