package server_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/server"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

func TestImpersonation_WhoMayImpersonateWhom(t *testing.T) {
	t.Parallel()
	env := newPortalEnv(t, storetest.SQLite(t))
	env.addUser(t, "employee2", "employee", true)
	env.addUser(t, "admin2", "admin", true)
	cases := []struct {
		who, target string
		want        int
	}{
		{"customer", "admin", 403},
		{"customer", "employee", 403},
		{"pending", "customer", 403},
		{"employee", "admin", 403},
		{"employee", "employee2", 403},
		{"employee", "employee", 403},
		{"admin", "admin", 403},
		{"admin", "admin2", 403},
		{"admin", "target", 403}, // not approved
		{"employee", "target", 403},
		{"employee", "customer", 201},
		{"admin", "employee2", 201},
		{"admin", "customer", 201},
	}
	for _, tc := range cases {
		res := env.as(t, tc.who, "POST", "/api/v1/impersonation", `{"target_user_id":"`+env.ids[tc.target]+`"}`)
		if res.status != tc.want {
			t.Errorf("%s impersonating %s: %d, want %d (%s)", tc.who, tc.target, res.status, tc.want, res.body)
		}
		if res.status == 201 {
			if end := env.as(t, tc.who, "DELETE", "/api/v1/impersonation", ""); end.status != 200 {
				t.Fatalf("end: %d %s", end.status, end.body)
			}
		}
	}
	for _, body := range []string{`{}`, `{"target_user_id":5}`, `{"target_user_id":"x"`, `{"target_user_id":"00000000-0000-4000-8000-000000000000"}`} {
		if res := env.as(t, "admin", "POST", "/api/v1/impersonation", body); res.status < 400 || res.status >= 500 || res.status == 403 {
			t.Errorf("bad start %s: %d %s", body, res.status, res.body)
		}
	}
	// The candidates: approved, lower role, never oneself.
	names := func(role string) string {
		var out []string
		for _, c := range decodeRes[[]growthdesk.ImpersonationTarget](t, env.as(t, role, "GET", "/api/v1/impersonation/candidates", "")) {
			out = append(out, c.FullName)
		}
		return fmt.Sprint(out)
	}
	if got := names("employee"); got != "[Customer]" {
		t.Errorf("employee's candidates: %s", got)
	}
	if got := names("admin"); got != "[Customer Employee employee2]" {
		t.Errorf("admin's candidates: %s", got)
	}
	if res := env.as(t, "admin", "GET", "/api/v1/impersonation/candidates?search=empl", ""); !strings.Contains(res.body, "employee2") || strings.Contains(res.body, "Customer") {
		t.Errorf("search: %s", res.body)
	}
	if res := env.as(t, "admin", "DELETE", "/api/v1/impersonation", ""); res.status != 404 || !strings.Contains(res.body, "No active impersonation session") {
		t.Errorf("end without one: %d %s", res.status, res.body)
	}
}

