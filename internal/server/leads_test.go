package server_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// Staff page through the contact form's leads (search, open or handled, sorted), read one,
// mark it handled and reopen it, each audited; customers reach none of it, and bad parameters
// are a 4xx naming the parameter.
func TestLeads_StaffListReadAndHandle(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newPortalEnv(t, db)
		ctx := context.Background()
		start := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
		ids := map[string]string{}
		for i, company := range []string{"Zeta Dental", "Alpha Clinic", "Beta Bakery", "Gamma Gyms", "Delta Dental"} {
			db.Now = func() time.Time { return start.Add(time.Duration(i) * time.Hour) }
			lead, err := env.leadStore.CreateLead(ctx, growthdesk.LeadInput{Name: "Lead " + company, Email: fmt.Sprintf("l%d@example.com", i),
				Company: company, AutomationGoal: "Answer the phone after hours", PreferredTime: "morning"}, nil)
			if err != nil {
				t.Fatal(err)
			}
			ids[company] = lead.ID
		}
		db.Now = time.Now
		list := func(query string) growthdesk.LeadList {
			t.Helper()
			res := env.as(t, "employee", "GET", "/api/v1/admin/leads"+query, "")
			if res.status != 200 {
				t.Fatalf("list %s: %d %s", query, res.status, res.body)
			}
			return decode[growthdesk.LeadList](t, res.body)
		}
		companies := func(l growthdesk.LeadList) string {
			var out []string
			for _, lead := range l.Items {
				out = append(out, lead.Company)
			}
			return strings.Join(out, ", ")
		}

		// Newest first by default, paged with the total of all that match.
		if got := list("?limit=2"); got.Total != 5 || companies(got) != "Delta Dental, Gamma Gyms" {
			t.Fatalf("first page: %d %s", got.Total, companies(got))
		}
		if got := list("?limit=2&offset=4"); got.Total != 5 || companies(got) != "Zeta Dental" {
			t.Fatalf("last page: %d %s", got.Total, companies(got))
		}
		if got := list("?sort=company&dir=asc&limit=3"); companies(got) != "Alpha Clinic, Beta Bakery, Delta Dental" {
			t.Fatalf("by company: %s", companies(got))
		}
		if got := list("?search=DENTAL&sort=received&dir=asc"); got.Total != 2 || companies(got) != "Zeta Dental, Delta Dental" {
			t.Fatalf("search: %d %s", got.Total, companies(got))
		}

		// Mark one handled: the list filters by it, the detail says who and when.
		beta := ids["Beta Bakery"]
		res := env.as(t, "employee", "PATCH", "/api/v1/admin/leads/"+beta, `{"handled":true}`)
		if res.status != 200 {
			t.Fatalf("mark handled: %d %s", res.status, res.body)
		}
		lead := decode[growthdesk.Lead](t, env.as(t, "admin", "GET", "/api/v1/admin/leads/"+beta, "").body)
		if lead.HandledAt == nil || lead.HandledByName != "Employee" || lead.Company != "Beta Bakery" {
			t.Fatalf("handled lead: %+v", lead)
		}
		if got := list("?status=handled"); companies(got) != "Beta Bakery" || got.Total != 1 {
			t.Fatalf("handled: %s", companies(got))
		}
		if got := list("?status=open"); got.Total != 4 || strings.Contains(companies(got), "Beta") {
			t.Fatalf("open: %s", companies(got))
		}
		// Reopened, it is open again; each change is in the audit log with the lead's name.
		if res := env.as(t, "admin", "PATCH", "/api/v1/admin/leads/"+beta, `{"handled":false}`); res.status != 200 ||
			!strings.Contains(res.body, `"handled_at":null`) {
			t.Fatalf("reopen: %d %s", res.status, res.body)
		}
		actions := map[string]string{}
		for _, e := range decode[[]growthdesk.AuditEntry](t, env.as(t, "admin", "GET", "/api/v1/admin/audit-log", "").body) {
			if e.TargetID == beta {
				actions[e.Action] = e.TargetName
			}
		}
		if actions[growthdesk.AuditLeadHandled] != "Lead Beta Bakery" || actions[growthdesk.AuditLeadReopened] != "Lead Beta Bakery" {
			t.Fatalf("audit: %v", actions)
		}

		// Refusals.
		for _, c := range []struct {
			role, method, path, body string
			status                   int
			want                     string
		}{
			{"customer", "GET", "/api/v1/admin/leads", "", 403, ""},
			{"customer", "GET", "/api/v1/admin/leads/" + beta, "", 403, ""},
			{"customer", "PATCH", "/api/v1/admin/leads/" + beta, `{"handled":true}`, 403, ""},
			{"employee", "GET", "/api/v1/admin/leads?status=closed", "", 422, `"status"`},
			{"employee", "GET", "/api/v1/admin/leads?sort=email", "", 422, `"sort"`},
			{"employee", "GET", "/api/v1/admin/leads?offset=-1", "", 422, `"offset"`},
			{"employee", "GET", "/api/v1/admin/leads?dir=up", "", 422, `"dir"`},
			{"employee", "GET", "/api/v1/admin/leads?limit=x", "", 422, `"limit"`},
			{"employee", "GET", "/api/v1/admin/leads?limit=501", "", 422, `"limit"`},
			{"employee", "GET", "/api/v1/admin/leads/00000000-0000-0000-0000-000000000000", "", 404, ""},
			{"employee", "PATCH", "/api/v1/admin/leads/" + beta, `{}`, 422, `"handled"`},
			{"employee", "PATCH", "/api/v1/admin/leads/00000000-0000-0000-0000-000000000000", `{"handled":true}`, 404, ""},
		} {
			res := env.as(t, c.role, c.method, c.path, c.body)
			if res.status != c.status || !strings.Contains(res.body, c.want) {
				t.Errorf("%s %s %s as %s: %d %s", c.method, c.path, c.body, c.role, res.status, res.body)
			}
		}
	})
}
