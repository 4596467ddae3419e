package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

var idField = regexp.MustCompile(`"id":"([^"]+)"`)

// forumMails returns the forum-reply e-mails of the outbox addressed to to.
func (e *portalEnv) forumMails(t *testing.T, to string) []growthdesk.OutboxMail {
	t.Helper()
	all, err := e.outbox.ListMail(context.Background(), 500)
	if err != nil {
		t.Fatal(err)
	}
	var out []growthdesk.OutboxMail
	for _, m := range all {
		if m.Email.Kind == growthdesk.EmailForumReply && m.Email.To == to {
			out = append(out, m)
		}
	}
	return out
}

func TestForum_TopicReplyMailsTheAuthorByTheirChoice(t *testing.T) {
	t.Parallel()
	env := newPortalEnv(t, storetest.SQLite(t))
	org := idField.FindStringSubmatch(env.as(t, "admin", "POST", "/api/v1/admin/organizations", `{"name":"Acme Widgets"}`).body)[1]
	env.as(t, "admin", "PATCH", "/api/v1/admin/users/"+env.ids["customer"], `{"organization_id":"`+org+`"}`)
	other := env.signUpStaff(t, "other@beta.example", "customer")
	env.tokens["other"] = env.signIn(t, "other@beta.example")

	res := env.as(t, "customer", "POST", "/api/v1/forum/topics", `{"category":"marketing","title":"  Email   cadence? ","body":"How often do you **send**?\n- weekly\r\n- monthly"}`)
	if res.status != 201 {
		t.Fatalf("start topic: %d %s", res.status, res.body)
	}
	var thread growthdesk.ForumThread
	_ = json.Unmarshal([]byte(res.body), &thread)
	if thread.Title != "Email cadence?" || len(thread.Posts) != 1 || thread.Author.FullName != "Customer" {
		t.Fatalf("new topic: %+v", thread)
	}
	topic := thread.ID

	if res := env.as(t, "other", "POST", "/api/v1/forum/topics/"+topic+"/replies", `{"body":"Weekly works for us."}`); res.status != 201 {
		t.Fatalf("reply: %d %s", res.status, res.body)
	}
	mails := env.forumMails(t, "customer@example.com")
	if len(mails) != 1 || !strings.Contains(mails[0].Email.Text, "Email cadence?") ||
		!strings.Contains(mails[0].Email.Text, "Second customer") || !strings.Contains(mails[0].Email.Text, "/portal/community/"+topic) {
		t.Fatalf("reply e-mail: %+v", mails)
	}
	// The author's own reply mails nobody.
	env.as(t, "customer", "POST", "/api/v1/forum/topics/"+topic+"/replies", `{"body":"Thanks!"}`)
	if n := len(env.forumMails(t, "customer@example.com")); n != 1 {
		t.Errorf("own reply sent mail: %d", n)
	}
	// With forum replies off, nobody is mailed.
	if res := env.as(t, "customer", "PUT", "/api/v1/profile/notifications", `{"email":true,"ticket_updates":true,"forum_replies":false}`); res.status != 200 {
		t.Fatalf("notifications: %d %s", res.status, res.body)
	}
	env.as(t, "other", "POST", "/api/v1/forum/topics/"+topic+"/replies", `{"body":"Also monthly digests."}`)
	if n := len(env.forumMails(t, "customer@example.com")); n != 1 {
		t.Errorf("reply mailed an author who turned forum replies off: %d", n)
	}
	// With forum replies on but e-mail as a whole off, nobody is mailed either.
	if res := env.as(t, "customer", "PUT", "/api/v1/profile/notifications", `{"email":false,"ticket_updates":true,"forum_replies":true}`); res.status != 200 {
		t.Fatalf("notifications: %d %s", res.status, res.body)
	}
	env.as(t, "other", "POST", "/api/v1/forum/topics/"+topic+"/replies", `{"body":"Or quarterly."}`)
	if n := len(env.forumMails(t, "customer@example.com")); n != 1 {
		t.Errorf("reply mailed an author who turned e-mail off: %d", n)
	}
	// Both on again: mailed again (the toggles, not something else, kept the mail away).
	env.as(t, "customer", "PUT", "/api/v1/profile/notifications", `{"email":true,"ticket_updates":true,"forum_replies":true}`)
	env.as(t, "other", "POST", "/api/v1/forum/topics/"+topic+"/replies", `{"body":"Yearly, even."}`)
	if n := len(env.forumMails(t, "customer@example.com")); n != 2 {
		t.Errorf("reply after turning both on: %d mails, want 2", n)
	}

	// Everyone reads the thread; nobody sees an e-mail address or an organization.
	for _, role := range []string{"other", "employee"} {
		res := env.as(t, role, "GET", "/api/v1/forum/topics/"+topic, "")
		if res.status != 200 || !strings.Contains(res.body, "Weekly works for us.") {
			t.Fatalf("thread as %s: %d %s", role, res.status, res.body)
		}
		for _, secret := range []string{"@example.com", "@beta.example", "Acme Widgets", org} {
			if strings.Contains(res.body, secret) {
				t.Errorf("thread as %s shows %q: %s", role, secret, res.body)
			}
		}
	}
	res = env.as(t, "customer", "GET", "/api/v1/forum/topics", "")
	if res.status != 200 || !strings.Contains(res.body, `"reply_count":5`) || strings.Contains(res.body, "@example.com") {
		t.Errorf("topic list: %d %s", res.status, res.body)
	}

	// Every write is in the audit log, attributed to its author.
	log := env.as(t, "admin", "GET", "/api/v1/admin/audit-log", "")
	if strings.Count(log.body, `"action":"forum.reply"`) != 5 || !strings.Contains(log.body, `"action":"forum.topic_create"`) ||
		!strings.Contains(log.body, `"actor_id":"`+other+`"`) {
		t.Errorf("audit log: %s", log.body)
	}
}

