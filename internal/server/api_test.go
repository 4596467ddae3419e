package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"

	"github.com/growthdesk/growthdesk/internal/auth"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// portalEnv is the whole server on a real database with the real auth service; callers
// sign in through /auth/v1 like the browser does.
type portalEnv struct {
	*testEnv
	auth   *auth.Service
	outbox *store.MailOutbox
	ids    map[string]string // role name → user id
	tokens map[string]string // role name → access token
}

const testPassword = "correct-horse-battery"

func newPortalEnv(t *testing.T, db *store.DB) *portalEnv {
	t.Helper()
	return newGuardEnv(t, db, guardOptions{})
}

func (e *portalEnv) signIn(t *testing.T, email string) string {
	t.Helper()
	res := e.do(t, "POST", "/auth/v1/token?grant_type=password", "application/json",
		fmt.Sprintf(`{"email":%q,"password":%q}`, email, testPassword))
	if res.status != 200 {
		t.Fatalf("sign in %s: %d %s", email, res.status, res.body)
	}
	var s struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.Unmarshal([]byte(res.body), &s); err != nil || s.AccessToken == "" {
		t.Fatalf("no access token: %s", res.body)
	}
	return s.AccessToken
}

// as sends a request with the role's access token ("visitor": none).
func (e *portalEnv) as(t *testing.T, role, method, path, body string) response {
	t.Helper()
	ct := ""
	if body != "" {
		ct = "application/json"
	}
	if role == "visitor" {
		return e.do(t, method, path, ct, body)
	}
	return e.do(t, method, path, ct, body, "Authorization", "Bearer "+e.tokens[role])
}

func TestPortalAPI_RoleByEndpoint(t *testing.T) {
	t.Parallel()
	env := newPortalEnv(t, storetest.SQLite(t))
	roles := []string{"visitor", "pending", "customer", "employee", "admin"}
	n := 0
	org := newOrg(t, env, "Role Org")
	cases := []struct {
		method, path, body string
		want               [5]int // visitor, pending, customer, employee, admin
	}{
		{"GET", "/api/v1/profile", "", [5]int{401, 200, 200, 200, 200}},
		{"PATCH", "/api/v1/profile", `{"full_name":"New Name"}`, [5]int{401, 200, 200, 200, 200}},
		{"GET", "/api/v1/profile/notifications", "", [5]int{401, 403, 200, 200, 200}},
		{"PUT", "/api/v1/profile/notifications", `{"email":true,"ticket_updates":false,"forum_replies":true}`, [5]int{401, 403, 200, 200, 200}},
		{"GET", "/api/v1/sessions", "", [5]int{401, 403, 200, 200, 200}},
		{"GET", "/api/v1/admin/users", "", [5]int{401, 403, 403, 200, 200}},
		{"GET", "/api/v1/admin/users?approval=pending&search=target", "", [5]int{401, 403, 403, 200, 200}},
		{"POST", "/api/v1/admin/users/{target}/approve", `{"organization_id":"{org}"}`, [5]int{401, 403, 403, 200, 200}},
		{"POST", "/api/v1/admin/users/{target2}/reject", "", [5]int{401, 403, 403, 200, 200}},
		{"PATCH", "/api/v1/admin/users/{target}", `{"role":"employee"}`, [5]int{401, 403, 403, 403, 200}},
		{"GET", "/api/v1/admin/organizations", "", [5]int{401, 403, 403, 200, 200}},
		{"POST", "/api/v1/admin/organizations", `{"name":"Org {n}"}`, [5]int{401, 403, 403, 201, 201}},
		{"GET", "/api/v1/admin/audit-log", "", [5]int{401, 403, 403, 200, 200}},
		{"GET", "/api/v1/admin/leads", "", [5]int{401, 403, 403, 200, 200}},
		{"GET", "/api/v1/admin/emails", "", [5]int{401, 403, 403, 200, 200}},
	}
	for _, tc := range cases {
		for i, role := range roles {
			n++
			path := strings.NewReplacer("{target}", env.ids["target"], "{target2}", env.ids["target2"]).Replace(tc.path)
			body := strings.NewReplacer("{n}", fmt.Sprint(n), "{org}", org).Replace(tc.body)
			res := env.as(t, role, tc.method, path, body)
			if res.status != tc.want[i] {
				t.Errorf("%s %s as %s: %d, want %d (%s)", tc.method, tc.path, role, res.status, tc.want[i], res.body)
			}
			if res.status >= 400 && !strings.Contains(res.body, `"message":"`) {
				t.Errorf("%s %s as %s: error without a message: %s", tc.method, tc.path, role, res.body)
			}
		}
	}
}

