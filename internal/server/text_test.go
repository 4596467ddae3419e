package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/auth"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/server"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// textLeaf is one string in a JSON value: its path as the API names a field
// ("data.full_name", "attendees[1].name") and a setter that replaces it.
type textLeaf struct {
	path string
	set  func(string)
	val  string
}

// textLeaves lists every string of a JSON object, in nested objects and arrays too.
func textLeaves(t *testing.T, root map[string]any) []textLeaf {
	t.Helper()
	var out []textLeaf
	var walk func(v any, path string, set func(any))
	walk = func(v any, path string, set func(any)) {
		switch v := v.(type) {
		case string:
			out = append(out, textLeaf{path: path, val: v, set: func(s string) { set(s) }})
		case map[string]any:
			for k, child := range v {
				p := k
				if path != "" {
					p = path + "." + k
				}
				walk(child, p, func(x any) { v[k] = x })
			}
		case []any:
			for i, child := range v {
				walk(child, path+"["+strconv.Itoa(i)+"]", func(x any) { v[i] = x })
			}
		}
	}
	walk(root, "", nil)
	return out
}

func decodeObject(t *testing.T, body string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(body), &m); err != nil {
		t.Fatalf("test body %s: %v", body, err)
	}
	return m
}

// stringPaths lists the paths of every string in a JSON object, nested objects and arrays
// included.
func stringPaths(t *testing.T, body string) []string {
	t.Helper()
	var paths []string
	for _, l := range textLeaves(t, decodeObject(t, body)) {
		paths = append(paths, l.path)
	}
	if len(paths) == 0 {
		t.Fatalf("test body %s has no string", body)
	}
	return paths
}

// poisoned returns body (a JSON object) with a NUL put into the string at path
// ("data.full_name", "attendees[0].name").
func poisoned(t *testing.T, body, path string) string {
	t.Helper()
	m := decodeObject(t, body)
	found := false
	for _, l := range textLeaves(t, m) {
		if l.path == path {
			l.set(l.val[:len(l.val)/2] + "\x00" + l.val[len(l.val)/2:])
			found = true
		}
	}
	if !found {
		t.Fatalf("test body %s has no string at %s", body, path)
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `\u0000`) {
		t.Fatalf("no NUL in %s", b)
	}
	return string(b)
}

// snapshot is everything a refused request could have changed, as the API and the auth
// service show it.
func (e *portalEnv) snapshot(t *testing.T, more ...string) map[string]string {
	t.Helper()
	ctx := context.Background()
	s := map[string]string{}
	gets := []struct{ role, path string }{
		{"admin", "/api/v1/admin/users"},
		{"admin", "/api/v1/admin/organizations"},
		{"admin", "/api/v1/admin/audit-log"},
		{"admin", "/api/v1/admin/leads"},
		{"customer", "/api/v1/profile"},
		{"customer", "/api/v1/profile/notifications"},
		{"customer", "/api/v1/sessions"},
		{"customer", "/auth/v1/user"},
	}
	for _, p := range more {
		role, path, _ := strings.Cut(p, " ")
		gets = append(gets, struct{ role, path string }{role, path})
	}
	for _, get := range gets {
		res := e.as(t, get.role, "GET", get.path, "")
		if res.status != http.StatusOK {
			t.Fatalf("snapshot %s: %d %s", get.path, res.status, res.body)
		}
		s[get.role+" "+get.path] = res.body
	}
	mails, err := e.outbox.ListMail(ctx, 1000)
	if err != nil {
		t.Fatal(err)
	}
	s["mails"] = strconv.Itoa(len(mails))
	for _, addr := range []string{"reader@example.com", "new@example.com"} {
		n, err := e.newsletterStore.CountSubscribers(ctx, addr)
		if err != nil {
			t.Fatal(err)
		}
		s["subscribers "+addr] = strconv.Itoa(n)
	}
	return s
}

