package server_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

func TestAdminDashboard_TilesCountTheData(t *testing.T) {
	t.Parallel()
	env := newPortalEnv(t, storetest.SQLite(t))
	orgs := map[string]string{}
	for _, name := range []string{"Acme", "Beta"} {
		res := env.as(t, "admin", "POST", "/api/v1/admin/organizations", `{"name":"`+name+`"}`)
		if res.status != 201 {
			t.Fatalf("create %s: %d %s", name, res.status, res.body)
		}
		orgs[name] = decode[growthdesk.Organization](t, res.body).ID
	}
	env.as(t, "employee", "POST", "/api/v1/admin/users/"+env.ids["target"]+"/approve", `{"organization_id":"`+orgs["Acme"]+`"}`)

	var admin growthdesk.AdminDashboard
	res := env.as(t, "admin", "GET", "/api/v1/admin/dashboard", "")
	if res.status != 200 || json.Unmarshal([]byte(res.body), &admin) != nil {
		t.Fatalf("admin dashboard: %d %s", res.status, res.body)
	}
	// newPortalEnv made six accounts (one pending, two unapproved targets).
	if admin.TotalUsers != 6 || admin.Organizations != 2 || admin.OpenTickets != 0 {
		t.Errorf("tiles: users %d, organizations %d, open tickets %d", admin.TotalUsers, admin.Organizations, admin.OpenTickets)
	}
	if admin.MonthlyRevenueCents == nil || *admin.MonthlyRevenueCents != 0 {
		t.Errorf("admin's revenue: %v, want 0 until billing exists", admin.MonthlyRevenueCents)
	}
	if len(admin.Growth) != 12 {
		t.Fatalf("growth months: %d", len(admin.Growth))
	}
	last := admin.Growth[11]
	if last.Month != time.Now().UTC().Format("2006-01") || last.Accounts != 6 || last.Organizations != 2 {
		t.Errorf("this month's growth: %+v", last)
	}
	if len(admin.TicketStatus) != 4 || admin.TicketStatus[0].Status != "open" {
		t.Errorf("ticket statuses: %+v", admin.TicketStatus)
	}
	if len(admin.RecentActivity) == 0 {
		t.Fatal("no recent activity")
	}
	newest := admin.RecentActivity[0]
	if newest.Action != growthdesk.AuditApprove || newest.ActorName != "Employee" || newest.TargetName != "Target" {
		t.Errorf("newest activity: %+v", newest)
	}

	res = env.as(t, "employee", "GET", "/api/v1/admin/dashboard", "")
	if res.status != 200 || !strings.Contains(res.body, `"monthly_revenue_cents":null`) || !strings.Contains(res.body, `"total_users":6`) {
		t.Errorf("employee dashboard: %d %s", res.status, res.body)
	}

	// One person's own changes stay in the audit log but out of Recent Activity; what staff
	// did comes with its target's name.
	ann := decodeRes[growthdesk.Announcement](t, env.as(t, "employee", "POST", "/api/v1/admin/announcements", `{"title":"Maintenance","content":"Sunday."}`))
	for _, req := range [][3]string{
		{"POST", "/api/v1/announcements/" + ann.ID + "/dismiss", ""},
		{"PATCH", "/api/v1/profile", `{"full_name":"Casey C."}`},
		{"PUT", "/api/v1/profile/notifications", `{"email":true,"ticket_updates":false,"forum_replies":true}`},
		{"POST", "/api/v1/profile/calendar-feed", ""},
	} {
		if res := env.as(t, "customer", req[0], req[1], req[2]); res.status >= 300 {
			t.Fatalf("%s %s: %d %s", req[0], req[1], res.status, res.body)
		}
	}
	env.do(t, "POST", "/auth/v1/token?grant_type=password", "application/json", `{"email":"customer@example.com","password":"wrong-password-1"}`)
	admin = decodeRes[growthdesk.AdminDashboard](t, env.as(t, "admin", "GET", "/api/v1/admin/dashboard", ""))
	if newest := admin.RecentActivity[0]; newest.Action != growthdesk.AuditAnnouncementCreate || newest.TargetName != "Maintenance" || !newest.TargetExists {
		t.Errorf("newest activity after the customer's own changes: %+v", newest)
	}
	for _, e := range admin.RecentActivity {
		for _, hidden := range growthdesk.ActivityHidden {
			if e.Action == hidden {
				t.Errorf("Recent Activity shows %s", e.Action)
			}
		}
	}
	log := env.as(t, "admin", "GET", "/api/v1/admin/audit-log", "").body
	for _, hidden := range growthdesk.ActivityHidden {
		if hidden != growthdesk.AuditMFAFailed && hidden != growthdesk.AuditOTPFailed && hidden != growthdesk.AuditImpersonationRequest &&
			!strings.Contains(log, `"action":"`+hidden+`"`) {
			t.Errorf("the audit log lacks %s", hidden)
		}
	}
}

