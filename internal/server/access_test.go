package server_test

import (
	"context"
	"encoding/json"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/growthdesk/growthdesk/internal/auth"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/server"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// wantAccess is who may call each API route. A new route fails this test until it has its
// row here, so that nobody adds a route without deciding who may call it.
var wantAccess = map[string]growthdesk.Access{
	"POST /api/v1/leads":                    growthdesk.AccessPublic,
	"POST /api/v1/newsletter":               growthdesk.AccessPublic,
	"POST /api/v1/newsletter/confirm":       growthdesk.AccessPublic,
	"POST /api/v1/newsletter/unsubscribe":   growthdesk.AccessPublic,
	"POST /api/v1/client-errors":            growthdesk.AccessPublic,
	"GET /api/v1/profile":                   growthdesk.AccessSignedIn,
	"PATCH /api/v1/profile":                 growthdesk.AccessSignedIn,
	"GET /api/v1/profile/notifications":     growthdesk.AccessApproved,
	"PUT /api/v1/profile/notifications":     growthdesk.AccessApproved,
	"GET /api/v1/sessions":                  growthdesk.AccessApproved,
	"DELETE /api/v1/sessions/{id}":          growthdesk.AccessApproved,
	"GET /api/v1/organization/members":      growthdesk.AccessApproved,
	"GET /api/v1/admin/users":               growthdesk.AccessStaff,
	"POST /api/v1/admin/users/{id}/approve": growthdesk.AccessStaff,
	"POST /api/v1/admin/users/{id}/reject":  growthdesk.AccessStaff,
	"PATCH /api/v1/admin/users/{id}":        growthdesk.AccessStaff,
	"GET /api/v1/admin/organizations":       growthdesk.AccessStaff,
	"POST /api/v1/admin/organizations":      growthdesk.AccessStaff,
	"GET /api/v1/admin/audit-log":           growthdesk.AccessStaff,
	"GET /api/v1/admin/leads":               growthdesk.AccessStaff,
	"GET /api/v1/admin/leads/{id}":          growthdesk.AccessStaff,
	"PATCH /api/v1/admin/leads/{id}":        growthdesk.AccessStaff,
	"GET /api/v1/admin/emails":              growthdesk.AccessStaff,

	// The admin dashboard and the community forum.
	"GET /api/v1/admin/dashboard":            growthdesk.AccessStaff,
	"GET /api/v1/forum/topics":               growthdesk.AccessApproved,
	"POST /api/v1/forum/topics":              growthdesk.AccessApproved,
	"GET /api/v1/forum/topics/{id}":          growthdesk.AccessApproved,
	"PATCH /api/v1/forum/topics/{id}":        growthdesk.AccessStaff,
	"DELETE /api/v1/forum/topics/{id}":       growthdesk.AccessStaff,
	"POST /api/v1/forum/topics/{id}/replies": growthdesk.AccessApproved,
	"PATCH /api/v1/forum/posts/{id}":         growthdesk.AccessApproved,
	"DELETE /api/v1/forum/posts/{id}":        growthdesk.AccessStaff,

	// Announcements and impersonation.
	"GET /api/v1/announcements":               growthdesk.AccessApproved,
	"POST /api/v1/announcements/{id}/dismiss": growthdesk.AccessApproved,
	"GET /api/v1/admin/announcements":         growthdesk.AccessStaff,
	"POST /api/v1/admin/announcements":        growthdesk.AccessStaff,
	"PATCH /api/v1/admin/announcements/{id}":  growthdesk.AccessStaff,
	"DELETE /api/v1/admin/announcements/{id}": growthdesk.AccessStaff,
	"GET /api/v1/impersonation":               growthdesk.AccessStaff,
	"POST /api/v1/impersonation":              growthdesk.AccessStaff,
	"DELETE /api/v1/impersonation":            growthdesk.AccessStaff,
	"GET /api/v1/impersonation/candidates":    growthdesk.AccessStaff,

	// Client workspace: meetings, calendars and the dashboard.
	"GET /api/v1/meetings":                  growthdesk.AccessApproved,
	"POST /api/v1/meetings":                 growthdesk.AccessStaff,
	"GET /api/v1/meetings/{id}":             growthdesk.AccessApproved,
	"PUT /api/v1/meetings/{id}":             growthdesk.AccessStaff,
	"POST /api/v1/meetings/{id}/complete":   growthdesk.AccessStaff,
	"POST /api/v1/meetings/{id}/cancel":     growthdesk.AccessApproved,
	"GET /api/v1/meetings/{id}/meeting.ics": growthdesk.AccessApproved,
	"GET /api/v1/profile/calendar-feed":     growthdesk.AccessApproved,
	"POST /api/v1/profile/calendar-feed":    growthdesk.AccessApproved,
	"GET /api/v1/calendar/{feed}":           growthdesk.AccessPublic,
	"GET /api/v1/dashboard":                 growthdesk.AccessApproved,

	// Support desk.
	"GET /api/v1/support/categories":              growthdesk.AccessApproved,
	"GET /api/v1/admin/support/categories":        growthdesk.AccessAdmin,
	"POST /api/v1/admin/support/categories":       growthdesk.AccessAdmin,
	"PATCH /api/v1/admin/support/categories/{id}": growthdesk.AccessAdmin,
	"GET /api/v1/tickets":                         growthdesk.AccessApproved,
	"GET /api/v1/tickets/summary":                 growthdesk.AccessStaff,
	"POST /api/v1/tickets":                        growthdesk.AccessApproved,
	"GET /api/v1/tickets/{id}":                    growthdesk.AccessApproved,
	"PATCH /api/v1/tickets/{id}":                  growthdesk.AccessStaff,
	"DELETE /api/v1/tickets/{id}":                 growthdesk.AccessStaff,
	"POST /api/v1/tickets/{id}/responses":         growthdesk.AccessApproved,
	"POST /api/v1/tickets/{id}/attachments":       growthdesk.AccessApproved,
	"GET /api/v1/attachments/{id}":                growthdesk.AccessApproved,

	// Billing.
	"GET /api/v1/billing/plans":                       growthdesk.AccessApproved,
	"GET /api/v1/billing":                             growthdesk.AccessApproved,
	"POST /api/v1/billing/portal-session":             growthdesk.AccessApproved,
	"POST /api/v1/billing/cancel":                     growthdesk.AccessApproved,
	"POST /api/v1/billing/resume":                     growthdesk.AccessApproved,
	"GET /api/v1/billing/checkout-sessions/{id}":      growthdesk.AccessApproved,
	"PUT /api/v1/billing/address":                     growthdesk.AccessApproved,
	"GET /api/v1/billing/invoices/{id}":               growthdesk.AccessApproved,
	"GET /api/v1/billing/invoices/{id}/pdf":           growthdesk.AccessApproved,
	"GET /api/v1/admin/billing/subscriptions":         growthdesk.AccessAdmin,
	"GET /api/v1/admin/billing/subscriptions.csv":     growthdesk.AccessAdmin,
	"PATCH /api/v1/admin/billing/subscriptions/{id}":  growthdesk.AccessAdmin,
	"DELETE /api/v1/admin/billing/subscriptions/{id}": growthdesk.AccessAdmin,
	"GET /api/v1/admin/billing/summary":               growthdesk.AccessAdmin,

	// Client workspace: projects, automations, reports.
	"GET /api/v1/projects":                      growthdesk.AccessApproved,
	"POST /api/v1/projects":                     growthdesk.AccessStaff,
	"GET /api/v1/projects/{id}":                 growthdesk.AccessApproved,
	"PUT /api/v1/projects/{id}":                 growthdesk.AccessStaff,
	"DELETE /api/v1/projects/{id}":              growthdesk.AccessStaff,
	"POST /api/v1/projects/{id}/updates":        growthdesk.AccessStaff,
	"GET /api/v1/automations":                   growthdesk.AccessApproved,
	"POST /api/v1/automations":                  growthdesk.AccessStaff,
	"GET /api/v1/automations/{id}":              growthdesk.AccessApproved,
	"PUT /api/v1/automations/{id}":              growthdesk.AccessStaff,
	"DELETE /api/v1/automations/{id}":           growthdesk.AccessStaff,
	"POST /api/v1/automations/{id}/pause":       growthdesk.AccessApproved,
	"POST /api/v1/automations/{id}/resume":      growthdesk.AccessApproved,
	"POST /api/v1/automations/{id}/token":       growthdesk.AccessStaff,
	"GET /api/v1/automations/{id}/runs":         growthdesk.AccessApproved,
	"POST /api/v1/automations/{id}/runs/ingest": growthdesk.AccessPublic,
	"GET /api/v1/reports":                       growthdesk.AccessApproved,
	"GET /api/v1/reports/summary":               growthdesk.AccessApproved,
	"PATCH /api/v1/reports/{id}":                growthdesk.AccessStaff,
	"POST /api/v1/reports/{id}/generate":        growthdesk.AccessApproved,
	"GET /api/v1/reports/{id}/file":             growthdesk.AccessApproved,
}

// roleLevel is the highest access level each test role reaches.
var roleLevel = map[string]growthdesk.Access{
	"visitor":  growthdesk.AccessPublic,
	"pending":  growthdesk.AccessSignedIn,
	"customer": growthdesk.AccessApproved,
	"employee": growthdesk.AccessStaff,
	"admin":    growthdesk.AccessAdmin,
}

var pathParam = regexp.MustCompile(`\{[a-z_]+\}`)

// ownTokenRefusal is how a public route authorized by a secret of its own (not a session)
// refuses the made-up one this test sends: every role gets past the session gate and then
// this refusal, which the route's own test covers.
var ownTokenRefusal = map[string]string{
	"POST /api/v1/automations/{id}/runs/ingest": "Send this automation's token as Authorization: Bearer",
}

// TestAPIRoutes_EveryRouteByRole calls every declared route as every role: roles below the
// declared access are refused (401 without a session, 403 otherwise) before anything runs;
// roles at or above it get past the gate (any answer but 401 and 403, here mostly 404 for an
// unknown id or 422 for an empty body). A method the route's path does not take answers 405
// with Allow to every role alike: the method is settled before who calls.
func TestAPIRoutes_EveryRouteByRole(t *testing.T) {
	t.Parallel()
	checkRoutesByRole(t, server.APIRoutes(), wantAccess, "wantAccess")
}

// checkRoutesByRole compares the declared routes with the table want (named table in
// messages) and calls each route as every role.
func checkRoutesByRole(t *testing.T, routes []server.Route, want map[string]growthdesk.Access, table string) {
	t.Helper()
	declared := map[string]bool{}
	for _, r := range routes {
		key := r.Method + " " + r.Path
		declared[key] = true
		access, ok := want[key]
		if !ok {
			t.Errorf("%s is declared %s but has no row in %s", key, r.Access, table)
		} else if r.Access != access {
			t.Errorf("%s is declared %s, want %s", key, r.Access, access)
		}
	}
	for key := range want {
		if !declared[key] {
			t.Errorf("%s has a row in %s but no route", key, table)
		}
	}

	env := newPortalEnv(t, storetest.SQLite(t))
	std := newStandardMux(routes)
	for _, r := range routes {
		path := pathParam.ReplaceAllString(r.Path, "00000000-0000-4000-8000-000000000000")
		if method, allow := std.wrongMethod(path); method != "" {
			for _, role := range []string{"visitor", "pending", "customer", "employee", "admin"} {
				if res := env.as(t, role, method, path, ""); res.status != 405 || res.header.Get("Allow") != allow {
					t.Errorf("%s %s as %s (the path takes %s): %d, Allow %q %s", method, r.Path, role, allow, res.status, res.header.Get("Allow"), res.body)
				}
			}
		}
		body := ""
		if r.Method != "GET" && r.Method != "DELETE" {
			body = "{}"
		}
		for _, role := range []string{"visitor", "pending", "customer", "employee", "admin"} {
			res := env.as(t, role, r.Method, path, body)
			allowed := roleLevel[role] >= r.Access
			if refusal := ownTokenRefusal[r.Method+" "+r.Path]; refusal != "" && res.status == 401 && strings.Contains(jsonMessage(res.body), refusal) {
				continue
			}
			switch {
			case allowed && (res.status == 401 || res.status == 403):
				t.Errorf("%s %s as %s (declared %s): refused with %d %s", r.Method, r.Path, role, r.Access, res.status, res.body)
			case !allowed && role == "visitor" && res.status != 401:
				t.Errorf("%s %s as visitor: %d, want 401", r.Method, r.Path, res.status)
			case !allowed && role != "visitor" && res.status != 403:
				t.Errorf("%s %s as %s (declared %s): %d, want 403", r.Method, r.Path, role, r.Access, res.status)
			case res.status >= 500:
				t.Errorf("%s %s as %s: %d %s", r.Method, r.Path, role, res.status, res.body)
			}
		}
	}
}

// wantAuthAccess is who may call each /auth/v1 route, and the status class an allowed
// caller gets for the bare request the test sends (an empty JSON object as body). A new auth
// route fails TestAuthRoutes_EveryRouteByRole until it has its row here.
var wantAuthAccess = map[string]struct {
	access auth.Access
	class  int // 2, 3 or 4: the hundreds digit of an allowed caller's answer
}{
	"POST /signup":                 {auth.AccessPublic, 4}, // no e-mail address
	"POST /token":                  {auth.AccessPublic, 4}, // no grant type
	"POST /logout":                 {auth.AccessSignedIn, 2},
	"GET /user":                    {auth.AccessSignedIn, 2},
	"PUT /user":                    {auth.AccessOwner, 2}, // nothing to change
	"GET /reauthenticate":          {auth.AccessOwner, 2}, // mails a code
	"POST /recover":                {auth.AccessPublic, 4},
	"POST /otp":                    {auth.AccessPublic, 4},
	"POST /magiclink":              {auth.AccessPublic, 4},
	"POST /resend":                 {auth.AccessPublic, 4},
	"GET /verify":                  {auth.AccessPublic, 3}, // a browser visit: redirected with the error
	"POST /verify":                 {auth.AccessPublic, 4},
	"POST /factors":                {auth.AccessOwner, 4}, // no factor type
	"POST /factors/{id}/challenge": {auth.AccessOwner, 4}, // no such factor
	"POST /factors/{id}/verify":    {auth.AccessOwner, 4},
	"DELETE /factors/{id}":         {auth.AccessOwner, 4},
	// Recovery codes: none set up, no authenticator app, no code.
	"GET /factors/recovery-codes":             {auth.AccessOwner, 4},
	"POST /factors/recovery-codes":            {auth.AccessOwner, 4},
	"DELETE /factors/recovery-codes":          {auth.AccessOwner, 4},
	"POST /factors/recovery-codes/regenerate": {auth.AccessOwner, 4},
	"POST /factors/recovery-codes/verify":     {auth.AccessOwner, 4},
	"GET /.well-known/jwks.json":              {auth.AccessPublic, 2},
	"GET /settings":                           {auth.AccessPublic, 2},
	"GET /health":                             {auth.AccessPublic, 2},
}

// TestAuthRoutes_EveryRouteByRole calls every declared /auth/v1 route as every role:
// visitors get 401 on the routes that need a session, before anything runs; every allowed
// caller gets the route's status class. A staff member impersonating a customer gets 403 on
// the routes reserved to the account's owner (credentials and two-factor devices).
func TestAuthRoutes_EveryRouteByRole(t *testing.T) {
	t.Parallel()
	routes := auth.Routes()
	declared := map[string]bool{}
	for _, r := range routes {
		key := r.Method + " " + r.Path
		declared[key] = true
		if want, ok := wantAuthAccess[key]; !ok {
			t.Errorf("%s is declared %s but has no row in wantAuthAccess", key, r.Access)
		} else if r.Access != want.access {
			t.Errorf("%s is declared %s, want %s", key, r.Access, want.access)
		}
	}
	for key := range wantAuthAccess {
		if !declared[key] {
			t.Errorf("%s has a row in wantAuthAccess but no route", key)
		}
	}

	env := newPortalEnv(t, storetest.SQLite(t))
	// In a second session the employee impersonates the customer: that session acts as the
	// customer.
	impersonating := env.signIn(t, "employee@example.com")
	if res := env.do(t, "POST", "/api/v1/impersonation", "application/json", `{"target_user_id":"`+env.ids["customer"]+`"}`,
		"Authorization", "Bearer "+impersonating); res.status >= 300 {
		t.Fatalf("start impersonation: %d %s", res.status, res.body)
	}
	roles := []string{"visitor", "pending", "customer", "employee", "admin"}
	// Signing out ends every session of the account (scope global): it goes last.
	sort.SliceStable(routes, func(i, j int) bool { return routes[i].Path != "/logout" && routes[j].Path == "/logout" })
	for _, r := range routes {
		want := wantAuthAccess[r.Method+" "+r.Path]
		path := "/auth/v1" + pathParam.ReplaceAllString(r.Path, "00000000-0000-4000-8000-000000000000")
		body := ""
		if r.Method != "GET" && r.Method != "DELETE" {
			body = "{}"
		}
		for _, role := range append(roles, "impersonating") {
			who, token := role, ""
			switch role {
			case "visitor":
			case "impersonating":
				who, token = "employee", impersonating
			default:
				token = env.tokens[role]
			}
			headers := []string{}
			if token != "" {
				headers = []string{"Authorization", "Bearer " + token}
			}
			ct := ""
			if body != "" {
				ct = "application/json"
			}
			res := env.do(t, r.Method, path, ct, body, headers...)
			switch {
			case res.status >= 500:
				t.Errorf("%s %s as %s: %d %s", r.Method, r.Path, role, res.status, res.body)
			case role == "visitor" && r.Access != auth.AccessPublic:
				if res.status != 401 {
					t.Errorf("%s %s as visitor: %d, want 401", r.Method, r.Path, res.status)
				}
			case role == "impersonating" && r.Access == auth.AccessOwner:
				if res.status != 403 || !strings.Contains(res.body, "impersonating") {
					t.Errorf("%s %s while %s impersonates: %d %s, want 403", r.Method, r.Path, who, res.status, res.body)
				}
			case role == "impersonating" && r.Path == "/logout":
				// Signing out ends the staff member's session; it is checked as employee above.
			case res.status == 401 || res.status == 403:
				t.Errorf("%s %s as %s (declared %s): refused with %d %s", r.Method, r.Path, role, r.Access, res.status, res.body)
			case res.status/100 != want.class:
				t.Errorf("%s %s as %s: %d %s, want %dxx", r.Method, r.Path, role, res.status, res.body, want.class)
			}
		}
	}
}

// TestStaffAnswers_NeverCarryAnotherAccountsLiveSecret is the takeover path of the security
// review, widened to every staff answer: an employee asks for a password reset of an admin
// and reads the mail log; reads a customer's checkout session in the audit log and pays it;
// and so on. After every action that makes a secret (recovery, magic link and sign-up codes
// and links, reauthentication, the newsletter's links, a checkout link, the card page link,
// a calendar feed, an automation's ingestion token, sessions' access tokens), every GET route
// staff may call is read as employee and as admin, and none may hold one of those secrets.
func TestStaffAnswers_NeverCarryAnotherAccountsLiveSecret(t *testing.T) {
	t.Parallel()
	f := newFixture(t, storetest.SQLite(t))
	secrets := map[string]string{} // secret → what it is
	add := func(what, secret string) {
		t.Helper()
		if len(secret) < 6 {
			t.Fatalf("%s: secret %q too short to look for", what, secret)
		}
		secrets[secret] = what
	}

	// E-mailed codes and links: recovery and magic links of an admin and of the customer,
	// a sign-up's confirmation, the customer's reauthentication, a newsletter sign-up.
	for _, req := range []struct{ path, body string }{
		{"/auth/v1/recover", `{"email":"admin@example.com"}`},
		{"/auth/v1/otp", `{"email":"admin@example.com"}`},
		{"/auth/v1/recover", `{"email":"customer@example.com"}`},
		{"/auth/v1/magiclink", `{"email":"customer@example.com"}`},
		{"/auth/v1/signup", `{"email":"newcomer@example.com","password":"` + testPassword + `"}`},
		{"/api/v1/newsletter", `{"email":"reader@example.com","source":"footer"}`},
	} {
		if res := f.do(t, "POST", req.path, "application/json", req.body); res.status >= 300 {
			t.Fatalf("%s: %d %s", req.path, res.status, res.body)
		}
	}
	if res := f.as(t, "customer", "GET", "/auth/v1/reauthenticate", ""); res.status != 200 {
		t.Fatalf("reauthenticate: %d %s", res.status, res.body)
	}
	mails, err := f.outbox.ListMail(context.Background(), 500)
	if err != nil {
		t.Fatal(err)
	}
	codeRe := regexp.MustCompile(`\b\d{6}\b`)
	tokenRe := regexp.MustCompile(`token=([^&\s"]+)`)
	mailed := 0
	for _, m := range mails {
		switch m.Email.To {
		case "admin@example.com", "customer@example.com", "newcomer@example.com", "reader@example.com":
		default:
			continue
		}
		for _, code := range codeRe.FindAllString(m.Email.Text, -1) {
			add(m.Email.Kind+" code to "+m.Email.To, code)
			mailed++
		}
		for _, match := range tokenRe.FindAllStringSubmatch(m.Email.Text, -1) {
			add(m.Email.Kind+" link to "+m.Email.To, match[1])
			mailed++
		}
	}
	if mailed < 6 {
		t.Fatalf("expected the mails to carry a code and link tokens, found %v", secrets)
	}

	// A checkout link and the card page link of the customer.
	checkout := f.as(t, "customer", "POST", "/functions/v1/stripe-checkout", `{"price_id":"price_chatbot_setup_monthly"}`)
	_, key := checkoutLink(t, checkout.body)
	add("checkout link key", key)
	portal := jsonField(t, f.as(t, "customer", "POST", "/api/v1/billing/portal-session", "").body, "url")
	add("card page link", portal[strings.LastIndex(portal, "/")+1:])
	// The customer's calendar feed.
	feed := jsonField(t, f.as(t, "customer", "POST", "/api/v1/profile/calendar-feed", "").body, "url")
	add("calendar feed", strings.TrimSuffix(feed[strings.LastIndex(feed, "/")+1:], ".ics"))
	// An automation's ingestion token, the one it was created with and the rotated one.
	add("ingestion token at creation", f.ingestToken)
	add("rotated ingestion token", jsonField(t, f.as(t, "admin", "POST", "/api/v1/automations/"+f.automation+"/token", "").body, "token"))
	// The customer's session.
	add("customer's access token", f.tokens["customer"])

	routes := append(server.APIRoutes(), server.FunctionRoutes()...)
	read, ok := 0, 0
	for _, r := range routes {
		if r.Method != "GET" || r.Access == growthdesk.AccessPublic {
			continue
		}
		path := f.fill(r.Path)
		for _, role := range []string{"employee", "admin"} {
			for _, q := range []string{"", "?limit=500&organization=" + f.acme} {
				res := f.as(t, role, "GET", path+q, "")
				read++
				if res.status >= 500 {
					t.Errorf("GET %s as %s: %d %s", path+q, role, res.status, res.body)
				}
				if res.status == 200 {
					ok++
				}
				for secret, what := range secrets {
					if strings.Contains(res.body, secret) {
						t.Errorf("GET %s as %s carries the %s (%q)", path+q, role, what, secret)
					}
				}
			}
		}
	}
	if ok < 100 {
		t.Fatalf("only %d of %d staff reads answered 200: the sweep reads too little", ok, read)
	}
	// The mail log shows that something was removed.
	if res := f.as(t, "employee", "GET", "/api/v1/admin/emails?limit=500", ""); !strings.Contains(res.body, "[link removed]") || !strings.Contains(res.body, "admin@example.com") {
		t.Errorf("mail log shows no redaction marker: %s", res.body)
	}
}

// TestPortalAPI_EmployeesManageCustomersOnly: employees approve, reject and move customers;
// nobody changes their own approval or organization; admins manage everyone else.
func TestPortalAPI_EmployeesManageCustomersOnly(t *testing.T) {
	t.Parallel()
	env := newPortalEnv(t, storetest.SQLite(t))
	org := env.as(t, "admin", "POST", "/api/v1/admin/organizations", `{"name":"Acme"}`)
	orgID := regexp.MustCompile(`"id":"([^"]+)"`).FindStringSubmatch(org.body)[1]
	second := env.signUpStaff(t, "employee2@example.com", "employee")

	cases := []struct {
		name, role, method, path, body string
		status                         int
	}{
		{"employee cannot reject another employee", "employee", "POST", "/api/v1/admin/users/" + second + "/reject", "", 403},
		{"employee cannot reject themselves", "employee", "POST", "/api/v1/admin/users/" + env.ids["employee"] + "/reject", "", 403},
		{"employee cannot move themselves", "employee", "PATCH", "/api/v1/admin/users/" + env.ids["employee"], `{"organization_id":"` + orgID + `"}`, 403},
		{"employee cannot move another employee", "employee", "PATCH", "/api/v1/admin/users/" + second, `{"organization_id":"` + orgID + `"}`, 403},
		{"admin cannot move themselves", "admin", "PATCH", "/api/v1/admin/users/" + env.ids["admin"], `{"organization_id":"` + orgID + `"}`, 403},
		{"admin cannot reject themselves", "admin", "POST", "/api/v1/admin/users/" + env.ids["admin"] + "/reject", "", 403},
		{"employee moves a customer", "employee", "PATCH", "/api/v1/admin/users/" + env.ids["customer"], `{"organization_id":"` + orgID + `"}`, 200},
		{"admin moves an employee", "admin", "PATCH", "/api/v1/admin/users/" + second, `{"organization_id":"` + orgID + `"}`, 200},
		{"admin rejects an employee", "admin", "POST", "/api/v1/admin/users/" + second + "/reject", "", 200},
	}
	for _, tc := range cases {
		if res := env.as(t, tc.role, tc.method, tc.path, tc.body); res.status != tc.status {
			t.Errorf("%s: %d %s, want %d", tc.name, res.status, res.body, tc.status)
		}
	}
	// The refused changes left the employee where they were.
	me := env.as(t, "employee", "GET", "/api/v1/profile", "")
	if !strings.Contains(me.body, `"organization_id":null`) || !strings.Contains(me.body, `"approval_status":"approved"`) {
		t.Fatalf("employee's own account changed: %s", me.body)
	}
}

// signUpStaff creates one more approved account with the role and returns its id.
func (e *portalEnv) signUpStaff(t *testing.T, email, role string) string {
	t.Helper()
	u, err := e.auth.CreateUser(context.Background(), auth.CreateUserParams{
		Email: email, Password: testPassword, FullName: "Second " + role, Role: role, Approved: true, Confirmed: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}

func TestTeam_MembersOfTheCallersOrganizationOnly(t *testing.T) {
	t.Parallel()
	env := newPortalEnv(t, storetest.SQLite(t))
	idOf := regexp.MustCompile(`"id":"([^"]+)"`)
	acme := idOf.FindStringSubmatch(env.as(t, "admin", "POST", "/api/v1/admin/organizations", `{"name":"Acme"}`).body)[1]
	beta := idOf.FindStringSubmatch(env.as(t, "admin", "POST", "/api/v1/admin/organizations", `{"name":"Beta"}`).body)[1]

	if res := env.as(t, "customer", "GET", "/api/v1/organization/members", ""); res.status != 409 || !strings.Contains(res.body, "not part of an organization") {
		t.Fatalf("customer without organization: %d %s", res.status, res.body)
	}
	env.as(t, "admin", "PATCH", "/api/v1/admin/users/"+env.ids["customer"], `{"organization_id":"`+acme+`"}`)
	other := env.signUpStaff(t, "other@beta.example", "customer")
	env.as(t, "admin", "PATCH", "/api/v1/admin/users/"+other, `{"organization_id":"`+beta+`"}`)

	// Naming another organization changes nothing for a customer.
	res := env.as(t, "customer", "GET", "/api/v1/organization/members?organization="+beta, "")
	if res.status != 200 || !strings.Contains(res.body, "customer@example.com") || strings.Contains(res.body, "other@beta.example") {
		t.Fatalf("customer's team: %d %s", res.status, res.body)
	}
	if res := env.as(t, "employee", "GET", "/api/v1/organization/members", ""); res.status != 422 || !strings.Contains(res.body, `"organization"`) {
		t.Fatalf("staff without an organization filter: %d %s", res.status, res.body)
	}
	res = env.as(t, "employee", "GET", "/api/v1/organization/members?organization="+beta, "")
	if res.status != 200 || !strings.Contains(res.body, "other@beta.example") || strings.Contains(res.body, "customer@example.com") {
		t.Fatalf("staff reading Beta: %d %s", res.status, res.body)
	}
}

// jsonMessage returns the "message" of an error body ("" when there is none).
func jsonMessage(body string) string {
	var e struct {
		Message string `json:"message"`
	}
	_ = json.Unmarshal([]byte(body), &e)
	return e.Message
}

// TestWorkspace_ACustomerWithoutOrganizationIsToldWhy: a customer who belongs to no
// organization yet gets 409 with the reason from the routes of an organization's workspace,
// never a 404 that says the route does not exist.
func TestWorkspace_ACustomerWithoutOrganizationIsToldWhy(t *testing.T) {
	t.Parallel()
	env := newSupportEnv(t, storetest.SQLite(t))
	for _, tc := range []struct{ method, path, body string }{
		{"GET", "/api/v1/tickets", ""},
		{"POST", "/api/v1/tickets", `{"title":"Help","description":"Please"}`},
		{"GET", "/api/v1/projects", ""},
		{"GET", "/api/v1/automations", ""},
		{"GET", "/api/v1/meetings", ""},
		{"GET", "/api/v1/reports", ""},
		{"GET", "/api/v1/organization/members", ""},
	} {
		res := env.as(t, "loner", tc.method, tc.path, tc.body)
		if res.status != 409 || !strings.Contains(res.body, "not part of an organization yet") {
			t.Errorf("%s %s as a customer without organization: %d %s", tc.method, tc.path, res.status, res.body)
		}
	}
	// No route without an id in its path answers such a customer 404.
	for _, r := range server.APIRoutes() {
		if strings.Contains(r.Path, "{") || r.Access == growthdesk.AccessPublic || (r.Method != "GET" && r.Method != "POST") {
			continue
		}
		if res := env.as(t, "loner", r.Method, r.Path, `{}`); res.status == 404 {
			t.Errorf("%s %s as a customer without organization: 404 %s", r.Method, r.Path, res.body)
		}
	}
}
