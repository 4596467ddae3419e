package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

func TestMeetingStore_StaysInsideTheScopeOnBothEngines(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		meetings := store.NewMeetingStore(db)
		store.InsertAccountForTest(t, db, "s1", "sam@staff.example", "Sam", "employee", "approved")
		acme := newOrganization(t, db, "Acme")
		beta := newOrganization(t, db, "Beta")
		now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
		add := func(id, org string, start time.Time) {
			m := &growthdesk.Meeting{ID: id, OrganizationID: org, Title: "M " + id, Type: "review", StartTime: start, EndTime: start.Add(time.Hour),
				Attendees: []growthdesk.MeetingAttendee{{Name: "Ann", Email: "ann@acme.example"}}, Status: "scheduled", CreatedBy: "s1"}
			if err := meetings.CreateMeeting(ctx, growthdesk.SystemScope("test"), m, nil, growthdesk.AuditEntry{Action: growthdesk.AuditMeetingCreate}); err != nil {
				t.Fatal(err)
			}
		}
		add("a-past", acme.ID, now.Add(-48*time.Hour))
		add("a-next", acme.ID, now.Add(48*time.Hour))
		add("a-now", acme.ID, now.Add(-30*time.Minute)) // under way: still upcoming
		add("b-next", beta.ID, now.Add(24*time.Hour))

		acmeScope := (&growthdesk.Caller{Profile: &growthdesk.Profile{Role: "customer", OrganizationID: &acme.ID}}).Scope()
		ids := func(list []*growthdesk.Meeting) (out []string) {
			for _, m := range list {
				out = append(out, m.ID)
			}
			return out
		}
		for when, want := range map[string][]string{
			growthdesk.MeetingWhenUpcoming: {"a-now", "a-next"},
			growthdesk.MeetingWhenPast:     {"a-past"},
			growthdesk.MeetingWhenAll:      {"a-past", "a-now", "a-next"},
		} {
			list, total, err := meetings.ListMeetings(ctx, acmeScope, growthdesk.MeetingFilter{When: when, Now: now})
			if err != nil || total != len(want) || len(list) != len(want) {
				t.Fatalf("%s: %v total %d, %v", when, ids(list), total, err)
			}
			for i := range want {
				if list[i].ID != want[i] {
					t.Fatalf("%s: %v, want %v", when, ids(list), want)
				}
			}
		}
		if _, err := meetings.GetMeeting(ctx, acmeScope, "b-next"); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Fatalf("another organization's meeting: %v", err)
		}
		m, err := meetings.GetMeeting(ctx, acmeScope, "a-next")
		if err != nil || m.OrganizationName != "Acme" || m.CreatorEmail != "sam@staff.example" || len(m.Attendees) != 1 {
			t.Fatalf("get: %+v %v", m, err)
		}
		// A write through another organization's scope finds nothing; a stale sequence conflicts.
		betaScope := (&growthdesk.Caller{Profile: &growthdesk.Profile{Role: "customer", OrganizationID: &beta.ID}}).Scope()
		m.Status = "cancelled"
		if err := meetings.UpdateMeeting(ctx, betaScope, m, 0, nil, growthdesk.AuditEntry{Action: "x"}); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Fatalf("update through Beta: %v", err)
		}
		if err := meetings.UpdateMeeting(ctx, acmeScope, m, 7, nil, growthdesk.AuditEntry{Action: "x"}); growthdesk.ErrorCode(err) != growthdesk.EConflict {
			t.Fatalf("stale sequence: %v", err)
		}
		m.Sequence, m.UpdatedAt = 1, time.Now() // the caller stamps the change
		if err := meetings.UpdateMeeting(ctx, acmeScope, m, 0, []*growthdesk.Email{{Kind: "meeting_cancelled", To: "ann@acme.example", Subject: "s", Text: "t",
			Attachments: []growthdesk.EmailAttachment{{Filename: "invite.ics", ContentType: "text/calendar", Content: []byte("BEGIN:VCALENDAR\r\n")}}}},
			growthdesk.AuditEntry{Action: growthdesk.AuditMeetingCancel}); err != nil {
			t.Fatal(err)
		}
		mail, err := store.NewMailOutbox(db).ListMail(ctx, 5)
		if err != nil || len(mail) != 1 || len(mail[0].Email.Attachments) != 1 || string(mail[0].Email.Attachments[0].Content) != "BEGIN:VCALENDAR\r\n" {
			t.Fatalf("outbox attachment round trip: %+v %v", mail, err)
		}
		recent, err := meetings.RecentMeetings(ctx, acmeScope, 10)
		if err != nil || len(recent) != 3 || recent[0].ID != "a-next" || recent[0].Status != "cancelled" {
			t.Fatalf("recent: %v %v", ids(recent), err)
		}
	})
}

// The service writes a meeting's invitations before storing it, with the meeting's times in
// them: the store keeps exactly those times, so the stored meeting and its files agree.
func TestMeetingStore_KeepsTheTimesTheInvitationsCarryOnBothEngines(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		meetings := store.NewMeetingStore(db)
		acme := newOrganization(t, db, "Acme")
		created := time.Date(2026, 4, 1, 9, 30, 15, 123456000, time.UTC)
		start := created.Add(72 * time.Hour)
		m := &growthdesk.Meeting{ID: "times", OrganizationID: acme.ID, Title: "Times", Type: "review", StartTime: start, EndTime: start.Add(time.Hour),
			Status: "scheduled", CreatedAt: created, UpdatedAt: created}
		if err := meetings.CreateMeeting(ctx, growthdesk.SystemScope("test"), m, nil, growthdesk.AuditEntry{Action: growthdesk.AuditMeetingCreate}); err != nil {
			t.Fatal(err)
		}
		got, err := meetings.GetMeeting(ctx, growthdesk.SystemScope("test"), "times")
		if err != nil || !got.CreatedAt.Equal(created) || !got.UpdatedAt.Equal(created) {
			t.Fatalf("stored times %v %v (%v), want %v", got.CreatedAt, got.UpdatedAt, err, created)
		}
		updated := created.Add(time.Hour)
		got.Sequence, got.UpdatedAt = 1, updated
		if err := meetings.UpdateMeeting(ctx, growthdesk.SystemScope("test"), got, 0, nil, growthdesk.AuditEntry{Action: growthdesk.AuditMeetingUpdate}); err != nil {
			t.Fatal(err)
		}
		if got, err = meetings.GetMeeting(ctx, growthdesk.SystemScope("test"), "times"); err != nil || !got.CreatedAt.Equal(created) || !got.UpdatedAt.Equal(updated) {
			t.Fatalf("after the update: %v %v (%v), want %v %v", got.CreatedAt, got.UpdatedAt, err, created, updated)
		}
	})
}