func TestForum_EditWindowAndModeration(t *testing.T) {
	t.Parallel()
	db := storetest.SQLite(t)
	env := newPortalEnv(t, db)
	env.signUpStaff(t, "other@beta.example", "customer")
	env.tokens["other"] = env.signIn(t, "other@beta.example")

	// A topic posted 16 minutes ago can no longer be edited; a fresh one can, by its author only.
	clock := storetest.NewClock(time.Now().UTC().Add(-16 * time.Minute))
	db.Now = clock.Now
	old := env.as(t, "customer", "POST", "/api/v1/forum/topics", `{"category":"general","title":"Old","body":"first"}`)
	db.Now = func() time.Time { return time.Now().UTC() }
	fresh := env.as(t, "customer", "POST", "/api/v1/forum/topics", `{"category":"analytics","title":"Fresh","body":"needle in here"}`)
	var oldT, freshT growthdesk.ForumThread
	_ = json.Unmarshal([]byte(old.body), &oldT)
	_ = json.Unmarshal([]byte(fresh.body), &freshT)
	oldPost, freshPost := oldT.Posts[0].ID, freshT.Posts[0].ID

	cases := []struct {
		name, role, method, path, body string
		status                         int
	}{
		{"author edits after 15 minutes", "customer", "PATCH", "/api/v1/forum/posts/" + oldPost, `{"body":"changed"}`, 403},
		{"someone else edits", "other", "PATCH", "/api/v1/forum/posts/" + freshPost, `{"body":"changed"}`, 403},
		{"staff edit someone's words", "admin", "PATCH", "/api/v1/forum/posts/" + freshPost, `{"body":"changed"}`, 403},
		{"author edits a fresh post", "customer", "PATCH", "/api/v1/forum/posts/" + freshPost, `{"body":"needle, edited"}`, 200},
		{"employee pins the old topic", "employee", "PATCH", "/api/v1/forum/topics/" + oldT.ID, `{"pinned":true}`, 200},
		{"employee locks the fresh topic", "employee", "PATCH", "/api/v1/forum/topics/" + freshT.ID, `{"locked":true}`, 200},
		{"reply to a locked topic", "other", "POST", "/api/v1/forum/topics/" + freshT.ID + "/replies", `{"body":"late"}`, 409},
		{"edit in a locked topic", "customer", "PATCH", "/api/v1/forum/posts/" + freshPost, `{"body":"again"}`, 409},
		{"staff delete an opening post", "admin", "DELETE", "/api/v1/forum/posts/" + oldPost, "", 409},
	}
	for _, tc := range cases {
		if res := env.as(t, tc.role, tc.method, tc.path, tc.body); res.status != tc.status {
			t.Errorf("%s: %d %s, want %d", tc.name, res.status, res.body, tc.status)
		}
	}

	// Pinned first, then newest activity; search reads post text; the category filters.
	res := env.as(t, "other", "GET", "/api/v1/forum/topics", "")
	if i, j := strings.Index(res.body, `"title":"Old"`), strings.Index(res.body, `"title":"Fresh"`); i < 0 || j < 0 || i > j {
		t.Errorf("pinned topic is not first: %s", res.body)
	}
	res = env.as(t, "other", "GET", "/api/v1/forum/topics?search=NEEDLE", "")
	if !strings.Contains(res.body, `"title":"Fresh"`) || strings.Contains(res.body, `"title":"Old"`) {
		t.Errorf("search: %s", res.body)
	}
	res = env.as(t, "other", "GET", "/api/v1/forum/topics?category=general", "")
	if !strings.Contains(res.body, `"title":"Old"`) || strings.Contains(res.body, `"title":"Fresh"`) {
		t.Errorf("category: %s", res.body)
	}

	// Staff delete a reply, then a topic with its posts.
	env.as(t, "employee", "PATCH", "/api/v1/forum/topics/"+oldT.ID, `{"locked":false}`)
	reply := idField.FindStringSubmatch(env.as(t, "other", "POST", "/api/v1/forum/topics/"+oldT.ID+"/replies", `{"body":"spam"}`).body)[1]
	if res := env.as(t, "employee", "DELETE", "/api/v1/forum/posts/"+reply, ""); res.status != 204 {
		t.Errorf("delete reply: %d %s", res.status, res.body)
	}
	if res := env.as(t, "admin", "DELETE", "/api/v1/forum/topics/"+oldT.ID, ""); res.status != 204 {
		t.Errorf("delete topic: %d %s", res.status, res.body)
	}
	if res := env.as(t, "customer", "GET", "/api/v1/forum/topics/"+oldT.ID, ""); res.status != 404 {
		t.Errorf("deleted topic: %d %s", res.status, res.body)
	}
	log := env.as(t, "admin", "GET", "/api/v1/admin/audit-log", "").body
	for _, action := range []string{"forum.post_edit", "forum.topic_moderate", "forum.post_delete", "forum.topic_delete"} {
		if !strings.Contains(log, `"action":"`+action+`"`) {
			t.Errorf("audit log lacks %s", action)
		}
	}
}

