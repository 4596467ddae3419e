package growthdesk

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// The community forum is where every approved account meets, whatever its organization: it
// is deliberately not tenant data (no organization_id, no Scope), so authors appear by full
// name only, never with their e-mail address or organization.

// ForumCategory is the category of a topic (an alias of string, like Role).
type ForumCategory = string

// Forum categories: a small fixed set the topic list filters by.
const (
	ForumCategoryGeneral    ForumCategory = "general"
	ForumCategoryMarketing  ForumCategory = "marketing"
	ForumCategoryAutomation ForumCategory = "automation"
	ForumCategoryAnalytics  ForumCategory = "analytics"
	ForumCategoryFeedback   ForumCategory = "feedback"
)

// ForumCategories lists the categories in the order the forum shows them.
var ForumCategories = []ForumCategory{ForumCategoryGeneral, ForumCategoryMarketing, ForumCategoryAutomation, ForumCategoryAnalytics, ForumCategoryFeedback}

// Limits of forum fields, in characters; the web's forms read the same constants.
const (
	// ForumTitleMax bounds a topic's title.
	ForumTitleMax = 150
	// ForumBodyMax bounds the text of a post.
	ForumBodyMax = 10000
	// ForumSearchMax bounds the topic search text.
	ForumSearchMax = 200
	// ForumEditMinutes is how long after posting an author may still edit a post.
	ForumEditMinutes = 15
)

// ForumEditWindow is ForumEditMinutes as a duration.
const ForumEditWindow = ForumEditMinutes * time.Minute

// ForumAuthor is how the forum shows a person: a name and a role badge, nothing that tells
// where they work or how to write to them.
type ForumAuthor struct {
	// ID is the author's account id, for the edit policy and the audit log; it is never
	// sent. Readers of every organization see the forum, and an account id would follow a
	// person from post to post and, being a UUIDv7, tell when their account was made.
	ID       string `json:"-"`
	FullName string `json:"full_name"`
	// Staff marks posts of employees and admins, so readers know who answers for the company.
	Staff bool `json:"staff"`
	// Mine marks what the caller wrote, in place of the id: the app offers to edit a post
	// by it. The service sets it for each caller.
	Mine bool `json:"mine"`
}

// ForumTopic is a topic as the topic list shows it.
type ForumTopic struct {
	ID             string        `json:"id"`
	Category       ForumCategory `json:"category"`
	Title          string        `json:"title"`
	Author         ForumAuthor   `json:"author"`
	Pinned         bool          `json:"pinned"`
	Locked         bool          `json:"locked"`
	ReplyCount     int           `json:"reply_count"`
	CreatedAt      time.Time     `json:"created_at"`
	LastActivityAt time.Time     `json:"last_activity_at"`
}

// ForumPost is one post of a topic: the opening post or a reply.
type ForumPost struct {
	ID        string      `json:"id"`
	TopicID   string      `json:"topic_id"`
	Author    ForumAuthor `json:"author"`
	Body      string      `json:"body"`
	CreatedAt time.Time   `json:"created_at"`
	EditedAt  *time.Time  `json:"edited_at"`
	// EditableUntil is when the author's edit window closes.
	EditableUntil time.Time `json:"editable_until"`
}

// ForumThread is a topic with its posts, oldest first (the first is the opening post).
type ForumThread struct {
	ForumTopic
	Posts []*ForumPost `json:"posts" tstype:"ForumPost[]"`
}

// ForumTopicFilter narrows the topic list.
type ForumTopicFilter struct {
	Category string // "" for every category
	Search   string // matched against titles and post text, case-insensitively
}

// ForumTopicInput starts a topic.
type ForumTopicInput struct {
	Category ForumCategory `json:"category"`
	Title    string        `json:"title"`
	Body     string        `json:"body"`
}

// ForumPostInput is the text of a reply or an edit.
type ForumPostInput struct {
	Body string `json:"body"`
}

// ForumModeration is what staff change on a topic; nil leaves a flag as is.
type ForumModeration struct {
	Pinned *bool `json:"pinned"`
	Locked *bool `json:"locked"`
}

