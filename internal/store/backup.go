package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// ErrBackupPostgres says that PostgreSQL is backed up with its own tools.
var ErrBackupPostgres = errors.New("PostgreSQL databases are backed up with pg_dump and restored with pg_restore or psql")

// Backup writes a consistent, compacted copy of the SQLite database to path (which must not
// exist) with VACUUM INTO, which reads one snapshot while the server keeps serving, then
// checks the copy. It returns the row count of every table in the copy.
func (db *DB) Backup(ctx context.Context, path string) (map[string]int, error) {
	if db.dialect != SQLite {
		return nil, ErrBackupPostgres
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(abs); err == nil {
		return nil, fmt.Errorf("%s exists; choose a new file name", abs)
	}
	// A connection of its own: VACUUM INTO only reads the database, in one read transaction,
	// so it holds up neither the writer nor the readers, but PRAGMA query_only refuses it.
	conn, err := sql.Open("sqlite", sqliteFileDSN(db.path, "deferred"))
	if err != nil {
		return nil, err
	}
	_, err = conn.ExecContext(ctx, "VACUUM INTO ?", abs)
	_ = conn.Close()
	if err != nil {
		return nil, fmt.Errorf("back up into %s: %w", abs, err)
	}
	counts, err := CheckBackup(ctx, abs)
	if err != nil {
		_ = os.Remove(abs)
		return nil, err
	}
	return counts, nil
}

// CheckBackup opens a SQLite backup read-only, runs PRAGMA integrity_check, makes sure it is
// a Growthdesk database, and returns the row count of every table.
func CheckBackup(ctx context.Context, path string) (map[string]int, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, err
	}
	conn, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	var result string
	if err := conn.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&result); err != nil {
		return nil, fmt.Errorf("%s is not a readable SQLite database: %w", path, err)
	}
	if result != "ok" {
		return nil, fmt.Errorf("%s failed the integrity check: %s", path, result)
	}
	rows, err := conn.QueryContext(ctx, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
	if err != nil {
		return nil, err
	}
	var tables []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			rows.Close()
			return nil, err
		}
		tables = append(tables, name)
	}
	rows.Close()
	counts := map[string]int{}
	for _, t := range tables {
		var n int
		if err := conn.QueryRowContext(ctx, `SELECT COUNT(*) FROM "`+strings.ReplaceAll(t, `"`, `""`)+`"`).Scan(&n); err != nil {
			return nil, err
		}
		counts[t] = n
	}
	if _, ok := counts["schema_migrations"]; !ok {
		return nil, fmt.Errorf("%s is not a Growthdesk database (no schema_migrations table)", path)
	}
	return counts, nil
}

// Restore replaces the SQLite database in dataDir with a checked backup. The current file is
// kept beside it as growthdesk.db.before-restore-<time>. The server must be stopped: a
// running server keeps the old file open.
func Restore(ctx context.Context, dataDir, backup string, now time.Time) (kept string, err error) {
	if _, err := CheckBackup(ctx, backup); err != nil {
		return "", err
	}
	if err := os.MkdirAll(dataDir, 0o750); err != nil {
		return "", err
	}
	live := filepath.Join(dataDir, "growthdesk.db")
	if _, err := os.Stat(live); err == nil {
		// Fold the write-ahead log into the file first, so the kept copy is complete.
		if db, err := sql.Open("sqlite", sqliteDSN(live)); err == nil {
			_, _ = db.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
			_ = db.Close()
		}
		kept = live + ".before-restore-" + now.UTC().Format("20060102T150405Z")
		if err := os.Rename(live, kept); err != nil {
			return "", err
		}
	}
	for _, suffix := range []string{"-wal", "-shm"} {
		_ = os.Remove(live + suffix)
	}
	if err := copyFile(backup, live); err != nil {
		return kept, err
	}
	return kept, nil
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o640)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
