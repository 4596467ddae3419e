package store

import (
	"context"
	"testing"
)

// InsertSessionForTest adds a session of userID.
func InsertSessionForTest(t testing.TB, db *DB, id, userID string) {
	t.Helper()
	now := db.now()
	if _, err := db.exec(context.Background(), `INSERT INTO sessions (id, user_id, created_at, updated_at) VALUES (?, ?, ?, ?)`,
		id, userID, now, now); err != nil {
		t.Fatal(err)
	}
}

// ImpersonationEndForTest returns a record's end reason and whether it is active.
func ImpersonationEndForTest(t testing.TB, db *DB, id string) (reason string, active bool) {
	t.Helper()
	if err := db.queryRow(context.Background(), "SELECT end_reason, is_active FROM admin_impersonations WHERE id = ?", id).Scan(&reason, &active); err != nil {
		t.Fatal(err)
	}
	return reason, active
}

// ExecForTest runs a statement.
func (db *DB) ExecForTest(ctx context.Context, q string, args ...any) (any, error) {
	return db.exec(ctx, q, args...)
}

// QueryRowForTest runs a query for one row.
func (db *DB) QueryRowForTest(ctx context.Context, q string, args ...any) interface{ Scan(...any) error } {
	return db.queryRow(ctx, q, args...)
}