// Normalize trims the fields.
func (in *ForumTopicInput) Normalize() {
	in.Category = strings.TrimSpace(in.Category)
	in.Title = strings.Join(strings.Fields(in.Title), " ")
	in.Body = normalizeForumBody(in.Body)
}

// Validate returns an EInvalid error listing every problem, or nil.
func (in ForumTopicInput) Validate() error {
	c := fieldCheck{}
	if !IsForumCategory(in.Category) {
		c.add("category", "Choose a category.")
	}
	if c.required("title", in.Title, "Please enter a title.") {
		c.maxLen("title", in.Title, ForumTitleMax, fmt.Sprintf("The title must be at most %d characters.", ForumTitleMax))
	}
	checkForumBody(c, in.Body)
	return c.err()
}

// Normalize trims the text.
func (in *ForumPostInput) Normalize() { in.Body = normalizeForumBody(in.Body) }

// Validate returns an EInvalid error, or nil.
func (in ForumPostInput) Validate() error {
	c := fieldCheck{}
	checkForumBody(c, in.Body)
	return c.err()
}

func normalizeForumBody(s string) string {
	return strings.TrimSpace(strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(s))
}

func checkForumBody(c fieldCheck, body string) {
	if c.required("body", body, "Please write a message.") {
		c.maxLen("body", body, ForumBodyMax, fmt.Sprintf("The message must be at most %d characters.", ForumBodyMax))
	}
}

// IsForumCategory reports whether category is one of ForumCategories.
func IsForumCategory(category string) bool {
	for _, c := range ForumCategories {
		if c == category {
			return true
		}
	}
	return false
}

// ForumSubscriber is the author of a topic as the reply e-mail needs them.
type ForumSubscriber struct {
	ID       string
	Email    string
	FullName string
	// WantsReplies is the author's "forum replies" e-mail choice (and the general e-mail one).
	WantsReplies bool
}

// ForumStore keeps topics and posts. Every write takes its audit entry and writes it in the
// same transaction.
type ForumStore interface {
	ListTopics(ctx context.Context, f ForumTopicFilter) ([]*ForumTopic, error)
	// GetThread returns ENotFound for an unknown topic.
	GetThread(ctx context.Context, topicID string) (*ForumThread, error)
	// GetPost returns ENotFound for an unknown post; topic is the post's topic.
	GetPost(ctx context.Context, postID string) (post *ForumPost, topic *ForumTopic, err error)
	// TopicSubscriber returns the topic's author with their e-mail choices.
	TopicSubscriber(ctx context.Context, topicID string) (*ForumSubscriber, error)
	CreateTopic(ctx context.Context, authorID string, in ForumTopicInput, audit AuditEntry) (*ForumThread, error)
	// AddReply enqueues mail (may be nil) with the reply; EConflict when the topic is locked.
	AddReply(ctx context.Context, topicID, authorID, body string, mail *Email, audit AuditEntry) (*ForumPost, error)
	EditPost(ctx context.Context, postID, body string, audit AuditEntry) (*ForumPost, error)
	ModerateTopic(ctx context.Context, topicID string, m ForumModeration, audit AuditEntry) (*ForumTopic, error)
	DeleteTopic(ctx context.Context, topicID string, audit AuditEntry) error
	DeletePost(ctx context.Context, postID string, audit AuditEntry) error
	// CountPosts counts the posts (opening posts and replies) written by authorID.
	CountPosts(ctx context.Context, authorID string) (int, error)
}

// Forum is the community forum: approved accounts start topics and reply; staff moderate.
type Forum struct {
	Store ForumStore
	Mail  EmailRenderer
	// TopicURL returns the portal link of a topic, for the reply e-mail.
	TopicURL func(topicID string) string
	// Now is the clock of the edit window; nil means time.Now.
	Now func() time.Time
}

var (
	errTopicLocked    = &Error{Code: EConflict, Message: "This topic is locked: it takes no new replies."}
	errOpeningPost    = &Error{Code: EConflict, Message: "The opening post goes with its topic: delete the topic instead."}
	errForumSearchLen = Invalid(map[string]string{"search": "The search is too long."})
)