func TestImpersonation_ActsAsTheTargetAndNothingMore(t *testing.T) {
	t.Parallel()
	env := newPortalEnv(t, storetest.SQLite(t))
	org := decodeRes[growthdesk.Organization](t, env.as(t, "admin", "POST", "/api/v1/admin/organizations", `{"name":"Acme"}`))
	if res := env.as(t, "admin", "PATCH", "/api/v1/admin/users/"+env.ids["customer"], `{"organization_id":"`+org.ID+`"}`); res.status != 200 {
		t.Fatalf("set organization: %d %s", res.status, res.body)
	}
	ann := decodeRes[growthdesk.Announcement](t, env.as(t, "admin", "POST", "/api/v1/admin/announcements", `{"title":"Hello","content":"World"}`))

	reads := []string{"/api/v1/organization/members", "/api/v1/announcements", "/api/v1/profile/notifications"}
	asCustomer := map[string]string{}
	for _, path := range reads {
		asCustomer[path] = env.as(t, "customer", "GET", path, "").body
	}

	start := env.as(t, "admin", "POST", "/api/v1/impersonation", `{"target_user_id":"`+env.ids["customer"]+`"}`)
	if start.status != 201 {
		t.Fatalf("start: %d %s", start.status, start.body)
	}
	rec := decodeRes[growthdesk.Impersonation](t, start)
	if rec.AdminID != env.ids["admin"] || rec.TargetUserID != env.ids["customer"] || !rec.IsActive ||
		rec.ExpiresAt.Sub(rec.StartedAt) != growthdesk.ImpersonationDuration || rec.Target == nil || rec.Target.FullName != "Customer" {
		t.Fatalf("record: %+v", rec)
	}
	if cur := decodeRes[*growthdesk.Impersonation](t, env.as(t, "admin", "GET", "/api/v1/impersonation", "")); cur == nil || cur.ID != rec.ID {
		t.Fatalf("current: %+v", cur)
	}

	// The profile shows both accounts.
	p := decodeRes[growthdesk.Profile](t, env.as(t, "admin", "GET", "/api/v1/profile", ""))
	if p.ID != env.ids["customer"] || p.Role != "customer" || p.Impersonator == nil || p.Impersonator.ID != env.ids["admin"] {
		t.Fatalf("profile while impersonating: %+v", p)
	}
	// Reads are exactly the customer's.
	for _, path := range reads {
		if got := env.as(t, "admin", "GET", path, "").body; got != asCustomer[path] {
			t.Errorf("%s while impersonating:\n%s\nthe customer reads:\n%s", path, got, asCustomer[path])
		}
	}
	// No staff-only route works at staff level.
	for _, r := range server.APIRoutes() {
		if r.Access < growthdesk.AccessStaff || strings.HasPrefix(r.Path, "/api/v1/impersonation") {
			continue
		}
		path := pathParam.ReplaceAllString(r.Path, "00000000-0000-4000-8000-000000000000")
		body := ""
		if r.Method != "GET" && r.Method != "DELETE" {
			body = "{}"
		}
		if res := env.as(t, "admin", r.Method, path, body); res.status != 403 {
			t.Errorf("%s %s while impersonating a customer: %d, want 403", r.Method, r.Path, res.status)
		}
	}
	// Credentials, sessions, factors, calendar feeds and money are refused, with a clear message.
	for _, req := range []struct{ method, path, body string }{
		{"GET", "/api/v1/sessions", ""},
		{"DELETE", "/api/v1/sessions/00000000-0000-4000-8000-000000000000", ""},
		{"PUT", "/auth/v1/user", `{"password":"another-password-1"}`},
		{"PUT", "/auth/v1/user", `{"email":"new@example.com"}`},
		{"POST", "/auth/v1/factors", `{"factor_type":"totp"}`},
		{"POST", "/auth/v1/factors/00000000-0000-4000-8000-000000000000/challenge", "{}"},
		{"POST", "/auth/v1/factors/00000000-0000-4000-8000-000000000000/verify", `{"challenge_id":"00000000-0000-4000-8000-000000000000","code":"123456"}`},
		{"DELETE", "/auth/v1/factors/00000000-0000-4000-8000-000000000000", ""},
		{"GET", "/auth/v1/reauthenticate", ""},
		{"POST", "/api/v1/profile/calendar-feed", ""},
		{"POST", "/functions/v1/stripe-checkout", `{"price_id":"price_chatbot_setup_monthly"}`},
		{"POST", "/api/v1/billing/portal-session", `{"return_url":"/portal/billing"}`},
		{"POST", "/api/v1/billing/cancel", ""},
		{"POST", "/api/v1/billing/resume", ""},
	} {
		res := env.as(t, "admin", req.method, req.path, req.body)
		if res.status != 403 || !strings.Contains(strings.ToLower(res.body), "impersonat") && !strings.Contains(res.body, "acting as") {
			t.Errorf("%s %s while impersonating: %d %s", req.method, req.path, res.status, res.body)
		}
	}
	// Writes are the target's, audited with both accounts.
	if res := env.as(t, "admin", "POST", "/api/v1/announcements/"+ann.ID+"/dismiss", ""); res.status != 204 {
		t.Fatalf("dismiss as the customer: %d %s", res.status, res.body)
	}
	if got := env.as(t, "customer", "GET", "/api/v1/announcements", "").body; got != "[]\n" {
		t.Fatalf("the customer's own banners after the dismissal: %s", got)
	}

	end := env.as(t, "admin", "DELETE", "/api/v1/impersonation", "")
	if ended := decodeRes[growthdesk.Impersonation](t, end); end.status != 200 || ended.IsActive || ended.EndedAt == nil {
		t.Fatalf("end: %d %s", end.status, end.body)
	}
	if p := decodeRes[growthdesk.Profile](t, env.as(t, "admin", "GET", "/api/v1/profile", "")); p.ID != env.ids["admin"] || p.Impersonator != nil {
		t.Fatalf("profile after the end: %+v", p)
	}
	if res := env.as(t, "admin", "GET", "/api/v1/impersonation", ""); res.body != "null\n" {
		t.Fatalf("current after the end: %s", res.body)
	}
	if res := env.as(t, "admin", "GET", "/api/v1/sessions", ""); res.status != 200 {
		t.Fatalf("sessions after the end: %d", res.status)
	}
	audit := decodeRes[[]growthdesk.AuditEntry](t, env.as(t, "admin", "GET", "/api/v1/admin/audit-log", ""))
	seen := map[string]growthdesk.AuditEntry{}
	for _, e := range audit {
		seen[e.Action] = e
	}
	if e := seen[growthdesk.AuditAnnouncementDismiss]; e.ActorID != env.ids["admin"] || e.ActedAsID != env.ids["customer"] {
		t.Errorf("dismissal while impersonating: %+v", e)
	}
	if e := seen[growthdesk.AuditImpersonationStart]; e.ActorID != env.ids["admin"] || e.TargetID != env.ids["customer"] {
		t.Errorf("start: %+v", e)
	}
	if e := seen[growthdesk.AuditImpersonationEnd]; e.ActorID != env.ids["admin"] || e.ActedAsID != env.ids["customer"] || e.TargetID != env.ids["customer"] {
		t.Errorf("end: %+v", e)
	}
}

