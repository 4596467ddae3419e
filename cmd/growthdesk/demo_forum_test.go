package main

import (
	"context"
	"testing"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
)

func TestSeedDemo_ForumTopicsOnceWithoutMail(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := seededTwice(t)
	topics, err := store.NewForumStore(db).ListTopics(ctx, growthdesk.ForumTopicFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(topics) != len(demoTopics) || topics[len(topics)-1].ReplyCount != len(demoTopics[0].replies) {
		t.Fatalf("demo topics after two runs: %+v", topics)
	}
	mails, err := store.NewMailOutbox(db).ListMail(ctx, 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mails {
		if m.Email.Kind == growthdesk.EmailForumReply {
			t.Errorf("seeding mailed %s", m.Email.To)
		}
	}
}
