package store

import (
	"context"
	"testing"
)

// HoldMailRowLockForTest locks one outbox row in an open transaction, as a claim still in
// progress on another instance would, until the returned function is called. PostgreSQL
// only: SQLite has no row locks.
func HoldMailRowLockForTest(t testing.TB, db *DB, id string) (release func()) {
	t.Helper()
	ctx := context.Background()
	tx, err := db.begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var got string
	if err := tx.queryRow(ctx, `SELECT id FROM mail_outbox WHERE id = ? FOR UPDATE`, id).Scan(&got); err != nil {
		_ = tx.Rollback()
		t.Fatal(err)
	}
	return func() { _ = tx.Rollback() }
}