func TestForum_BadInputChangesNothing(t *testing.T) {
	t.Parallel()
	env := newPortalEnv(t, storetest.SQLite(t))
	topic := idField.FindStringSubmatch(env.as(t, "customer", "POST", "/api/v1/forum/topics", `{"category":"general","title":"T","body":"b"}`).body)[1]
	long := strings.Repeat("x", growthdesk.ForumBodyMax+1)
	cases := []struct {
		name, role, method, path, body string
		status                         int
		field                          string
	}{
		{"malformed JSON", "customer", "POST", "/api/v1/forum/topics", `{"title":`, 400, ""},
		{"wrong types", "customer", "POST", "/api/v1/forum/topics", `{"category":1,"title":"x","body":"y"}`, 422, "category"},
		{"missing fields", "customer", "POST", "/api/v1/forum/topics", `{}`, 422, "title"},
		{"unknown category", "customer", "POST", "/api/v1/forum/topics", `{"category":"gossip","title":"x","body":"y"}`, 422, "category"},
		{"too long body", "customer", "POST", "/api/v1/forum/topics/" + topic + "/replies", fmt.Sprintf(`{"body":%q}`, long), 422, "body"},
		{"empty reply", "customer", "POST", "/api/v1/forum/topics/" + topic + "/replies", `{"body":"   "}`, 422, "body"},
		{"reply to an unknown topic", "customer", "POST", "/api/v1/forum/topics/nope/replies", `{"body":"x"}`, 404, ""},
		{"edit an unknown post", "customer", "PATCH", "/api/v1/forum/posts/nope", `{"body":"x"}`, 404, ""},
		{"unknown topic", "customer", "GET", "/api/v1/forum/topics/nope", "", 404, ""},
		{"search too long", "customer", "GET", "/api/v1/forum/topics?search=" + strings.Repeat("a", 201), "", 422, "search"},
		{"filter by an unknown category", "customer", "GET", "/api/v1/forum/topics?category=gossip", "", 422, "category"},
		{"moderate with nothing", "employee", "PATCH", "/api/v1/forum/topics/" + topic, `{}`, 422, "pinned"},
		{"moderate with a string", "employee", "PATCH", "/api/v1/forum/topics/" + topic, `{"locked":"yes"}`, 422, "locked"},
		{"moderate an unknown topic", "employee", "PATCH", "/api/v1/forum/topics/nope", `{"locked":true}`, 404, ""},
		{"delete an unknown topic", "employee", "DELETE", "/api/v1/forum/topics/nope", "", 404, ""},
		{"delete an unknown post", "employee", "DELETE", "/api/v1/forum/posts/nope", "", 404, ""},
	}
	for _, tc := range cases {
		res := env.as(t, tc.role, tc.method, tc.path, tc.body)
		if res.status != tc.status {
			t.Errorf("%s: %d %s, want %d", tc.name, res.status, res.body, tc.status)
			continue
		}
		if tc.field != "" && !strings.Contains(res.body, `"`+tc.field+`":`) {
			t.Errorf("%s: no message for %s: %s", tc.name, tc.field, res.body)
		}
	}
	res := env.as(t, "customer", "GET", "/api/v1/forum/topics/"+topic, "")
	if !strings.Contains(res.body, `"reply_count":0`) || !strings.Contains(res.body, `"pinned":false,"locked":false`) {
		t.Errorf("bad input changed the topic: %s", res.body)
	}
}

