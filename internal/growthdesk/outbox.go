package growthdesk

import "time"

// Statuses of a message in the mail outbox. A message is written pending in the same
// transaction as whatever caused it; a worker claims it (sending), then records how it ended.
const (
	MailPending = "pending" // waiting for its next attempt
	MailSending = "sending" // claimed by a worker until its lock expires
	MailSent    = "sent"    // accepted by the SMTP server
	MailFailed  = "failed"  // given up on: a permanent rejection or too many attempts
	MailKept    = "kept"    // not sent because no SMTP server is configured; staff can read it
)

// OutboxMail is one message of the outbox with its delivery state. It lives in the domain
// because both the store (which keeps it) and the mail worker (which sends it) speak it, and
// neither adapter may import the other.
type OutboxMail struct {
	ID    string
	Email Email
	// Status is one of the Mail* statuses.
	Status string
	// Attempts counts delivery attempts, including the one a claim has just started.
	Attempts      int
	NextAttemptAt time.Time
	// LastError is the latest failure as the SMTP server or the network put it.
	LastError string
	CreatedAt time.Time
	// SentAt is set once the SMTP server accepted the message.
	SentAt *time.Time
}