func TestDashboard_RealFiguresForTheCaller(t *testing.T) {
	t.Parallel()
	w := newWorkspaceEnv(t)
	res := w.as(t, "customer", "GET", "/api/v1/dashboard", "")
	if res.status != 200 || !strings.Contains(res.body, `"full_name":"Customer"`) || !strings.Contains(res.body, `"account_status":"Active"`) ||
		!strings.Contains(res.body, `"last_login":null`) || !strings.Contains(res.body, `"open_tickets":0`) ||
		!strings.Contains(res.body, "Welcome to the customer portal") || !strings.Contains(res.body, `"next_billing_date":null`) {
		t.Fatalf("first dashboard: %d %s", res.status, res.body)
	}
	// Signing in again makes the first sign-in the Last Login.
	before := time.Now().UTC().Add(-time.Minute)
	w.tokens["customer"] = w.signIn(t, "customer@example.com")
	var d growthdesk.DashboardSummary
	start := time.Now().UTC().Add(24 * time.Hour)
	w.as(t, "employee", "POST", "/api/v1/meetings", meetingBody(w.acme, "Kickoff call", start))
	w.as(t, "employee", "POST", "/api/v1/meetings", meetingBody(w.beta, "Beta only", start))
	if err := json.Unmarshal([]byte(w.as(t, "customer", "GET", "/api/v1/dashboard", "").body), &d); err != nil {
		t.Fatal(err)
	}
	if d.LastLogin == nil || d.LastLogin.Before(before) || d.LastLogin.After(time.Now().UTC()) {
		t.Errorf("last login %v", d.LastLogin)
	}
	if len(d.RecentActivity) < 2 || d.RecentActivity[0].Title != "Meeting scheduled: Kickoff call" {
		t.Errorf("recent activity %+v", d.RecentActivity)
	}
	for _, a := range d.RecentActivity {
		if strings.Contains(a.Title, "Beta only") {
			t.Errorf("another organization's meeting in the activity: %+v", a)
		}
	}
}

// TestDashboard_OpenTicketsAreTheCallersOwn: Open Tickets counts the tickets whose customer is the
// caller and whose status is open or in progress, not the whole organization's.
func TestDashboard_OpenTicketsAreTheCallersOwn(t *testing.T) {
	t.Parallel()
	w := newWorkspaceEnv(t)
	w.ids["colleague"] = w.signUpStaff(t, "colleague@acme.example", "customer")
	w.as(t, "admin", "PATCH", "/api/v1/admin/users/"+w.ids["colleague"], `{"organization_id":"`+w.acme+`"}`)
	w.tokens["colleague"] = w.signIn(t, "colleague@acme.example")
	open := func(role, title string) string {
		res := w.as(t, role, "POST", "/api/v1/tickets", `{"title":"`+title+`","description":"Please help."}`)
		if res.status != 201 {
			t.Fatalf("%s opens a ticket: %d %s", role, res.status, res.body)
		}
		return jsonField(t, res.body, "id")
	}
	open("customer", "Mine, open")
	working := open("customer", "Mine, in progress")
	done := open("customer", "Mine, resolved")
	open("colleague", "A colleague's")
	open("colleague", "Another of the colleague's")
	open("other", "Another organization's")
	w.as(t, "employee", "PATCH", "/api/v1/tickets/"+working, `{"status":"in_progress"}`)
	w.as(t, "employee", "PATCH", "/api/v1/tickets/"+done, `{"status":"resolved"}`)
	for role, want := range map[string]int{"customer": 2, "colleague": 2, "other": 1, "employee": 0} {
		var d growthdesk.DashboardSummary
		if err := json.Unmarshal([]byte(w.as(t, role, "GET", "/api/v1/dashboard", "").body), &d); err != nil {
			t.Fatal(err)
		}
		if d.OpenTickets != want {
			t.Errorf("%s's Open Tickets = %d, want %d", role, d.OpenTickets, want)
		}
	}
}

// TestDashboard_FirstSignInAfterApproval: sign-ins while an account waited for approval (the
// confirmation link, a refused portal sign-in) do not make the first approved sign-in a return.
func TestDashboard_FirstSignInAfterApproval(t *testing.T) {
	t.Parallel()
	env := newPortalEnv(t, storetest.SQLite(t))
	env.signIn(t, "target@example.com") // pending: the auth service signs in, the portal refuses
	org := newOrg(t, env, "Approval Org")
	if res := env.as(t, "employee", "POST", "/api/v1/admin/users/"+env.ids["target"]+"/approve", `{"organization_id":"`+org+`"}`); res.status != 200 {
		t.Fatalf("approve: %d %s", res.status, res.body)
	}
	env.tokens["target"] = env.signIn(t, "target@example.com")
	if res := env.as(t, "target", "GET", "/api/v1/dashboard", ""); res.status != 200 || !strings.Contains(res.body, `"last_login":null`) {
		t.Fatalf("first dashboard after approval: %d %s", res.status, res.body)
	}
	env.tokens["target"] = env.signIn(t, "target@example.com")
	if res := env.as(t, "target", "GET", "/api/v1/dashboard", ""); res.status != 200 || strings.Contains(res.body, `"last_login":null`) {
		t.Fatalf("second sign-in keeps no last login: %d %s", res.status, res.body)
	}
}
