package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// MailOutbox is the mail_outbox table seen from the mail worker and from staff. Messages
// are written by other services inside their own transactions (tx.enqueueMail); this type
// hands them out to workers and records how each delivery ended. Because the state lives in
// the database, any number of app instances can run a worker on the same PostgreSQL server
// without sending a message twice (see ClaimDue).
type MailOutbox struct{ db *DB }

// NewMailOutbox returns the outbox on db.
func NewMailOutbox(db *DB) *MailOutbox { return &MailOutbox{db: db} }

// mailErrorMax bounds last_error: SMTP replies are short, but a misbehaving server or a
// chain of wrapped errors should not bloat the table.
const mailErrorMax = 2000

// mailColumns lists the columns scanOutboxMail reads, in order.
const mailColumns = `id, kind, to_address, subject, text_body, html_body, status, attempts,
	next_attempt_at, last_error, created_at, sent_at, list_unsubscribe, attachments`

// EnqueueMail adds a message on its own, for callers that have no transaction of their own
// (a CLI command, a test). Code that writes something and mails about it should enqueue in
// its own transaction instead, so the message exists exactly when the change does.
func (o *MailOutbox) EnqueueMail(ctx context.Context, m *growthdesk.Email) error {
	return o.db.inTx(ctx, func(tx *Tx) error {
		return tx.enqueueMail(ctx, m)
	})
}

// ClaimDue hands out up to limit messages that are due: pending ones whose next attempt has
// come, and ones left "sending" by a worker whose lock expired (it crashed or was killed
// mid-batch). Each claimed message becomes "sending", locked for lockFor, with its attempt
// counted now, so that a message that kills its worker cannot be retried forever.
//
// On PostgreSQL the rows are picked with FOR UPDATE SKIP LOCKED, so concurrent workers on
// several instances each get different messages without waiting on one another. On SQLite
// the transaction takes the database's write lock when it begins (_txlock=immediate), so
// claims are serialized and the same guarantee holds.
//
// The result is oldest first.
func (o *MailOutbox) ClaimDue(ctx context.Context, limit int, lockFor time.Duration) ([]growthdesk.OutboxMail, error) {
	if limit <= 0 {
		return nil, nil
	}
	if lockFor <= 0 {
		return nil, fmt.Errorf("claim mail: lock duration %s is not positive", lockFor)
	}
	claimed, err := inTxResult(ctx, o.db, func(tx *Tx) ([]growthdesk.OutboxMail, error) {
		rows, err := tx.tx.QueryContext(ctx, o.db.rebind(`UPDATE mail_outbox
		SET status = 'sending', locked_until = ?, attempts = attempts + 1
		WHERE id IN (
			SELECT id FROM mail_outbox
			WHERE (status = 'pending' AND next_attempt_at <= ?)
			   OR (status = 'sending' AND locked_until <= ?)
			ORDER BY next_attempt_at, created_at, id
			`+limitClause(limit)+o.db.skipLocked()+`)
		RETURNING `+mailColumns),
			tx.now.Add(lockFor), tx.now, tx.now)
		if err != nil {
			return nil, err
		}
		return scanOutboxMails(rows)
	})
	if err != nil {
		return nil, fmt.Errorf("claim mail: %w", err)
	}
	// Neither engine promises an order for RETURNING.
	sort.SliceStable(claimed, func(i, j int) bool {
		if !claimed[i].CreatedAt.Equal(claimed[j].CreatedAt) {
			return claimed[i].CreatedAt.Before(claimed[j].CreatedAt)
		}
		return claimed[i].ID < claimed[j].ID
	})
	return claimed, nil
}

// MarkSent records that the SMTP server accepted a claimed message.
// Returns EConflict when the message is not claimed (any more): another worker took it over
// after this one's lock expired and has already finished it.
func (o *MailOutbox) MarkSent(ctx context.Context, id string) error {
	return o.finish(ctx, id, "sent", `status = 'sent', sent_at = ?, locked_until = NULL, last_error = ''`, o.db.now())
}

// MarkKept records that a claimed message was kept rather than sent, because no SMTP server
// is configured; staff can read it with ListMail. Returns EConflict as MarkSent does.
func (o *MailOutbox) MarkKept(ctx context.Context, id string) error {
	return o.finish(ctx, id, "kept", `status = 'kept', locked_until = NULL, last_error = ''`)
}

// MarkRetry puts a claimed message back to pending after a failed attempt, to be tried again
// at next. Returns EConflict as MarkSent does.
func (o *MailOutbox) MarkRetry(ctx context.Context, id, lastErr string, next time.Time) error {
	return o.finish(ctx, id, "retry", `status = 'pending', locked_until = NULL, last_error = ?, next_attempt_at = ?`,
		clipMailError(lastErr), next.UTC().Truncate(time.Microsecond))
}

