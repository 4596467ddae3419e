package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

func TestImpersonationStore_EndsWithItsSession(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s := store.NewImpersonationStore(db)
		auth := store.NewAuthStore(db)
		accounts := store.NewAccountStore(db)
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
		// ended checks the record's end and the one audit entry that records it, attributed
		// to the staff member.
		ended := func(rec *growthdesk.Impersonation, reason string) *growthdesk.AuditEntry {
			t.Helper()
			if got, active := store.ImpersonationEndForTest(t, db, rec.ID); active || got != reason {
				t.Fatalf("record %s: ended %q (active %v), want %q", rec.ID, got, active, reason)
			}
			audit, err := accounts.ListAudit(ctx, 100, growthdesk.AuditFilter{})
			if err != nil {
				t.Fatal(err)
			}
			var found []*growthdesk.AuditEntry
			for _, e := range audit {
				if e.Action == growthdesk.AuditImpersonationEnd && e.Details["impersonation_id"] == rec.ID {
					found = append(found, e)
				}
			}
			if len(found) != 1 || found[0].ActorID != "a1" || found[0].TargetType != "user" || found[0].TargetID != "c1" || found[0].Details["reason"] != reason {
				t.Fatalf("audit of the end of %s (%s): %+v", rec.ID, reason, found)
			}
			return found[0]
		}
		first := start("sess-1")
		if r, err := s.ActiveForSession(ctx, "sess-1", now); err != nil || r == nil || r.ID != first.ID || r.Target.FullName != "Cy" {
			t.Fatalf("active for its session: %+v %v", r, err)
		}
		if r, err := s.ActiveForSession(ctx, "sess-2", now); err != nil || r != nil {
			t.Fatalf("another session: %+v %v", r, err)
		}
		second := start("sess-2")
		ended(first, growthdesk.ImpersonationReplaced)
		// Signing out ends it.
		if err := auth.DeleteSession(ctx, "sess-2"); err != nil {
			t.Fatal(err)
		}
		ended(second, growthdesk.ImpersonationSignedOut)
		// A session removed outside the store's session deletion (the foreign key clears
		// session_id) no longer applies, and the sweep closes it.
		third := start("sess-1")
		if _, err := db.ExecForTest(ctx, "DELETE FROM sessions WHERE id = 'sess-1'"); err != nil {
			t.Fatal(err)
		}
		if err := s.EndStale(ctx, now); err != nil {
			t.Fatal(err)
		}
		ended(third, growthdesk.ImpersonationSessionEnded)
		// Signing out every other session ends their impersonations at once.
		store.InsertSessionForTest(t, db, "sess-4", "a1")
		store.InsertSessionForTest(t, db, "sess-5", "a1")
		fifth := start("sess-4")
		if err := auth.DeleteUserSessions(ctx, "a1", "sess-5"); err != nil {
			t.Fatal(err)
		}
		ended(fifth, growthdesk.ImpersonationSignedOut)
		// Expiry, met by a request: ended at its expiry time, and so is its entry.
		store.InsertSessionForTest(t, db, "sess-3", "a1")
		fourth := start("sess-3")
		if r, _ := s.ActiveForSession(ctx, "sess-3", now.Add(growthdesk.ImpersonationDuration-time.Second)); r == nil {
			t.Fatal("ended early")
		}
		if r, _ := s.ActiveForSession(ctx, "sess-3", now.Add(growthdesk.ImpersonationDuration)); r != nil {
			t.Fatal("applies after its expiry")
		}
		if e := ended(fourth, growthdesk.ImpersonationExpired); !e.CreatedAt.Equal(fourth.ExpiresAt) {
			t.Fatalf("expiry logged at %v, want %v", e.CreatedAt, fourth.ExpiresAt)
		}
		// Expiry that no request meets: the sweep ends it, once.
		sixth := start("sess-3")
		if err := s.EndStale(ctx, now.Add(growthdesk.ImpersonationDuration-time.Second)); err != nil {
			t.Fatal(err)
		}
		if reason, active := store.ImpersonationEndForTest(t, db, sixth.ID); !active || reason != "" {
			t.Fatalf("swept before its expiry: %q", reason)
		}
		for range 2 {
			if err := s.EndStale(ctx, now.Add(growthdesk.ImpersonationDuration)); err != nil {
				t.Fatal(err)
			}
		}
		ended(sixth, growthdesk.ImpersonationExpired)
		if _, err := s.EndImpersonation(ctx, sixth.ID, growthdesk.ImpersonationEnded, growthdesk.AuditEntry{ActorID: "a1", Action: growthdesk.AuditImpersonationEnd}); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Fatalf("ending one no longer active: %v", err)
		}
		// Ending by id, with the caller's entry.
		seventh := start("sess-3")
		out, err := s.EndImpersonation(ctx, seventh.ID, growthdesk.ImpersonationEnded, growthdesk.AuditEntry{ActorID: "a1", Action: growthdesk.AuditImpersonationEnd,
			TargetType: "user", TargetID: "c1", Details: map[string]any{"reason": growthdesk.ImpersonationEnded}})
		if err != nil || out.IsActive || out.EndedAt == nil {
			t.Fatalf("end: %+v %v", out, err)
		}
		ended(seventh, growthdesk.ImpersonationEnded)
		// Sessions that end another way (here: the staff account is rejected) end theirs
		// with reason session_ended.
		eighth := start("sess-3")
		if _, err := accounts.SetApproval(ctx, "a1", growthdesk.ApprovalRejected, nil, true,
			growthdesk.AuditEntry{Action: growthdesk.AuditReject, TargetType: "user", TargetID: "a1"}); err != nil {
			t.Fatal(err)
		}
		ended(eighth, growthdesk.ImpersonationSessionEnded)
	})
}

func TestImpersonationStore_OneActiveRecordWhenStartsRace(t *testing.T) {
	t.Parallel()
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
