package server_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

func TestAnnouncements_CreateListToggleDismissDelete(t *testing.T) {
	t.Parallel()
	env := newPortalEnv(t, storetest.SQLite(t))

	// Validation: title and content required, type defaults to info.
	bad := env.as(t, "employee", "POST", "/api/v1/admin/announcements", `{"title":" ","content":""}`)
	if bad.status != 422 || !strings.Contains(bad.body, `"message":"Please fill in all required fields"`) ||
		!strings.Contains(bad.body, `"title"`) || !strings.Contains(bad.body, `"content"`) {
		t.Fatalf("missing fields: %d %s", bad.status, bad.body)
	}
	for _, body := range []string{
		`{"title":"T","content":"C","type":"loud"}`,
		`{"title":"T","content":"C","show_until":"2001-01-01T00:00:00Z"}`,
		`{"title":"T","content":"C","show_until":"tomorrow"}`,
		`{"title":5,"content":"C"}`,
		`{"title":"T",`,
		`{"title":"` + strings.Repeat("x", growthdesk.AnnouncementTitleMax+1) + `","content":"C"}`,
		`{"title":"T","content":"` + strings.Repeat("x", 70<<10) + `"}`,
		`{"title":"T","content":"C","type":"info\u0000"}`,
		`[]`,
	} {
		if res := env.as(t, "admin", "POST", "/api/v1/admin/announcements", body); res.status < 400 || res.status >= 500 {
			t.Errorf("bad body %.60s: %d %s", body, res.status, res.body)
		}
	}
	if list := decodeRes[[]growthdesk.Announcement](t, env.as(t, "admin", "GET", "/api/v1/admin/announcements", "")); len(list) != 0 {
		t.Fatalf("bad input stored something: %+v", list)
	}

	first := decodeRes[growthdesk.Announcement](t, env.as(t, "employee", "POST", "/api/v1/admin/announcements",
		`{"title":"Maintenance","content":"Sunday 2-4 am.","type":"warning"}`))
	if !first.IsActive || first.Type != "warning" || first.CreatedByName != "Employee" {
		t.Fatalf("created: %+v", first)
	}
	env.clock.Advance(time.Second)
	showUntil := env.clock.Now().Add(2 * time.Hour).UTC().Format(time.RFC3339)
	second := decodeRes[growthdesk.Announcement](t, env.as(t, "admin", "POST", "/api/v1/admin/announcements",
		`{"title":"New plan","content":"Try it.","show_until":"`+showUntil+`"}`))
	if second.Type != "info" || second.ShowUntil == nil {
		t.Fatalf("defaults: %+v", second)
	}
	draft := decodeRes[growthdesk.Announcement](t, env.as(t, "admin", "POST", "/api/v1/admin/announcements",
		`{"title":"Draft","content":"Not yet.","type":"success","is_active":false}`))
	if draft.IsActive {
		t.Fatalf("draft is active: %+v", draft)
	}

	list := decodeRes[[]growthdesk.Announcement](t, env.as(t, "employee", "GET", "/api/v1/admin/announcements", ""))
	if len(list) != 3 || list[0].ID != draft.ID || list[2].ID != first.ID {
		t.Fatalf("staff list, newest first: %+v", list)
	}
	banners := func(role string) []string {
		var ids []string
		for _, a := range decodeRes[[]growthdesk.Announcement](t, env.as(t, role, "GET", "/api/v1/announcements", "")) {
			ids = append(ids, a.Title)
		}
		return ids
	}
	if got := fmt.Sprint(banners("customer")); got != "[New plan Maintenance]" {
		t.Fatalf("customer banners: %s", got)
	}
	// Who wrote it is for staff: a customer's banners carry no staff id or name.
	if res := env.as(t, "customer", "GET", "/api/v1/announcements", ""); strings.Contains(res.body, "created_by") || strings.Contains(res.body, env.ids["employee"]) {
		t.Fatalf("customer banners name their author: %s", res.body)
	}
	if res := env.as(t, "admin", "GET", "/api/v1/announcements", ""); !strings.Contains(res.body, `"created_by":"`+env.ids["employee"]+`"`) || !strings.Contains(res.body, `"created_by_name":"Employee"`) {
		t.Fatalf("staff banners: %s", res.body)
	}

	// Dismissing is per account and remembered on the server.
	if res := env.as(t, "customer", "POST", "/api/v1/announcements/"+first.ID+"/dismiss", ""); res.status != 204 {
		t.Fatalf("dismiss: %d %s", res.status, res.body)
	}
	if res := env.as(t, "customer", "POST", "/api/v1/announcements/"+first.ID+"/dismiss", ""); res.status != 204 {
		t.Fatalf("dismiss again: %d %s", res.status, res.body)
	}
	if res := env.as(t, "customer", "POST", "/api/v1/announcements/"+draft.ID+"/dismiss", ""); res.status != 404 {
		t.Fatalf("dismiss a draft: %d %s", res.status, res.body)
	}
	if got := fmt.Sprint(banners("customer")); got != "[New plan]" {
		t.Fatalf("after dismissing: %s", got)
	}
	if got := fmt.Sprint(banners("employee")); got != "[New plan Maintenance]" {
		t.Fatalf("another account still sees it: %s", got)
	}

	// Activate and deactivate.
	if res := env.as(t, "employee", "PATCH", "/api/v1/admin/announcements/"+draft.ID, `{"is_active":true}`); res.status != 200 {
		t.Fatalf("activate: %d %s", res.status, res.body)
	}
	if res := env.as(t, "employee", "PATCH", "/api/v1/admin/announcements/"+second.ID, `{"is_active":false}`); res.status != 200 {
		t.Fatalf("deactivate: %d %s", res.status, res.body)
	}
	if res := env.as(t, "employee", "PATCH", "/api/v1/admin/announcements/"+second.ID, `{}`); res.status != 422 {
		t.Fatalf("toggle without a value: %d %s", res.status, res.body)
	}
	if got := fmt.Sprint(banners("customer")); got != "[Draft]" {
		t.Fatalf("after toggles: %s", got)
	}
	// Past its show-until, an announcement is no longer shown.
	if res := env.as(t, "employee", "PATCH", "/api/v1/admin/announcements/"+second.ID, `{"is_active":true}`); res.status != 200 {
		t.Fatal(res.body)
	}
	env.clock.Advance(3 * time.Hour)
	if got := fmt.Sprint(banners("customer")); got != "[Draft]" {
		t.Fatalf("after show-until: %s", got)
	}

	// Delete; unknown ids answer 404.
	unknown := "00000000-0000-4000-8000-000000000000"
	for _, req := range [][2]string{{"PATCH", `{"is_active":true}`}, {"DELETE", ""}} {
		if res := env.as(t, "admin", req[0], "/api/v1/admin/announcements/"+unknown, req[1]); res.status != 404 {
			t.Errorf("%s unknown: %d %s", req[0], res.status, res.body)
		}
	}
	if res := env.as(t, "admin", "DELETE", "/api/v1/admin/announcements/"+draft.ID, ""); res.status != 204 {
		t.Fatalf("delete: %d %s", res.status, res.body)
	}
	if got := fmt.Sprint(banners("customer")); got != "[]" {
		t.Fatalf("after delete: %s", got)
	}

	// Every write is in the audit log.
	audit := decodeRes[[]growthdesk.AuditEntry](t, env.as(t, "admin", "GET", "/api/v1/admin/audit-log", ""))
	counts := map[string]int{}
	for _, e := range audit {
		counts[e.Action]++
	}
	want := map[string]int{growthdesk.AuditAnnouncementCreate: 3, growthdesk.AuditAnnouncementActivate: 2,
		growthdesk.AuditAnnouncementDeactivate: 1, growthdesk.AuditAnnouncementDelete: 1, growthdesk.AuditAnnouncementDismiss: 1}
	for action, n := range want {
		if counts[action] != n {
			t.Errorf("audit %s: %d entries, want %d", action, counts[action], n)
		}
	}
}