// noJSONBody are the write routes that read no JSON body, each with what it reads instead.
// Every other POST, PUT and PATCH route must have a row in the control-character table below,
// so a new route with a body fails TestControlCharacters_EveryStringOfEveryBodyIsRefusedByName
// until its strings are tried.
var noJSONBody = map[string]string{
	"POST /api/v1/admin/users/{id}/reject":         "nothing: the id in the path",
	"POST /api/v1/announcements/{id}/dismiss":      "nothing: the id in the path",
	"POST /api/v1/meetings/{id}/complete":          "nothing: the id in the path",
	"POST /api/v1/meetings/{id}/cancel":            "nothing: the id in the path",
	"POST /api/v1/profile/calendar-feed":           "nothing: resets the caller's feed",
	"POST /api/v1/tickets/{id}/attachments":        "a multipart upload; its response_id is checked by the same rule (TestSupport_Attachments…)",
	"POST /api/v1/billing/portal-session":          "nothing: the caller's organization",
	"POST /api/v1/billing/cancel":                  "nothing: the caller's organization",
	"POST /api/v1/billing/resume":                  "nothing: the caller's organization",
	"POST /api/v1/automations/{id}/pause":          "nothing: the id in the path",
	"POST /api/v1/automations/{id}/resume":         "nothing: the id in the path",
	"POST /api/v1/automations/{id}/token":          "nothing: the id in the path",
	"POST /functions/v1/stripe-webhook":            "Stripe's raw event, verified by its signature before anything is read",
	"POST /functions/v1/test-checkout/{id}/pay":    "an HTML form: a card number and the link's key, compared with fixed values, never stored",
	"POST /functions/v1/test-checkout/{id}/cancel": "an HTML form: the link's key, compared, never stored",
	"POST /functions/v1/test-portal/{token}":       "an HTML form: a card number compared with the test cards, never stored",
	"POST /auth/v1/logout":                         "nothing: the session of the bearer token (scope in the query)",
}