func TestPortalAPI_ApprovalMailsAndAudits(t *testing.T) {
	t.Parallel()
	env := newPortalEnv(t, storetest.SQLite(t))
	target := env.ids["target"]
	res := env.as(t, "employee", "POST", "/api/v1/admin/users/"+target+"/approve", `{"organization_id":"`+newOrg(t, env, "Acme")+`"}`)
	if res.status != 200 || !strings.Contains(res.body, `"approval_status":"approved"`) {
		t.Fatalf("approve: %d %s", res.status, res.body)
	}
	mails, err := env.outbox.ListMail(context.Background(), 50)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, m := range mails {
		if m.Email.Kind == growthdesk.EmailApproval && m.Email.To == "target@example.com" && strings.Contains(m.Email.Text, testSiteURL+"/portal/login") {
			found = true
		}
	}
	if !found {
		t.Fatalf("no approval e-mail for target@example.com in %d messages", len(mails))
	}
	log := env.as(t, "admin", "GET", "/api/v1/admin/audit-log", "")
	for _, want := range []string{`"action":"account.approve"`, `"actor_email":"employee@example.com"`, `"target_email":"target@example.com"`} {
		if !strings.Contains(log.body, want) {
			t.Errorf("audit log lacks %s: %s", want, log.body)
		}
	}
	// The approved user now gets past the approval gate.
	if res := env.as(t, "target", "GET", "/api/v1/profile/notifications", ""); res.status != 200 {
		t.Fatalf("approved user: %d %s", res.status, res.body)
	}
}

func TestPortalAPI_RoleRules(t *testing.T) {
	t.Parallel()
	env := newPortalEnv(t, storetest.SQLite(t))
	cases := []struct {
		name, role, path, body string
		status                 int
		contains               string
	}{
		{"admin cannot change own role", "admin", "/api/v1/admin/users/" + env.ids["admin"], `{"role":"customer"}`, 403, "your own role"},
		{"employee cannot make an admin", "employee", "/api/v1/admin/users/" + env.ids["customer"], `{"role":"admin"}`, 403, "Only administrators"},
		{"employee cannot move an admin", "employee", "/api/v1/admin/users/" + env.ids["admin"], `{"organization_id":null}`, 403, "administrator"},
		{"unknown role", "admin", "/api/v1/admin/users/" + env.ids["customer"], `{"role":"owner"}`, 422, `"role"`},
		{"role of the wrong type", "admin", "/api/v1/admin/users/" + env.ids["customer"], `{"role":5}`, 422, `"role"`},
		{"unknown organization", "admin", "/api/v1/admin/users/" + env.ids["customer"], `{"organization_id":"nope"}`, 404, "organization"},
		{"nothing to change", "admin", "/api/v1/admin/users/" + env.ids["customer"], `{}`, 422, "role"},
		{"unknown user", "admin", "/api/v1/admin/users/00000000-0000-0000-0000-000000000000", `{"role":"employee"}`, 404, "no such account"},
		{"malformed JSON", "admin", "/api/v1/admin/users/" + env.ids["customer"], `{"role":`, 400, "bad_json"},
		{"number past float64", "admin", "/api/v1/admin/users/" + env.ids["customer"], `{"role":"employee","weight":[1,-2e400]}`, 422, `"weight[1]":"Must be a number between`},
	}
	for _, tc := range cases {
		res := env.as(t, tc.role, "PATCH", tc.path, tc.body)
		if res.status != tc.status || !strings.Contains(res.body, tc.contains) {
			t.Errorf("%s: %d %s, want %d containing %q", tc.name, res.status, res.body, tc.status, tc.contains)
		}
	}
	// None of the refused changes happened.
	acct := env.as(t, "admin", "GET", "/api/v1/admin/users?search=customer@", "")
	if !strings.Contains(acct.body, `"role":"customer"`) || !strings.Contains(acct.body, `"organization_id":null`) {
		t.Fatalf("customer changed: %s", acct.body)
	}
	self := env.as(t, "admin", "GET", "/api/v1/profile", "")
	if !strings.Contains(self.body, `"role":"admin"`) {
		t.Fatalf("admin changed own role: %s", self.body)
	}

	// Organizations: create, duplicate, assign.
	org := env.as(t, "employee", "POST", "/api/v1/admin/organizations", `{"name":"  Acme   Dental "}`)
	if org.status != 201 || !strings.Contains(org.body, `"name":"Acme Dental"`) {
		t.Fatalf("create organization: %d %s", org.status, org.body)
	}
	if dup := env.as(t, "admin", "POST", "/api/v1/admin/organizations", `{"name":"acme dental"}`); dup.status != 409 {
		t.Fatalf("duplicate organization: %d %s", dup.status, dup.body)
	}
	if empty := env.as(t, "admin", "POST", "/api/v1/admin/organizations", `{"name":"   "}`); empty.status != 422 {
		t.Fatalf("blank organization: %d %s", empty.status, empty.body)
	}
	var o struct{ ID string }
	_ = json.Unmarshal([]byte(org.body), &o)
	moved := env.as(t, "employee", "PATCH", "/api/v1/admin/users/"+env.ids["customer"], `{"organization_id":"`+o.ID+`"}`)
	if moved.status != 200 || !strings.Contains(moved.body, `"organization_name":"Acme Dental"`) {
		t.Fatalf("assign organization: %d %s", moved.status, moved.body)
	}
	if me := env.as(t, "customer", "GET", "/api/v1/profile", ""); !strings.Contains(me.body, `"organization_id":"`+o.ID+`"`) {
		t.Fatalf("customer's profile: %s", me.body)
	}
}

