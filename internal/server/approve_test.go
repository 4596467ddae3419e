package server_test

import (
	"cmp"
	"strconv"
	"strings"
	"testing"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// Approving a customer puts them in an organization in the same request: one with none is
// refused, staff need none, and each change is audited as the separate routes audit it.
func TestApprove_CustomerGoesIntoAnOrganizationInOneStep(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newPortalEnv(t, db)
		acme := newOrg(t, env, "Acme Dental")
		account := func(name string) growthdesk.Account {
			t.Helper()
			for _, a := range decode[[]growthdesk.Account](t, env.as(t, "admin", "GET", "/api/v1/admin/users?search="+name, "").body) {
				if a.ID == env.ids[name] {
					return a
				}
			}
			t.Fatalf("no account %s", name)
			return growthdesk.Account{}
		}
		approve := func(role, name, body string) response {
			t.Helper()
			return env.as(t, role, "POST", "/api/v1/admin/users/"+env.ids[name]+"/approve", body)
		}

		// A customer without an organization, given none, stays pending.
		for _, body := range []string{"", `{}`, `{"organization_id":""}`} {
			res := approve("employee", "target", body)
			if res.status != 422 || !strings.Contains(res.body, `"organization_id":"Choose an organization for this customer before approving."`) {
				t.Fatalf("approve without an organization (%q): %d %s", body, res.status, res.body)
			}
		}
		// An unknown organization is refused as PATCH refuses it, and nothing changes.
		res := approve("employee", "target", `{"organization_id":"00000000-0000-0000-0000-000000000000"}`)
		if res.status != 404 || !strings.Contains(res.body, `"organization_id":"Choose an existing organization."`) {
			t.Fatalf("approve into an unknown organization: %d %s", res.status, res.body)
		}
		if a := account("target"); a.ApprovalStatus != growthdesk.ApprovalPending || a.OrganizationID != nil {
			t.Fatalf("after refusals: %s %v", a.ApprovalStatus, a.OrganizationID)
		}
		if res := approve("employee", "target", `{"organization_id":42}`); res.status != 400 && res.status != 422 {
			t.Fatalf("approve with a number: %d %s", res.status, res.body)
		}

		// Approve into an organization in one request.
		res = approve("employee", "target", `{"organization_id":"`+acme+`"}`)
		if res.status != 200 {
			t.Fatalf("approve into Acme: %d %s", res.status, res.body)
		}
		got := decode[growthdesk.Account](t, res.body)
		if got.ApprovalStatus != growthdesk.ApprovalApproved || got.OrganizationID == nil || *got.OrganizationID != acme {
			t.Fatalf("approved: %s %v", got.ApprovalStatus, got.OrganizationID)
		}
		var changes, approvals int
		for _, e := range decode[[]growthdesk.AuditEntry](t, env.as(t, "admin", "GET", "/api/v1/admin/audit-log?limit=100", "").body) {
			if e.TargetID != env.ids["target"] || e.ActorID != env.ids["employee"] {
				continue
			}
			switch e.Action {
			case growthdesk.AuditOrganizationChange:
				changes++
				if e.Details["to"] != acme || e.Details["from"] != nil {
					t.Errorf("organization change details: %v", e.Details)
				}
			case growthdesk.AuditApprove:
				approvals++
			}
		}
		if changes != 1 || approvals != 1 {
			t.Errorf("audit: %d organization changes, %d approvals, want 1 and 1", changes, approvals)
		}
		// The customer now sees their organization.
		if res := env.as(t, "target", "GET", "/api/v1/organization/members", ""); res.status != 200 {
			t.Fatalf("members as the approved customer: %d %s", res.status, res.body)
		}

		// A customer who already has an organization is approved with an empty body.
		if res := env.as(t, "employee", "PATCH", "/api/v1/admin/users/"+env.ids["target2"], `{"organization_id":"`+acme+`"}`); res.status != 200 {
			t.Fatalf("patch target2: %d %s", res.status, res.body)
		}
		if res := approve("employee", "target2", ""); res.status != 200 || !strings.Contains(res.body, `"approval_status":"approved"`) {
			t.Fatalf("approve target2: %d %s", res.status, res.body)
		}

		// Staff need no organization; employees still approve customers only.
		env.addUser(t, "newhire", growthdesk.RoleEmployee, false)
		if res := approve("employee", "newhire", `{"organization_id":"`+acme+`"}`); res.status != 403 {
			t.Fatalf("employee approving an employee: %d %s", res.status, res.body)
		}
		if res := approve("admin", "newhire", ""); res.status != 200 {
			t.Fatalf("admin approving an employee without an organization: %d %s", res.status, res.body)
		}
		if a := account("newhire"); a.ApprovalStatus != growthdesk.ApprovalApproved || a.OrganizationID != nil {
			t.Fatalf("newhire: %s %v", a.ApprovalStatus, a.OrganizationID)
		}
	})
}

