package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/pdftest"
	"github.com/growthdesk/growthdesk/internal/reportpdf"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

var idOfBody = regexp.MustCompile(`"id":"([^"]+)"`)

func (w *workspaceEnv) create(t *testing.T, path, body string) string {
	t.Helper()
	res := w.as(t, "employee", "POST", path, body)
	if res.status != 201 {
		t.Fatalf("POST %s: %d %s", path, res.status, res.body)
	}
	return idOfBody.FindStringSubmatch(res.body)[1]
}

func projectBody(org, name string) string {
	return `{"organization_id":"` + org + `","name":"` + name + `","description":"Answers questions","status":"in_progress","priority":"high","progress":65,"start_date":"2026-01-05","end_date":"2026-03-01","assigned_to":[]}`
}

func TestProjects_CustomersReadOnlyTheirOrganizationAndStaffWrite(t *testing.T) {
	t.Parallel()
	w := newWorkspaceEnv(t)
	mine := w.create(t, "/api/v1/projects", projectBody(w.acme, "Support Chatbot"))
	theirs := w.create(t, "/api/v1/projects", projectBody(w.beta, "Beta Secret Project"))

	list := w.as(t, "customer", "GET", "/api/v1/projects", "")
	if list.status != 200 || !strings.Contains(list.body, "Support Chatbot") || strings.Contains(list.body, "Beta Secret") || !strings.Contains(list.body, `"total":1`) {
		t.Fatalf("customer list: %d %s", list.status, list.body)
	}
	if res := w.as(t, "employee", "GET", "/api/v1/projects", ""); !strings.Contains(res.body, `"total":2`) {
		t.Fatalf("staff list: %s", res.body)
	}
	if res := w.as(t, "employee", "GET", "/api/v1/projects?organization="+w.beta, ""); !strings.Contains(res.body, `"total":1`) || !strings.Contains(res.body, "Beta Secret") {
		t.Fatalf("staff list narrowed: %s", res.body)
	}
	if res := w.as(t, "customer", "GET", "/api/v1/projects?search=CHATBOT&status=in_progress&priority=high", ""); !strings.Contains(res.body, `"total":1`) {
		t.Fatalf("search: %s", res.body)
	}
	if res := w.as(t, "customer", "GET", "/api/v1/projects?search=answers&priority=low", ""); !strings.Contains(res.body, `"total":0`) {
		t.Fatalf("filter: %s", res.body)
	}
	if res := w.as(t, "customer", "GET", "/api/v1/projects?status=bogus", ""); res.status != 422 {
		t.Fatalf("bad filter: %d", res.status)
	}

	// Another organization's project answers exactly like an unknown one.
	unknown := w.as(t, "customer", "GET", "/api/v1/projects/00000000-0000-4000-8000-000000000000", "")
	other := w.as(t, "customer", "GET", "/api/v1/projects/"+theirs, "")
	if other.status != 404 || other.body != unknown.body {
		t.Fatalf("cross-organization read: %d %s (unknown: %s)", other.status, other.body, unknown.body)
	}

	// Staff post an update; the customer sees it on the project, with the new progress.
	if res := w.as(t, "employee", "POST", "/api/v1/projects/"+mine+"/updates", `{"content":"Booking goes live next week.","progress":80}`); res.status != 201 {
		t.Fatalf("post update: %d %s", res.status, res.body)
	}
	got := w.as(t, "customer", "GET", "/api/v1/projects/"+mine, "")
	if !strings.Contains(got.body, "Booking goes live next week.") || !strings.Contains(got.body, `"progress":80`) {
		t.Fatalf("customer sees project: %s", got.body)
	}
	if res := w.as(t, "customer", "POST", "/api/v1/projects", projectBody(w.acme, "Mine")); res.status != 403 {
		t.Fatalf("customer creates: %d", res.status)
	}

	// Edit and delete, each audited.
	if res := w.as(t, "employee", "PUT", "/api/v1/projects/"+mine, projectBody(w.acme, "Renamed Chatbot")); res.status != 200 || !strings.Contains(res.body, "Renamed Chatbot") {
		t.Fatalf("edit: %d %s", res.status, res.body)
	}
	if res := w.as(t, "employee", "DELETE", "/api/v1/projects/"+theirs, ""); res.status != 204 {
		t.Fatalf("delete: %d %s", res.status, res.body)
	}
	if res := w.as(t, "employee", "DELETE", "/api/v1/projects/"+theirs, ""); res.status != 404 {
		t.Fatalf("delete again: %d", res.status)
	}
	audit := w.as(t, "admin", "GET", "/api/v1/admin/audit-log", "")
	for _, action := range []string{"project.create", "project.update", "project.delete", "project.post_update"} {
		if !strings.Contains(audit.body, action) {
			t.Errorf("audit log lacks %s", action)
		}
	}
}

