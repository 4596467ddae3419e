package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

func TestAnnouncementStore_BannersPerUser(t *testing.T) {
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s := store.NewAnnouncementStore(db)
		store.InsertAccountForTest(t, db, "s1", "staff@example.com", "Sam", "employee", "approved")
		store.InsertAccountForTest(t, db, "u1", "ann@example.com", "Ann", "customer", "approved")
		store.InsertAccountForTest(t, db, "u2", "bo@example.com", "Bo", "customer", "approved")
		now := time.Now().UTC()
		soon := now.Add(time.Hour)
		by := "s1"
		create := func(title string, active bool, until *time.Time) *growthdesk.Announcement {
			a, err := s.CreateAnnouncement(ctx, &growthdesk.Announcement{Title: title, Content: "c", Type: "info", IsActive: active,
				ShowUntil: until, CreatedBy: &by}, growthdesk.AuditEntry{ActorID: "s1", Action: growthdesk.AuditAnnouncementCreate})
			if err != nil {
				t.Fatal(err)
			}
			return a
		}
		always := create("always", true, nil)
		create("until soon", true, &soon)
		create("draft", false, nil)
		if always.CreatedByName != "Sam" {
			t.Fatalf("created by: %+v", always)
		}
		titles := func(user string, at time.Time) []string {
			list, err := s.ActiveAnnouncements(ctx, user, at)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, a := range list {
				out = append(out, a.Title)
			}
			return out
		}
		if got := titles("u1", now); len(got) != 2 || got[0] != "until soon" {
			t.Fatalf("u1 now: %v", got)
		}
		if got := titles("u1", soon); len(got) != 1 || got[0] != "always" {
			t.Fatalf("u1 after show-until: %v", got)
		}
		if err := s.DismissAnnouncement(ctx, always.ID, "u1", growthdesk.AuditEntry{ActorID: "u1", Action: growthdesk.AuditAnnouncementDismiss}); err != nil {
			t.Fatal(err)
		}
		if err := s.DismissAnnouncement(ctx, always.ID, "u1", growthdesk.AuditEntry{ActorID: "u1", Action: growthdesk.AuditAnnouncementDismiss}); err != nil {
			t.Fatalf("dismissing twice: %v", err)
		}
		if got := titles("u1", now); len(got) != 1 || got[0] != "until soon" {
			t.Fatalf("u1 after dismissing: %v", got)
		}
		if got := titles("u2", now); len(got) != 2 {
			t.Fatalf("u2 is unaffected: %v", got)
		}
		if err := s.DeleteAnnouncement(ctx, always.ID, growthdesk.AuditEntry{ActorID: "s1", Action: growthdesk.AuditAnnouncementDelete}); err != nil {
			t.Fatal(err)
		}
		if err := s.DeleteAnnouncement(ctx, always.ID, growthdesk.AuditEntry{ActorID: "s1", Action: growthdesk.AuditAnnouncementDelete}); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Fatalf("deleting twice: %v", err)
		}
		if all, err := s.ListAnnouncements(ctx); err != nil || len(all) != 2 || all[0].Title != "draft" {
			t.Fatalf("list: %+v %v", all, err)
		}
	})
}

