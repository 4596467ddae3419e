package server_test

import (
	"bytes"
	"context"
	"mime/multipart"
	"strings"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/server"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// sweepStep is one write of the impersonation sweep, made by the admin while acting as a
// customer or as an employee.
type sweepStep struct {
	route string // "METHOD /declared/path", as in wantAccess
	as    string // the account impersonated: "customer" or "employee2"
	// refused steps must answer 403 and write nothing; the others must succeed and write at
	// least one audit entry, each with both ids.
	refused bool
	run     func(t *testing.T) response
}

// TestImpersonation_EveryWriteIsAuditedWithBothIDs makes every write route of the API, while
// an admin impersonates a customer (approved routes) or an employee (staff routes), and
// checks that each success wrote audit entries naming both the admin (actor_id) and the
// account acted as (acted_as_id), and that what stays with the owner (credentials, sessions,
// money) and what only an admin may do are refused without a trace. A new write route fails
// the test until it has its step here.
func TestImpersonation_EveryWriteIsAuditedWithBothIDs(t *testing.T) {
	t.Parallel()
	env := newSupportEnv(t, storetest.SQLite(t))
	env.addUser(t, "employee2", "employee", true)
	ctx := context.Background()
	accounts := store.NewAccountStore(env.db)

	// What the writes act on, made by staff beforehand.
	start := time.Now().UTC().Add(72 * time.Hour).Truncate(time.Minute)
	ann := idOf.FindStringSubmatch(env.as(t, "employee", "POST", "/api/v1/admin/announcements", `{"title":"Hello","content":"World"}`).body)[1]
	cancelMeeting := jsonField(t, env.as(t, "employee", "POST", "/api/v1/meetings", meetingBody(env.acme, "To cancel", start)).body, "id")
	automationID := decodeRes[growthdesk.AutomationSecret](t, env.as(t, "employee", "POST", "/api/v1/automations", automationBody(env.acme, "Support bot"))).Automation.ID
	reports := decodeRes[growthdesk.ReportList](t, env.as(t, "customer", "GET", "/api/v1/reports", ""))
	if len(reports.Items) == 0 {
		t.Fatal("no reports for Acme")
	}
	report := reports.Items[0].ID
	staffTopic := decodeRes[growthdesk.ForumThread](t, env.as(t, "employee", "POST", "/api/v1/forum/topics", `{"category":"general","title":"Welcome","body":"Say hi."}`)).ID

	// Filled in by the steps as they go.
	var ticket, customerTopic, reply, meeting, newAnn, project, newAutomation string
	admin := func(method, path, body string) response { return env.as(t, "admin", method, path, body) }
	const unknown = "00000000-0000-4000-8000-000000000000"

	steps := []sweepStep{
		// As the customer.
		{"PATCH /api/v1/profile", "customer", false, func(t *testing.T) response { return admin("PATCH", "/api/v1/profile", `{"full_name":"Casey Renamed"}`) }},
		{"PUT /api/v1/profile/notifications", "customer", false, func(t *testing.T) response {
			return admin("PUT", "/api/v1/profile/notifications", `{"email":true,"ticket_updates":false,"forum_replies":true}`)
		}},
		{"POST /api/v1/announcements/{id}/dismiss", "customer", false, func(t *testing.T) response {
			return admin("POST", "/api/v1/announcements/"+ann+"/dismiss", "")
		}},
		{"POST /api/v1/forum/topics", "customer", false, func(t *testing.T) response {
			res := admin("POST", "/api/v1/forum/topics", `{"category":"general","title":"Opening hours","body":"When are you open?"}`)
			customerTopic = jsonField(t, res.body, "id")
			return res
		}},
		{"POST /api/v1/forum/topics/{id}/replies", "customer", false, func(t *testing.T) response {
			res := admin("POST", "/api/v1/forum/topics/"+staffTopic+"/replies", `{"body":"Hi all."}`)
			reply = jsonField(t, res.body, "id")
			return res
		}},
		{"PATCH /api/v1/forum/posts/{id}", "customer", false, func(t *testing.T) response {
			return admin("PATCH", "/api/v1/forum/posts/"+reply, `{"body":"Hi everyone."}`)
		}},
		{"POST /api/v1/meetings/{id}/cancel", "customer", false, func(t *testing.T) response {
			return admin("POST", "/api/v1/meetings/"+cancelMeeting+"/cancel", "")
		}},
		{"POST /api/v1/tickets", "customer", false, func(t *testing.T) response {
			res := admin("POST", "/api/v1/tickets", `{"title":"Bot is down","description":"Since noon."}`)
			ticket = jsonField(t, res.body, "id")
			return res
		}},
		{"POST /api/v1/tickets/{id}/responses", "customer", false, func(t *testing.T) response {
			return admin("POST", "/api/v1/tickets/"+ticket+"/responses", `{"content":"Any news?"}`)
		}},
		{"POST /api/v1/tickets/{id}/attachments", "customer", false, func(t *testing.T) response {
			var buf bytes.Buffer
			mw := multipart.NewWriter(&buf)
			fw, _ := mw.CreateFormFile("files", "log.txt")
			_, _ = fw.Write([]byte("error at noon"))
			_ = mw.Close()
			return env.do(t, "POST", "/api/v1/tickets/"+ticket+"/attachments", mw.FormDataContentType(), buf.String(), "Authorization", "Bearer "+env.tokens["admin"])
		}},
		{"POST /api/v1/automations/{id}/pause", "customer", false, func(t *testing.T) response {
			return admin("POST", "/api/v1/automations/"+automationID+"/pause", "")
		}},
		{"POST /api/v1/automations/{id}/resume", "customer", false, func(t *testing.T) response {
			return admin("POST", "/api/v1/automations/"+automationID+"/resume", "")
		}},
		{"POST /api/v1/reports/{id}/generate", "customer", false, func(t *testing.T) response {
			return admin("POST", "/api/v1/reports/"+report+"/generate", `{"period":"30d"}`)
		}},
		// What stays with the owner.
		{"DELETE /api/v1/sessions/{id}", "customer", true, func(t *testing.T) response { return admin("DELETE", "/api/v1/sessions/"+unknown, "") }},
		{"POST /api/v1/profile/calendar-feed", "customer", true, func(t *testing.T) response { return admin("POST", "/api/v1/profile/calendar-feed", "") }},
		{"POST /api/v1/billing/portal-session", "customer", true, func(t *testing.T) response {
			return admin("POST", "/api/v1/billing/portal-session", `{"return_url":"/portal/billing"}`)
		}},
		{"POST /api/v1/billing/cancel", "customer", true, func(t *testing.T) response { return admin("POST", "/api/v1/billing/cancel", "") }},
		{"POST /api/v1/billing/resume", "customer", true, func(t *testing.T) response { return admin("POST", "/api/v1/billing/resume", "") }},
		{"PUT /api/v1/billing/address", "customer", true, func(t *testing.T) response {
			return admin("PUT", "/api/v1/billing/address", `{"lines":["1 Main St"]}`)
		}},
		{"POST /functions/v1/stripe-checkout", "customer", true, func(t *testing.T) response {
			return admin("POST", "/functions/v1/stripe-checkout", `{"price_id":"price_chatbot_setup_monthly"}`)
		}},

		// As the employee.
		{"POST /api/v1/admin/users/{id}/approve", "employee2", false, func(t *testing.T) response {
			return admin("POST", "/api/v1/admin/users/"+env.ids["target"]+"/approve", `{"organization_id":"`+env.beta+`"}`)
		}},
		{"POST /api/v1/admin/users/{id}/reject", "employee2", false, func(t *testing.T) response {
			return admin("POST", "/api/v1/admin/users/"+env.ids["target2"]+"/reject", "")
		}},
		{"PATCH /api/v1/admin/users/{id}", "employee2", false, func(t *testing.T) response {
			return admin("PATCH", "/api/v1/admin/users/"+env.ids["loner"], `{"organization_id":"`+env.beta+`"}`)
		}},
		{"POST /api/v1/admin/organizations", "employee2", false, func(t *testing.T) response {
			return admin("POST", "/api/v1/admin/organizations", `{"name":"Gamma"}`)
		}},
		{"PATCH /api/v1/admin/leads/{id}", "employee2", false, func(t *testing.T) response {
			lead, err := env.leadStore.CreateLead(ctx, growthdesk.LeadInput{Name: "Robin", Email: "robin@example.com", Company: "Harbor Vets",
				AutomationGoal: "Answer calls after hours", PreferredTime: "morning"}, nil)
			if err != nil {
				t.Fatal(err)
			}
			return admin("PATCH", "/api/v1/admin/leads/"+lead.ID, `{"handled":true}`)
		}},
		{"POST /api/v1/admin/announcements", "employee2", false, func(t *testing.T) response {
			res := admin("POST", "/api/v1/admin/announcements", `{"title":"Maintenance","content":"Sunday."}`)
			newAnn = jsonField(t, res.body, "id")
			return res
		}},
		{"PATCH /api/v1/admin/announcements/{id}", "employee2", false, func(t *testing.T) response {
			return admin("PATCH", "/api/v1/admin/announcements/"+newAnn, `{"is_active":false}`)
		}},
		{"DELETE /api/v1/admin/announcements/{id}", "employee2", false, func(t *testing.T) response {
			return admin("DELETE", "/api/v1/admin/announcements/"+newAnn, "")
		}},
		{"PATCH /api/v1/forum/topics/{id}", "employee2", false, func(t *testing.T) response {
			return admin("PATCH", "/api/v1/forum/topics/"+staffTopic, `{"pinned":true}`)
		}},
		{"DELETE /api/v1/forum/posts/{id}", "employee2", false, func(t *testing.T) response {
			return admin("DELETE", "/api/v1/forum/posts/"+reply, "")
		}},
		{"DELETE /api/v1/forum/topics/{id}", "employee2", false, func(t *testing.T) response {
			return admin("DELETE", "/api/v1/forum/topics/"+customerTopic, "")
		}},
		{"POST /api/v1/meetings", "employee2", false, func(t *testing.T) response {
			res := admin("POST", "/api/v1/meetings", meetingBody(env.acme, "Review", start))
			meeting = jsonField(t, res.body, "id")
			return res
		}},
		{"PUT /api/v1/meetings/{id}", "employee2", false, func(t *testing.T) response {
			return admin("PUT", "/api/v1/meetings/"+meeting, meetingBody("", "Review, moved", start.Add(time.Hour)))
		}},
		{"POST /api/v1/meetings/{id}/complete", "employee2", false, func(t *testing.T) response {
			return admin("POST", "/api/v1/meetings/"+meeting+"/complete", "")
		}},
		{"PATCH /api/v1/tickets/{id}", "employee2", false, func(t *testing.T) response {
			return admin("PATCH", "/api/v1/tickets/"+ticket, `{"status":"in_progress"}`)
		}},
		{"DELETE /api/v1/tickets/{id}", "employee2", false, func(t *testing.T) response { return admin("DELETE", "/api/v1/tickets/"+ticket, "") }},
		{"POST /api/v1/projects", "employee2", false, func(t *testing.T) response {
			res := admin("POST", "/api/v1/projects", projectBody(env.acme, "Chatbot"))
			project = jsonField(t, res.body, "id")
			return res
		}},
		{"PUT /api/v1/projects/{id}", "employee2", false, func(t *testing.T) response {
			return admin("PUT", "/api/v1/projects/"+project, projectBody(env.acme, "Chatbot v2"))
		}},
		{"POST /api/v1/projects/{id}/updates", "employee2", false, func(t *testing.T) response {
			return admin("POST", "/api/v1/projects/"+project+"/updates", `{"content":"Going live.","progress":90}`)
		}},
		{"DELETE /api/v1/projects/{id}", "employee2", false, func(t *testing.T) response { return admin("DELETE", "/api/v1/projects/"+project, "") }},
		{"POST /api/v1/automations", "employee2", false, func(t *testing.T) response {
			res := admin("POST", "/api/v1/automations", automationBody(env.acme, "Invoice bot"))
			newAutomation = decodeRes[growthdesk.AutomationSecret](t, res).Automation.ID
			return res
		}},
		{"PUT /api/v1/automations/{id}", "employee2", false, func(t *testing.T) response {
			return admin("PUT", "/api/v1/automations/"+newAutomation, `{"name":"Invoice bot 2","description":"d","type":"chatbot","status":"active","minutes_saved_per_run":20,"hourly_cost_cents":5000}`)
		}},
		{"POST /api/v1/automations/{id}/token", "employee2", false, func(t *testing.T) response {
			return admin("POST", "/api/v1/automations/"+newAutomation+"/token", "")
		}},
		{"DELETE /api/v1/automations/{id}", "employee2", false, func(t *testing.T) response {
			return admin("DELETE", "/api/v1/automations/"+newAutomation, "")
		}},
		{"PATCH /api/v1/reports/{id}", "employee2", false, func(t *testing.T) response {
			return admin("PATCH", "/api/v1/reports/"+report, `{"frequency":"weekly"}`)
		}},
		// What only an admin may do: an employee's rights, nothing more.
		{"POST /api/v1/admin/support/categories", "employee2", true, func(t *testing.T) response {
			return admin("POST", "/api/v1/admin/support/categories", `{"name":"Legal","color":"#123456"}`)
		}},
		{"PATCH /api/v1/admin/support/categories/{id}", "employee2", true, func(t *testing.T) response {
			return admin("PATCH", "/api/v1/admin/support/categories/"+unknown, `{"name":"Legal"}`)
		}},
		{"PATCH /api/v1/admin/billing/subscriptions/{id}", "employee2", true, func(t *testing.T) response {
			return admin("PATCH", "/api/v1/admin/billing/subscriptions/"+unknown, `{"status":"cancelled"}`)
		}},
		{"DELETE /api/v1/admin/billing/subscriptions/{id}", "employee2", true, func(t *testing.T) response {
			return admin("DELETE", "/api/v1/admin/billing/subscriptions/"+unknown, "")
		}},
	}

	// Every write route has a step (the impersonation endpoints themselves are tested apart).
	covered := map[string]bool{}
	for _, s := range steps {
		covered[s.route] = true
	}
	for _, r := range append(server.APIRoutes(), server.FunctionRoutes()...) {
		key := r.Method + " " + r.Path
		if r.Method == "GET" || r.Access == growthdesk.AccessPublic || strings.HasPrefix(r.Path, "/api/v1/impersonation") {
			continue
		}
		if !covered[key] {
			t.Errorf("%s has no step in the impersonation sweep", key)
		}
	}

	seen := map[string]bool{}
	newEntries := func() []*growthdesk.AuditEntry {
		t.Helper()
		all, err := accounts.ListAudit(ctx, 10000, growthdesk.AuditFilter{})
		if err != nil {
			t.Fatal(err)
		}
		var out []*growthdesk.AuditEntry
		for _, e := range all {
			if !seen[e.ID] {
				seen[e.ID] = true
				out = append(out, e)
			}
		}
		return out
	}
	acting := ""
	for _, s := range steps {
		if s.as != acting {
			if acting != "" {
				if res := admin("DELETE", "/api/v1/impersonation", ""); res.status != 200 {
					t.Fatalf("end: %d %s", res.status, res.body)
				}
			}
			if res := admin("POST", "/api/v1/impersonation", `{"target_user_id":"`+env.ids[s.as]+`"}`); res.status != 201 {
				t.Fatalf("impersonate %s: %d %s", s.as, res.status, res.body)
			}
			acting = s.as
			newEntries()
		}
		res := s.run(t)
		entries := newEntries()
		// Every request made while impersonating leaves its impersonation.request entry;
		// what else it wrote is the change itself.
		var changes []*growthdesk.AuditEntry
		requests := 0
		for _, e := range entries {
			if e.Action == growthdesk.AuditImpersonationRequest {
				requests++
			} else {
				changes = append(changes, e)
			}
		}
		if requests != 1 {
			t.Errorf("%s as %s while impersonating left %d request entries, want 1", s.route, s.as, requests)
		}
		if s.refused {
			if res.status != 403 || len(changes) != 0 {
				t.Errorf("%s as %s while impersonating: %d %s, %d audit entries of a change; want 403 and none", s.route, s.as, res.status, res.body, len(changes))
			}
			continue
		}
		if res.status >= 300 {
			t.Errorf("%s as %s while impersonating: %d %s", s.route, s.as, res.status, res.body)
			continue
		}
		if len(changes) == 0 {
			t.Errorf("%s as %s while impersonating wrote no audit entry of its change", s.route, s.as)
		}
		for _, e := range entries {
			if e.ActorID != env.ids["admin"] || e.ActedAsID != env.ids[s.as] {
				t.Errorf("%s: audit entry %s has actor %q and acted as %q, want the admin and %s", s.route, e.Action, e.ActorID, e.ActedAsID, s.as)
			}
		}
	}
}

// TestImpersonation_ReadsAreTheTargets compares what the admin reads while impersonating the
// customer with what the customer reads: the support desk, the portal dashboard, billing,
// meetings and the workspace, byte for byte.
func TestImpersonation_ReadsAreTheTargets(t *testing.T) {
	t.Parallel()
	env := newSupportEnv(t, storetest.SQLite(t))
	env.db.Now = env.clock.Now // one clock, so that no answer differs by the moment it was read
	start := env.clock.Now().Add(72 * time.Hour).Truncate(time.Minute)
	env.as(t, "employee", "POST", "/api/v1/meetings", meetingBody(env.acme, "Acme review", start))
	env.as(t, "employee", "POST", "/api/v1/meetings", meetingBody(env.beta, "Beta review", start))
	env.as(t, "employee", "POST", "/api/v1/projects", projectBody(env.acme, "Acme chatbot"))
	env.as(t, "employee", "POST", "/api/v1/projects", projectBody(env.beta, "Beta secret"))
	acmeTicket := jsonField(t, env.as(t, "customer", "POST", "/api/v1/tickets", `{"title":"Acme's","description":"Ours."}`).body, "id")
	uploaded := env.upload(t, "customer", acmeTicket, "", map[string][]byte{"notes.txt": []byte("hello")})
	attachment := idOf.FindStringSubmatch(uploaded.body)
	env.as(t, "other", "POST", "/api/v1/tickets", `{"title":"Beta's","description":"Theirs."}`)
	env.as(t, "employee", "POST", "/api/v1/automations", automationBody(env.acme, "Acme bot"))

	reads := []string{
		"/api/v1/tickets", "/api/v1/tickets?status=open", "/api/v1/tickets?organization=" + env.beta,
		"/api/v1/dashboard", "/api/v1/billing", "/api/v1/billing/plans",
		"/api/v1/meetings", "/api/v1/meetings?when=all", "/api/v1/projects", "/api/v1/automations", "/api/v1/reports",
		"/api/v1/support/categories", "/api/v1/organization/members", "/api/v1/announcements", "/api/v1/forum/topics",
	}
	asCustomer := map[string]response{}
	for _, path := range reads {
		asCustomer[path] = env.as(t, "customer", "GET", path, "")
	}
	if res := env.as(t, "admin", "POST", "/api/v1/impersonation", `{"target_user_id":"`+env.ids["customer"]+`"}`); res.status != 201 {
		t.Fatalf("start: %d %s", res.status, res.body)
	}
	for _, path := range reads {
		got, want := env.as(t, "admin", "GET", path, ""), asCustomer[path]
		if got.status != want.status || got.body != want.body {
			t.Errorf("GET %s while impersonating: %d\n%s\nthe customer reads: %d\n%s", path, got.status, got.body, want.status, want.body)
		}
		if strings.Contains(got.body, "Beta") {
			t.Errorf("GET %s while impersonating shows Beta's data: %s", path, got.body)
		}
	}

	// A download too.
	if attachment == nil {
		t.Fatalf("upload: %d %s", uploaded.status, uploaded.body)
	}
	download := "/api/v1/attachments/" + attachment[1]
	if res := env.as(t, "admin", "GET", download, ""); res.status != 200 || res.body != "hello" {
		t.Fatalf("download while impersonating: %d %s", res.status, res.body)
	}
	reads = append(reads, download)

	// Each read left an audit entry naming the admin and the customer, with what was read;
	// the audit log shows them once the impersonation is over.
	if res := env.as(t, "admin", "DELETE", "/api/v1/impersonation", ""); res.status != 200 {
		t.Fatalf("end: %d %s", res.status, res.body)
	}
	log := decodeRes[[]growthdesk.AuditEntry](t, env.as(t, "admin", "GET", "/api/v1/admin/audit-log?limit=500", ""))
	read := map[string]int{}
	for _, e := range log {
		if e.Action != growthdesk.AuditImpersonationRequest || e.Details["method"] == "DELETE" {
			continue
		}
		if e.ActorID != env.ids["admin"] || e.ActedAsID != env.ids["customer"] || e.TargetID != env.ids["customer"] || e.Details["method"] != "GET" {
			t.Errorf("read entry %+v: want the admin acting as the customer", e)
		}
		path, _ := e.Details["path"].(string)
		read[path]++
	}
	for _, path := range reads {
		if p, _, _ := strings.Cut(path, "?"); read[p] == 0 {
			t.Errorf("GET %s while impersonating left no audit entry (entries by path: %v)", path, read)
		}
	}
}
