package store

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// enqueueMail adds messages to the outbox inside tx, so that each is sent if and only if what
// caused it is committed; nil messages are skipped. The mail worker picks them up. It is the
// store's one way into the outbox.
func (tx *Tx) enqueueMail(ctx context.Context, mails ...*growthdesk.Email) error {
	for _, m := range mails {
		if m == nil {
			continue
		}
		attachments := []byte("[]")
		if len(m.Attachments) > 0 {
			var err error
			if attachments, err = json.Marshal(m.Attachments); err != nil {
				return fmt.Errorf("enqueue %s mail: %w", m.Kind, err)
			}
		}
		if _, err := tx.exec(ctx, `INSERT INTO mail_outbox (id, kind, to_address, subject, text_body, html_body, list_unsubscribe, attachments, status, attempts, next_attempt_at, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?)`,
			growthdesk.NewID(), m.Kind, m.To, m.Subject, m.Text, m.HTML, m.ListUnsubscribe, string(attachments), tx.now, tx.now); err != nil {
			return fmt.Errorf("enqueue %s mail: %w", m.Kind, err)
		}
	}
	return nil
}