func TestProjects_BadInputChangesNothing(t *testing.T) {
	t.Parallel()
	w := newWorkspaceEnv(t)
	cases := []struct {
		name, body string
		status     int
		field      string
	}{
		{"malformed", `{"name":`, 400, ""},
		{"wrong type", `{"progress":"lots"}`, 422, "progress"},
		{"missing everything", `{}`, 422, "name"},
		{"progress out of range", strings.Replace(projectBody(w.acme, "X"), `"progress":65`, `"progress":150`, 1), 422, "progress"},
		{"end before start", strings.Replace(projectBody(w.acme, "X"), `"end_date":"2026-03-01"`, `"end_date":"2025-03-01"`, 1), 422, "end_date"},
		{"bad date", strings.Replace(projectBody(w.acme, "X"), `"start_date":"2026-01-05"`, `"start_date":"05/01/2026"`, 1), 422, "start_date"},
		{"unknown organization", projectBody("00000000-0000-4000-8000-000000000000", "X"), 422, "organization_id"},
		{"stranger assigned", strings.Replace(projectBody(w.acme, "X"), `"assigned_to":[]`, `"assigned_to":["`+w.ids["target"]+`"]`, 1), 422, "assigned_to"},
	}
	for _, tc := range cases {
		res := w.as(t, "employee", "POST", "/api/v1/projects", tc.body)
		if res.status != tc.status || (tc.field != "" && !strings.Contains(res.body, `"`+tc.field+`":`)) {
			t.Errorf("%s: %d %s", tc.name, res.status, res.body)
		}
	}
	if res := w.as(t, "employee", "GET", "/api/v1/projects", ""); !strings.Contains(res.body, `"total":0`) {
		t.Fatalf("bad input stored something: %s", res.body)
	}
}

func automationBody(org, name string) string {
	return `{"organization_id":"` + org + `","name":"` + name + `","description":"Books appointments","type":"chatbot","status":"active","minutes_saved_per_run":30,"hourly_cost_cents":6000}`
}

func (w *workspaceEnv) automation(t *testing.T, org, name string) (id, token string) {
	t.Helper()
	res := w.as(t, "admin", "POST", "/api/v1/automations", automationBody(org, name))
	var out growthdesk.AutomationSecret
	if res.status != 201 || json.Unmarshal([]byte(res.body), &out) != nil || out.Token == "" {
		t.Fatalf("create automation: %d %s", res.status, res.body)
	}
	return out.Automation.ID, out.Token
}

func (w *workspaceEnv) ingest(t *testing.T, id, token, body string) response {
	t.Helper()
	return w.do(t, "POST", "/api/v1/automations/"+id+"/runs/ingest", "application/json", body, "Authorization", "Bearer "+token)
}

