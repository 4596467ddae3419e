package store

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"
)

// Migrations are written once in the SQL both engines accept (TEXT ids, TIMESTAMP, BOOLEAN,
// CHECK constraints) and applied in file-name order, each in its own transaction.
//
//go:embed migrations/*.sql
var migrationFS embed.FS

// migration is one embedded schema change.
type migration struct {
	version string
	sql     string
}

func loadMigrations() ([]migration, error) {
	names, err := fs.Glob(migrationFS, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	out := make([]migration, 0, len(names))
	for _, name := range names {
		body, err := migrationFS.ReadFile(name)
		if err != nil {
			return nil, err
		}
		out = append(out, migration{
			version: strings.TrimSuffix(strings.TrimPrefix(name, "migrations/"), ".sql"),
			sql:     string(body),
		})
	}
	return out, nil
}

// Migrate applies every migration not yet recorded in schema_migrations and returns the
// versions it applied. Running it again applies nothing. On PostgreSQL an advisory lock keeps
// two instances starting together from racing.
func (db *DB) Migrate(ctx context.Context) ([]string, error) {
	migrations, err := loadMigrations()
	if err != nil {
		return nil, err
	}
	conn, err := db.writer.Conn(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	unlock, err := db.lockConn(ctx, conn, lockKeyMigrations)
	if err != nil {
		return nil, fmt.Errorf("lock migrations: %w", err)
	}
	defer unlock()
	if _, err := conn.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version TEXT PRIMARY KEY,
		applied_at TIMESTAMP NOT NULL
	)`); err != nil {
		return nil, fmt.Errorf("create schema_migrations: %w", err)
	}
	applied, err := db.appliedVersions(ctx)
	if err != nil {
		return nil, err
	}
	var done []string
	for _, m := range migrations {
		if applied[m.version] {
			continue
		}
		tx, err := conn.BeginTx(ctx, nil)
		if err != nil {
			return done, err
		}
		if _, err := tx.ExecContext(ctx, m.sql); err != nil {
			_ = tx.Rollback()
			return done, fmt.Errorf("migration %s: %w", m.version, err)
		}
		if _, err := tx.ExecContext(ctx, db.rebind("INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)"), m.version, db.now()); err != nil {
			_ = tx.Rollback()
			return done, fmt.Errorf("record migration %s: %w", m.version, err)
		}
		if err := tx.Commit(); err != nil {
			return done, fmt.Errorf("commit migration %s: %w", m.version, err)
		}
		done = append(done, m.version)
	}
	return done, nil
}

// PendingMigrations returns the versions embedded in the binary but not applied yet; the
// readiness probe is green only when there are none.
func (db *DB) PendingMigrations(ctx context.Context) ([]string, error) {
	migrations, err := loadMigrations()
	if err != nil {
		return nil, err
	}
	applied, err := db.appliedVersions(ctx)
	if err != nil {
		return nil, err
	}
	var pending []string
	for _, m := range migrations {
		if !applied[m.version] {
			pending = append(pending, m.version)
		}
	}
	return pending, nil
}

func (db *DB) appliedVersions(ctx context.Context) (map[string]bool, error) {
	rows, err := db.reader.QueryContext(ctx, "SELECT version FROM schema_migrations")
	if err != nil {
		return nil, fmt.Errorf("read schema_migrations: %w", err)
	}
	defer rows.Close()
	applied := map[string]bool{}
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		applied[v] = true
	}
	return applied, rows.Err()
}