// TestForum_AnswersCarryNoAuthorAccountIDs: the forum is read across organizations, so an
// author appears by name and staff flag only. An account id would identify a person across
// topics and, being a UUIDv7, date their account. Whoever asks (the author, a customer of
// another organization, staff), no forum answer holds an author's account id; "mine" tells
// the caller which posts are their own.
func TestForum_AnswersCarryNoAuthorAccountIDs(t *testing.T) {
	t.Parallel()
	env := newPortalEnv(t, storetest.SQLite(t))
	acme := idField.FindStringSubmatch(env.as(t, "admin", "POST", "/api/v1/admin/organizations", `{"name":"Acme"}`).body)[1]
	beta := idField.FindStringSubmatch(env.as(t, "admin", "POST", "/api/v1/admin/organizations", `{"name":"Beta"}`).body)[1]
	env.as(t, "admin", "PATCH", "/api/v1/admin/users/"+env.ids["customer"], `{"organization_id":"`+acme+`"}`)
	other := env.signUpStaff(t, "other@beta.example", "customer")
	env.as(t, "admin", "PATCH", "/api/v1/admin/users/"+other, `{"organization_id":"`+beta+`"}`)
	env.tokens["other"] = env.signIn(t, "other@beta.example")
	ids := map[string]string{"customer": env.ids["customer"], "other": other, "employee": env.ids["employee"], "admin": env.ids["admin"]}

	var answers []struct{ role, what, body string }
	call := func(role, method, path, body string, status int) string {
		t.Helper()
		res := env.as(t, role, method, path, body)
		if res.status != status {
			t.Fatalf("%s %s as %s: %d %s, want %d", method, path, role, res.status, res.body, status)
		}
		answers = append(answers, struct{ role, what, body string }{role, method + " " + path, res.body})
		return res.body
	}

	var thread growthdesk.ForumThread
	_ = json.Unmarshal([]byte(call("customer", "POST", "/api/v1/forum/topics", `{"category":"general","title":"Hello","body":"First"}`, 201)), &thread)
	topic, opening := thread.ID, thread.Posts[0].ID
	reply := idField.FindStringSubmatch(call("other", "POST", "/api/v1/forum/topics/"+topic+"/replies", `{"body":"Hi from Beta"}`, 201))[1]
	staffReply := idField.FindStringSubmatch(call("employee", "POST", "/api/v1/forum/topics/"+topic+"/replies", `{"body":"Welcome"}`, 201))[1]
	call("customer", "PATCH", "/api/v1/forum/posts/"+opening, `{"body":"First, edited"}`, 200)
	call("other", "PATCH", "/api/v1/forum/posts/"+reply, `{"body":"Hi from Beta, edited"}`, 200)
	call("employee", "PATCH", "/api/v1/forum/topics/"+topic, `{"pinned":true}`, 200)
	for _, role := range []string{"customer", "other", "employee", "admin"} {
		call(role, "GET", "/api/v1/forum/topics", "", 200)
		call(role, "GET", "/api/v1/forum/topics?search=beta", "", 200)
		call(role, "GET", "/api/v1/forum/topics/"+topic, "", 200)
	}

	for _, a := range answers {
		for who, id := range ids {
			if strings.Contains(a.body, id) {
				t.Errorf("%s as %s carries the account id of %s: %s", a.what, a.role, who, a.body)
			}
		}
		if strings.Contains(a.body, `"author_id"`) || regexp.MustCompile(`"author":\{[^}]*"id"`).MatchString(a.body) {
			t.Errorf("%s as %s has an author id field: %s", a.what, a.role, a.body)
		}
	}

	// Each reader sees "mine" on their own posts only; a staff member may still delete
	// another person's reply and moderate the topic.
	want := map[string]map[string]bool{
		"customer": {opening: true, reply: false, staffReply: false},
		"other":    {opening: false, reply: true, staffReply: false},
		"employee": {opening: false, reply: false, staffReply: true},
		"admin":    {opening: false, reply: false, staffReply: false},
	}
	for role, mine := range want {
		var got growthdesk.ForumThread
		if err := json.Unmarshal([]byte(env.as(t, role, "GET", "/api/v1/forum/topics/"+topic, "").body), &got); err != nil {
			t.Fatal(err)
		}
		if got.Author.Mine != (role == "customer") {
			t.Errorf("topic's author as %s: mine = %v", role, got.Author.Mine)
		}
		for _, p := range got.Posts {
			if p.Author.Mine != mine[p.ID] {
				t.Errorf("post %q as %s: mine = %v, want %v", p.Body, role, p.Author.Mine, mine[p.ID])
			}
		}
		var list []growthdesk.ForumTopic
		_ = json.Unmarshal([]byte(env.as(t, role, "GET", "/api/v1/forum/topics", "").body), &list)
		if len(list) != 1 || list[0].Author.Mine != (role == "customer") || list[0].Author.FullName != "Customer" || list[0].Author.Staff {
			t.Errorf("topic list as %s: %+v", role, list)
		}
	}
	if res := env.as(t, "admin", "DELETE", "/api/v1/forum/posts/"+reply, ""); res.status != 204 {
		t.Errorf("staff delete another person's reply: %d %s", res.status, res.body)
	}
	log := env.as(t, "admin", "GET", "/api/v1/admin/audit-log", "").body
	if !strings.Contains(log, `"author_id":"`+other+`"`) {
		t.Errorf("the audit log no longer names the deleted reply's author: %s", log)
	}
}