// Approving a customer into a new organization creates it, moves the customer there and
// approves them in one transaction: a refusal (a taken name, both fields, a name too long)
// names new_organization_name and leaves nothing behind.
func TestApprove_IntoANewOrganization(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newPortalEnv(t, db)
		acme := newOrg(t, env, "Acme Dental")
		approve := func(body string) response {
			t.Helper()
			return env.as(t, "employee", "POST", "/api/v1/admin/users/"+env.ids["target"]+"/approve", body)
		}
		organizations := func() []growthdesk.OrganizationSummary {
			t.Helper()
			return decode[[]growthdesk.OrganizationSummary](t, env.as(t, "admin", "GET", "/api/v1/admin/organizations", "").body)
		}

		for _, c := range []struct{ body, want string }{
			{`{"new_organization_name":"acme dental"}`, `"new_organization_name":"An organization with this name already exists."`},
			{`{"organization_id":"` + acme + `","new_organization_name":"Beta"}`, `"new_organization_name":"Choose an existing organization or name a new one, not both."`},
			{`{"new_organization_name":"` + strings.Repeat("x", growthdesk.OrganizationNameMax+1) + `"}`, `"new_organization_name":"The name must be at most 120 characters."`},
			{`{"new_organization_name":"   "}`, `"organization_id":"Choose an organization for this customer before approving."`},
		} {
			res := approve(c.body)
			if res.status < 400 || res.status >= 500 || !strings.Contains(res.body, c.want) {
				t.Fatalf("approve %s: %d %s", c.body, res.status, res.body)
			}
		}
		if n := len(organizations()); n != 1 {
			t.Fatalf("after refusals: %d organizations, want 1", n)
		}

		res := approve(`{"new_organization_name":"  Beta   Bakery "}`)
		if res.status != 200 {
			t.Fatalf("approve into a new organization: %d %s", res.status, res.body)
		}
		got := decode[growthdesk.Account](t, res.body)
		var beta *growthdesk.OrganizationSummary
		for _, o := range organizations() {
			if o.Name == "Beta Bakery" {
				beta = &o
			}
		}
		if beta == nil || beta.MemberCount != 1 {
			t.Fatalf("the new organization: %+v", beta)
		}
		if got.ApprovalStatus != growthdesk.ApprovalApproved || got.OrganizationID == nil || *got.OrganizationID != beta.ID ||
			got.OrganizationName != "Beta Bakery" {
			t.Fatalf("approved: %s %v %v", got.ApprovalStatus, got.OrganizationID, got.OrganizationName)
		}
		actions := map[string]int{}
		for _, e := range decode[[]growthdesk.AuditEntry](t, env.as(t, "admin", "GET", "/api/v1/admin/audit-log?limit=100", "").body) {
			if e.ActorID == env.ids["employee"] && (e.TargetID == env.ids["target"] || e.TargetID == beta.ID) {
				actions[e.Action]++
			}
		}
		if actions[growthdesk.AuditOrganizationCreate] != 1 || actions[growthdesk.AuditOrganizationChange] != 1 || actions[growthdesk.AuditApprove] != 1 {
			t.Errorf("audit: %v", actions)
		}
		// Approved already: a second new organization is refused, and none is created.
		if res := approve(`{"new_organization_name":"Gamma"}`); res.status != 409 || !strings.Contains(res.body, `"new_organization_name"`) {
			t.Fatalf("approve an approved account into a new organization: %d %s", res.status, res.body)
		}
		if n := len(organizations()); n != 2 {
			t.Fatalf("%d organizations, want 2", n)
		}
	})
}

