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
	"runtime"
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
//
// On SQLite it holds two pools on one file: writer, a single connection that runs every
// transaction and every write, each transaction begun with BEGIN IMMEDIATE; and reader,
// connections that refuse to write (PRAGMA query_only), for reads outside transactions. SQLite
// lets one writer in at a time; with one writer connection, writers queue in Go for the
// connection instead of sleeping in SQLite's busy handler (see docs/adr/0017-sqlite-one-writer.md).
// On PostgreSQL both name the same pool.
type DB struct {
	writer  *sql.DB
	reader  *sql.DB
	dialect Dialect
	// path is the SQLite file.
	path string
	// writes and reads keep SQLite's prepared statements (nil on PostgreSQL).
	writes, reads *stmtCache
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
		writer, reader *sql.DB
		err            error
		dialect        Dialect
		sqlitePath     string
	)
	switch {
	case opts.URL == "":
		dialect = SQLite
		if err := os.MkdirAll(opts.DataDir, 0o750); err != nil {
			return nil, fmt.Errorf("create data dir: %w", err)
		}
		sqlitePath = filepath.Join(opts.DataDir, "growthdesk.db")
		writer, err = sql.Open("sqlite", sqliteDSN(sqlitePath))
		if err == nil {
			writer.SetMaxOpenConns(1)
			writer.SetMaxIdleConns(1)
			writer.SetConnMaxIdleTime(0)
			writer.SetConnMaxLifetime(0)
			reader, err = sql.Open("sqlite", sqliteReaderDSN(sqlitePath))
		}
		if err == nil {
			n := sqliteReaders()
			reader.SetMaxOpenConns(n)
			reader.SetMaxIdleConns(n)
			reader.SetConnMaxIdleTime(5 * time.Minute)
		}
	case strings.HasPrefix(opts.URL, "postgres://"), strings.HasPrefix(opts.URL, "postgresql://"):
		dialect = Postgres
		writer, err = sql.Open("pgx", opts.URL)
		if err == nil {
			writer.SetMaxOpenConns(20)
			writer.SetMaxIdleConns(10)
			writer.SetConnMaxIdleTime(5 * time.Minute)
			reader = writer
		}
	default:
		return nil, errors.New("database URL must start with postgres:// or postgresql://")
	}
	db := &DB{writer: writer, reader: reader, dialect: dialect, path: sqlitePath, Now: func() time.Time { return time.Now().UTC() }}
	if dialect == SQLite && err == nil {
		db.writes, db.reads = newStmtCache(writer, true), newStmtCache(reader, false)
	}
	if err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("open %s database: %w", dialect, err)
	}
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	// The writer first: it creates the file and switches it to WAL, which readers rely on.
	if err := db.Ping(pingCtx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("connect to %s database: %w", dialect, err)
	}
	return db, nil
}

// sqliteReaders is the size of SQLite's reader pool: reads run in parallel in WAL mode, two
// per core and at least eight, so that a few slow reports do not hold up the rest.
func sqliteReaders() int { return max(8, 2*runtime.NumCPU()) }

// Dialect reports the engine behind db.
func (db *DB) Dialect() Dialect { return db.dialect }

// Close closes the connection pools.
func (db *DB) Close() error {
	err := errors.Join(db.writes.close(), db.reads.close())
	if db.reader != nil && db.reader != db.writer {
		err = errors.Join(db.reader.Close(), err)
	}
	if db.writer != nil {
		err = errors.Join(db.writer.Close(), err)
	}
	return err
}

// Ping checks that the database answers, writer and readers.
func (db *DB) Ping(ctx context.Context) error {
	if err := db.writer.PingContext(ctx); err != nil {
		return err
	}
	if db.reader != db.writer {
		return db.reader.PingContext(ctx)
	}
	return nil
}

// now returns the store's clock in UTC, truncated to microseconds, the precision both
// engines keep.
func (db *DB) now() time.Time { return db.Now().UTC().Truncate(time.Microsecond) }

// exec runs one write outside a transaction, on the writer.
func (db *DB) exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	q = db.rebind(q)
	if st := db.writes.get(ctx, q); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return db.writer.ExecContext(ctx, q, args...)
}

// writeRow runs one write that returns a row (INSERT … RETURNING), on the writer.
func (db *DB) writeRow(ctx context.Context, q string, args ...any) *sql.Row {
	q = db.rebind(q)
	if st := db.writes.get(ctx, q); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return db.writer.QueryRowContext(ctx, q, args...)
}

// queryRow reads one row outside a transaction, on a reader: on SQLite a write sent here
// fails ("attempt to write a readonly database").
func (db *DB) queryRow(ctx context.Context, q string, args ...any) *sql.Row {
	q = db.rebind(q)
	if st := db.reads.get(ctx, q); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return db.reader.QueryRowContext(ctx, q, args...)
}

// query reads rows outside a transaction, on a reader.
func (db *DB) query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	q = db.rebind(q)
	if st := db.reads.get(ctx, q); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return db.reader.QueryContext(ctx, q, args...)
}

// querier is what reads need from *sql.DB and *sql.Tx alike.
type querier interface {
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
}
