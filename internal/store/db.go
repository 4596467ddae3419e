// Package store keeps Growthdesk's data in SQL, on an embedded SQLite file by default or on
// PostgreSQL. Both engines run the same migrations and the same queries; the few places where
// they differ are in this file.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	_ "modernc.org/sqlite"             // registers the "sqlite" driver
)

// Dialect names the SQL engine behind a DB.
type Dialect string

const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// DB is the database handle shared by every service of the store.
type DB struct {
	sql     *sql.DB
	dialect Dialect
	// Now returns the current time; tests replace it to make timestamps deterministic.
	Now func() time.Time
}

// Options say which database to open.
type Options struct {
	// URL is a postgres:// URL; empty selects SQLite in DataDir.
	URL string
	// DataDir holds growthdesk.db when URL is empty.
	DataDir string
}

// Open connects to the database described by opts and checks that it answers.
// It does not apply migrations: call Migrate.
func Open(ctx context.Context, opts Options) (*DB, error) {
	var (
		db      *sql.DB
		err     error
		dialect Dialect
	)
	switch {
	case opts.URL == "":
		dialect = SQLite
		if err := os.MkdirAll(opts.DataDir, 0o750); err != nil {
			return nil, fmt.Errorf("create data dir: %w", err)
		}
		db, err = sql.Open("sqlite", sqliteDSN(filepath.Join(opts.DataDir, "growthdesk.db")))
		if err == nil {
			// One writer at a time is SQLite's rule; a small pool serves concurrent readers
			// in WAL mode while _txlock=immediate makes writers queue instead of deadlocking.
			db.SetMaxOpenConns(8)
			db.SetMaxIdleConns(8)
			db.SetConnMaxIdleTime(5 * time.Minute)
		}
	case strings.HasPrefix(opts.URL, "postgres://"), strings.HasPrefix(opts.URL, "postgresql://"):
		dialect = Postgres
		db, err = sql.Open("pgx", opts.URL)
		if err == nil {
			db.SetMaxOpenConns(20)
			db.SetMaxIdleConns(10)
			db.SetConnMaxIdleTime(5 * time.Minute)
		}
	default:
		return nil, errors.New("database URL must start with postgres:// or postgresql://")
	}
	if err != nil {
		return nil, fmt.Errorf("open %s database: %w", dialect, err)
	}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("connect to %s database: %w", dialect, err)
	}
	return &DB{sql: db, dialect: dialect, Now: func() time.Time { return time.Now().UTC() }}, nil
}

// Dialect reports the engine behind db.
func (db *DB) Dialect() Dialect { return db.dialect }

// Close closes the connection pool.
func (db *DB) Close() error { return db.sql.Close() }

// Ping checks that the database answers.
func (db *DB) Ping(ctx context.Context) error { return db.sql.PingContext(ctx) }

// now returns the store's clock in UTC, truncated to microseconds, the precision both
// engines keep.
func (db *DB) now() time.Time { return db.Now().UTC().Truncate(time.Microsecond) }

func (db *DB) exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return db.sql.ExecContext(ctx, db.rebind(q), args...)
}

func (db *DB) queryRow(ctx context.Context, q string, args ...any) *sql.Row {
	return db.sql.QueryRowContext(ctx, db.rebind(q), args...)
}

// Tx is a write transaction; every write of one request is one Tx.
type Tx struct {
	tx *sql.Tx
	db *DB
	// now is the single timestamp of everything the transaction writes.
	now time.Time
}

// begin starts a transaction carrying one timestamp for all its writes.
func (db *DB) begin(ctx context.Context) (*Tx, error) {
	tx, err := db.sql.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	return &Tx{tx: tx, db: db, now: db.now()}, nil
}

func (tx *Tx) exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return tx.tx.ExecContext(ctx, tx.db.rebind(q), args...)
}

func (tx *Tx) queryRow(ctx context.Context, q string, args ...any) *sql.Row {
	return tx.tx.QueryRowContext(ctx, tx.db.rebind(q), args...)
}

// Commit commits the transaction.
func (tx *Tx) Commit() error { return tx.tx.Commit() }

// Rollback aborts the transaction; after Commit it does nothing.
func (tx *Tx) Rollback() error { return tx.tx.Rollback() }

// querier is what reads need from *sql.DB and *sql.Tx alike.
type querier interface {
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
}

// likePattern is a case-insensitive LIKE pattern matching s anywhere, with LIKE's wildcards
// in s escaped (use with ESCAPE '\').
func likePattern(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(strings.ToLower(s)) + "%"
}
