//go:build reliability

package reliability

import (
	"context"
	"fmt"
	"net/url"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// TestBackupWhileWriting takes a backup while the mixed write load runs, restores it into a
// fresh database, starts the binary on it and checks that every write acknowledged before
// the backup started is there, and that the copy passes the integrity checks. SQLite: the
// binary's own `backup` and `restore`. PostgreSQL: `pg_dump` and `pg_restore`, which is how
// the product says PostgreSQL is backed up (`growthdesk backup` refuses it, checked here).
func TestBackupWhileWriting(t *testing.T) {
	forEachEngine(t, func(t *testing.T, db *database) {
		began := time.Now()
		srv := startServer(t, db)
		fx := newFixture(t, srv, defaultWorkers)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		done := loadInBackground(ctx, fx, loadOptions{workers: defaultWorkers, bases: []string{srv.base}})

		time.Sleep(defaultLoadFor / 2)
		backupStarted := time.Now()
		restored, how := backupAndRestore(t, db)
		backupEnded := time.Now()
		time.Sleep(3 * time.Second) // the load goes on after the backup
		cancel()
		l := <-done
		t.Logf("load: %s", l.summary())
		t.Logf("backup: %s; backup and restore took %s while the load wrote", how, backupEnded.Sub(backupStarted).Round(time.Millisecond))

		// The copy is a working database: the binary starts on it and the admin signs in.
		copySrv := startServer(t, restored)
		signIn(t, copySrv.base, fx.adminEmail, testPassword)

		before := l.acked(backupStarted)
		if len(before) == 0 {
			t.Fatal("no write was acknowledged before the backup started")
		}
		reportWrites(t, restored, "acknowledged before the backup started", before)
		// For the record: the writes acknowledged while the backup ran or after it, which the
		// copy may or may not hold (a snapshot is taken somewhere in between).
		var during, after []ack
		for _, a := range l.acked(time.Time{}) {
			switch {
			case a.at.Before(backupStarted):
			case a.at.Before(backupEnded):
				during = append(during, a)
			default:
				after = append(after, a)
			}
		}
		t.Logf("acknowledged while the backup ran: %d, of which the copy holds %d; after it: %d, of which the copy holds %d",
			len(during), len(during)-len(verifyWrites(t, restored, during)), len(after), len(after)-len(verifyWrites(t, restored, after)))
		checkIntegrity(t, restored)
		t.Logf("backup on %s: %s", db.engine, time.Since(began).Round(time.Second))
	})
}

// backupAndRestore backs db up while it serves and restores the copy into a fresh database,
// which it returns with a word on how.
func backupAndRestore(t *testing.T, db *database) (*database, string) {
	dir := t.TempDir()
	switch db.engine {
	case sqliteEngine:
		file := filepath.Join(dir, "backup.db")
		out := db.cli(t, "backup", file)
		firstLine, _, _ := strings.Cut(out, "\n")
		restored := newDatabase(t, sqliteEngine)
		db2 := &database{engine: sqliteEngine, dataDir: restored.dataDir}
		db2.cli(t, "restore", file)
		return db2, fmt.Sprintf("growthdesk backup (%s), growthdesk restore into a fresh data directory", firstLine)
	default:
		// The binary refuses, and says what to use.
		out, err := exec.Command(binary(t), append([]string{"backup", filepath.Join(dir, "refused.db")}, db.args()...)...).CombinedOutput()
		if err == nil || !strings.Contains(string(out), "pg_dump") {
			t.Errorf("growthdesk backup on PostgreSQL: want a refusal naming pg_dump, got %v: %s", err, out)
		}
		file := filepath.Join(dir, "backup.dump")
		libpq := libpqURL(t, "")
		run(t, "pg_dump", "--format=custom", "--no-owner", "--schema="+db.schema, "--file="+file, libpq)
		restored := newPostgresDatabase(t, db.schema)
		run(t, "pg_restore", "--no-owner", "--exit-on-error", "--dbname="+libpqURL(t, restored.dbName), file)
		return restored.database, "pg_dump --format=custom of the schema, pg_restore into a fresh database"
	}
}

// restoredPostgres is a database of its own on the test server, dropped at the end.
type restoredPostgres struct {
	*database
	dbName string
}

// newPostgresDatabase creates an empty database on the test server whose connection URL
// selects schema (which pg_restore creates).
func newPostgresDatabase(t *testing.T, schema string) restoredPostgres {
	admin := postgresAdmin(t)
	name := "rel_restore_" + randomHex(6)
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		if _, err := admin.Exec("DROP DATABASE " + name + " WITH (FORCE)"); err != nil {
			t.Logf("drop database %s: %v", name, err)
		}
		admin.Close()
	})
	u, err := url.Parse(libpqURL(t, name))
	if err != nil {
		t.Fatal(err)
	}
	return restoredPostgres{database: &database{engine: postgresEngine, url: storetest.WithSearchPath(t, u.String(), schema), schema: schema}, dbName: name}
}

// libpqURL is the test server's URL for libpq's tools (no search_path, which they do not
// take), on database dbName ("": the test database).
func libpqURL(t *testing.T, dbName string) string {
	u, err := url.Parse(storetest.PostgresURL())
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Del("search_path")
	u.RawQuery = q.Encode()
	if dbName != "" {
		u.Path = "/" + dbName
	}
	return u.String()
}

func run(t *testing.T, name string, args ...string) {
	t.Helper()
	out, err := exec.Command(name, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}