// The audit log pages: limit and offset pick the page, X-Total-Count counts every entry, each
// entry names what it concerns; bad numbers are a 422 naming the parameter.
func TestAuditLog_PagesWithTheTotal(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newPortalEnv(t, db)
		for _, name := range []string{"Alpha", "Beta", "Gamma"} {
			newOrg(t, env, name)
		}
		all := env.as(t, "employee", "GET", "/api/v1/admin/audit-log?limit=500", "")
		total := len(decode[[]growthdesk.AdminActivity](t, all.body))
		if total < 3 || all.header.Get("X-Total-Count") != strconv.Itoa(total) {
			t.Fatalf("all: %d entries, X-Total-Count %q", total, all.header.Get("X-Total-Count"))
		}
		first := env.as(t, "employee", "GET", "/api/v1/admin/audit-log?limit=2", "")
		page := decode[[]growthdesk.AdminActivity](t, first.body)
		if len(page) != 2 || first.header.Get("X-Total-Count") != strconv.Itoa(total) {
			t.Fatalf("first page: %d entries, X-Total-Count %q", len(page), first.header.Get("X-Total-Count"))
		}
		// Newest first, named: the last organization created leads.
		if page[0].Action != growthdesk.AuditOrganizationCreate || page[0].TargetName != "Gamma" || !page[0].TargetExists {
			t.Fatalf("newest entry: %+v", page[0])
		}
		last := decode[[]growthdesk.AdminActivity](t, env.as(t, "employee", "GET", "/api/v1/admin/audit-log?limit=2&offset="+strconv.Itoa(total-1), "").body)
		if len(last) != 1 {
			t.Fatalf("last page: %d entries, want 1", len(last))
		}
		// Oldest first, the newest entry comes last.
		oldest := decode[[]growthdesk.AdminActivity](t, env.as(t, "employee", "GET", "/api/v1/admin/audit-log?dir=asc&limit=1&offset="+strconv.Itoa(total-1), "").body)
		if len(oldest) != 1 || oldest[0].ID != page[0].ID {
			t.Fatalf("oldest first, last page: %+v, want %s", oldest, page[0].ID)
		}
		for _, q := range []struct{ query, field string }{
			{"limit=0", "limit"}, {"limit=501", "limit"}, {"limit=x", "limit"}, {"offset=-1", "offset"}, {"offset=two", "offset"}, {"dir=up", "dir"}, {"sort=when%20DESC", "sort"},
		} {
			res := env.as(t, "employee", "GET", "/api/v1/admin/audit-log?"+q.query, "")
			if res.status != 422 || !strings.Contains(res.body, `"`+q.field+`"`) {
				t.Errorf("%s: %d %s", q.query, res.status, res.body)
			}
		}
		if res := env.as(t, "customer", "GET", "/api/v1/admin/audit-log", ""); res.status != 403 {
			t.Errorf("customer: %d", res.status)
		}
	})
}

// The staff's account list pages and orders on the server: limit, offset, sort and dir pick
// the page, X-Total-Count counts every match, and bad parameters are a 422 naming them.
func TestAccounts_ListPagesAndSortsOnTheServer(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newPortalEnv(t, db)
		list := func(query string) ([]growthdesk.Account, string) {
			t.Helper()
			res := env.as(t, "employee", "GET", "/api/v1/admin/users?"+query, "")
			if res.status != 200 {
				t.Fatalf("%s: %d %s", query, res.status, res.body)
			}
			return decode[[]growthdesk.Account](t, res.body), res.header.Get("X-Total-Count")
		}
		all, total := list("")
		if len(all) < 4 || total != strconv.Itoa(len(all)) {
			t.Fatalf("all: %d accounts, X-Total-Count %q", len(all), total)
		}
		byName, _ := list("sort=name&dir=asc&limit=500")
		for i := 1; i < len(byName); i++ {
			if strings.ToLower(byName[i-1].FullName) > strings.ToLower(byName[i].FullName) {
				t.Fatalf("not by name: %q before %q", byName[i-1].FullName, byName[i].FullName)
			}
		}
		page, total := list("sort=name&dir=desc&limit=2&offset=1")
		if len(page) != 2 || total != strconv.Itoa(len(all)) || page[0].ID != byName[len(byName)-2].ID || page[1].ID != byName[len(byName)-3].ID {
			t.Fatalf("second and third by name, descending: %+v (total %s)", page, total)
		}
		// Every account here has signed in but those the test made without; the signed-in come first.
		recent, _ := list("sort=last_sign_in&dir=desc&limit=1")
		if len(recent) != 1 || recent[0].LastSignInAt == nil {
			t.Fatalf("most recent sign-in first: %+v", recent)
		}
		if pending, total := list("approval=pending&limit=1"); total == "" || (len(pending) == 1 && pending[0].ApprovalStatus != growthdesk.ApprovalPending) {
			t.Fatalf("pending: %+v %s", pending, total)
		}
		for _, q := range []struct{ query, field string }{
			{"sort=email", "sort"}, {"dir=up", "dir"}, {"limit=0", "limit"}, {"limit=501", "limit"}, {"offset=-1", "offset"}, {"offset=x", "offset"},
		} {
			res := env.as(t, "employee", "GET", "/api/v1/admin/users?"+q.query, "")
			if res.status != 422 || !strings.Contains(res.body, `"`+q.field+`"`) {
				t.Errorf("%s: %d %s", q.query, res.status, res.body)
			}
		}
	})
}

