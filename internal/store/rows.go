package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// rowScanner is what a scan function needs of *sql.Row and *sql.Rows alike, so that one
// function reads a row of a list and a single row the same way.
type rowScanner interface{ Scan(dest ...any) error }

// rowQuerier is a reader of rows: the DB (on a reader connection) or a Tx.
type rowQuerier interface {
	query(ctx context.Context, q string, args ...any) (*sql.Rows, error)
}

// queryRows runs q on db or tx and returns every row read by scan, in order; nil when there
// is none. It closes the rows and reports an error of the iteration as well as of the query.
func queryRows[T any](ctx context.Context, on rowQuerier, q string, args []any, scan func(rowScanner) (T, error)) ([]T, error) {
	rows, err := on.query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	return scanRows(rows, scan)
}

// scanRows reads every row of rows with scan and closes them; nil when there is none.
func scanRows[T any](rows *sql.Rows, scan func(rowScanner) (T, error)) ([]T, error) {
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// nullTime is an optional time column as a pointer in UTC (nil for NULL).
func nullTime(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}

// likePattern is a case-insensitive LIKE pattern matching s anywhere, with LIKE's wildcards
// in s escaped (use with ESCAPE '\'). It is the store's one LIKE escaper.
func likePattern(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(strings.ToLower(s)) + "%"
}

// orderedPage is the ORDER BY, LIMIT and OFFSET of one page of a list that offers orders: the
// ORDER BY of sort in orders (of fallback when sort names none), whose %[1]s is the direction.
func orderedPage(orders map[string]string, sort, fallback string, desc bool, limit, offset int) string {
	order, ok := orders[sort]
	if !ok {
		order = orders[fallback]
	}
	dir := "ASC"
	if desc {
		dir = "DESC"
	}
	return " ORDER BY " + fmt.Sprintf(order, dir) + limitClause(limit) + " OFFSET " + strconv.Itoa(max(offset, 0))
}

// orEmpty is list, or an empty slice when there is no row: for answers that are encoded as
// an empty JSON array, not null.
func orEmpty[T any](list []T, err error) ([]T, error) {
	if err == nil && list == nil {
		list = []T{}
	}
	return list, err
}