func TestAutomations_RunsFromTheIngestionEndpointMakeTheFigures(t *testing.T) {
	t.Parallel()
	w := newWorkspaceEnv(t)
	id, token := w.automation(t, w.acme, "Support Bot")
	betaID, betaToken := w.automation(t, w.beta, "Beta Bot")

	if res := w.ingest(t, id, betaToken, `{"outcome":"success"}`); res.status != 401 {
		t.Fatalf("another automation's token: %d %s", res.status, res.body)
	}
	if res := w.do(t, "POST", "/api/v1/automations/"+id+"/runs/ingest", "application/json", `{"outcome":"success"}`); res.status != 401 {
		t.Fatalf("no token: %d", res.status)
	}
	// An unknown automation answers exactly like a wrong token: the endpoint does not tell
	// which ids exist.
	wrong := w.ingest(t, id, "gda_wrong", `{"outcome":"success"}`)
	for _, unknown := range []string{"00000000-0000-4000-8000-000000000000", "not-an-id"} {
		for _, tok := range []string{"gda_wrong", betaToken, ""} {
			res := w.ingest(t, unknown, tok, `{"outcome":"success"}`)
			if res.status != 401 || res.body != wrong.body {
				t.Fatalf("unknown automation %s with token %q: %d %s, want %d %s", unknown, tok, res.status, res.body, wrong.status, wrong.body)
			}
		}
	}
	if res := w.ingest(t, id, token, `{"outcome":"maybe","items_processed":-1}`); res.status != 422 || !strings.Contains(res.body, `"outcome"`) || !strings.Contains(res.body, `"items_processed"`) {
		t.Fatalf("bad run: %d %s", res.status, res.body)
	}
	start := time.Now().UTC().Add(-time.Hour).Format(time.RFC3339)
	for _, outcome := range []string{"success", "success", "failure"} {
		if res := w.ingest(t, id, token, `{"outcome":"`+outcome+`","started_at":"`+start+`","items_processed":4,"message":"ok"}`); res.status != 201 {
			t.Fatalf("ingest: %d %s", res.status, res.body)
		}
	}
	got := w.as(t, "customer", "GET", "/api/v1/automations/"+id, "")
	if !strings.Contains(got.body, `"success_rate":66.7`) || !strings.Contains(got.body, `"total_runs":3`) || strings.Contains(got.body, `"last_run":null`) {
		t.Fatalf("figures: %s", got.body)
	}
	if strings.Contains(got.body, token) || strings.Contains(got.body, "token_hash") {
		t.Fatalf("the token leaks: %s", got.body)
	}
	runs := w.as(t, "customer", "GET", "/api/v1/automations/"+id+"/runs", "")
	if !strings.Contains(runs.body, `"total":3`) || strings.Count(runs.body, `"outcome":"failure"`) != 1 {
		t.Fatalf("runs: %s", runs.body)
	}

	// Reports: a successful run saves 30 minutes at $60 an hour.
	sum := w.as(t, "customer", "GET", "/api/v1/reports/summary?period=7d", "")
	if !strings.Contains(sum.body, `"total_savings_cents":6000`) || !strings.Contains(sum.body, `"hours_saved":1`) || !strings.Contains(sum.body, `"active_automations":1`) {
		t.Fatalf("summary: %s", sum.body)
	}
	if res := w.as(t, "customer", "GET", "/api/v1/reports/summary?period=2w", ""); res.status != 422 {
		t.Fatalf("bad period: %d", res.status)
	}
	if res := w.as(t, "employee", "GET", "/api/v1/reports/summary", ""); res.status != 422 || !strings.Contains(res.body, "organization") {
		t.Fatalf("staff without organization: %d %s", res.status, res.body)
	}

	// The customer pauses and resumes theirs (audited), never another organization's.
	if res := w.as(t, "customer", "POST", "/api/v1/automations/"+id+"/pause", ""); res.status != 200 || !strings.Contains(res.body, `"status":"paused"`) {
		t.Fatalf("pause: %d %s", res.status, res.body)
	}
	if res := w.as(t, "customer", "POST", "/api/v1/automations/"+id+"/pause", ""); res.status != 409 {
		t.Fatalf("pause twice: %d", res.status)
	}
	if res := w.ingest(t, id, token, `{"outcome":"success"}`); res.status != 409 {
		t.Fatalf("run of a paused automation: %d", res.status)
	}
	if res := w.as(t, "customer", "POST", "/api/v1/automations/"+id+"/resume", ""); res.status != 200 || !strings.Contains(res.body, `"status":"active"`) {
		t.Fatalf("resume: %d %s", res.status, res.body)
	}
	unknown := w.as(t, "customer", "POST", "/api/v1/automations/00000000-0000-4000-8000-000000000000/pause", "")
	for _, path := range []string{"/pause", "/resume"} {
		if res := w.as(t, "customer", "POST", "/api/v1/automations/"+betaID+path, ""); res.status != 404 || res.body != unknown.body {
			t.Fatalf("cross-organization %s: %d %s", path, res.status, res.body)
		}
	}
	for _, path := range []string{"", "/runs"} {
		if res := w.as(t, "customer", "GET", "/api/v1/automations/"+betaID+path, ""); res.status != 404 {
			t.Fatalf("cross-organization GET %s: %d", path, res.status)
		}
	}
	if res := w.as(t, "employee", "GET", "/api/v1/automations/"+betaID, ""); !strings.Contains(res.body, `"status":"active"`) {
		t.Fatalf("beta changed: %s", res.body)
	}
	audit := w.as(t, "admin", "GET", "/api/v1/admin/audit-log", "")
	if !strings.Contains(audit.body, "automation.pause") || !strings.Contains(audit.body, "automation.resume") {
		t.Fatalf("pause not audited: %s", audit.body)
	}

	// Rotating the token retires the old one.
	rot := w.as(t, "employee", "POST", "/api/v1/automations/"+id+"/token", "")
	var fresh growthdesk.AutomationSecret
	if rot.status != 200 || json.Unmarshal([]byte(rot.body), &fresh) != nil || fresh.Token == token {
		t.Fatalf("rotate: %d %s", rot.status, rot.body)
	}
	if res := w.ingest(t, id, token, `{"outcome":"success"}`); res.status != 401 {
		t.Fatalf("old token after rotation: %d", res.status)
	}
	if res := w.ingest(t, id, fresh.Token, `{"outcome":"success"}`); res.status != 201 {
		t.Fatalf("new token: %d %s", res.status, res.body)
	}
	if res := w.as(t, "customer", "POST", "/api/v1/automations/"+id+"/token", ""); res.status != 403 {
		t.Fatalf("customer rotates: %d", res.status)
	}
	if res := w.as(t, "employee", "PUT", "/api/v1/automations/"+id, `{"name":"","type":"robot","status":"active","minutes_saved_per_run":-1}`); res.status != 422 ||
		!strings.Contains(res.body, `"name"`) || !strings.Contains(res.body, `"type"`) || !strings.Contains(res.body, `"minutes_saved_per_run"`) {
		t.Fatalf("bad edit: %d %s", res.status, res.body)
	}
}

