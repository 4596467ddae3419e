package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// poisoned returns body (a JSON object) with a NUL put into the string at path
// ("data.full_name").
func poisoned(t *testing.T, body, path string) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(body), &m); err != nil {
		t.Fatalf("test body %s: %v", body, err)
	}
	keys := strings.Split(path, ".")
	obj := m
	for _, k := range keys[:len(keys)-1] {
		obj = obj[k].(map[string]any)
	}
	last := keys[len(keys)-1]
	s, ok := obj[last].(string)
	if !ok {
		t.Fatalf("test body %s has no string at %s", body, path)
	}
	obj[last] = s[:len(s)/2] + "\x00" + s[len(s)/2:]
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `\u0000`) {
		t.Fatalf("no NUL in %s", b)
	}
	return string(b)
}

// stringPaths lists the paths of every string in a JSON object, nested objects included.
func stringPaths(t *testing.T, body string) []string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(body), &m); err != nil {
		t.Fatalf("test body %s: %v", body, err)
	}
	var paths []string
	var walk func(prefix string, m map[string]any)
	walk = func(prefix string, m map[string]any) {
		for k, v := range m {
			switch v := v.(type) {
			case string:
				paths = append(paths, prefix+k)
			case map[string]any:
				walk(prefix+k+".", v)
			}
		}
	}
	walk("", m)
	if len(paths) == 0 {
		t.Fatalf("test body %s has no string", body)
	}
	return paths
}

// snapshot is everything a refused request could have changed, as the API and the auth
// service show it.
func (e *portalEnv) snapshot(t *testing.T) map[string]string {
	t.Helper()
	ctx := context.Background()
	s := map[string]string{}
	for _, get := range []struct{ role, path string }{
		{"admin", "/api/v1/admin/users"},
		{"admin", "/api/v1/admin/organizations"},
		{"admin", "/api/v1/admin/audit-log"},
		{"admin", "/api/v1/admin/leads"},
		{"customer", "/api/v1/profile"},
		{"customer", "/api/v1/profile/notifications"},
		{"customer", "/api/v1/sessions"},
		{"customer", "/auth/v1/user"},
	} {
		res := e.as(t, get.role, "GET", get.path, "")
		if res.status != http.StatusOK {
			t.Fatalf("snapshot %s: %d %s", get.path, res.status, res.body)
		}
		s[get.path] = res.body
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

func TestControlCharacters_EveryStringOfEveryBodyIsRefusedByName(t *testing.T) {
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newGuardEnv(t, db, guardOptions{})
		// An unverified factor of the customer, for the factor endpoints.
		enroll := env.as(t, "customer", "POST", "/auth/v1/factors", `{"factor_type":"totp","friendly_name":"Phone"}`)
		var factor struct{ ID string }
		if err := json.Unmarshal([]byte(enroll.body), &factor); err != nil || factor.ID == "" {
			t.Fatalf("enroll: %d %s", enroll.status, enroll.body)
		}
		target := env.ids["target"]
		cases := []struct {
			role, method, path, body string
		}{
			{"visitor", "POST", "/api/v1/leads", goodLead},
			{"visitor", "POST", "/api/v1/newsletter", `{"email":"new@example.com","source":"footer"}`},
			{"customer", "PATCH", "/api/v1/profile", `{"full_name":"Casey Q","avatar_url":"https://img.example.com/c.png"}`},
			{"customer", "PUT", "/api/v1/profile/notifications", `{"email":false,"ticket_updates":true,"forum_replies":false,"note":"unknown fields are checked too"}`},
			{"admin", "POST", "/api/v1/admin/organizations", `{"name":"Acme Dental"}`},
			{"admin", "PATCH", "/api/v1/admin/users/" + target, `{"role":"employee"}`},
			{"admin", "PATCH", "/api/v1/admin/users/" + target, `{"organization_id":"00000000-0000-0000-0000-000000000000"}`},
			{"visitor", "POST", "/auth/v1/signup", `{"email":"new@example.com","password":"` + testPassword + `","data":{"full_name":"New Person"}}`},
			{"visitor", "POST", "/auth/v1/token?grant_type=password", `{"email":"customer@example.com","password":"` + testPassword + `"}`},
			{"visitor", "POST", "/auth/v1/token?grant_type=refresh_token", `{"refresh_token":"abcdefghijkl"}`},
			{"visitor", "POST", "/auth/v1/recover", `{"email":"customer@example.com"}`},
			{"visitor", "POST", "/auth/v1/otp", `{"email":"customer@example.com","data":{"full_name":"Casey"}}`},
			{"visitor", "POST", "/auth/v1/verify", `{"type":"email","token":"123456","email":"customer@example.com"}`},
			{"visitor", "POST", "/auth/v1/verify", `{"type":"signup","token_hash":"abcdef0123456789"}`},
			{"visitor", "POST", "/auth/v1/resend", `{"type":"signup","email":"pending@example.com"}`},
			{"customer", "PUT", "/auth/v1/user", `{"data":{"full_name":"Casey Changed"},"password":"another-long-password"}`},
			{"customer", "POST", "/auth/v1/factors", `{"factor_type":"totp","friendly_name":"Laptop","issuer":"Growthdesk"}`},
			{"customer", "POST", "/auth/v1/factors/" + factor.ID + "/challenge", `{"factor_id":"` + factor.ID + `"}`},
			{"customer", "POST", "/auth/v1/factors/" + factor.ID + "/verify", `{"challenge_id":"00000000-0000-0000-0000-000000000000","code":"123456"}`},
		}
		before := env.snapshot(t)
		n := 0
		for _, tc := range cases {
			for _, field := range stringPaths(t, tc.body) {
				n++
				res := env.as(t, tc.role, tc.method, tc.path, poisoned(t, tc.body, field))
				if res.status != http.StatusUnprocessableEntity {
					t.Errorf("%s %s with a NUL in %s: %d %s", tc.method, tc.path, field, res.status, res.body)
					continue
				}
				if strings.HasPrefix(tc.path, "/api/") {
					var e struct {
						Code   string
						Fields map[string]string
					}
					if json.Unmarshal([]byte(res.body), &e) != nil || e.Code != "validation_failed" || len(e.Fields) != 1 || e.Fields[field] == "" {
						t.Errorf("%s %s with a NUL in %s: %s", tc.method, tc.path, field, res.body)
					}
				} else if !strings.Contains(res.body, `"error_code":"validation_failed"`) || !strings.Contains(res.body, `"msg":"`+field+`: `) {
					t.Errorf("%s %s with a NUL in %s: %s", tc.method, tc.path, field, res.body)
				}
			}
		}
		if n < 35 {
			t.Fatalf("only %d fields tried", n)
		}
		after := env.snapshot(t)
		for k, v := range before {
			if after[k] != v {
				t.Errorf("%s changed:\nbefore %s\nafter  %s", k, v, after[k])
			}
		}
	})
}

func TestControlCharacters_LineBreaksOnlyInMultilineFields(t *testing.T) {
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newGuardEnv(t, db, guardOptions{})
		multi := strings.Replace(goodLead, "Answer patient questions after hours", `Answer patient questions\nafter hours:\n\t- nights\r\n\t- weekends`, 1)
		if res := env.do(t, "POST", "/api/v1/leads", "application/json", multi); res.status != http.StatusCreated {
			t.Fatalf("multi-line goal: %d %s", res.status, res.body)
		}
		leads, err := env.leadStore.ListLeads(context.Background(), 10)
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