func TestControlCharacters_EveryStringOfEveryBodyIsRefusedByName(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		env := f.portalEnv
		ctx := context.Background()
		// An unverified factor of the customer, for the factor endpoints.
		enroll := env.as(t, "customer", "POST", "/auth/v1/factors", `{"factor_type":"totp","friendly_name":"Phone"}`)
		var factor struct{ ID string }
		if err := json.Unmarshal([]byte(enroll.body), &factor); err != nil || factor.ID == "" {
			t.Fatalf("enroll: %d %s", enroll.status, enroll.body)
		}
		// A paid subscription of Acme, for the admins' subscription change.
		session, key := checkoutLink(t, env.as(t, "customer", "POST", "/functions/v1/stripe-checkout", `{"price_id":"price_chatbot_setup_monthly"}`).body)
		if res := form(env, t, "/functions/v1/test-checkout/"+session+"/pay", "card=4242&key="+key); res.status != 303 {
			t.Fatalf("pay: %d %s", res.status, res.body)
		}
		subs := decode[growthdesk.SubscriptionPage](t, env.as(t, "admin", "GET", "/api/v1/admin/billing/subscriptions", "").body)
		if len(subs.Items) != 1 {
			t.Fatalf("subscriptions: %+v", subs)
		}
		// The newsletter's confirm and unsubscribe tokens of a pending subscriber.
		if res := env.do(t, "POST", "/api/v1/newsletter", "application/json", `{"email":"reader@example.com","source":"footer"}`); res.status >= 300 {
			t.Fatalf("subscribe: %d %s", res.status, res.body)
		}
		mails, err := env.outbox.ListMail(ctx, 50)
		if err != nil {
			t.Fatal(err)
		}
		links := map[string]string{}
		for _, m := range mails {
			if m.Email.To == "reader@example.com" {
				for _, match := range regexp.MustCompile(`/newsletter/(confirm|unsubscribe)\?token=([^\s&"]+)`).FindAllStringSubmatch(m.Email.Text, -1) {
					links[match[1]] = match[2]
				}
			}
		}
		if links["confirm"] == "" || links["unsubscribe"] == "" {
			t.Fatalf("newsletter links: %v", links)
		}
		target := env.ids["target"]
		lead, err := env.leadStore.CreateLead(ctx, growthdesk.LeadInput{Name: "Robin", Email: "robin@example.com", Company: "Harbor Vets",
			AutomationGoal: "Answer calls after hours", PreferredTime: "morning"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now().Add(96 * time.Hour).Truncate(time.Hour)
		cases := []struct {
			role, route, path, body string // path: the route's path when it needs more than fill
		}{
			// Public forms and links.
			{"visitor", "POST /api/v1/leads", "", goodLead},
			{"visitor", "POST /api/v1/newsletter", "", `{"email":"new@example.com","source":"footer"}`},
			{"visitor", "POST /api/v1/newsletter/confirm", "", `{"token":"` + links["confirm"] + `"}`},
			{"visitor", "POST /api/v1/newsletter/unsubscribe", "", `{"token":"` + links["unsubscribe"] + `"}`},
			{"visitor", "POST /api/v1/client-errors", "", `{"message":"TypeError: x is undefined","stack":"at main.js:1","url":"https://www.example.com/portal","kind":"error"}`},
			// The caller's account.
			{"customer", "PATCH /api/v1/profile", "", `{"full_name":"Casey Q","avatar_url":"https://img.example.com/c.png"}`},
			{"customer", "PUT /api/v1/profile/notifications", "", `{"email":false,"ticket_updates":true,"forum_replies":false,"note":"unknown fields are checked too"}`},
			// Staff tools.
			{"admin", "POST /api/v1/admin/organizations", "", `{"name":"Acme Dental"}`},
			{"employee", "PATCH /api/v1/admin/leads/{id}", "/api/v1/admin/leads/" + lead.ID, `{"handled":true,"note":"unknown fields are checked too"}`},
			{"admin", "PATCH /api/v1/admin/users/{id}", "", `{"role":"employee"}`},
			{"admin", "PATCH /api/v1/admin/users/{id}", "/api/v1/admin/users/" + target, `{"organization_id":"` + f.beta + `"}`},
			{"employee", "POST /api/v1/admin/users/{id}/approve", "/api/v1/admin/users/" + env.ids["target2"] + "/approve", `{"organization_id":"` + f.beta + `"}`},
			{"employee", "POST /api/v1/admin/announcements", "", `{"title":"Maintenance","content":"Sunday night.","type":"warning","is_active":true}`},
			{"employee", "PATCH /api/v1/admin/announcements/{id}", "", `{"is_active":false,"note":"unknown fields are checked too"}`},
			{"employee", "POST /api/v1/impersonation", "", `{"target_user_id":"` + env.ids["customer"] + `"}`},
			// Forum.
			{"customer", "POST /api/v1/forum/topics", "", `{"category":"general","title":"Cadence","body":"How often?"}`},
			{"employee", "PATCH /api/v1/forum/topics/{id}", "", `{"pinned":true,"note":"unknown fields are checked too"}`},
			{"customer", "POST /api/v1/forum/topics/{id}/replies", "", `{"body":"Monthly here."}`},
			{"other", "PATCH /api/v1/forum/posts/{id}", "", `{"body":"Weekly, on Tuesdays."}`},
			// Meetings.
			{"employee", "POST /api/v1/meetings", "", meetingBody(f.acme, "Kickoff", start)},
			{"employee", "PUT /api/v1/meetings/{id}", "", meetingBody(f.acme, "Quarterly review", start)},
			// Support desk.
			{"admin", "POST /api/v1/admin/support/categories", "", `{"name":"Billing question","color":"#1d4ed8"}`},
			{"admin", "PATCH /api/v1/admin/support/categories/{id}", "", `{"name":"Technical","color":"#0f766e"}`},
			{"customer", "POST /api/v1/tickets", "", `{"title":"Bot is slow","description":"Answers take a minute.","priority":"high","category_id":"` + f.category + `"}`},
			{"employee", "PATCH /api/v1/tickets/{id}", "", `{"status":"in_progress","priority":"urgent","assigned_to":"` + env.ids["employee"] + `","category_id":"` + f.category + `"}`},
			{"customer", "POST /api/v1/tickets/{id}/responses", "", `{"content":"Any news?"}`},
			// Billing.
			{"admin", "PATCH /api/v1/admin/billing/subscriptions/{id}", "/api/v1/admin/billing/subscriptions/" + subs.Items[0].ID, `{"status":"past_due"}`},
			{"customer", "POST /functions/v1/stripe-checkout", "", `{"price_id":"price_chatbot_setup_monthly","success_url":"/checkout/success?success=true","cancel_url":"/portal/billing?canceled=true","mode":"subscription"}`},
			{"customer", "PUT /api/v1/billing/address", "", `{"lines":["1200 Harbor Way","Seattle, WA 98101"]}`},
			// Client workspace.
			{"employee", "POST /api/v1/projects", "", projectBody(f.acme, "Booking assistant")},
			{"employee", "PUT /api/v1/projects/{id}", "", projectBody(f.acme, "Support Chatbot")},
			{"employee", "POST /api/v1/projects/{id}/updates", "", `{"content":"Booking goes live next week.","progress":80}`},
			{"admin", "POST /api/v1/automations", "", automationBody(f.acme, "Invoice Bot")},
			{"employee", "PUT /api/v1/automations/{id}", "", automationBody(f.acme, "Support Bot")},
			{"ingest", "POST /api/v1/automations/{id}/runs/ingest", "", `{"outcome":"failure","items_processed":2,"message":"Timed out","started_at":"2026-01-05T10:00:00Z"}`},

			{"employee", "PATCH /api/v1/reports/{id}", "", `{"frequency":"weekly"}`},
			{"customer", "POST /api/v1/reports/{id}/generate", "", `{"period":"30d"}`},
			// The auth service.
			{"visitor", "POST /auth/v1/signup", "", `{"email":"new@example.com","password":"` + testPassword + `","data":{"full_name":"New Person"}}`},
			{"visitor", "POST /auth/v1/token", "/auth/v1/token?grant_type=password", `{"email":"customer@example.com","password":"` + testPassword + `"}`},
			{"visitor", "POST /auth/v1/token", "/auth/v1/token?grant_type=refresh_token", `{"refresh_token":"abcdefghijkl"}`},
			{"visitor", "POST /auth/v1/recover", "", `{"email":"customer@example.com"}`},
			{"visitor", "POST /auth/v1/otp", "", `{"email":"customer@example.com","data":{"full_name":"Casey"}}`},
			{"visitor", "POST /auth/v1/magiclink", "", `{"email":"customer@example.com"}`},
			{"visitor", "POST /auth/v1/verify", "", `{"type":"email","token":"123456","email":"customer@example.com"}`},
			{"visitor", "POST /auth/v1/verify", "", `{"type":"signup","token_hash":"abcdef0123456789"}`},
			{"visitor", "POST /auth/v1/resend", "", `{"type":"signup","email":"pending@example.com"}`},
			{"customer", "PUT /auth/v1/user", "", `{"data":{"full_name":"Casey Changed"},"password":"another-long-password"}`},
			{"customer", "POST /auth/v1/factors", "", `{"factor_type":"totp","friendly_name":"Laptop","issuer":"Growthdesk"}`},
			{"customer", "POST /auth/v1/factors/{id}/challenge", "/auth/v1/factors/" + factor.ID + "/challenge", `{"factor_id":"` + factor.ID + `"}`},
			{"customer", "POST /auth/v1/factors/{id}/verify", "/auth/v1/factors/" + factor.ID + "/verify", `{"challenge_id":"00000000-0000-0000-0000-000000000000","code":"123456"}`},
			{"customer", "POST /auth/v1/factors/recovery-codes", "", `{"friendly_name":"Backup codes"}`},
			{"customer", "POST /auth/v1/factors/recovery-codes/regenerate", "", `{"friendly_name":"Backup codes"}`},
			{"customer", "POST /auth/v1/factors/recovery-codes/verify", "", `{"code":"ab12c-d34ef"}`},
		}

		// Every declared write route has a row here or in noJSONBody.
		covered := map[string]bool{}
		for _, tc := range cases {
			covered[tc.route] = true
		}
		var writes []string
		for _, r := range append(server.APIRoutes(), server.FunctionRoutes()...) {
			writes = append(writes, r.Method+" "+r.Path)
		}
		for _, r := range auth.Routes() {
			writes = append(writes, r.Method+" /auth/v1"+r.Path)
		}
		declared := map[string]bool{}
		for _, key := range writes {
			declared[key] = true
			method, _, _ := strings.Cut(key, " ")
			if method != "POST" && method != "PUT" && method != "PATCH" {
				continue
			}
			_, exempt := noJSONBody[key]
			switch {
			case covered[key] && exempt:
				t.Errorf("%s is in the table and in noJSONBody", key)
			case !covered[key] && !exempt:
				t.Errorf("%s has no row in the control-character table (or, when it reads no JSON body, in noJSONBody)", key)
			}
		}
		for key := range noJSONBody {
			if !declared[key] {
				t.Errorf("noJSONBody names %s, which is not a route", key)
			}
		}
		for key := range covered {
			if !declared[key] {
				t.Errorf("the table names %s, which is not a route", key)
			}
		}

		before := env.snapshot(t, f.snapshotPaths()...)
		n := 0
		for _, tc := range cases {
			method, route, _ := strings.Cut(tc.route, " ")
			path := tc.path
			if path == "" {
				path = f.fill(route)
			}
			for _, field := range stringPaths(t, tc.body) {
				n++
				body := poisoned(t, tc.body, field)
				var res response
				if tc.role == "ingest" {
					res = env.do(t, method, path, "application/json", body, "Authorization", "Bearer "+f.ingestToken)
				} else {
					res = env.as(t, tc.role, method, path, body)
				}
				if res.status != http.StatusUnprocessableEntity {
					t.Errorf("%s %s with a NUL in %s: %d %s", method, path, field, res.status, res.body)
					continue
				}
				if !strings.HasPrefix(path, "/auth/") {
					var e struct {
						Code   string
						Fields map[string]string
					}
					if json.Unmarshal([]byte(res.body), &e) != nil || e.Code != "validation_failed" || len(e.Fields) != 1 || e.Fields[field] == "" {
						t.Errorf("%s %s with a NUL in %s: %s", method, path, field, res.body)
					}
				} else if !strings.Contains(res.body, `"error_code":"validation_failed"`) || !strings.Contains(res.body, `"msg":"`+field+`: `) {
					t.Errorf("%s %s with a NUL in %s: %s", method, path, field, res.body)
				}
			}
		}
		if n < 120 {
			t.Fatalf("only %d fields tried", n)
		}
		// The one write with a multipart body: its text field follows the same rule.
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		_ = mw.WriteField("response_id", f.response[:4]+"\x00"+f.response[4:])
		fw, _ := mw.CreateFormFile("files", "notes.txt")
		_, _ = fw.Write([]byte("hello"))
		_ = mw.Close()
		res := env.do(t, "POST", "/api/v1/tickets/"+f.ticket+"/attachments", mw.FormDataContentType(), buf.String(), "Authorization", "Bearer "+env.tokens["customer"])
		if res.status != http.StatusUnprocessableEntity || !strings.Contains(res.body, `"fields":{"response_id":`) {
			t.Errorf("attachment with a NUL in response_id: %d %s", res.status, res.body)
		}
		after := env.snapshot(t, f.snapshotPaths()...)
		for k, v := range before {
			if after[k] != v {
				t.Errorf("%s changed:\nbefore %s\nafter  %s", k, v, after[k])
			}
		}
	})
}