func (f *Forum) now() time.Time {
	if f.Now != nil {
		return f.Now()
	}
	return time.Now()
}

// Topics lists topics, pinned first, then by newest activity.
func (f *Forum) Topics(ctx context.Context, c *Caller, filter ForumTopicFilter) ([]*ForumTopic, error) {
	if err := CanUseForum(c); err != nil {
		return nil, err
	}
	filter.Search = strings.TrimSpace(filter.Search)
	filter.Category = strings.TrimSpace(filter.Category)
	if utf8.RuneCountInString(filter.Search) > ForumSearchMax {
		return nil, errForumSearchLen
	}
	if filter.Category != "" && !IsForumCategory(filter.Category) {
		return nil, Invalid(map[string]string{"category": "Choose a category."})
	}
	topics, err := f.Store.ListTopics(ctx, filter)
	for _, t := range topics {
		markTopic(c, t)
	}
	return topics, err
}

// Thread returns a topic with its posts.
func (f *Forum) Thread(ctx context.Context, c *Caller, topicID string) (*ForumThread, error) {
	if err := CanUseForum(c); err != nil {
		return nil, err
	}
	return markThread(c)(f.Store.GetThread(ctx, topicID))
}

// StartTopic creates a topic with its opening post.
func (f *Forum) StartTopic(ctx context.Context, c *Caller, in ForumTopicInput) (*ForumThread, error) {
	if err := CanUseForum(c); err != nil {
		return nil, err
	}
	in.Normalize()
	if err := in.Validate(); err != nil {
		return nil, err
	}
	return markThread(c)(f.Store.CreateTopic(ctx, c.Profile.ID, in,
		c.Audit(AuditForumTopicCreate, "forum_topic", "", map[string]any{"title": in.Title, "category": in.Category})))
}

// Reply adds a reply to an unlocked topic and, in the same transaction, e-mails the topic's
// author when someone else replied and the author's forum-replies choice is on.
func (f *Forum) Reply(ctx context.Context, c *Caller, topicID string, in ForumPostInput) (*ForumPost, error) {
	if err := CanUseForum(c); err != nil {
		return nil, err
	}
	in.Normalize()
	if err := in.Validate(); err != nil {
		return nil, err
	}
	thread, err := f.Store.GetThread(ctx, topicID)
	if err != nil {
		return nil, err
	}
	if thread.Locked {
		return nil, errTopicLocked
	}
	var mail *Email
	sub, err := f.Store.TopicSubscriber(ctx, topicID)
	if err != nil {
		return nil, err
	}
	if sub != nil && sub.ID != c.Profile.ID && sub.WantsReplies && sub.Email != "" {
		link := ""
		if f.TopicURL != nil {
			link = f.TopicURL(topicID)
		}
		mail, err = f.Mail.Render(EmailForumReply, sub.Email, EmailData{FullName: sub.FullName, ActionURL: link, Details: []EmailDetail{
			{Label: "Topic", Value: thread.Title},
			{Label: "Reply by", Value: c.Profile.FullName},
			{Label: "Reply", Value: excerpt(in.Body, 500)},
		}})
		if err != nil {
			return nil, err
		}
	}
	return markPost(c)(f.Store.AddReply(ctx, topicID, c.Profile.ID, in.Body, mail,
		c.Audit(AuditForumReply, "forum_topic", topicID, map[string]any{"title": thread.Title})))
}

// EditPost changes the text of the caller's own post within ForumEditWindow of posting.
func (f *Forum) EditPost(ctx context.Context, c *Caller, postID string, in ForumPostInput) (*ForumPost, error) {
	if err := CanUseForum(c); err != nil {
		return nil, err
	}
	in.Normalize()
	if err := in.Validate(); err != nil {
		return nil, err
	}
	post, topic, err := f.Store.GetPost(ctx, postID)
	if err != nil {
		return nil, err
	}
	if err := CanEditForumPost(c, post, f.now()); err != nil {
		return nil, err
	}
	if topic.Locked {
		return nil, errTopicLocked
	}
	return markPost(c)(f.Store.EditPost(ctx, postID, in.Body,
		c.Audit(AuditForumPostEdit, "forum_topic", topic.ID, map[string]any{"title": topic.Title, "post_id": postID})))
}

