package store

// The few places where SQLite and PostgreSQL need different SQL or behavior live in this
// file; every query elsewhere is written once, with ? placeholders, in SQL both accept.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// sqliteDSN opens the writer: WAL, foreign keys, a busy timeout, and every transaction
// begun as a writer (_txlock=immediate, BEGIN IMMEDIATE), so that a transaction never has to
// upgrade a read lock it already holds. The store keeps one such connection, so the busy
// timeout only matters against other processes (the CLI's commands on a live file).
func sqliteDSN(path string) string {
	return sqliteFileDSN(path, "immediate", "journal_mode(WAL)")
}

// sqliteReaderDSN opens a reader: the same file with PRAGMA query_only, so that a write sent
// to a reader by mistake fails with "attempt to write a readonly database" instead of
// competing with the writer. Readers never begin transactions of their own.
func sqliteReaderDSN(path string) string {
	return sqliteFileDSN(path, "deferred", "query_only(1)")
}

func sqliteFileDSN(path, txlock string, extra ...string) string {
	pragmas := append([]string{
		"foreign_keys(1)",
		"busy_timeout(10000)",
		"synchronous(NORMAL)",
		"temp_store(MEMORY)",
	}, extra...)
	q := "_txlock=" + txlock + "&_time_format=sqlite"
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
	lockKeyDemoSeed    = 7261003
)

// Job names work that one instance at a time may do on a database.
type Job int

// JobSeedDemo is the demo seeding of serve --demo: it checks what exists and then adds the
// rest, so two demo servers starting together on one empty database would both add it.
const JobSeedDemo Job = lockKeyDemoSeed

// sqliteJobs holds, per SQLite file and job, the lock of Exclusive (a buffered channel of
// one): a SQLite file is served by one process, but it may be opened more than once in it.
var sqliteJobs sync.Map // "path\x00job" → chan struct{}

// Exclusive runs fn while no other instance on the database runs the same job: another one
// waits until fn returns, then runs, and finds the work done. On PostgreSQL the lock is a
// session-level advisory lock, held on a connection of its own, so it ends with the process
// (or its connection) even if fn never returns. On SQLite it is a lock of this process.
func (db *DB) Exclusive(ctx context.Context, job Job, fn func(context.Context) error) error {
	if db.dialect != Postgres {
		v, _ := sqliteJobs.LoadOrStore(db.path+"\x00"+strconv.Itoa(int(job)), make(chan struct{}, 1))
		sem := v.(chan struct{})
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
			return ctx.Err()
		}
		defer func() { <-sem }()
		return fn(ctx)
	}
	conn, err := db.writer.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	unlock, err := db.lockConn(ctx, conn, int(job))
	if err != nil {
		return fmt.Errorf("lock job %d: %w", job, err)
	}
	defer unlock()
	return fn(ctx)
}

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
		_, err := db.writer.ExecContext(ctx, "ANALYZE support_tickets")
		return err
	}
	_, err := db.writer.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
	return err
}

// limitClause writes a page size into the statement as a number rather than a parameter.
// PostgreSQL plans a prepared statement once for every parameter value after a few calls (a
// generic plan), and a generic plan cannot know a parameterized LIMIT is small: on a large
// table it sorts every matching row instead of walking the index for the first few. n is
// always an int the store computed, never text from a request.
func limitClause(n int) string {
	return " LIMIT " + strconv.Itoa(n)
}