func TestControlCharacters_LineBreaksOnlyInMultilineFields(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newGuardEnv(t, db, guardOptions{})
		multi := strings.Replace(goodLead, "Answer patient questions after hours", `Answer patient questions\nafter hours:\n\t- nights\r\n\t- weekends`, 1)
		if res := env.do(t, "POST", "/api/v1/leads", "application/json", multi); res.status != http.StatusCreated {
			t.Fatalf("multi-line goal: %d %s", res.status, res.body)
		}
		leads, err := leadItems(env.leadStore.ListLeads(context.Background(), growthdesk.LeadFilter{Limit: 10}))
		if err != nil || len(leads) != 1 || !strings.Contains(leads[0].AutomationGoal, "\n\t- nights") {
			t.Fatalf("stored %+v (%v)", leads, err)
		}
		for _, tc := range []struct{ body, field, message string }{
			{strings.Replace(goodLead, "Dana Whitfield", `Dana\tWhitfield`, 1), "name", "Must not contain control characters."},
			{strings.Replace(goodLead, "Dana Whitfield", `Dana\nWhitfield`, 1), "name", "Must not contain control characters."},
			{strings.Replace(goodLead, "Whitfield Dental", `Whitfield\u007fDental`, 1), "company", "Must not contain control characters."},
			{strings.Replace(goodLead, "after hours", `after\u0001hours`, 1), "automation_goal", "Must not contain control characters other than line breaks and tabs."},
			{strings.Replace(goodLead, "after hours", `after\u0085hours`, 1), "automation_goal", "Must not contain control characters other than line breaks and tabs."},
		} {
			res := env.do(t, "POST", "/api/v1/leads", "application/json", tc.body)
			if res.status != http.StatusUnprocessableEntity || !strings.Contains(res.body, `"fields":{"`+tc.field+`":"`+tc.message+`"}`) {
				t.Errorf("%s: %d %s", tc.body, res.status, res.body)
			}
		}
		// Multi-line is decided by the field's name, wherever it is: not for full_name in data.
		res := env.do(t, "POST", "/auth/v1/signup", "application/json", `{"email":"lines@example.com","password":"`+testPassword+`","data":{"full_name":"Two\nLines"}}`)
		if res.status != http.StatusUnprocessableEntity || !strings.Contains(res.body, `data.full_name: Must not contain control characters.`) {
			t.Errorf("signup: %d %s", res.status, res.body)
		}
		if n := env.leadCount(t); n != 1 {
			t.Fatalf("stored %d leads, want 1", n)
		}
	})
}

