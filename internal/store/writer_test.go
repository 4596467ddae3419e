package store

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// openSQLite opens and migrates a SQLite database in a temporary directory. (The storetest
// package cannot be used from the store's own package.)
func openSQLite(t *testing.T) *DB {
	t.Helper()
	db, err := Open(context.Background(), Options{DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	if _, err := db.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return db
}

// A write sent to a reader fails at once instead of competing for the write lock.
func TestSQLiteReaderRefusesWrites(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := openSQLite(t)
	if db.reader == db.writer {
		t.Fatal("SQLite has one pool; want a writer and readers")
	}
	readonly := func(what string, err error) {
		t.Helper()
		if err == nil || !strings.Contains(err.Error(), "readonly") {
			t.Errorf("%s on a reader: err = %v, want attempt to write a readonly database", what, err)
		}
	}
	_, err := db.reader.ExecContext(ctx, "INSERT INTO app_secrets (name, value, created_at) VALUES ('x', 'y', ?)", db.now())
	readonly("INSERT", err)
	var hits int
	readonly("INSERT … RETURNING", db.queryRow(ctx, `INSERT INTO rate_limits (bucket, window_start, hits) VALUES ('b', ?, 1) RETURNING hits`, db.now()).Scan(&hits))
	_, err = db.reader.ExecContext(ctx, "CREATE TABLE stray (id TEXT)")
	readonly("CREATE TABLE", err)
	// Each reader connection refuses, not only the first one handed out.
	conns := make([]interface{ Close() error }, 0, sqliteReaders())
	for range sqliteReaders() {
		c, err := db.reader.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		_, err = c.ExecContext(ctx, "DELETE FROM schema_migrations")
		readonly("DELETE", err)
	}
	for _, c := range conns {
		_ = c.Close()
	}
	// The same statements through the writer work, and the readers see them committed.
	if err := db.writeRow(ctx, `INSERT INTO rate_limits (bucket, window_start, hits) VALUES ('b', ?, 1) RETURNING hits`, db.now()).Scan(&hits); err != nil || hits != 1 {
		t.Fatalf("write through the writer: hits %d, %v", hits, err)
	}
	var n int
	if err := db.queryRow(ctx, "SELECT COUNT(*) FROM rate_limits WHERE bucket = 'b'").Scan(&n); err != nil || n != 1 {
		t.Fatalf("reader after the write: %d rows, %v", n, err)
	}
	if pending, err := db.PendingMigrations(ctx); err != nil || len(pending) != 0 {
		t.Fatalf("migrations still all there: pending %v, %v", pending, err)
	}
}

// Many goroutines writing at once never meet SQLITE_BUSY: with the busy timeout at zero, any
// wait for SQLite's write lock would fail at once, so passing shows that writers queue for
// the one writer connection in Go instead.
func TestSQLiteConcurrentWritersNeverBusy(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	db := openSQLite(t)
	if _, err := db.writer.ExecContext(ctx, "PRAGMA busy_timeout = 0"); err != nil {
		t.Fatal(err)
	}
	limiter := NewRateLimiter(db)
	const workers, each = 32, 40
	var wg sync.WaitGroup
	errs := make(chan error, workers*each*3)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				// A transaction that reads, then writes, as most requests do.
				tx, err := db.begin(ctx)
				if err != nil {
					errs <- fmt.Errorf("begin: %w", err)
					continue
				}
				var n int
				if err := tx.queryRow(ctx, "SELECT COUNT(*) FROM app_secrets").Scan(&n); err != nil {
					errs <- err
				}
				if _, err := tx.exec(ctx, "INSERT INTO app_secrets (name, value, created_at) VALUES (?, ?, ?)",
					fmt.Sprintf("w%d-%d", w, i), "v", tx.now); err != nil {
					errs <- err
				}
				if err := tx.Commit(); err != nil {
					errs <- fmt.Errorf("commit: %w", err)
				}
				// A single write outside a transaction.
				if _, _, err := limiter.Allow(ctx, "busy-test", 1<<30, time.Minute); err != nil {
					errs <- err
				}
				// And a read beside the writers.
				if err := db.queryRow(ctx, "SELECT COUNT(*) FROM rate_limits").Scan(&n); err != nil {
					errs <- fmt.Errorf("read: %w", err)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	var n, hits int
	if err := db.queryRow(ctx, "SELECT COUNT(*) FROM app_secrets WHERE name LIKE 'w%'").Scan(&n); err != nil || n != workers*each {
		t.Errorf("committed transactions: %d, %v; want %d", n, err, workers*each)
	}
	if err := db.queryRow(ctx, "SELECT hits FROM rate_limits WHERE bucket = 'busy-test'").Scan(&hits); err != nil || hits != workers*each {
		t.Errorf("counted hits: %d, %v; want %d", hits, err, workers*each)
	}
}
