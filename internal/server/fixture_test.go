package server_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
)

// fixture is the portal with one of everything, made through the API: Acme (with the
// customer) and Beta (with "other"), and in Acme a project, an automation with its ingestion
// token and one run, a meeting, a ticket with a staff response, the reports, a support
// category, a forum topic with a reply, and an announcement. Tests that walk every route
// fill the routes' path parameters from it (fill).
type fixture struct {
	*portalEnv
	acme, beta                string
	project, meeting, ticket  string
	response, category        string
	automation, ingestToken   string
	report                    string
	topic, post, announcement string
}

func newFixture(t *testing.T, db *store.DB) *fixture {
	t.Helper()
	env := newPortalEnv(t, db)
	f := &fixture{portalEnv: env}
	f.acme = jsonField(t, env.as(t, "admin", "POST", "/api/v1/admin/organizations", `{"name":"Acme"}`).body, "id")
	f.beta = jsonField(t, env.as(t, "admin", "POST", "/api/v1/admin/organizations", `{"name":"Beta"}`).body, "id")
	env.as(t, "admin", "PATCH", "/api/v1/admin/users/"+env.ids["customer"], `{"organization_id":"`+f.acme+`"}`)
	env.ids["other"] = env.signUpStaff(t, "other@beta.example", "customer")
	env.as(t, "admin", "PATCH", "/api/v1/admin/users/"+env.ids["other"], `{"organization_id":"`+f.beta+`"}`)
	env.tokens["other"] = env.signIn(t, "other@beta.example")

	created := func(role, path, body string) string {
		t.Helper()
		res := env.as(t, role, "POST", path, body)
		if res.status != 201 && res.status != 200 {
			t.Fatalf("fixture: POST %s: %d %s", path, res.status, res.body)
		}
		return res.body
	}
	f.project = jsonField(t, created("employee", "/api/v1/projects", projectBody(f.acme, "Support Chatbot")), "id")
	var auto growthdesk.AutomationSecret
	if err := json.Unmarshal([]byte(created("admin", "/api/v1/automations", automationBody(f.acme, "Support Bot"))), &auto); err != nil || auto.Token == "" {
		t.Fatalf("fixture: automation: %v", err)
	}
	f.automation, f.ingestToken = auto.Automation.ID, auto.Token
	if res := env.do(t, "POST", "/api/v1/automations/"+f.automation+"/runs/ingest", "application/json", `{"outcome":"success","items_processed":3}`,
		"Authorization", "Bearer "+f.ingestToken); res.status != 201 {
		t.Fatalf("fixture: ingest: %d %s", res.status, res.body)
	}
	f.meeting = jsonField(t, created("employee", "/api/v1/meetings", meetingBody(f.acme, "Quarterly review", time.Now().Add(72*time.Hour).Truncate(time.Hour))), "id")
	var cats []growthdesk.SupportCategory
	if err := json.Unmarshal([]byte(env.as(t, "customer", "GET", "/api/v1/support/categories", "").body), &cats); err != nil || len(cats) == 0 {
		t.Fatalf("fixture: categories: %v", err)
	}
	f.category = cats[0].ID
	f.ticket = jsonField(t, created("customer", "/api/v1/tickets", `{"title":"Chatbot is down","description":"It stopped answering.","category_id":"`+f.category+`"}`), "id")
	f.response = jsonField(t, created("employee", "/api/v1/tickets/"+f.ticket+"/responses", `{"content":"Looking into it."}`), "id")
	var reports growthdesk.ReportList
	if err := json.Unmarshal([]byte(env.as(t, "customer", "GET", "/api/v1/reports", "").body), &reports); err != nil || len(reports.Items) == 0 {
		t.Fatalf("fixture: reports: %v", err)
	}
	f.report = reports.Items[0].ID
	f.topic = jsonField(t, created("customer", "/api/v1/forum/topics", `{"category":"general","title":"Email cadence?","body":"How often do you send?"}`), "id")
	f.post = jsonField(t, created("other", "/api/v1/forum/topics/"+f.topic+"/replies", `{"body":"Weekly."}`), "id")
	f.announcement = jsonField(t, created("admin", "/api/v1/admin/announcements", `{"title":"Maintenance","content":"Sunday night.","type":"info","is_active":true}`), "id")
	return f
}

// fill puts the fixture's ids into a declared route path ("/api/v1/tickets/{id}" → the
// ticket), so that a walk over every route reaches real rows rather than 404s.
func (f *fixture) fill(path string) string {
	id := "00000000-0000-4000-8000-000000000000"
	for prefix, v := range map[string]string{
		"/api/v1/projects/":                 f.project,
		"/api/v1/automations/":              f.automation,
		"/api/v1/meetings/":                 f.meeting,
		"/api/v1/tickets/":                  f.ticket,
		"/api/v1/reports/":                  f.report,
		"/api/v1/forum/topics/":             f.topic,
		"/api/v1/forum/posts/":              f.post,
		"/api/v1/announcements/":            f.announcement,
		"/api/v1/admin/announcements/":      f.announcement,
		"/api/v1/admin/support/categories/": f.category,
		"/api/v1/admin/users/":              f.ids["target"],
	} {
		if strings.HasPrefix(path, prefix) && v != "" {
			id = v
		}
	}
	path = strings.ReplaceAll(path, "{id}", id)
	return pathParam.ReplaceAllString(path, "00000000-0000-4000-8000-000000000000")
}

// snapshotPaths are GETs ("role path") that show the fixture's rows, for snapshot.
func (f *fixture) snapshotPaths() []string {
	return []string{
		"employee /api/v1/projects/" + f.project,
		"employee /api/v1/automations/" + f.automation,
		"employee /api/v1/automations/" + f.automation + "/runs",
		"employee /api/v1/meetings/" + f.meeting,
		"employee /api/v1/tickets/" + f.ticket,
		"employee /api/v1/tickets",
		"employee /api/v1/forum/topics/" + f.topic,
		"employee /api/v1/forum/topics",
		"employee /api/v1/admin/announcements",
		"employee /api/v1/impersonation",
		"admin /api/v1/admin/support/categories",
		"admin /api/v1/admin/billing/subscriptions",
		"customer /api/v1/reports",
		"customer /api/v1/billing",
		"customer /api/v1/announcements",
		"employee /api/v1/projects",
		"employee /api/v1/meetings",
	}
}