func TestPortalAPI_RejectSignsTheUserOut(t *testing.T) {
	t.Parallel()
	env := newPortalEnv(t, storetest.SQLite(t))
	if res := env.as(t, "customer", "GET", "/api/v1/profile", ""); res.status != 200 {
		t.Fatalf("before: %d", res.status)
	}
	if res := env.as(t, "admin", "POST", "/api/v1/admin/users/"+env.ids["customer"]+"/reject", ""); res.status != 200 {
		t.Fatalf("reject: %d %s", res.status, res.body)
	}
	if res := env.as(t, "customer", "GET", "/api/v1/profile", ""); res.status != 401 {
		t.Fatalf("rejected user's old token: %d %s", res.status, res.body)
	}
}

func TestPortalAPI_ProfileAndSessions(t *testing.T) {
	t.Parallel()
	env := newPortalEnv(t, storetest.SQLite(t))
	bad := env.as(t, "customer", "PATCH", "/api/v1/profile", `{"full_name":"","avatar_url":"javascript:alert(1)"}`)
	if bad.status != 422 || !strings.Contains(bad.body, `"full_name"`) || !strings.Contains(bad.body, `"avatar_url"`) {
		t.Fatalf("bad profile update: %d %s", bad.status, bad.body)
	}
	ok := env.as(t, "customer", "PATCH", "/api/v1/profile", `{"full_name":" Casey Q ","avatar_url":"https://img.example.com/c.png"}`)
	if ok.status != 200 || !strings.Contains(ok.body, `"full_name":"Casey Q"`) || !strings.Contains(ok.body, `"avatar_url":"https://img.example.com/c.png"`) {
		t.Fatalf("profile update: %d %s", ok.status, ok.body)
	}
	if missing := env.as(t, "customer", "PUT", "/api/v1/profile/notifications", `{"email":false}`); missing.status != 422 {
		t.Fatalf("partial notifications: %d %s", missing.status, missing.body)
	}
	env.as(t, "customer", "PUT", "/api/v1/profile/notifications", `{"email":false,"ticket_updates":true,"forum_replies":false}`)
	if got := env.as(t, "customer", "GET", "/api/v1/profile/notifications", ""); got.body != `{"email":false,"ticket_updates":true,"forum_replies":false}`+"\n" {
		t.Fatalf("notifications: %s", got.body)
	}

	second := env.signIn(t, "customer@example.com")
	list := env.as(t, "customer", "GET", "/api/v1/sessions", "")
	var sessions []growthdesk.SessionInfo
	if err := json.Unmarshal([]byte(list.body), &sessions); err != nil || len(sessions) != 2 {
		t.Fatalf("sessions: %s", list.body)
	}
	current, other := 0, ""
	for _, s := range sessions {
		if s.Current {
			current++
		} else {
			other = s.ID
		}
	}
	if current != 1 || other == "" {
		t.Fatalf("sessions: %s", list.body)
	}
	// Someone else's session is not found, and stays.
	if res := env.as(t, "admin", "DELETE", "/api/v1/sessions/"+other, ""); res.status != 404 {
		t.Fatalf("revoking another user's session: %d %s", res.status, res.body)
	}
	if res := env.as(t, "customer", "DELETE", "/api/v1/sessions/"+other, ""); res.status != 204 {
		t.Fatalf("revoke: %d %s", res.status, res.body)
	}
	if res := env.do(t, "GET", "/api/v1/profile", "", "", "Authorization", "Bearer "+second); res.status != 401 {
		t.Fatalf("revoked session's token: %d %s", res.status, res.body)
	}
	if res := env.as(t, "customer", "GET", "/api/v1/profile", ""); res.status != 200 {
		t.Fatalf("current session after revoking the other: %d", res.status)
	}
	if res := env.do(t, "GET", "/api/v1/profile", "", "", "Authorization", "Bearer not-a-jwt"); res.status != 401 {
		t.Fatalf("garbage token: %d", res.status)
	}
}

