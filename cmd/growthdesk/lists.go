package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/growthdesk/growthdesk/content"
	"github.com/growthdesk/growthdesk/internal/app"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/site"
	"github.com/growthdesk/growthdesk/internal/store"
)

// listLeads prints the newest discovery-call requests, for operators (and the end-to-end
// tests). It goes through the same service as the staff's API, as the console caller.
func listLeads(ctx context.Context, cfg listConfig, stdout io.Writer) error {
	a, db, err := openApp(ctx, cfg.dbConfig, cliSiteURL)
	if err != nil {
		return err
	}
	defer db.Close()
	leads, err := a.Deps.Leads.List(ctx, growthdesk.Operator("cli"), growthdesk.LeadFilter{Limit: cfg.Limit})
	if err != nil {
		return err
	}
	return printList(stdout, cfg.JSON, leads.Items, []string{"RECEIVED", "NAME", "EMAIL", "COMPANY", "PHONE", "TIME", "GOAL"},
		func(l *growthdesk.Lead) []string {
			return []string{l.CreatedAt.Format(time.DateTime), l.Name, l.Email, l.Company, l.Phone, l.PreferredTime, truncate(l.AutomationGoal, 60)}
		})
}

// listSubscribers prints the newest newsletter subscribers with their double opt-in status
// (pending, confirmed, unsubscribed).
func listSubscribers(ctx context.Context, cfg listConfig, stdout io.Writer) error {
	a, db, err := openApp(ctx, cfg.dbConfig, cliSiteURL)
	if err != nil {
		return err
	}
	defer db.Close()
	subs, err := a.Deps.Newsletter.List(ctx, growthdesk.Operator("cli"), cfg.Limit)
	if err != nil {
		return err
	}
	return printList(stdout, cfg.JSON, subs, []string{"SUBSCRIBED", "EMAIL", "STATUS", "SOURCE", "CHANGED"},
		func(s *growthdesk.Subscriber) []string {
			changed := ""
			switch {
			case s.Status == growthdesk.SubscriberUnsubscribed && s.UnsubscribedAt != nil:
				changed = s.UnsubscribedAt.Format(time.DateTime)
			case s.Status == growthdesk.SubscriberConfirmed && s.ConfirmedAt != nil:
				changed = s.ConfirmedAt.Format(time.DateTime)
			case s.ConfirmationSentAt != nil:
				changed = s.ConfirmationSentAt.Format(time.DateTime)
			}
			return []string{s.CreatedAt.Format(time.DateTime), s.Email, s.Status, s.Source, changed}
		})
}

// cliSiteURL is the site URL of the commands that take no --site-url: they queue no e-mail,
// so no link is built on it.
const cliSiteURL = "http://localhost:8080"

// openApp opens and migrates the database and builds the services on it, as the operator's
// commands use them (acting as growthdesk.Operator("cli"), logging nowhere); siteURL is what
// the links of the e-mails a command queues are built on. The catalogue gets the default
// plans it lacks, as serve gives it, so that 'plans list' shows what customers will see.
// Close the returned database.
func openApp(ctx context.Context, cfg dbConfig, siteURL string) (*app.App, *store.DB, error) {
	db, err := openMigrated(ctx, cfg)
	if err != nil {
		return nil, nil, err
	}
	siteCfg, err := site.LoadConfig(content.FS)
	if err == nil {
		var a *app.App
		if a, err = app.New(ctx, app.Options{DB: db, SiteURL: siteURL, Site: siteCfg}); err == nil {
			if _, err = addDefaultPlans(ctx, a.Deps.Billing, content.FS); err == nil {
				return a, db, nil
			}
		}
	}
	db.Close()
	return nil, nil, err
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
