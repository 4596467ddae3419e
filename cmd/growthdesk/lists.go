package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/growthdesk/growthdesk/internal/store"
)

// listLeads prints the newest discovery-call requests, for operators (and the end-to-end
// tests) until staff read them in the portal.
func listLeads(ctx context.Context, cfg listConfig, stdout io.Writer) error {
	db, err := openMigrated(ctx, cfg.dbConfig)
	if err != nil {
		return err
	}
	defer db.Close()
	leads, err := store.NewLeadService(db).ListLeads(ctx, cfg.Limit)
	if err != nil {
		return err
	}
	if cfg.JSON {
		return writeJSONLines(stdout, leads)
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "RECEIVED\tNAME\tEMAIL\tCOMPANY\tPHONE\tTIME\tGOAL")
	for _, l := range leads {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", l.CreatedAt.Format(time.DateTime), l.Name, l.Email, l.Company, l.Phone, l.PreferredTime, truncate(l.AutomationGoal, 60))
	}
	return tw.Flush()
}

// listSubscribers prints the newest newsletter subscribers.
func listSubscribers(ctx context.Context, cfg listConfig, stdout io.Writer) error {
	db, err := openMigrated(ctx, cfg.dbConfig)
	if err != nil {
		return err
	}
	defer db.Close()
	subs, err := store.NewNewsletterService(db).ListSubscribers(ctx, cfg.Limit)
	if err != nil {
		return err
	}
	if cfg.JSON {
		return writeJSONLines(stdout, subs)
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "SUBSCRIBED\tEMAIL\tSOURCE")
	for _, s := range subs {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", s.CreatedAt.Format(time.DateTime), s.Email, s.Source)
	}
	return tw.Flush()
}

func openMigrated(ctx context.Context, cfg dbConfig) (*store.DB, error) {
	db, err := openDB(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if _, err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

func writeJSONLines[T any](w io.Writer, items []T) error {
	enc := json.NewEncoder(w)
	for _, it := range items {
		if err := enc.Encode(it); err != nil {
			return err
		}
	}
	return nil
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
