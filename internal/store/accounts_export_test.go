package store

import (
	"context"
	"testing"
)

// InsertAccountForTest creates a confirmed user with its profile, for tests of code that
// starts from existing accounts.
func InsertAccountForTest(t testing.TB, db *DB, id, email, fullName, role, approval string) {
	t.Helper()
	ctx := context.Background()
	now := db.now()
	if _, err := db.exec(ctx, `INSERT INTO users (id, email, email_confirmed_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
		id, email, now, now, now); err != nil {
		t.Fatal(err)
	}
	if _, err := db.exec(ctx, `INSERT INTO profiles (id, email, full_name, role, approval_status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		id, email, fullName, role, approval, now, now); err != nil {
		t.Fatal(err)
	}
}

// MailCounter counts outbox rows for tests.
type MailCounter struct{ db *DB }

// NewMailOutboxForTest returns a MailCounter on db.
func NewMailOutboxForTest(db *DB) MailCounter { return MailCounter{db: db} }

// Count returns how many messages of kind to address are in the outbox.
func (m MailCounter) Count(ctx context.Context, kind, to string) (int, error) {
	var n int
	err := m.db.queryRow(ctx, "SELECT COUNT(*) FROM mail_outbox WHERE kind = ? AND to_address = ?", kind, to).Scan(&n)
	return n, err
}