func TestReports_GeneratedInTheBackgroundAndDownloaded(t *testing.T) {
	t.Parallel()
	db := storetest.SQLite(t)
	env := newPortalEnv(t, db)
	w := &workspaceEnv{portalEnv: env}
	w.acme = idOfBody.FindStringSubmatch(env.as(t, "admin", "POST", "/api/v1/admin/organizations", `{"name":"Acme"}`).body)[1]
	w.beta = idOfBody.FindStringSubmatch(env.as(t, "admin", "POST", "/api/v1/admin/organizations", `{"name":"Beta"}`).body)[1]
	env.as(t, "admin", "PATCH", "/api/v1/admin/users/"+env.ids["customer"], `{"organization_id":"`+w.acme+`"}`)
	id, token := w.automation(t, w.acme, "Support Bot")
	w.ingest(t, id, token, `{"outcome":"success","items_processed":3}`)

	list := w.as(t, "customer", "GET", "/api/v1/reports", "")
	var reports growthdesk.ReportList
	if list.status != 200 || json.Unmarshal([]byte(list.body), &reports) != nil || reports.Total != 4 {
		t.Fatalf("reports: %d %s", list.status, list.body)
	}
	report := reports.Items[0]
	betaList := w.as(t, "employee", "GET", "/api/v1/reports?organization="+w.beta, "")
	var beta growthdesk.ReportList
	_ = json.Unmarshal([]byte(betaList.body), &beta)
	if beta.Total != 4 {
		t.Fatalf("beta reports: %s", betaList.body)
	}

	if res := w.as(t, "customer", "GET", "/api/v1/reports/"+report.ID+"/file", ""); res.status != 409 {
		t.Fatalf("file before generating: %d", res.status)
	}
	if res := w.as(t, "customer", "POST", "/api/v1/reports/"+report.ID+"/generate", `{"period":"forever"}`); res.status != 422 {
		t.Fatalf("bad period: %d", res.status)
	}
	gen := w.as(t, "customer", "POST", "/api/v1/reports/"+report.ID+"/generate", `{"period":"7d"}`)
	if gen.status != 202 || !strings.Contains(gen.body, `"status":"generating"`) || !strings.Contains(gen.body, `"file_url":null`) {
		t.Fatalf("generate: %d %s", gen.status, gen.body)
	}
	if res := w.as(t, "customer", "POST", "/api/v1/reports/"+beta.Items[0].ID+"/generate", ""); res.status != 404 {
		t.Fatalf("cross-organization generate: %d", res.status)
	}

	job := &growthdesk.Reports{Store: store.NewReportStore(db), Renderer: &reportpdf.Renderer{SiteName: "Growthdesk"}}
	if n, err := job.RunOnce(context.Background()); err != nil || n != 1 {
		t.Fatalf("job: %d %v", n, err)
	}
	if res := w.as(t, "customer", "GET", "/api/v1/reports", ""); !strings.Contains(res.body, `"status":"ready"`) || !strings.Contains(res.body, "/api/v1/reports/"+report.ID+"/file") {
		t.Fatalf("after the job: %s", res.body)
	}
	pdf := w.as(t, "customer", "GET", "/api/v1/reports/"+report.ID+"/file", "")
	if pdf.status != 200 || pdf.header.Get("Content-Type") != "application/pdf" || !strings.HasPrefix(pdf.body, "%PDF-") {
		t.Fatalf("pdf: %d %v", pdf.status, pdf.header)
	}
	text := pdftest.Text(t, []byte(pdf.body))
	for _, want := range []string{"Automation Performance Report", "Organization: Acme", "Success rate by automation", "Total runs", "Support Bot", "Last 7 days"} {
		if !strings.Contains(text, want) {
			t.Errorf("the PDF lacks %q", want)
		}
	}

	// The ROI analysis weighs the savings against the organization's plan: Acme buys it first.
	buyPlan(t, w.portalEnv, "customer", growthdesk.SeedPlan.PriceID)
	var roiReport *growthdesk.Report
	for _, r := range reports.Items {
		if r.Type == growthdesk.ReportTypeROIAnalysis {
			roiReport = r
		}
	}
	if res := w.as(t, "customer", "POST", "/api/v1/reports/"+roiReport.ID+"/generate", `{"period":"30d"}`); res.status != 202 {
		t.Fatalf("generate the ROI analysis: %d %s", res.status, res.body)
	}
	if n, err := job.RunOnce(context.Background()); err != nil || n != 1 {
		t.Fatalf("job: %d %v", n, err)
	}
	roi := pdftest.Text(t, []byte(w.as(t, "customer", "GET", "/api/v1/reports/"+roiReport.ID+"/file", "").body))
	// $30.00 of savings against $1.00 a month over the period's days (29 or 30 whole days, with
	// today's part): about $0.95 to $0.99, and ROI = (3000 - cost) / cost x 100 of that cost.
	for _, want := range []string{"ROI Analysis", "Return on Investment", "Chatbot Setup, $1.00 per month", "$30.00"} {
		if !strings.Contains(roi, want) {
			t.Errorf("the ROI PDF lacks %s:\n%s", want, roi)
		}
	}
	m := regexp.MustCompile(`Plan cost for the period \((\d+) days\) \$0\.(\d\d)`).FindStringSubmatch(roi)
	if m == nil {
		t.Fatalf("the ROI PDF has no plan cost:\n%s", roi)
	}
	days, _ := strconv.Atoi(m[1])
	cost, _ := strconv.Atoi(m[2])
	if days < 29 || days > 31 || cost < 95 || cost > 102 {
		t.Errorf("plan cost for %d days: $0.%02d", days, cost)
	}
	if want := fmt.Sprintf("ROI %.1f%%", float64(3000-cost)/float64(cost)*100); !strings.Contains(roi, want) {
		t.Errorf("the ROI PDF lacks %s:\n%s", want, roi)
	}
	csv := w.as(t, "customer", "GET", "/api/v1/reports/"+report.ID+"/file?format=csv", "")
	if csv.status != 200 || !strings.HasPrefix(csv.body, "run_id,automation_id,automation,type,started_at") || !strings.Contains(csv.body, "Support Bot,chatbot") {
		t.Fatalf("csv: %d %s", csv.status, csv.body)
	}
	if res := w.as(t, "customer", "GET", "/api/v1/reports/"+beta.Items[0].ID+"/file", ""); res.status != 404 {
		t.Fatalf("cross-organization file: %d", res.status)
	}

	// A schedule makes the job generate the report when due and tell the customers.
	if res := w.as(t, "customer", "PATCH", "/api/v1/reports/"+report.ID, `{"frequency":"weekly"}`); res.status != 403 {
		t.Fatalf("customer schedules: %d", res.status)
	}
	if res := w.as(t, "employee", "PATCH", "/api/v1/reports/"+report.ID, `{"frequency":"hourly"}`); res.status != 422 {
		t.Fatalf("bad frequency: %d", res.status)
	}
	if res := w.as(t, "employee", "PATCH", "/api/v1/reports/"+report.ID, `{"frequency":"weekly"}`); res.status != 200 || !strings.Contains(res.body, `"frequency":"weekly"`) {
		t.Fatalf("schedule: %d %s", res.status, res.body)
	}
	job.Mail = w.mail
	job.PortalURL = testSiteURL + "/portal/reports"
	job.Now = func() time.Time { return time.Now().Add(8 * 24 * time.Hour) }
	if n, err := job.RunOnce(context.Background()); err != nil || n != 1 {
		t.Fatalf("scheduled job: %d %v", n, err)
	}
	mails, err := env.outbox.ListMail(context.Background(), 50)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, m := range mails {
		if m.Email.To == "customer@example.com" && m.Email.Kind == growthdesk.EmailReportReady {
			found = true
		}
	}
	if !found {
		t.Fatalf("no report-ready mail to the customer among %d", len(mails))
	}
}

