package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

func TestForumStore_TopicsRepliesAndCounts(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))
		db.Now = clock.Now
		forum := store.NewForumStore(db)
		store.InsertAccountForTest(t, db, "a1", "ann@acme.example", "Ann", "customer", "approved")
		store.InsertAccountForTest(t, db, "b1", "bo@beta.example", "Bo", "employee", "approved")

		first, err := forum.CreateTopic(ctx, "a1", growthdesk.ForumTopicInput{Category: "general", Title: "Hello 100%", Body: "first"},
			growthdesk.AuditEntry{Action: growthdesk.AuditForumTopicCreate})
		if err != nil {
			t.Fatal(err)
		}
		clock.Advance(time.Minute)
		second, err := forum.CreateTopic(ctx, "b1", growthdesk.ForumTopicInput{Category: "analytics", Title: "Dashboards", Body: "charts"},
			growthdesk.AuditEntry{Action: growthdesk.AuditForumTopicCreate})
		if err != nil {
			t.Fatal(err)
		}
		clock.Advance(time.Minute)
		if _, err := forum.AddReply(ctx, first.ID, "b1", "a reply", nil, growthdesk.AuditEntry{Action: growthdesk.AuditForumReply}); err != nil {
			t.Fatal(err)
		}

		list, err := forum.ListTopics(ctx, growthdesk.ForumTopicFilter{})
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 2 || list[0].ID != first.ID || list[0].ReplyCount != 1 || list[1].Author.FullName != "Bo" || !list[1].Author.Staff {
			t.Fatalf("newest activity first: %+v %+v", list[0], list[1])
		}
		// The search escapes LIKE's wildcards and reads post text.
		if got, _ := forum.ListTopics(ctx, growthdesk.ForumTopicFilter{Search: "0%"}); len(got) != 1 || got[0].ID != first.ID {
			t.Errorf("search for a percent sign: %+v", got)
		}
		if got, _ := forum.ListTopics(ctx, growthdesk.ForumTopicFilter{Search: "CHART"}); len(got) != 1 || got[0].ID != second.ID {
			t.Errorf("search in post text: %+v", got)
		}
		if n, _ := forum.CountPosts(ctx, "b1"); n != 2 {
			t.Errorf("Bo's posts: %d, want 2", n)
		}

		locked := true
		if _, err := forum.ModerateTopic(ctx, first.ID, growthdesk.ForumModeration{Locked: &locked}, growthdesk.AuditEntry{Action: growthdesk.AuditForumTopicModerate}); err != nil {
			t.Fatal(err)
		}
		if _, err := forum.AddReply(ctx, first.ID, "a1", "late", nil, growthdesk.AuditEntry{Action: growthdesk.AuditForumReply}); growthdesk.ErrorCode(err) != growthdesk.EConflict {
			t.Errorf("reply to a locked topic: %v", err)
		}
		if err := forum.DeleteTopic(ctx, first.ID, growthdesk.AuditEntry{Action: growthdesk.AuditForumTopicDelete}); err != nil {
			t.Fatal(err)
		}
		if n, _ := forum.CountPosts(ctx, "b1"); n != 1 {
			t.Errorf("posts of a deleted topic are gone with it: Bo has %d", n)
		}
		if _, err := forum.GetThread(ctx, first.ID); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Errorf("deleted topic: %v", err)
		}
	})
}
