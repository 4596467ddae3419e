// Package storetest opens fresh databases for tests: a SQLite file in a temporary directory,
// and a schema of its own on the PostgreSQL server named by GROWTHDESK_TEST_POSTGRES_URL
// (default: the local server's "test" database).
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"testing"

	"github.com/growthdesk/growthdesk/internal/store"
)

// DefaultPostgresURL is the PostgreSQL server the tests use unless told otherwise.
const DefaultPostgresURL = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// Engines runs fn once per engine, as subtests "sqlite" and "postgres", each on a fresh,
// migrated database. When PostgreSQL cannot be reached the postgres pass is skipped, except
// under CI=true, where it fails.
func Engines(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, SQLite(t)) })
	t.Run("postgres", func(t *testing.T) { fn(t, Postgres(t)) })
}

// EnginesTwice runs fn once per engine, as subtests "sqlite" and "postgres", with two
// handles on one fresh, migrated database, as two instances of the server have: whatever
// one instance must do once (seed, claim, count) can be raced between a and b.
func EnginesTwice(t *testing.T, fn func(t *testing.T, a, b *store.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) {
		dir := t.TempDir()
		fn(t, openSQLite(t, dir), openSQLite(t, dir))
	})
	t.Run("postgres", func(t *testing.T) {
		dsn, _ := PostgresSchema(t)
		fn(t, openPostgres(t, dsn), openPostgres(t, dsn))
	})
}

// SQLite returns a fresh, migrated SQLite database that is removed after the test.
func SQLite(t testing.TB) *store.DB {
	t.Helper()
	return openSQLite(t, t.TempDir())
}

// openSQLite opens and migrates the SQLite database in dir, closed after the test.
func openSQLite(t testing.TB, dir string) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), store.Options{DataDir: dir})
	if err != nil {
		t.Fatalf("open sqlite: %v", err)
	}
	t.Cleanup(func() { _ = db.Close() })
	if _, err := db.Migrate(context.Background()); err != nil {
		t.Fatalf("migrate sqlite: %v", err)
	}
	return db
}

// PostgresURL returns the URL of the test server.
func PostgresURL() string {
	if u := os.Getenv("GROWTHDESK_TEST_POSTGRES_URL"); u != "" {
		return u
	}
	return DefaultPostgresURL
}

// Postgres returns a fresh, migrated database in a new schema of the test server; the
// schema is dropped after the test.
func Postgres(t testing.TB) *store.DB {
	t.Helper()
	dsn, _ := PostgresSchema(t)
	return openPostgres(t, dsn)
}

// PostgresSchema creates an empty schema of its own on the test server, dropped after the
// test, and returns the URL that selects it and its name.
func PostgresSchema(t testing.TB) (dsn, schema string) {
	t.Helper()
	base := PostgresURL()
	admin, err := sql.Open("pgx", base)
	if err == nil {
		err = admin.PingContext(context.Background())
	}
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("PostgreSQL at %s is required under CI=true: %v", redact(base), err)
		}
		t.Skipf("PostgreSQL not reachable at %s (set CI=true to make this fatal): %v", redact(base), err)
	}
	t.Cleanup(func() { _ = admin.Close() })
	schema = "t_" + randomHex(8)
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() { _, _ = admin.Exec("DROP SCHEMA " + schema + " CASCADE") })
	return WithSearchPath(t, base, schema), schema
}

// WithSearchPath is the PostgreSQL URL base with its search_path set to schema.
func WithSearchPath(t testing.TB, base, schema string) string {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("parse %s: %v", redact(base), err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// openPostgres opens and migrates the database at url, closed after the test.
func openPostgres(t testing.TB, dsn string) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), store.Options{URL: dsn})
	if err != nil {
		t.Fatalf("open postgres: %v", err)
	}
	t.Cleanup(func() { _ = db.Close() })
	if _, err := db.Migrate(context.Background()); err != nil {
		t.Fatalf("migrate postgres: %v", err)
	}
	return db
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unparsable URL)"
	}
	return u.Redacted()
}
