package main

import (
	"context"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
)

type demoTopic struct {
	author   string // e-mail of a demo account
	category growthdesk.ForumCategory
	title    string
	body     string
	replies  []demoReply
}

type demoReply struct{ author, body string }

var demoTopics = []demoTopic{
	{
		author: "customer@demo.growthdesk.io", category: growthdesk.ForumCategoryMarketing,
		title: "When do you ask customers for a review?",
		body:  "We send the review request right after the appointment, but few people answer.\n\nWhat timing works for you?",
		replies: []demoReply{
			{"owner@northwind.example", "We wait until the delivery is confirmed, then send it **two hours** later. Answers doubled."},
			{"staff@demo.growthdesk.io", "A short follow-up after three days helps too:\n- keep it to one question\n- link straight to the review page"},
		},
	},
	{
		author: "owner@northwind.example", category: growthdesk.ForumCategoryAutomation,
		title: "Routing delivery questions to the right person",
		body:  "Our chatbot answers tracking questions well. How do you hand over the rest to a human?",
	},
}

// seedDemoForum starts the demo forum's topics, with their replies, unless a topic of the same
// title exists; running it again changes nothing. Accounts that do not exist are skipped.
func seedDemoForum(ctx context.Context, db *store.DB) error {
	forum := store.NewForumStore(db)
	accounts := store.NewAccountStore(db)
	existing, err := forum.ListTopics(ctx, growthdesk.ForumTopicFilter{})
	if err != nil {
		return err
	}
	have := map[string]bool{}
	for _, t := range existing {
		have[t.Title] = true
	}
	idOf := func(email string) string {
		a, err := findAccount(ctx, accounts, email)
		if err != nil {
			return ""
		}
		return a.ID
	}
	for _, t := range demoTopics {
		author := idOf(t.author)
		if have[t.title] || author == "" {
			continue
		}
		thread, err := forum.CreateTopic(ctx, author, growthdesk.ForumTopicInput{Category: t.category, Title: t.title, Body: t.body},
			growthdesk.AuditEntry{ActorID: author, Action: growthdesk.AuditForumTopicCreate, TargetType: "forum_topic",
				Details: map[string]any{"title": t.title, "via": "demo"}})
		if err != nil {
			return err
		}
		for _, r := range t.replies {
			id := idOf(r.author)
			if id == "" {
				continue
			}
			if _, err := forum.AddReply(ctx, thread.ID, id, r.body, nil, growthdesk.AuditEntry{ActorID: id, Action: growthdesk.AuditForumReply,
				TargetType: "forum_topic", TargetID: thread.ID, Details: map[string]any{"title": t.title, "via": "demo"}}); err != nil {
				return err
			}
		}
	}
	return nil
}
