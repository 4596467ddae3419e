package store_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

func validLead() growthdesk.LeadInput {
	return growthdesk.LeadInput{
		Name:           "  Dana Whitfield ",
		Email:          " Dana@Example.COM ",
		Company:        "Whitfield Dental",
		Phone:          "(317) 555-0100",
		AutomationGoal: "Answer appointment questions after hours.",
		PreferredTime:  "morning",
	}
}

func TestMigrate_IsIdempotent(t *testing.T) {
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		applied, err := db.Migrate(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(applied) != 0 {
			t.Fatalf("second Migrate applied %v, want nothing", applied)
		}
		pending, err := db.PendingMigrations(ctx)
		if err != nil || len(pending) != 0 {
			t.Fatalf("pending = %v, %v; want none", pending, err)
		}
	})
}

func TestCreateLead_StoresNormalizedLead(t *testing.T) {
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		fixed := time.Date(2026, 3, 4, 5, 6, 7, 891011000, time.UTC)
		db.Now = func() time.Time { return fixed }
		leads := store.NewLeadService(db)

		lead, err := leads.CreateLead(ctx, validLead())
		if err != nil {
			t.Fatal(err)
		}
		if lead.Name != "Dana Whitfield" || lead.Email != "dana@example.com" {
			t.Fatalf("lead not normalized: %+v", lead)
		}
		got, err := leads.ListLeads(ctx, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 {
			t.Fatalf("got %d leads, want 1", len(got))
		}
		if got[0].ID != lead.ID || got[0].Company != "Whitfield Dental" || got[0].PreferredTime != "morning" {
			t.Fatalf("stored lead = %+v", got[0])
		}
		if !got[0].CreatedAt.Equal(fixed) {
			t.Fatalf("created_at = %s, want %s", got[0].CreatedAt, fixed)
		}
	})
}

func TestCreateLead_InvalidInputStoresNothing(t *testing.T) {
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		leads := store.NewLeadService(db)
		cases := map[string]func(*growthdesk.LeadInput){
			"missing name":     func(in *growthdesk.LeadInput) { in.Name = "   " },
			"bad email":        func(in *growthdesk.LeadInput) { in.Email = "dana@" },
			"long company":     func(in *growthdesk.LeadInput) { in.Company = strings.Repeat("x", growthdesk.LeadCompanyMax+1) },
			"short goal":       func(in *growthdesk.LeadInput) { in.AutomationGoal = "bots" },
			"unknown time":     func(in *growthdesk.LeadInput) { in.PreferredTime = "midnight" },
			"letters in phone": func(in *growthdesk.LeadInput) { in.Phone = "call me maybe" },
		}
		for name, mutate := range cases {
			in := validLead()
			mutate(&in)
			if _, err := leads.CreateLead(ctx, in); growthdesk.ErrorCode(err) != growthdesk.EInvalid {
				t.Errorf("%s: err = %v, want %s", name, err, growthdesk.EInvalid)
			}
		}
		got, err := leads.ListLeads(ctx, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 0 {
			t.Fatalf("invalid input stored %d leads", len(got))
		}
	})
}

func TestSubscribe_StoresEachAddressOnce(t *testing.T) {
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		news := store.NewNewsletterService(db)
		created, err := news.Subscribe(ctx, growthdesk.SubscribeInput{Email: "Reader@Example.com", Source: "blog"})
		if err != nil || !created {
			t.Fatalf("first subscribe = %v, %v; want created", created, err)
		}
		created, err = news.Subscribe(ctx, growthdesk.SubscribeInput{Email: " reader@example.com", Source: "blog-post"})
		if err != nil || created {
			t.Fatalf("second subscribe = %v, %v; want already subscribed", created, err)
		}
		n, err := news.CountSubscribers(ctx, "reader@example.com")
		if err != nil || n != 1 {
			t.Fatalf("rows = %d, %v; want 1", n, err)
		}
		if _, err := news.Subscribe(ctx, growthdesk.SubscribeInput{Email: "not-an-address"}); growthdesk.ErrorCode(err) != growthdesk.EInvalid {
			t.Fatalf("bad address err = %v", err)
		}
		if n, _ := news.CountSubscribers(ctx, "not-an-address"); n != 0 {
			t.Fatal("bad address was stored")
		}
	})
}

func TestRateLimiter_CountsPerBucketAndWindow(t *testing.T) {
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 1, 1, 12, 0, 10, 0, time.UTC)
		db.Now = func() time.Time { return now }
		limiter := store.NewRateLimiter(db)

		for i := 1; i <= 3; i++ {
			ok, _, err := limiter.Allow(ctx, "leads:10.0.0.1", 3, time.Minute)
			if err != nil || !ok {
				t.Fatalf("hit %d = %v, %v; want allowed", i, ok, err)
			}
		}
		ok, retry, err := limiter.Allow(ctx, "leads:10.0.0.1", 3, time.Minute)
		if err != nil || ok {
			t.Fatalf("4th hit = %v, %v; want refused", ok, err)
		}
		if retry != 50*time.Second {
			t.Fatalf("retry after %s, want 50s", retry)
		}
		if ok, _, _ := limiter.Allow(ctx, "leads:10.0.0.2", 3, time.Minute); !ok {
			t.Fatal("another client was limited")
		}
		now = now.Add(time.Minute)
		if ok, _, _ := limiter.Allow(ctx, "leads:10.0.0.1", 3, time.Minute); !ok {
			t.Fatal("a new window did not reset the count")
		}
		pruned, err := limiter.Prune(ctx, now.Add(time.Hour))
		if err != nil || pruned != 2 {
			t.Fatalf("pruned %d, %v; want 2", pruned, err)
		}
	})
}

func TestCreateLead_NotifiesTheCompanyOnce(t *testing.T) {
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		leads := store.NewLeadService(db).WithNotification(func(l *growthdesk.Lead) (*growthdesk.Email, error) {
			return &growthdesk.Email{Kind: growthdesk.EmailNewLead, To: "hello@example.com", Subject: "New lead", Text: l.Company}, nil
		})
		if _, err := leads.CreateLead(ctx, validLead()); err != nil {
			t.Fatal(err)
		}
		bad := validLead()
		bad.Email = "nope"
		if _, err := leads.CreateLead(ctx, bad); err == nil {
			t.Fatal("invalid lead accepted")
		}
		n, err := store.NewMailOutboxForTest(db).Count(ctx, growthdesk.EmailNewLead, "hello@example.com")
		if err != nil || n != 1 {
			t.Fatalf("notifications = %d, %v; want 1", n, err)
		}
	})
}
