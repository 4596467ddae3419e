package store

// The few places where SQLite and PostgreSQL need different SQL or behavior live in this
// file; every query elsewhere is written once, with ? placeholders, in SQL both accept.

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// sqliteDSN opens the file with WAL, foreign keys and a busy timeout, and begins every
// transaction as a writer (_txlock=immediate) so that writers queue instead of deadlocking.
func sqliteDSN(path string) string {
	pragmas := []string{
		"foreign_keys(1)",
		"journal_mode(WAL)",
		"busy_timeout(10000)",
		"synchronous(NORMAL)",
		"temp_store(MEMORY)",
	}
	q := "_txlock=immediate&_time_format=sqlite"
	for _, p := range pragmas {
		q += "&_pragma=" + p
	}
	return "file:" + path + "?" + q
}

// rebind turns the ? placeholders the queries are written with into PostgreSQL's $n.
func (db *DB) rebind(query string) string {
	if db.dialect != Postgres {
		return query
	}
	var b strings.Builder
	b.Grow(len(query) + 8)
	n, inString := 0, false
	for _, r := range query {
		switch {
		case r == '\'':
			inString = !inString
			b.WriteRune(r)
		case r == '?' && !inString:
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// forUpdate locks the selected rows on PostgreSQL. SQLite needs nothing: its write
// transactions are exclusive from the start (_txlock=immediate).
func (tx *Tx) forUpdate() string {
	if tx.db.dialect == Postgres {
		return " FOR UPDATE"
	}
	return ""
}

// lockSigningKeys serializes key changes between instances on PostgreSQL; on SQLite the
// write transaction is exclusive already.
func (tx *Tx) lockSigningKeys(ctx context.Context) error {
	if tx.db.dialect != Postgres {
		return nil
	}
	_, err := tx.exec(ctx, "SELECT pg_advisory_xact_lock(?)", lockKeySigningKeys)
	return err
}

// isUniqueViolation reports whether err is a unique-constraint failure on either engine.
func isUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23505"
	}
	var sqErr *sqlite.Error
	if errors.As(err, &sqErr) {
		return sqErr.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || sqErr.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	return false
}

// skipLocked makes a claiming SELECT skip rows that another instance has locked, on
// PostgreSQL. On SQLite the claiming transaction holds the write lock from its start, so
// claims are serialized and no clause is needed.
func (db *DB) skipLocked() string {
	if db.dialect == Postgres {
		return " FOR UPDATE SKIP LOCKED"
	}
	return ""
}

// Keys of the PostgreSQL advisory locks; each serializes one kind of change between
// instances.
const (
	lockKeyMigrations  = 7261001
	lockKeySigningKeys = 7261002
)

// lockConn holds a session-level advisory lock on conn until unlock is called (PostgreSQL);
// SQLite has a single writer and needs none.
func (db *DB) lockConn(ctx context.Context, conn *sql.Conn, key int) (unlock func(), err error) {
	if db.dialect != Postgres {
		return func() {}, nil
	}
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock($1)", key); err != nil {
		return nil, err
	}
	return func() {
		_, _ = conn.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", key)
	}, nil
}

// checkpoint settles the database after a bulk load: SQLite folds its write-ahead log back
// into the file, so that reads do not look every page up in a large log; PostgreSQL refreshes
// the planner's statistics of the support tables instead of waiting for autovacuum.
func (db *DB) checkpoint(ctx context.Context) error {
	if db.dialect == Postgres {
		_, err := db.sql.ExecContext(ctx, "ANALYZE support_tickets")
		return err
	}
	_, err := db.sql.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
	return err
}