// Moderate pins or unpins, locks or unlocks a topic (staff).
func (f *Forum) Moderate(ctx context.Context, c *Caller, topicID string, m ForumModeration) (*ForumTopic, error) {
	if err := CanModerateForum(c); err != nil {
		return nil, err
	}
	if m.Pinned == nil && m.Locked == nil {
		return nil, Invalid(map[string]string{"pinned": "Send pinned or locked to change."})
	}
	thread, err := f.Store.GetThread(ctx, topicID)
	if err != nil {
		return nil, err
	}
	details := map[string]any{"title": thread.Title}
	if m.Pinned != nil {
		details["pinned"] = *m.Pinned
	}
	if m.Locked != nil {
		details["locked"] = *m.Locked
	}
	topic, err := f.Store.ModerateTopic(ctx, topicID, m, c.Audit(AuditForumTopicModerate, "forum_topic", topicID, details))
	if topic != nil {
		markTopic(c, topic)
	}
	return topic, err
}

// DeleteTopic deletes a topic with all its posts (staff).
func (f *Forum) DeleteTopic(ctx context.Context, c *Caller, topicID string) error {
	if err := CanModerateForum(c); err != nil {
		return err
	}
	thread, err := f.Store.GetThread(ctx, topicID)
	if err != nil {
		return err
	}
	return f.Store.DeleteTopic(ctx, topicID, c.Audit(AuditForumTopicDelete, "forum_topic", topicID,
		map[string]any{"title": thread.Title, "author_id": thread.Author.ID}))
}

// DeletePost deletes one reply (staff); the opening post goes only with its topic.
func (f *Forum) DeletePost(ctx context.Context, c *Caller, postID string) error {
	if err := CanModerateForum(c); err != nil {
		return err
	}
	post, topic, err := f.Store.GetPost(ctx, postID)
	if err != nil {
		return err
	}
	thread, err := f.Store.GetThread(ctx, topic.ID)
	if err != nil {
		return err
	}
	if len(thread.Posts) > 0 && thread.Posts[0].ID == post.ID {
		return errOpeningPost
	}
	return f.Store.DeletePost(ctx, postID, c.Audit(AuditForumPostDelete, "forum_topic", topic.ID,
		map[string]any{"title": topic.Title, "post_id": postID, "author_id": post.Author.ID}))
}

// PostCount counts the caller's own forum posts (topics they started and replies), for the
// portal dashboard's Forum Posts card.
func (f *Forum) PostCount(ctx context.Context, c *Caller) (int, error) {
	if err := CanUseForum(c); err != nil {
		return 0, err
	}
	return f.Store.CountPosts(ctx, c.Profile.ID)
}

// isMine reports whether the caller wrote what author names; never for a deleted account's
// posts, whose author id is empty.
func isMine(c *Caller, a ForumAuthor) bool { return a.ID != "" && a.ID == c.Profile.ID }

func markTopic(c *Caller, t *ForumTopic) { t.Author.Mine = isMine(c, t.Author) }

// markThread and markPost set Mine on what a store call returned, passing its error on.
func markThread(c *Caller) func(*ForumThread, error) (*ForumThread, error) {
	return func(t *ForumThread, err error) (*ForumThread, error) {
		if t != nil {
			markTopic(c, &t.ForumTopic)
			for _, p := range t.Posts {
				p.Author.Mine = isMine(c, p.Author)
			}
		}
		return t, err
	}
}

func markPost(c *Caller) func(*ForumPost, error) (*ForumPost, error) {
	return func(p *ForumPost, err error) (*ForumPost, error) {
		if p != nil {
			p.Author.Mine = isMine(c, p.Author)
		}
		return p, err
	}
}

// excerpt shortens s to at most n characters, ending with an ellipsis when cut.
func excerpt(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}