func TestPortalAPI_SecondFactorMustBePassed(t *testing.T) {
	t.Parallel()
	env := newPortalEnv(t, storetest.SQLite(t))
	// The customer enrolls and verifies a TOTP factor, which lifts this session to aal2.
	enroll := env.as(t, "customer", "POST", "/auth/v1/factors", `{"factor_type":"totp","friendly_name":"Phone"}`)
	var factor struct {
		ID   string `json:"id"`
		TOTP struct {
			Secret string `json:"secret"`
		} `json:"totp"`
	}
	if err := json.Unmarshal([]byte(enroll.body), &factor); err != nil || factor.ID == "" {
		t.Fatalf("enroll: %d %s", enroll.status, enroll.body)
	}
	// Each code is accepted once; the second verification uses the next code, which the
	// server's one step of clock skew accepts now.
	verify := func(token string, at time.Time) response {
		ch := env.do(t, "POST", "/auth/v1/factors/"+factor.ID+"/challenge", "application/json", `{}`, "Authorization", "Bearer "+token)
		var c struct{ ID string }
		_ = json.Unmarshal([]byte(ch.body), &c)
		code, err := totp.GenerateCode(factor.TOTP.Secret, at)
		if err != nil {
			t.Fatal(err)
		}
		return env.do(t, "POST", "/auth/v1/factors/"+factor.ID+"/verify", "application/json",
			fmt.Sprintf(`{"challenge_id":%q,"code":%q}`, c.ID, code), "Authorization", "Bearer "+token)
	}
	if res := verify(env.tokens["customer"], time.Now()); res.status != 200 {
		t.Fatalf("verify: %d %s", res.status, res.body)
	}

	// A new password sign-in is aal1: it may read its profile and nothing else.
	aal1 := env.signIn(t, "customer@example.com")
	call := func(method, path, body string) response {
		ct := ""
		if body != "" {
			ct = "application/json"
		}
		return env.do(t, method, path, ct, body, "Authorization", "Bearer "+aal1)
	}
	if res := call("GET", "/api/v1/profile", ""); res.status != 200 {
		t.Fatalf("profile at aal1: %d %s", res.status, res.body)
	}
	for _, r := range []struct{ method, path, body string }{
		{"GET", "/api/v1/profile/notifications", ""},
		{"GET", "/api/v1/sessions", ""},
		{"PATCH", "/api/v1/profile", `{"full_name":"Mallory"}`},
	} {
		if res := call(r.method, r.path, r.body); res.status != 403 || !strings.Contains(res.body, "authenticator app") {
			t.Errorf("%s %s at aal1: %d %s", r.method, r.path, res.status, res.body)
		}
	}
	// After the code, the same session is aal2 and gets through.
	res := verify(aal1, time.Now().Add(30*time.Second))
	var sess struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.Unmarshal([]byte(res.body), &sess); err != nil || sess.AccessToken == "" {
		t.Fatalf("second verify: %d %s", res.status, res.body)
	}
	if res := env.do(t, "GET", "/api/v1/profile/notifications", "", "", "Authorization", "Bearer "+sess.AccessToken); res.status != 200 {
		t.Fatalf("aal2: %d %s", res.status, res.body)
	}
}

// addUser creates an approved, confirmed account of role and signs it in under name.
func (e *portalEnv) addUser(t *testing.T, name, role string, approved bool) {
	t.Helper()
	u, err := e.auth.CreateUser(context.Background(), auth.CreateUserParams{
		Email: name + "@example.com", Password: testPassword, FullName: name, Role: role, Approved: approved, Confirmed: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	e.ids[name] = u.ID
	e.tokens[name] = e.signIn(t, name+"@example.com")
}

// decodeRes decodes a JSON answer.
func decodeRes[T any](t *testing.T, res response) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(res.body), &v); err != nil {
		t.Fatalf("decode %q: %v", res.body, err)
	}
	return v
}

// newOrg creates an organization as the admin and returns its id.
func newOrg(t *testing.T, env *portalEnv, name string) string {
	t.Helper()
	res := env.as(t, "admin", "POST", "/api/v1/admin/organizations", `{"name":"`+name+`"}`)
	if res.status != 201 {
		t.Fatalf("create organization %s: %d %s", name, res.status, res.body)
	}
	return decode[growthdesk.Organization](t, res.body).ID
}
