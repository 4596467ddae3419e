package store

import (
	"context"
	"fmt"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// enqueueMail adds a message to the outbox inside tx, so that it is sent if and only if
// what caused it is committed. The mail worker picks it up.
func (tx *Tx) enqueueMail(ctx context.Context, m *growthdesk.Email) error {
	if m == nil {
		return nil
	}
	if _, err := tx.exec(ctx, `INSERT INTO mail_outbox (id, kind, to_address, subject, text_body, html_body, status, attempts, next_attempt_at, created_at)
		VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?)`,
		newID(), m.Kind, m.To, m.Subject, m.Text, m.HTML, tx.now, tx.now); err != nil {
		return fmt.Errorf("enqueue %s mail: %w", m.Kind, err)
	}
	return nil
}
