package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"sort"
	"time"

	"github.com/growthdesk/growthdesk/internal/store"
)

// backup writes a checked copy of the SQLite database to file while the server may run.
func backup(ctx context.Context, cfg dbConfig, file string, stdout io.Writer) error {
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	counts, err := db.Backup(ctx, file)
	if err != nil {
		return err
	}
	info, err := os.Stat(file)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backed up to %s (%d bytes, integrity ok)\n", file, info.Size())
	printCounts(stdout, counts)
	return nil
}

// restore replaces the SQLite database with a checked backup; the server must be stopped.
func restore(ctx context.Context, cfg dbConfig, file string, stdout io.Writer) error {
	if cfg.DatabaseURL != "" {
		return store.ErrBackupPostgres
	}
	kept, err := store.Restore(ctx, cfg.DataDir, file, time.Now())
	if err != nil {
		return err
	}
	if kept != "" {
		fmt.Fprintf(stdout, "the previous database is kept as %s\n", kept)
	}
	db, err := openMigrated(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	fmt.Fprintf(stdout, "restored %s into %s; start the server again\n", file, cfg.DataDir)
	return nil
}

func printCounts(w io.Writer, counts map[string]int) {
	names := make([]string, 0, len(counts))
	for n := range counts {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-24s %d rows\n", n, counts[n])
	}
}