// MarkFailed gives up on a claimed message, keeping the reason for staff.
// Returns EConflict as MarkSent does.
func (o *MailOutbox) MarkFailed(ctx context.Context, id, lastErr string) error {
	return o.finish(ctx, id, "failed", `status = 'failed', locked_until = NULL, last_error = ?`, clipMailError(lastErr))
}

// Release returns a claimed message to pending without counting the attempt, for a worker
// that is shutting down before it could try. Without it the message would wait for the
// claim's lock to expire. Returns EConflict as MarkSent does.
func (o *MailOutbox) Release(ctx context.Context, id string) error {
	return o.finish(ctx, id, "release", `status = 'pending', locked_until = NULL,
		attempts = CASE WHEN attempts > 0 THEN attempts - 1 ELSE 0 END`)
}

// finish applies set to message id if it is still claimed. The status guard means a worker
// that lost its claim (its lock expired and another worker took the message) cannot undo
// the other worker's result, for instance turn "sent" back into "pending".
func (o *MailOutbox) finish(ctx context.Context, id, what, set string, args ...any) error {
	res, err := o.db.exec(ctx, `UPDATE mail_outbox SET `+set+` WHERE id = ? AND status = 'sending'`, append(args, id)...)
	if err != nil {
		return fmt.Errorf("mark mail %s %s: %w", id, what, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("mark mail %s %s: %w", id, what, err)
	}
	if n == 0 {
		return growthdesk.Errorf(growthdesk.EConflict, "The message %s is not being sent by this worker.", id)
	}
	return nil
}

// ListMail returns the newest messages first, at most limit of them, whatever their status:
// staff read kept messages here when no SMTP server is configured, and see why others failed.
func (o *MailOutbox) ListMail(ctx context.Context, limit int) ([]growthdesk.OutboxMail, error) {
	if limit <= 0 {
		return nil, nil
	}
	rows, err := o.db.query(ctx, `SELECT `+mailColumns+` FROM mail_outbox
		ORDER BY created_at DESC, id DESC`+limitClause(limit))
	if err != nil {
		return nil, fmt.Errorf("list mail: %w", err)
	}
	return scanOutboxMails(rows)
}

// GetMail returns one message, for a staff view of a single kept e-mail.
// Returns ENotFound when there is no such message.
func (o *MailOutbox) GetMail(ctx context.Context, id string) (*growthdesk.OutboxMail, error) {
	rows, err := o.db.query(ctx, `SELECT `+mailColumns+` FROM mail_outbox WHERE id = ?`, id)
	if err != nil {
		return nil, fmt.Errorf("get mail: %w", err)
	}
	list, err := scanOutboxMails(rows)
	if err != nil {
		return nil, fmt.Errorf("get mail: %w", err)
	}
	if len(list) == 0 {
		return nil, growthdesk.Errorf(growthdesk.ENotFound, "There is no such message.")
	}
	return &list[0], nil
}

// scanOutboxMails reads every row of rows (selected as mailColumns) and closes it.
func scanOutboxMails(rows *sql.Rows) ([]growthdesk.OutboxMail, error) {
	return scanRows(rows, func(row rowScanner) (growthdesk.OutboxMail, error) {
		var (
			m           growthdesk.OutboxMail
			sent        sql.NullTime
			attachments string
		)
		if err := row.Scan(&m.ID, &m.Email.Kind, &m.Email.To, &m.Email.Subject, &m.Email.Text, &m.Email.HTML,
			&m.Status, &m.Attempts, &m.NextAttemptAt, &m.LastError, &m.CreatedAt, &sent, &m.Email.ListUnsubscribe, &attachments); err != nil {
			return growthdesk.OutboxMail{}, err
		}
		if attachments != "" && attachments != "[]" {
			if err := json.Unmarshal([]byte(attachments), &m.Email.Attachments); err != nil {
				return growthdesk.OutboxMail{}, fmt.Errorf("mail %s attachments: %w", m.ID, err)
			}
		}
		m.NextAttemptAt = m.NextAttemptAt.UTC()
		m.CreatedAt = m.CreatedAt.UTC()
		if sent.Valid {
			t := sent.Time.UTC()
			m.SentAt = &t
		}
		return m, nil
	})
}

// clipMailError bounds an error text to mailErrorMax bytes without splitting a character.
func clipMailError(s string) string {
	if len(s) <= mailErrorMax {
		return s
	}
	return strings.ToValidUTF8(s[:mailErrorMax], "") + "…"
}

// CountMailByStatus returns how many messages the outbox holds in each status, for metrics.
func (o *MailOutbox) CountMailByStatus(ctx context.Context) (map[string]int, error) {
	rows, err := o.db.query(ctx, "SELECT status, COUNT(*) FROM mail_outbox GROUP BY status")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var status string
		var n int
		if err := rows.Scan(&status, &n); err != nil {
			return nil, err
		}
		out[status] = n
	}
	return out, rows.Err()
}