// The audit log orders on the server by who acted and by action too, each way, ties newest
// first; an unknown order is a 422 naming sort, and employees still see no billing entry.
func TestAuditLog_SortsOnTheServer(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newPortalEnv(t, db)
		newOrg(t, env, "Alpha")
		if res := env.as(t, "employee", "POST", "/api/v1/admin/organizations", `{"name":"Beta"}`); res.status != 201 {
			t.Fatalf("employee creates an organization: %d %s", res.status, res.body)
		}
		// Another action between them, which an order by time would interleave.
		if res := env.as(t, "employee", "PATCH", "/api/v1/profile", `{"full_name":"Employee"}`); res.status != 200 {
			t.Fatalf("employee renames: %d %s", res.status, res.body)
		}
		newOrg(t, env, "Gamma")
		who := func(e *growthdesk.AdminActivity) string {
			if e.ActorID == "" || (e.ActorName == "" && e.ActorEmail == "") {
				return "\uffff" // no actor: last either way
			}
			return strings.ToLower(cmp.Or(e.ActorName, e.ActorEmail))
		}
		for _, tc := range []struct {
			query string
			key   func(*growthdesk.AdminActivity) string
			desc  bool
		}{
			{"sort=action", func(e *growthdesk.AdminActivity) string { return e.Action }, false},
			{"sort=action&dir=desc", func(e *growthdesk.AdminActivity) string { return e.Action }, true},
			{"sort=who", who, false},
			{"sort=who&dir=desc", who, true},
		} {
			res := env.as(t, "employee", "GET", "/api/v1/admin/audit-log?limit=500&"+tc.query, "")
			list := decode[[]*growthdesk.AdminActivity](t, res.body)
			if res.status != 200 || len(list) < 4 || res.header.Get("X-Total-Count") != strconv.Itoa(len(list)) {
				t.Fatalf("%s: %d, %d entries, X-Total-Count %q", tc.query, res.status, len(list), res.header.Get("X-Total-Count"))
			}
			for i := 1; i < len(list); i++ {
				a, b := tc.key(list[i-1]), tc.key(list[i])
				if tc.desc && a != "\uffff" && b != "\uffff" {
					a, b = b, a
				}
				if a > b {
					t.Fatalf("%s: %q before %q", tc.query, tc.key(list[i-1]), tc.key(list[i]))
				}
				// Equal keys: newest first.
				if tc.key(list[i-1]) == tc.key(list[i]) && list[i-1].CreatedAt.Before(list[i].CreatedAt) {
					t.Fatalf("%s: a tie is not newest first: %+v then %+v", tc.query, list[i-1], list[i])
				}
			}
			// The three organizations' entries keep their order (newest first) within the action.
			var orgs []string
			for _, e := range list {
				if e.Action == growthdesk.AuditOrganizationCreate {
					orgs = append(orgs, e.TargetName)
				}
			}
			if strings.HasPrefix(tc.query, "sort=action") && strings.Join(orgs, ",") != "Gamma,Beta,Alpha" {
				t.Errorf("%s: organizations %v, want Gamma, Beta, Alpha", tc.query, orgs)
			}
			// Pages of an order do not overlap: the second entry of the whole list is the first
			// of the page after the first.
			second := decode[[]*growthdesk.AdminActivity](t, env.as(t, "employee", "GET", "/api/v1/admin/audit-log?limit=1&offset=1&"+tc.query, "").body)
			if len(second) != 1 || second[0].ID != list[1].ID {
				t.Errorf("%s: page 2 of 1 is %+v, want %s", tc.query, second, list[1].ID)
			}
		}
		for _, q := range []string{"sort=concerning", "sort=created_at", "sort=action%3BDROP"} {
			res := env.as(t, "employee", "GET", "/api/v1/admin/audit-log?"+q, "")
			if res.status != 422 || !strings.Contains(res.body, `"sort"`) {
				t.Errorf("%s: %d %s", q, res.status, res.body)
			}
		}
	})
}
