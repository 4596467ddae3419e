package store

import (
	"context"
	"testing"
)

// AuthCountForTest runs a SELECT COUNT(*) (or any one-integer query) for the auth store's
// tests, which check what a transaction wrote beside its result.
func AuthCountForTest(t testing.TB, db *DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := db.queryRow(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// AuthStringForTest runs a one-text-value query for the auth store's tests.
func AuthStringForTest(t testing.TB, db *DB, query string, args ...any) string {
	t.Helper()
	var s string
	if err := db.queryRow(context.Background(), query, args...).Scan(&s); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return s
}
