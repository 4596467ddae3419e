package store_test

import (
	"context"
	"testing"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

func ptr[T any](v T) *T { return &v }

func TestAccountStore_ProfilesAndPrefs(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s := store.NewAccountStore(db)
		store.InsertAccountForTest(t, db, "u1", "ann@example.com", "Ann", "customer", "pending")

		p, err := s.GetProfile(ctx, "u1")
		if err != nil || p.FullName != "Ann" || p.ApprovalStatus != "pending" || p.OrganizationID != nil {
			t.Fatalf("profile = %+v, %v", p, err)
		}
		if _, err := s.GetProfile(ctx, "nobody"); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Fatalf("unknown id: %v", err)
		}
		p, err = s.UpdateProfile(ctx, "u1", growthdesk.ProfileUpdate{AvatarURL: ptr("https://img.example.com/a.png")},
			growthdesk.AuditEntry{ActorID: "u1", Action: growthdesk.AuditProfileUpdate, TargetType: "user", TargetID: "u1"})
		if err != nil || p.FullName != "Ann" || p.AvatarURL != "https://img.example.com/a.png" {
			t.Fatalf("after update = %+v, %v", p, err)
		}
		prefs, err := s.GetNotificationPrefs(ctx, "u1")
		if err != nil || !prefs.Email || !prefs.TicketUpdates || !prefs.ForumReplies {
			t.Fatalf("default prefs = %+v, %v", prefs, err)
		}
		if _, err := s.SetNotificationPrefs(ctx, "u1", growthdesk.NotificationPrefs{Email: true},
			growthdesk.AuditEntry{ActorID: "u1", Action: growthdesk.AuditNotificationsUpdate, TargetType: "user", TargetID: "u1"}); err != nil {
			t.Fatal(err)
		}
		// An unknown account changes nothing and writes no entry.
		if _, err := s.SetNotificationPrefs(ctx, "nobody", growthdesk.NotificationPrefs{},
			growthdesk.AuditEntry{ActorID: "u1", Action: growthdesk.AuditNotificationsUpdate, TargetType: "user", TargetID: "nobody"}); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Fatalf("unknown account: %v", err)
		}
		audit, err := s.ListAudit(ctx, 10, growthdesk.AuditFilter{})
		if err != nil || len(audit) != 2 || audit[0].Action != growthdesk.AuditNotificationsUpdate || audit[1].Action != growthdesk.AuditProfileUpdate {
			t.Fatalf("audit of the profile changes: %+v, %v", audit, err)
		}
		prefs, _ = s.GetNotificationPrefs(ctx, "u1")
		if !prefs.Email || prefs.TicketUpdates || prefs.ForumReplies {
			t.Fatalf("saved prefs = %+v", prefs)
		}
	})
}

func TestAccountStore_StaffChangesAreAuditedWithMail(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s := store.NewAccountStore(db)
		store.InsertAccountForTest(t, db, "admin", "boss@example.com", "Boss", "admin", "approved")
		store.InsertAccountForTest(t, db, "u1", "ann@example.com", "Ann Lee", "customer", "pending")
		store.InsertAccountForTest(t, db, "u2", "bob@example.com", "Bob 100%_done", "customer", "approved")

		acct, err := s.SetApproval(ctx, "u1", "approved", &growthdesk.Email{Kind: "approval", To: "ann@example.com", Subject: "Approved", Text: "Welcome"}, false,
			growthdesk.AuditEntry{ActorID: "admin", Action: growthdesk.AuditApprove, TargetType: "user", TargetID: "u1", Details: map[string]any{"to": "approved"}})
		if err != nil || acct.ApprovalStatus != "approved" || acct.ApprovedAt == nil {
			t.Fatalf("approve = %+v, %v", acct, err)
		}
		org, err := s.CreateOrganization(ctx, "Acme Dental", growthdesk.AuditEntry{ActorID: "admin", Action: growthdesk.AuditOrganizationCreate, TargetType: "organization"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.CreateOrganization(ctx, "acme dental", growthdesk.AuditEntry{ActorID: "admin", Action: growthdesk.AuditOrganizationCreate}); growthdesk.ErrorCode(err) != growthdesk.EConflict {
			t.Fatalf("duplicate organization: %v", err)
		}
		acct, err = s.SetOrganization(ctx, "u1", &org.ID, growthdesk.AuditEntry{ActorID: "admin", Action: growthdesk.AuditOrganizationChange, TargetType: "user", TargetID: "u1"})
		if err != nil || acct.OrganizationID == nil || *acct.OrganizationID != org.ID || acct.OrganizationName != "Acme Dental" {
			t.Fatalf("set organization = %+v, %v", acct, err)
		}
		if _, err := s.SetOrganization(ctx, "u1", ptr("no-such-org"), growthdesk.AuditEntry{ActorID: "admin", Action: "x"}); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Fatalf("unknown organization: %v", err)
		}
		if _, err := s.SetRole(ctx, "u2", "employee", growthdesk.AuditEntry{ActorID: "admin", Action: growthdesk.AuditRoleChange, TargetType: "user", TargetID: "u2"}); err != nil {
			t.Fatal(err)
		}

		orgs, err := s.ListOrganizations(ctx)
		if err != nil || len(orgs) != 1 || orgs[0].MemberCount != 1 {
			t.Fatalf("organizations = %+v, %v", orgs, err)
		}
		pending, _ := s.ListAccounts(ctx, growthdesk.AccountFilter{Approval: "pending"})
		if len(pending) != 0 {
			t.Fatalf("pending after approval: %d", len(pending))
		}
		found, _ := s.ListAccounts(ctx, growthdesk.AccountFilter{Search: "ANN"})
		if len(found) != 1 || found[0].ID != "u1" {
			t.Fatalf("search ANN = %+v", found)
		}
		if lit, _ := s.ListAccounts(ctx, growthdesk.AccountFilter{Search: "100%_"}); len(lit) != 1 || lit[0].ID != "u2" {
			t.Fatalf("LIKE wildcards were not escaped: %+v", lit)
		}
		all, _ := s.ListAccounts(ctx, growthdesk.AccountFilter{})
		if len(all) != 3 || all[0].FullName != "Ann Lee" {
			t.Fatalf("all = %d, first %q", len(all), all[0].FullName)
		}

		log, err := s.ListAudit(ctx, 10, growthdesk.AuditFilter{})
		if err != nil || len(log) != 4 {
			t.Fatalf("audit = %d entries, %v", len(log), err)
		}
		actions := map[string]bool{}
		for _, e := range log {
			actions[e.Action] = true
			if e.ActorEmail != "boss@example.com" {
				t.Errorf("entry %s has actor %q", e.Action, e.ActorEmail)
			}
		}
		for _, a := range []string{growthdesk.AuditApprove, growthdesk.AuditOrganizationCreate, growthdesk.AuditOrganizationChange, growthdesk.AuditRoleChange} {
			if !actions[a] {
				t.Errorf("no %s entry", a)
			}
		}
		outbox, err := store.NewMailOutboxForTest(db).Count(ctx, "approval", "ann@example.com")
		if err != nil || outbox != 1 {
			t.Fatalf("approval mails in outbox = %d, %v", outbox, err)
		}
	})
}