func TestControlCharacters_InQueryAndPath(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newGuardEnv(t, db, guardOptions{})
		before := env.snapshot(t)
		for _, tc := range []struct {
			role, method, path string
			status             int
			contains           string
		}{
			{"admin", "GET", "/api/v1/admin/users?search=cus%00tomer", 422, `"fields":{"search":"Must not contain control characters."}`},
			{"admin", "GET", "/api/v1/admin/users?approval=pending%0A", 422, `"fields":{"approval":`},
			{"admin", "GET", "/api/v1/admin/leads?limit=1%00", 422, `"fields":{"limit":`},
			{"admin", "POST", "/api/v1/admin/users/" + env.ids["target"] + "%00/approve", 404, `"code":"not_found"`},
			{"admin", "POST", "/api/v1/admin/users/%00/reject", 404, `"code":"not_found"`},
			{"admin", "PATCH", "/api/v1/admin/users/%01" + env.ids["target"], 404, `"code":"not_found"`},
			{"customer", "DELETE", "/api/v1/sessions/%00", 404, `"code":"not_found"`},
			{"visitor", "GET", "/auth/v1/verify?type=signup&token=abc%00def", 422, `"msg":"Query parameter token: Must not contain control characters."`},
			{"visitor", "POST", "/auth/v1/token?grant_type=password%00", 422, `Query parameter grant_type`},
			{"customer", "POST", "/auth/v1/logout?scope=%00global", 422, `Query parameter scope`},
			{"visitor", "POST", "/auth/v1/signup?redirect_to=https://www.example.com/%00", 422, `Query parameter redirect_to`},
			{"customer", "POST", "/auth/v1/factors/%00/challenge", 404, `"error_code":"not_found"`},
			{"customer", "DELETE", "/auth/v1/factors/%00", 404, `"error_code":"not_found"`},
		} {
			res := env.as(t, tc.role, tc.method, tc.path, `{}`)
			if res.status != tc.status || !strings.Contains(res.body, tc.contains) {
				t.Errorf("%s %s: %d %s, want %d with %s", tc.method, tc.path, res.status, res.body, tc.status, tc.contains)
			}
		}
		after := env.snapshot(t)
		for k, v := range before {
			if after[k] != v {
				t.Errorf("%s changed:\nbefore %s\nafter  %s", k, v, after[k])
			}
		}
	})
}
