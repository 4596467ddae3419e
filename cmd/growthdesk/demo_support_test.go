package main

import (
	"context"
	"io"
	"log/slog"
	"testing"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
)

func TestSeedDemo_SupportTicketsOnceInEveryStatus(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := seededTwice(t)
	staff := &growthdesk.Caller{Profile: &growthdesk.Profile{ID: "s", Role: growthdesk.RoleEmployee, ApprovalStatus: growthdesk.ApprovalApproved}}
	support := &growthdesk.Support{Store: store.NewSupportStore(db)}
	sum, err := support.Summary(ctx, staff, growthdesk.TicketFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Total != len(demoTickets) || sum.Open == 0 || sum.InProgress == 0 || sum.Resolved == 0 || sum.Closed == 0 {
		t.Fatalf("demo tickets: %+v", sum)
	}
	list, err := support.List(ctx, staff, growthdesk.TicketFilter{Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	orgs, notes, files := map[string]bool{}, 0, 0
	for _, tk := range list.Items {
		orgs[tk.Organization.ID] = true
		full, err := support.Get(ctx, staff, tk.ID)
		if err != nil {
			t.Fatal(err)
		}
		files += len(full.Attachments)
		for _, r := range full.Responses {
			if r.IsInternal {
				notes++
			}
		}
	}
	if len(orgs) != 2 || notes == 0 || files == 0 {
		t.Fatalf("demo spread over %d organizations with %d notes and %d files", len(orgs), notes, files)
	}
}

// seededTwice returns a fresh database on which the whole demo was seeded twice, as a
// restarted demo server does: each seed must add its data once.
func seededTwice(t *testing.T) *store.DB {
	t.Helper()
	ctx := context.Background()
	db, err := openMigrated(ctx, dbConfig{DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	svc := demoAuth(t, db)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	for range 2 {
		if err := seedDemo(ctx, db, svc, log); err != nil {
			t.Fatal(err)
		}
	}
	return db
}