func TestImpersonationStore_EndsWithItsSession(t *testing.T) {
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s := store.NewImpersonationStore(db)
		auth := store.NewAuthStore(db)
		store.InsertAccountForTest(t, db, "a1", "admin@example.com", "Ada", "admin", "approved")
		store.InsertAccountForTest(t, db, "c1", "cy@example.com", "Cy", "customer", "approved")
		store.InsertSessionForTest(t, db, "sess-1", "a1")
		store.InsertSessionForTest(t, db, "sess-2", "a1")
		now := time.Now().UTC().Truncate(time.Second)
		start := func(session string) *growthdesk.Impersonation {
			r, err := s.StartImpersonation(ctx, &growthdesk.Impersonation{AdminID: "a1", TargetUserID: "c1", SessionID: session,
				StartedAt: now, ExpiresAt: now.Add(growthdesk.ImpersonationDuration)}, growthdesk.AuditEntry{ActorID: "a1", Action: growthdesk.AuditImpersonationStart})
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		first := start("sess-1")
		if r, err := s.ActiveForSession(ctx, "sess-1", now); err != nil || r == nil || r.ID != first.ID || r.Target.FullName != "Cy" {
			t.Fatalf("active for its session: %+v %v", r, err)
		}
		if r, err := s.ActiveForSession(ctx, "sess-2", now); err != nil || r != nil {
			t.Fatalf("another session: %+v %v", r, err)
		}
		second := start("sess-2")
		if reason, active := store.ImpersonationEndForTest(t, db, first.ID); active || reason != growthdesk.ImpersonationReplaced {
			t.Fatalf("first after the second: %s %v", reason, active)
		}
		// Signing out ends it.
		if err := auth.DeleteSession(ctx, "sess-2"); err != nil {
			t.Fatal(err)
		}
		if reason, active := store.ImpersonationEndForTest(t, db, second.ID); active || reason != growthdesk.ImpersonationSignedOut {
			t.Fatalf("after sign-out: %s %v", reason, active)
		}
		// A session removed another way (rejection, password change) leaves no record applying.
		third := start("sess-1")
		if _, err := db.ExecForTest(ctx, "DELETE FROM sessions WHERE id = 'sess-1'"); err != nil {
			t.Fatal(err)
		}
		if r, err := s.ActiveForAdmin(ctx, "a1", now); err != nil || r != nil {
			t.Fatalf("record without a session: %+v %v", r, err)
		}
		if reason, active := store.ImpersonationEndForTest(t, db, third.ID); active || reason != growthdesk.ImpersonationSignedOut {
			t.Fatalf("after the session went: %s %v", reason, active)
		}
		// Expiry.
		store.InsertSessionForTest(t, db, "sess-3", "a1")
		fourth := start("sess-3")
		if r, _ := s.ActiveForSession(ctx, "sess-3", now.Add(growthdesk.ImpersonationDuration-time.Second)); r == nil {
			t.Fatal("ended early")
		}
		if r, _ := s.ActiveForSession(ctx, "sess-3", now.Add(growthdesk.ImpersonationDuration)); r != nil {
			t.Fatal("applies after its expiry")
		}
		if reason, active := store.ImpersonationEndForTest(t, db, fourth.ID); active || reason != growthdesk.ImpersonationExpired {
			t.Fatalf("after expiry: %s %v", reason, active)
		}
		if _, err := s.EndImpersonation(ctx, "a1", growthdesk.ImpersonationEnded, growthdesk.AuditEntry{ActorID: "a1", Action: growthdesk.AuditImpersonationEnd}); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Fatalf("ending none: %v", err)
		}
	})
}

func TestImpersonationStore_OneActiveRecordWhenStartsRace(t *testing.T) {
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s := store.NewImpersonationStore(db)
		store.InsertAccountForTest(t, db, "a1", "admin@example.com", "Ada", "admin", "approved")
		store.InsertAccountForTest(t, db, "c1", "cy@example.com", "Cy", "customer", "approved")
		store.InsertSessionForTest(t, db, "sess-1", "a1")
		now := time.Now().UTC()
		errs := make(chan error, 6)
		for range 6 {
			go func() {
				_, err := s.StartImpersonation(ctx, &growthdesk.Impersonation{AdminID: "a1", TargetUserID: "c1", SessionID: "sess-1",
					StartedAt: now, ExpiresAt: now.Add(time.Hour)}, growthdesk.AuditEntry{ActorID: "a1", Action: growthdesk.AuditImpersonationStart})
				errs <- err
			}()
		}
		for range 6 {
			if err := <-errs; err != nil && growthdesk.ErrorCode(err) != growthdesk.EConflict {
				t.Errorf("a racing start: %v", err)
			}
		}
		var active int
		if err := db.QueryRowForTest(ctx, "SELECT COUNT(*) FROM admin_impersonations WHERE admin_id = 'a1' AND is_active = TRUE").Scan(&active); err != nil {
			t.Fatal(err)
		}
		if active != 1 {
			t.Fatalf("%d active records", active)
		}
	})
}
