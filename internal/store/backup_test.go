package store_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

func TestBackupAndRestore_SQLiteRoundTrip(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	db, err := store.Open(ctx, store.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	leads := &growthdesk.Leads{Store: store.NewLeadStore(db)}
	if _, err := leads.Create(ctx, validLead()); err != nil {
		t.Fatal(err)
	}

	backup := filepath.Join(t.TempDir(), "backup.db")
	counts, err := db.Backup(ctx, backup)
	if err != nil {
		t.Fatal(err)
	}
	if counts["leads"] != 1 || counts["schema_migrations"] == 0 {
		t.Fatalf("counts = %v", counts)
	}
	if _, err := db.Backup(ctx, backup); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Fatalf("overwriting a backup: %v", err)
	}
	// A lead written after the backup is gone after the restore.
	later := validLead()
	later.Company = "After The Backup"
	if _, err := leads.Create(ctx, later); err != nil {
		t.Fatal(err)
	}
	db.Close()

	kept, err := store.Restore(ctx, dir, backup, time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(kept, "growthdesk.db.before-restore-20260102T030405Z") {
		t.Fatalf("kept = %s", kept)
	}
	if _, err := store.CheckBackup(ctx, kept); err != nil {
		t.Fatalf("the replaced database was not kept whole: %v", err)
	}
	db, err = store.Open(ctx, store.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	got, err := leadItems(store.NewLeadStore(db).ListLeads(ctx, growthdesk.LeadFilter{Limit: 10}))
	if err != nil || len(got) != 1 || got[0].Company != "Whitfield Dental" {
		t.Fatalf("after restore: %+v, %v", got, err)
	}
}

func TestRestore_RefusesWhatIsNotAGrowthdeskBackup(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	junk := filepath.Join(t.TempDir(), "junk.db")
	if err := os.WriteFile(junk, []byte("not a database at all, just text"), 0o600); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := store.Restore(ctx, dir, junk, time.Now()); err == nil {
		t.Fatal("a text file was restored")
	}
	if _, err := os.Stat(filepath.Join(dir, "growthdesk.db")); !os.IsNotExist(err) {
		t.Fatal("a refused restore wrote a database")
	}
}

func TestBackup_PostgresPointsToItsTools(t *testing.T) {
	t.Parallel()
	db := storetest.Postgres(t)
	if _, err := db.Backup(context.Background(), filepath.Join(t.TempDir(), "x.db")); err != store.ErrBackupPostgres {
		t.Fatalf("err = %v", err)
	}
}
