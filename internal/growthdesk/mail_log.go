package growthdesk

import (
	"context"
	"time"
)

// MailLogEntry is one outbox message as staff see it in the mail log: its headers and
// delivery state, and a text body with every link, code and token removed (RedactSecrets).
// The HTML body is never part of it. The full text goes only to the recipient's mailbox
// (SMTP) or, without SMTP, to the server's log.
type MailLogEntry struct {
	ID        string     `json:"id"`
	Kind      string     `json:"kind"`
	To        string     `json:"to_address"`
	Subject   string     `json:"subject"`
	Text      string     `json:"text_body"`
	Status    string     `json:"status"`
	Attempts  int        `json:"attempts"`
	LastError string     `json:"last_error"`
	CreatedAt time.Time  `json:"created_at"`
	SentAt    *time.Time `json:"sent_at"`
}

// MailLogStore lists the newest outbox messages, whole.
type MailLogStore interface {
	ListMail(ctx context.Context, limit int) ([]OutboxMail, error)
}

// MailLog is the staff view of the mail outbox: what was sent to whom and whether it was
// delivered (without an SMTP server, messages are kept rather than sent). Nobody but a
// message's recipient may receive a usable secret of another account, so every entry is
// redacted here, in the domain, whatever answers it.
type MailLog struct {
	Store MailLogStore
}

// List returns the newest messages, redacted, for staff (CanReadMailLog).
func (m *MailLog) List(ctx context.Context, c *Caller, limit int) ([]MailLogEntry, error) {
	if err := CanReadMailLog(c); err != nil {
		return nil, err
	}
	list, err := m.Store.ListMail(ctx, clampLimit(limit))
	if err != nil {
		return nil, err
	}
	out := make([]MailLogEntry, 0, len(list))
	for _, o := range list {
		out = append(out, RedactedMail(o))
	}
	return out, nil
}

// RedactedMail is the mail log's entry of an outbox message: subject, text and the last
// delivery error with their links, codes and tokens removed.
func RedactedMail(o OutboxMail) MailLogEntry {
	return MailLogEntry{
		ID: o.ID, Kind: o.Email.Kind, To: o.Email.To,
		Subject: RedactSecrets(o.Email.Subject), Text: RedactSecrets(o.Email.Text),
		Status: o.Status, Attempts: o.Attempts, LastError: RedactSecrets(o.LastError),
		CreatedAt: o.CreatedAt, SentAt: o.SentAt,
	}
}