func TestImpersonation_EndsOnSignOutAndAfterAnHour(t *testing.T) {
	t.Parallel()
	env := newPortalEnv(t, storetest.SQLite(t))
	env.db.Now = env.clock.Now // one clock for the records and the audit log, as in the server
	start := func(token string) {
		t.Helper()
		res := env.do(t, "POST", "/api/v1/impersonation", "application/json", `{"target_user_id":"`+env.ids["customer"]+`"}`, "Authorization", "Bearer "+token)
		if res.status != 201 {
			t.Fatalf("start: %d %s", res.status, res.body)
		}
	}
	profileID := func(token string) string {
		t.Helper()
		return decodeRes[growthdesk.Profile](t, env.do(t, "GET", "/api/v1/profile", "", "", "Authorization", "Bearer "+token)).ID
	}

	// Sign-out ends it: the record is closed, and a new session acts as the staff member.
	token := env.signIn(t, "admin@example.com")
	start(token)
	if profileID(token) != env.ids["customer"] {
		t.Fatal("not acting as the customer")
	}
	other := env.signIn(t, "admin@example.com")
	if profileID(other) != env.ids["admin"] {
		t.Fatal("another session of the staff member acts as the target too")
	}
	// The impersonation belongs to its session: another session of the same staff member
	// neither sees it nor ends it (GET and DELETE agree).
	if res := env.do(t, "GET", "/api/v1/impersonation", "", "", "Authorization", "Bearer "+other); res.body != "null\n" {
		t.Fatalf("another session reads the impersonation: %s", res.body)
	}
	if res := env.do(t, "DELETE", "/api/v1/impersonation", "", "", "Authorization", "Bearer "+other); res.status != 404 || !strings.Contains(res.body, "No active impersonation session") {
		t.Fatalf("another session ends the impersonation: %d %s", res.status, res.body)
	}
	if profileID(token) != env.ids["customer"] {
		t.Fatal("the impersonation was ended from another session")
	}
	if res := env.do(t, "POST", "/auth/v1/logout?scope=local", "", "", "Authorization", "Bearer "+token); res.status != 204 {
		t.Fatalf("logout: %d %s", res.status, res.body)
	}
	if res := env.do(t, "GET", "/api/v1/impersonation", "", "", "Authorization", "Bearer "+other); res.body != "null\n" {
		t.Fatalf("after sign-out: %s", res.body)
	}
	if res := env.do(t, "DELETE", "/api/v1/impersonation", "", "", "Authorization", "Bearer "+other); res.status != 404 {
		t.Fatalf("a record outlived its session: %d %s", res.status, res.body)
	}

	// Starting again replaces the active record; after 60 minutes it ends by itself.
	start(other)
	start(other)
	env.clock.Advance(growthdesk.ImpersonationDuration - time.Second)
	if profileID(other) != env.ids["customer"] {
		t.Fatal("ended before the hour")
	}
	env.clock.Advance(time.Second)
	if profileID(other) != env.ids["admin"] {
		t.Fatal("still impersonating after the hour")
	}
	if res := env.do(t, "PUT", "/auth/v1/user", "application/json", `{"data":{"x":1}}`, "Authorization", "Bearer "+other); res.status != 200 {
		t.Fatalf("credentials after the hour: %d %s", res.status, res.body)
	}
	if res := env.do(t, "DELETE", "/api/v1/impersonation", "", "", "Authorization", "Bearer "+other); res.status != 404 {
		t.Fatalf("an expired record could be ended: %d %s", res.status, res.body)
	}

	// A target that is rejected meanwhile is no longer acted as.
	env.clock.Advance(time.Second)
	start(other)
	if res := env.as(t, "employee", "POST", "/api/v1/admin/users/"+env.ids["customer"]+"/reject", ""); res.status != 200 {
		t.Fatalf("reject: %d %s", res.status, res.body)
	}
	if profileID(other) != env.ids["admin"] {
		t.Fatal("still acting as a rejected account")
	}

	// Every end is in the audit log, attributed to the admin, with its reason.
	var reasons []string
	for _, e := range decodeRes[[]growthdesk.AuditEntry](t, env.as(t, "employee", "GET", "/api/v1/admin/audit-log", "")) {
		if e.Action != growthdesk.AuditImpersonationEnd {
			continue
		}
		if e.ActorID != env.ids["admin"] || e.TargetID != env.ids["customer"] {
			t.Errorf("end entry: %+v", e)
		}
		reasons = append([]string{fmt.Sprint(e.Details["reason"])}, reasons...)
	}
	want := []string{growthdesk.ImpersonationSignedOut, growthdesk.ImpersonationReplaced, growthdesk.ImpersonationExpired, growthdesk.ImpersonationTargetGone}
	if fmt.Sprint(reasons) != fmt.Sprint(want) {
		t.Errorf("end reasons in the audit log: %v, want %v", reasons, want)
	}
}

