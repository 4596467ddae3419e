package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
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
	return printList(stdout, cfg.JSON, leads, []string{"RECEIVED", "NAME", "EMAIL", "COMPANY", "PHONE", "TIME", "GOAL"},
		func(l *growthdesk.Lead) []string {
			return []string{l.CreatedAt.Format(time.DateTime), l.Name, l.Email, l.Company, l.Phone, l.PreferredTime, truncate(l.AutomationGoal, 60)}
		})
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
	return printList(stdout, cfg.JSON, subs, []string{"SUBSCRIBED", "EMAIL", "SOURCE"},
		func(s store.Subscriber) []string {
			return []string{s.CreatedAt.Format(time.DateTime), s.Email, s.Source}
		})
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

// printList prints items as one JSON object per line, or as a table with header and one
// row per item, as every list command of the CLI does.
func printList[T any](w io.Writer, asJSON bool, items []T, header []string, row func(T) []string) error {
	if asJSON {
		enc := json.NewEncoder(w)
		for _, it := range items {
			if err := enc.Encode(it); err != nil {
				return err
			}
		}
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(header, "\t"))
	for _, it := range items {
		fmt.Fprintln(tw, strings.Join(row(it), "\t"))
	}
	return tw.Flush()
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
