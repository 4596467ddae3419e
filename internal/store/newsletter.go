package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// NewsletterStore keeps the newsletter subscribers and their double opt-in state.
type NewsletterStore struct{ db *DB }

// NewNewsletterStore returns a NewsletterStore on db.
func NewNewsletterStore(db *DB) *NewsletterStore { return &NewsletterStore{db: db} }

var _ growthdesk.NewsletterStore = (*NewsletterStore)(nil)

const subscriberColumns = `email, source, status, created_at, confirmation_sent_at, confirmed_at, unsubscribed_at`

// Subscribe stores in, which the caller has validated. A new address is stored pending; a
// known one follows growthdesk.ConfirmationDue. When a confirmation is due the address
// becomes pending, the time is recorded and the message confirm renders is enqueued, all in
// one transaction.
func (s *NewsletterStore) Subscribe(ctx context.Context, in growthdesk.SubscribeInput, confirm func(*growthdesk.Subscriber) (*growthdesk.Email, error)) (*growthdesk.Subscriber, bool, error) {
	var (
		sub     *growthdesk.Subscriber
		created bool
	)
	err := s.db.inTx(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, `INSERT INTO newsletter_subscribers (id, email, source, status, created_at)
		VALUES (?, ?, ?, 'pending', ?) ON CONFLICT (email) DO NOTHING`, growthdesk.NewID(), in.Email, in.Source, tx.now)
		if err != nil {
			return fmt.Errorf("insert subscriber: %w", err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		created = n == 1
		sub, err = tx.subscriber(ctx, in.Email, true)
		if err != nil {
			return err
		}
		var existing *growthdesk.Subscriber
		if !created {
			existing = sub
		}
		if !growthdesk.ConfirmationDue(existing, tx.now) {
			return nil
		}
		now := tx.now
		sub.Status, sub.ConfirmationSentAt = growthdesk.SubscriberPending, &now
		if _, err := tx.exec(ctx, `UPDATE newsletter_subscribers SET status = 'pending', confirmation_sent_at = ? WHERE email = ?`,
			now, in.Email); err != nil {
			return fmt.Errorf("mark subscriber pending: %w", err)
		}
		if confirm != nil {
			msg, err := confirm(sub)
			if err != nil {
				return fmt.Errorf("render newsletter confirmation: %w", err)
			}
			return tx.enqueueMail(ctx, msg)
		}
		return nil
	})
	if err != nil {
		return nil, false, err
	}
	return sub, created, nil
}

// Confirm makes a pending address confirmed; a confirmed one stays as it is. Returns
// ENotFound for an unknown address and EConflict for an unsubscribed one.
func (s *NewsletterStore) Confirm(ctx context.Context, email string) (*growthdesk.Subscriber, error) {
	return inTxResult(ctx, s.db, func(tx *Tx) (*growthdesk.Subscriber, error) {
		sub, err := tx.subscriber(ctx, email, true)
		if err != nil {
			return nil, err
		}
		switch sub.Status {
		case growthdesk.SubscriberConfirmed:
			return sub, nil
		case growthdesk.SubscriberUnsubscribed:
			return nil, growthdesk.Errorf(growthdesk.EConflict, "The address unsubscribed.")
		}
		now := tx.now
		if _, err := tx.exec(ctx, `UPDATE newsletter_subscribers SET status = 'confirmed', confirmed_at = ? WHERE email = ?`, now, email); err != nil {
			return nil, fmt.Errorf("confirm subscriber: %w", err)
		}
		sub.Status, sub.ConfirmedAt = growthdesk.SubscriberConfirmed, &now
		return sub, nil
	})
}

// Unsubscribe marks the address unsubscribed; doing it again changes nothing. Returns
// ENotFound for an unknown address.
func (s *NewsletterStore) Unsubscribe(ctx context.Context, email string) (*growthdesk.Subscriber, error) {
	return inTxResult(ctx, s.db, func(tx *Tx) (*growthdesk.Subscriber, error) {
		sub, err := tx.subscriber(ctx, email, true)
		if err != nil {
			return nil, err
		}
		if sub.Status == growthdesk.SubscriberUnsubscribed {
			return sub, nil
		}
		now := tx.now
		if _, err := tx.exec(ctx, `UPDATE newsletter_subscribers SET status = 'unsubscribed', unsubscribed_at = ? WHERE email = ?`, now, email); err != nil {
			return nil, fmt.Errorf("unsubscribe: %w", err)
		}
		sub.Status, sub.UnsubscribedAt = growthdesk.SubscriberUnsubscribed, &now
		return sub, nil
	})
}

// subscriber reads one row inside tx, locked for the rest of the transaction when lock is set
// (tx.forUpdate: the engines differ in how, see dialect.go). Returns ENotFound when absent.
func (tx *Tx) subscriber(ctx context.Context, email string, lock bool) (*growthdesk.Subscriber, error) {
	q := `SELECT ` + subscriberColumns + ` FROM newsletter_subscribers WHERE email = ?`
	if lock {
		q += tx.forUpdate()
	}
	sub, err := scanSubscriber(tx.queryRow(ctx, q, email))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, growthdesk.Errorf(growthdesk.ENotFound, "The address is not on the list.")
	}
	return sub, err
}

func scanSubscriber(row rowScanner) (*growthdesk.Subscriber, error) {
	var (
		sub                       growthdesk.Subscriber
		sent, confirmed, unsubbed sql.NullTime
	)
	if err := row.Scan(&sub.Email, &sub.Source, &sub.Status, &sub.CreatedAt, &sent, &confirmed, &unsubbed); err != nil {
		return nil, err
	}
	sub.CreatedAt = sub.CreatedAt.UTC()
	sub.ConfirmationSentAt, sub.ConfirmedAt, sub.UnsubscribedAt = nullTime(sent), nullTime(confirmed), nullTime(unsubbed)
	return &sub, nil
}

// CountSubscribers returns how many rows hold email (0 or 1), for tests.
func (s *NewsletterStore) CountSubscribers(ctx context.Context, email string) (int, error) {
	var n int
	err := s.db.queryRow(ctx, "SELECT COUNT(*) FROM newsletter_subscribers WHERE email = ?", growthdesk.NormalizeEmail(email)).Scan(&n)
	return n, err
}

// ListSubscribers returns the newest subscribers first, at most limit of them.
func (s *NewsletterStore) ListSubscribers(ctx context.Context, limit int) ([]*growthdesk.Subscriber, error) {
	rows, err := s.db.query(ctx, `SELECT `+subscriberColumns+` FROM newsletter_subscribers
		ORDER BY created_at DESC, id DESC`+limitClause(limit))
	if err != nil {
		return nil, err
	}
	return scanRows(rows, scanSubscriber)
}