func TestImpersonation_AnEmployeeTargetKeepsEmployeeRightsOnly(t *testing.T) {
	t.Parallel()
	env := newPortalEnv(t, storetest.SQLite(t))
	env.addUser(t, "employee2", "employee", true)
	if res := env.as(t, "admin", "POST", "/api/v1/impersonation", `{"target_user_id":"`+env.ids["employee2"]+`"}`); res.status != 201 {
		t.Fatalf("start: %d %s", res.status, res.body)
	}
	// Staff routes work at the employee's level...
	if res := env.as(t, "admin", "GET", "/api/v1/admin/users", ""); res.status != 200 {
		t.Fatalf("list accounts as the employee: %d %s", res.status, res.body)
	}
	// ...and no higher: only administrators change roles, and an employee approves customers only.
	if res := env.as(t, "admin", "PATCH", "/api/v1/admin/users/"+env.ids["customer"], `{"role":"employee"}`); res.status != 403 {
		t.Fatalf("role change as the employee: %d %s", res.status, res.body)
	}
	if res := env.as(t, "admin", "POST", "/api/v1/admin/users/"+env.ids["employee"]+"/reject", ""); res.status != 403 {
		t.Fatalf("rejecting an employee as an employee: %d %s", res.status, res.body)
	}
	// The candidates are a staff tool: while the session acts as someone, they are refused
	// (neither the admin's list nor the employee's), though the impersonation itself can still
	// be read and ended, on the admin.
	if res := env.as(t, "admin", "GET", "/api/v1/impersonation/candidates", ""); res.status != 403 || !strings.Contains(res.body, "End the impersonation first") {
		t.Fatalf("candidates while impersonating: %d %s", res.status, res.body)
	}
	if cur := decodeRes[*growthdesk.Impersonation](t, env.as(t, "admin", "GET", "/api/v1/impersonation", "")); cur == nil || cur.AdminID != env.ids["admin"] || cur.TargetUserID != env.ids["employee2"] {
		t.Fatalf("current while impersonating: %+v", cur)
	}
	// A write is the employee's, attributed to both.
	created := decodeRes[growthdesk.Announcement](t, env.as(t, "admin", "POST", "/api/v1/admin/announcements", `{"title":"T","content":"C"}`))
	if created.CreatedBy == nil || *created.CreatedBy != env.ids["employee2"] {
		t.Fatalf("created by: %+v", created)
	}
	if res := env.as(t, "admin", "DELETE", "/api/v1/impersonation", ""); res.status != 200 {
		t.Fatalf("end: %d %s", res.status, res.body)
	}
	if res := env.as(t, "admin", "GET", "/api/v1/impersonation/candidates", ""); res.status != 200 || !strings.Contains(res.body, "employee2@example.com") {
		t.Fatalf("candidates after the end: %d %s", res.status, res.body)
	}
	for _, e := range decodeRes[[]growthdesk.AuditEntry](t, env.as(t, "admin", "GET", "/api/v1/admin/audit-log", "")) {
		if e.Action == growthdesk.AuditAnnouncementCreate && (e.ActorID != env.ids["admin"] || e.ActedAsID != env.ids["employee2"]) {
			t.Fatalf("audit of the write: %+v", e)
		}
	}
}
