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
	t.Parallel()
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