// TestWorkspace_ACustomersOrganizationParameterIsIgnored: ?organization= narrows staff lists;
// a customer naming another organization still gets their own organization's data, on every
// list and on the report figures.
func TestWorkspace_ACustomersOrganizationParameterIsIgnored(t *testing.T) {
	t.Parallel()
	w := newWorkspaceEnv(t)
	w.create(t, "/api/v1/projects", projectBody(w.acme, "Acme Chatbot"))
	w.create(t, "/api/v1/projects", projectBody(w.beta, "Beta Secret Project"))
	w.automation(t, w.acme, "Acme Bot")
	betaBot, betaToken := w.automation(t, w.beta, "Beta Secret Bot")
	for range 3 {
		if res := w.ingest(t, betaBot, betaToken, `{"outcome":"success","items_processed":7}`); res.status != 201 {
			t.Fatalf("ingest: %d %s", res.status, res.body)
		}
	}
	for _, q := range []string{"?organization=" + w.beta, "?organization=" + w.beta + "&period=7d"} {
		projects := w.as(t, "customer", "GET", "/api/v1/projects"+q, "")
		if projects.status != 200 || !strings.Contains(projects.body, "Acme Chatbot") || strings.Contains(projects.body, "Beta Secret") ||
			strings.Contains(projects.body, w.beta) || !strings.Contains(projects.body, `"total":1`) {
			t.Errorf("projects%s: %d %s", q, projects.status, projects.body)
		}
		automations := w.as(t, "customer", "GET", "/api/v1/automations"+q, "")
		if automations.status != 200 || !strings.Contains(automations.body, "Acme Bot") || strings.Contains(automations.body, "Beta Secret") ||
			strings.Contains(automations.body, w.beta) || !strings.Contains(automations.body, `"total":1`) {
			t.Errorf("automations%s: %d %s", q, automations.status, automations.body)
		}
		var reports growthdesk.ReportList
		res := w.as(t, "customer", "GET", "/api/v1/reports"+q, "")
		if res.status != 200 || json.Unmarshal([]byte(res.body), &reports) != nil || reports.Total != 4 {
			t.Fatalf("reports%s: %d %s", q, res.status, res.body)
		}
		for _, r := range reports.Items {
			if r.OrganizationID != w.acme {
				t.Errorf("reports%s: a report of organization %s", q, r.OrganizationID)
			}
		}
		var sum growthdesk.ReportSummary
		res = w.as(t, "customer", "GET", "/api/v1/reports/summary"+q, "")
		if res.status != 200 || json.Unmarshal([]byte(res.body), &sum) != nil {
			t.Fatalf("summary%s: %d %s", q, res.status, res.body)
		}
		if sum.OrganizationID != w.acme || sum.TotalRuns != 0 || sum.ItemsProcessed != 0 || strings.Contains(res.body, "Beta Secret") {
			t.Errorf("summary%s: organization %s, %d runs, %d items: %s", q, sum.OrganizationID, sum.TotalRuns, sum.ItemsProcessed, res.body)
		}
	}
	// The same parameter does narrow a staff member's view, so the test above can fail.
	if res := w.as(t, "employee", "GET", "/api/v1/reports/summary?organization="+w.beta, ""); !strings.Contains(res.body, `"total_runs":3`) {
		t.Fatalf("staff summary of Beta: %s", res.body)
	}
	if res := w.as(t, "employee", "GET", "/api/v1/automations?organization="+w.beta, ""); !strings.Contains(res.body, "Beta Secret Bot") || strings.Contains(res.body, "Acme Bot") {
		t.Fatalf("staff automations of Beta: %s", res.body)
	}
}

