package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

func TestAdminDashboardStore_CountsAndCreationTimes(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(time.Date(2026, 1, 31, 23, 0, 0, 0, time.UTC))
		db.Now = clock.Now
		store.InsertAccountForTest(t, db, "a1", "ann@acme.example", "Ann", "customer", "pending")
		clock.Set(time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC))
		store.InsertAccountForTest(t, db, "a2", "abe@acme.example", "Abe", "admin", "approved")
		if _, err := store.NewAccountStore(db).CreateOrganization(ctx, "Acme", growthdesk.AuditEntry{Action: growthdesk.AuditOrganizationCreate, TargetType: "organization"}); err != nil {
			t.Fatal(err)
		}
		s := store.NewAdminDashboardStore(db)
		if n, err := s.CountAccounts(ctx); err != nil || n != 2 {
			t.Errorf("accounts: %d %v", n, err)
		}
		if n, err := s.CountOrganizations(ctx); err != nil || n != 1 {
			t.Errorf("organizations: %d %v", n, err)
		}
		accounts, orgs, err := s.CreatedSince(ctx, time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC))
		if err != nil {
			t.Fatal(err)
		}
		if len(accounts) != 1 || !accounts[0].Equal(time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)) || len(orgs) != 1 {
			t.Errorf("created since February: %v %v", accounts, orgs)
		}
		log, err := s.RecentActivity(ctx, 10, growthdesk.AuditFilter{Actions: growthdesk.ActivityHidden})
		if err != nil || len(log) != 1 || log[0].TargetName != "Acme" || log[0].OrganizationName != "Acme" || !log[0].TargetExists {
			t.Errorf("activity: %+v %v", log, err)
		}
	})
}

func TestAdminDashboardStore_RecentActivityNamesEveryTarget(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))
		db.Now = func() time.Time { clock.Advance(time.Second); return clock.Now() }
		accounts := store.NewAccountStore(db)
		store.InsertAccountForTest(t, db, "staff", "sam@example.com", "Sam Support", "employee", "approved")
		store.InsertAccountForTest(t, db, "cust", "casey@example.com", "Casey Customer", "customer", "approved")
		store.InsertAccountForTest(t, db, "anon", "nameless@example.com", "", "customer", "approved")
		audit := func(action, targetType string, details map[string]any) growthdesk.AuditEntry {
			return growthdesk.AuditEntry{ActorID: "staff", Action: action, TargetType: targetType, Details: details}
		}
		acme, err := accounts.CreateOrganization(ctx, "Acme", audit(growthdesk.AuditOrganizationCreate, "organization", nil))
		if err != nil {
			t.Fatal(err)
		}
		beta, err := accounts.CreateOrganization(ctx, "Beta", audit(growthdesk.AuditOrganizationCreate, "organization", nil))
		if err != nil {
			t.Fatal(err)
		}
		// Moved to Acme, later to Beta: the older line still says Acme.
		for _, org := range []string{acme.ID, beta.ID} {
			e := audit(growthdesk.AuditOrganizationChange, "user", map[string]any{"to": org})
			e.TargetID = "cust"
			if _, err := accounts.SetOrganization(ctx, "cust", &org, e); err != nil {
				t.Fatal(err)
			}
		}
		support := store.NewSupportStore(db)
		tickets := map[string]*growthdesk.Ticket{}
		for _, title := range []string{"Printer offline", "Old question"} {
			id := growthdesk.NewID()
			e := audit(growthdesk.AuditTicketCreate, "ticket", nil)
			e.TargetID = id
			tk, err := support.CreateTicket(ctx, growthdesk.SystemScope("test"), growthdesk.NewTicket{ID: id, Title: title, Description: "d", Priority: "medium",
				CustomerID: "cust", OrganizationID: beta.ID}, nil, e)
			if err != nil {
				t.Fatal(err)
			}
			tickets[title] = &tk.Ticket
		}
		del := audit(growthdesk.AuditTicketDelete, "ticket", nil)
		del.TargetID = tickets["Old question"].ID
		if err := support.DeleteTicket(ctx, growthdesk.SystemScope("test"), tickets["Old question"].ID, del); err != nil {
			t.Fatal(err)
		}
		projectID := growthdesk.NewID()
		pe := audit(growthdesk.AuditProjectCreate, "project", nil)
		pe.TargetID = projectID
		if _, err := store.NewProjectStore(db).CreateProject(ctx, growthdesk.SystemScope("test"), &growthdesk.Project{ID: projectID, OrganizationID: acme.ID, Name: "Chatbot",
			Status: growthdesk.ProjectStatusPlanning, Priority: "medium"}, pe); err != nil {
			t.Fatal(err)
		}
		// Noise the dashboard leaves out.
		noise := growthdesk.AuditEntry{ActorID: "cust", Action: growthdesk.AuditNotificationsUpdate, TargetType: "user", TargetID: "cust"}
		if _, err := accounts.SetNotificationPrefs(ctx, "cust", growthdesk.NotificationPrefs{Email: true}, noise); err != nil {
			t.Fatal(err)
		}
		if err := store.NewAuthStore(db).RecordAuthFailure(ctx, "cust", "password", "192.0.2.1"); err != nil {
			t.Fatal(err)
		}
		named := growthdesk.AuditEntry{ActorID: "staff", Action: growthdesk.AuditApprove, TargetType: "user", TargetID: "anon"}
		if _, err := accounts.SetApproval(ctx, "anon", growthdesk.ApprovalApproved, nil, false, named); err != nil {
			t.Fatal(err)
		}

		list, err := store.NewAdminDashboardStore(db).RecentActivity(ctx, 20, growthdesk.AuditFilter{Actions: growthdesk.ActivityHidden})
		if err != nil {
			t.Fatal(err)
		}
		type line struct {
			action, name, code, org string
			exists                  bool
		}
		var got []line
		for _, e := range list {
			got = append(got, line{e.Action, e.TargetName, e.TargetCode, e.OrganizationName, e.TargetExists})
		}
		want := []line{
			{growthdesk.AuditApprove, "nameless@example.com", "", "", true},
			{growthdesk.AuditProjectCreate, "Chatbot", "", "Acme", true},
			{growthdesk.AuditTicketDelete, "Old question", tickets["Old question"].Code, "", false},
			{growthdesk.AuditTicketCreate, "Old question", tickets["Old question"].Code, "", false},
			{growthdesk.AuditTicketCreate, "Printer offline", tickets["Printer offline"].Code, "Beta", true},
			{growthdesk.AuditOrganizationChange, "Casey Customer", "", "Beta", true},
			{growthdesk.AuditOrganizationChange, "Casey Customer", "", "Acme", true},
			{growthdesk.AuditOrganizationCreate, "Beta", "", "Beta", true},
			{growthdesk.AuditOrganizationCreate, "Acme", "", "Acme", true},
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("recent activity:\n got %v\nwant %v", got, want)
		}
	})
}
