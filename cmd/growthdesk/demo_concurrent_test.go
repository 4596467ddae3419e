package main

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"testing"

	"github.com/growthdesk/growthdesk/internal/app"
	"github.com/growthdesk/growthdesk/internal/auth"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/site"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// Two demo servers started together on one empty database (serve --demo twice, as behind a
// load balancer) seed at the same moment: neither may fail on the other's rows, and the
// demo data must exist once.
func TestSeedDemo_TwoInstancesAtOnceSeedOnce(t *testing.T) {
	t.Parallel()
	storetest.EnginesTwice(t, func(t *testing.T, a, b *store.DB) {
		ctx := context.Background()
		log := slog.New(slog.NewTextHandler(io.Discard, nil))
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, db := range []*store.DB{a, b} {
			svc := demoAuth(t, db)
			wg.Go(func() { errs[i] = seedDemo(ctx, db, svc, log) })
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Errorf("instance %d: seed demo: %v", i, err)
			}
		}
		accounts := store.NewAccountStore(a)
		list, err := accounts.ListAccounts(ctx, growthdesk.AccountFilter{Limit: 1000})
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != len(demoAccounts) {
			t.Errorf("%d accounts, want %d", len(list), len(demoAccounts))
		}
		orgs, err := accounts.ListOrganizations(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(orgs) != 2 {
			t.Errorf("%d organizations, want 2", len(orgs))
		}
		topics, err := store.NewForumStore(a).ListTopics(ctx, growthdesk.ForumTopicFilter{})
		if err != nil {
			t.Fatal(err)
		}
		if len(topics) != len(demoTopics) {
			t.Errorf("%d forum topics, want %d", len(topics), len(demoTopics))
		}
		staff := &growthdesk.Caller{Profile: &growthdesk.Profile{ID: "s", Role: growthdesk.RoleEmployee, ApprovalStatus: growthdesk.ApprovalApproved}}
		sum, err := (&growthdesk.Support{Store: store.NewSupportStore(a)}).Summary(ctx, staff, growthdesk.TicketFilter{})
		if err != nil {
			t.Fatal(err)
		}
		if sum.Total != len(demoTickets) {
			t.Errorf("%d tickets, want %d", sum.Total, len(demoTickets))
		}
	})
}

// demoAuth is the auth service of one instance on db, with a cheap password hash.
func demoAuth(t *testing.T, db *store.DB) *auth.Service {
	t.Helper()
	a, err := app.New(context.Background(), app.Options{DB: db, SiteURL: "http://localhost:8080",
		Site: site.Config{Name: "Growthdesk", Email: "hello@example.com"}, Auth: auth.Config{PasswordHashCost: 4}})
	if err != nil {
		t.Fatal(err)
	}
	return a.Auth
}