// TestProjects_AssigneesAreNamed: staff assign the organization's members and staff; every
// reader of the project sees them by name, in the order assigned.
func TestProjects_AssigneesAreNamed(t *testing.T) {
	t.Parallel()
	w := newWorkspaceEnv(t)
	body := strings.Replace(projectBody(w.acme, "Support Chatbot"), `"assigned_to":[]`,
		`"assigned_to":["`+w.ids["employee"]+`","`+w.ids["customer"]+`"]`, 1)
	id := w.create(t, "/api/v1/projects", body)
	for _, path := range []string{"/api/v1/projects", "/api/v1/projects/" + id} {
		res := w.as(t, "customer", "GET", path, "")
		want := `"assignees":[{"id":"` + w.ids["employee"] + `","full_name":"Employee"},{"id":"` + w.ids["customer"] + `","full_name":"Customer"}]`
		if res.status != 200 || !strings.Contains(res.body, want) {
			t.Fatalf("%s: %d %s, want %s", path, res.status, res.body, want)
		}
	}
	// Unassigned: an empty list, never null.
	if res := w.as(t, "employee", "PUT", "/api/v1/projects/"+id, projectBody(w.acme, "Support Chatbot")); !strings.Contains(res.body, `"assignees":[]`) {
		t.Fatalf("unassigned: %s", res.body)
	}
}
