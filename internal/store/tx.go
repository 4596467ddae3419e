package store

import (
	"context"
	"database/sql"
	"time"
)

// Tx is a write transaction; every write of one request is one Tx.
type Tx struct {
	tx *sql.Tx
	db *DB
	// now is the single timestamp of everything the transaction writes.
	now time.Time
}

// begin starts a transaction carrying one timestamp for all its writes, on the writer (on
// SQLite with BEGIN IMMEDIATE: it holds the write lock from its first statement). Inside a
// transaction, read and write through the Tx only: on SQLite another write of the same
// goroutine would wait for the writer it holds itself.
func (db *DB) begin(ctx context.Context) (*Tx, error) {
	tx, err := db.writer.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	return &Tx{tx: tx, db: db, now: db.now()}, nil
}

// exec and queryRow use the writer's prepared statement of q once it is ready (it is
// prepared in the background after q's first use, on the one writer connection).
func (tx *Tx) exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	q = tx.db.rebind(q)
	if st := tx.db.writes.get(ctx, q); st != nil {
		return tx.tx.StmtContext(ctx, st).ExecContext(ctx, args...)
	}
	return tx.tx.ExecContext(ctx, q, args...)
}

func (tx *Tx) queryRow(ctx context.Context, q string, args ...any) *sql.Row {
	q = tx.db.rebind(q)
	if st := tx.db.writes.get(ctx, q); st != nil {
		return tx.tx.StmtContext(ctx, st).QueryRowContext(ctx, args...)
	}
	return tx.tx.QueryRowContext(ctx, q, args...)
}

// query runs unprepared: a caller could run the same text again while these rows are still
// open on the transaction's one connection, and one prepared statement cannot serve both.
func (tx *Tx) query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return tx.tx.QueryContext(ctx, tx.db.rebind(q), args...)
}

// queryPrepared is query on the writer's prepared statement of q, for a hot path whose
// caller closes the rows before it runs q again.
func (tx *Tx) queryPrepared(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	q = tx.db.rebind(q)
	if st := tx.db.writes.get(ctx, q); st != nil {
		return tx.tx.StmtContext(ctx, st).QueryContext(ctx, args...)
	}
	return tx.tx.QueryContext(ctx, q, args...)
}

// Commit commits the transaction.
func (tx *Tx) Commit() error { return tx.tx.Commit() }

// Rollback aborts the transaction; after Commit it does nothing.
func (tx *Tx) Rollback() error { return tx.tx.Rollback() }

// inTx runs fn in one write transaction: committed when fn returns nil, rolled back when it
// returns an error (or panics). Every write of the store goes through it (or inTxResult), so
// that a write is all of its rows, its audit entry and its outbox mail, or none of them.
func (db *DB) inTx(ctx context.Context, fn func(*Tx) error) error {
	tx, err := db.begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck // after Commit it does nothing
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// inTxResult is inTx for a write that answers a value: the value is returned only once the
// transaction has committed, the zero value otherwise.
func inTxResult[T any](ctx context.Context, db *DB, fn func(*Tx) (T, error)) (T, error) {
	var out T
	err := db.inTx(ctx, func(tx *Tx) error {
		var err error
		out, err = fn(tx)
		return err
	})
	if err != nil {
		var zero T
		return zero, err
	}
	return out, nil
}
