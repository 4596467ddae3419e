package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// workspaceEnv is the portal with two organizations: the test customer in Acme and a second
// customer ("other") in Beta.
type workspaceEnv struct {
	*portalEnv
	acme, beta string
}

func newWorkspaceEnv(t *testing.T) *workspaceEnv {
	t.Helper()
	env := newPortalEnv(t, storetest.SQLite(t))
	w := &workspaceEnv{portalEnv: env}
	w.acme = jsonField(t, env.as(t, "admin", "POST", "/api/v1/admin/organizations", `{"name":"Acme"}`).body, "id")
	w.beta = jsonField(t, env.as(t, "admin", "POST", "/api/v1/admin/organizations", `{"name":"Beta"}`).body, "id")
	env.as(t, "admin", "PATCH", "/api/v1/admin/users/"+env.ids["customer"], `{"organization_id":"`+w.acme+`"}`)
	env.ids["other"] = env.signUpStaff(t, "other@beta.example", "customer")
	env.as(t, "admin", "PATCH", "/api/v1/admin/users/"+env.ids["other"], `{"organization_id":"`+w.beta+`"}`)
	env.tokens["other"] = env.signIn(t, "other@beta.example")
	return w
}

func jsonField(t *testing.T, body, field string) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(body), &m); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	s, _ := m[field].(string)
	if s == "" {
		t.Fatalf("no %s in %s", field, body)
	}
	return s
}

func meetingBody(org, title string, start time.Time) string {
	b, _ := json.Marshal(map[string]any{
		"organization_id": org, "title": title, "type": "review", "description": "Results so far\nNext steps",
		"start_time": start.Format(time.RFC3339), "end_time": start.Add(time.Hour).Format(time.RFC3339),
		"location": "Zoom", "meeting_url": "https://zoom.example/j/1",
		"attendees": []map[string]string{{"name": "Dana Whitfield", "email": "Dana@Example.com"}, {"name": "Front desk"}},
	})
	return string(b)
}

// mailsTo returns the outbox messages to addr, newest first.
func (w *workspaceEnv) mailsTo(t *testing.T, addr string) []growthdesk.OutboxMail {
	t.Helper()
	all, err := w.outbox.ListMail(context.Background(), 200)
	if err != nil {
		t.Fatal(err)
	}
	var out []growthdesk.OutboxMail
	for _, m := range all {
		if m.Email.To == addr {
			out = append(out, m)
		}
	}
	return out
}

func parseICS(t *testing.T, data []byte) (method string, e *ics.VEvent) {
	t.Helper()
	cal, err := ics.ParseCalendar(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("parse ics: %v\n%s", err, data)
	}
	for _, p := range cal.CalendarProperties {
		if p.IANAToken == "METHOD" {
			method = p.Value
		}
	}
	if len(cal.Events()) != 1 {
		t.Fatalf("%d events in\n%s", len(cal.Events()), data)
	}
	return method, cal.Events()[0]
}

func TestMeetings_ScheduleInviteCancelAcrossOrganizations(t *testing.T) {
	t.Parallel()
	w := newWorkspaceEnv(t)
	start := time.Now().UTC().Add(72 * time.Hour).Truncate(time.Minute)

	res := w.as(t, "employee", "POST", "/api/v1/meetings", meetingBody(w.acme, "Quarterly review", start))
	if res.status != 201 {
		t.Fatalf("create: %d %s", res.status, res.body)
	}
	id := jsonField(t, res.body, "id")
	if !strings.Contains(res.body, `"email":"dana@example.com"`) || !strings.Contains(res.body, `"organization_name":"Acme"`) {
		t.Errorf("created meeting: %s", res.body)
	}

	// The invitation: to the attendee with an address, with the .ics (REQUEST, SEQUENCE 0).
	invites := w.mailsTo(t, "dana@example.com")
	if len(invites) != 1 || invites[0].Email.Subject != "Invitation: Quarterly review" || len(invites[0].Email.Attachments) != 1 {
		t.Fatalf("invitations: %+v", invites)
	}
	method, ev := parseICS(t, invites[0].Email.Attachments[0].Content)
	uid := ev.Id()
	if method != "REQUEST" || uid != id+"@www.example.com" || ev.GetProperty(ics.ComponentPropertySequence).Value != "0" {
		t.Fatalf("invitation ics: %s %s", method, invites[0].Email.Attachments[0].Content)
	}
	// The first invitation carries the meeting's own creation and change times.
	created := jsonField(t, res.body, "created_at")
	checkICSTimes(t, "invitation", ev, created, jsonField(t, res.body, "updated_at"))

	// Acme's customer sees it under Upcoming and All, not Past; Beta's customer sees nothing.
	for when, want := range map[string]bool{"": true, "upcoming": true, "all": true, "past": false} {
		res := w.as(t, "customer", "GET", "/api/v1/meetings?when="+when, "")
		if res.status != 200 || strings.Contains(res.body, id) != want || !strings.Contains(res.body, `"total":`) {
			t.Errorf("customer list when=%q: %d %s", when, res.status, res.body)
		}
	}
	if res := w.as(t, "other", "GET", "/api/v1/meetings?when=all&organization="+w.acme, ""); res.status != 200 || strings.Contains(res.body, id) {
		t.Errorf("other organization's list: %d %s", res.status, res.body)
	}
	// Another organization's id answers 404 exactly like an unknown one, and changes nothing.
	for _, path := range []string{"/api/v1/meetings/" + id, "/api/v1/meetings/" + id + "/meeting.ics"} {
		if res := w.as(t, "other", "GET", path, ""); res.status != 404 {
			t.Errorf("other GET %s: %d %s", path, res.status, res.body)
		}
	}
	if res := w.as(t, "other", "POST", "/api/v1/meetings/"+id+"/cancel", ""); res.status != 404 {
		t.Errorf("other cancel: %d %s", res.status, res.body)
	}
	if res := w.as(t, "customer", "GET", "/api/v1/meetings/"+id, ""); res.status != 200 || !strings.Contains(res.body, `"status":"scheduled"`) {
		t.Fatalf("after the refused cancel: %d %s", res.status, res.body)
	}

	// Staff move it: an update with the same UID and SEQUENCE 1.
	res = w.as(t, "admin", "PUT", "/api/v1/meetings/"+id, meetingBody("", "Quarterly review", start.Add(time.Hour)))
	if res.status != 200 || !strings.Contains(res.body, `"sequence":1`) {
		t.Fatalf("update: %d %s", res.status, res.body)
	}
	updates := w.mailsTo(t, "dana@example.com")
	if len(updates) != 2 || updates[0].Email.Subject != "Updated invitation: Quarterly review" {
		t.Fatalf("after the update: %+v", updates)
	}
	if method, ev := parseICS(t, updates[0].Email.Attachments[0].Content); method != "REQUEST" || ev.Id() != uid ||
		ev.GetProperty(ics.ComponentPropertySequence).Value != "1" {
		t.Fatalf("update ics: %s", updates[0].Email.Attachments[0].Content)
	}

	// The customer downloads it, then cancels it: attendees get METHOD:CANCEL, staff are told.
	res = w.as(t, "customer", "GET", "/api/v1/meetings/"+id+"/meeting.ics", "")
	if res.status != 200 || !strings.HasPrefix(res.header.Get("Content-Type"), "text/calendar") {
		t.Fatalf("ics: %d %v %s", res.status, res.header, res.body)
	}
	if method, ev := parseICS(t, []byte(res.body)); ev.Id() != uid || method != "PUBLISH" || len(ev.Attendees()) != 0 {
		t.Fatalf("downloaded ics: METHOD %s, UID %s, %d attendees, want PUBLISH, %s, none", method, ev.Id(), len(ev.Attendees()), uid)
	} else {
		checkICSTimes(t, "download", ev, created, jsonField(t, w.as(t, "customer", "GET", "/api/v1/meetings/"+id, "").body, "updated_at"))
	}
	res = w.as(t, "customer", "POST", "/api/v1/meetings/"+id+"/cancel", "")
	if res.status != 200 || !strings.Contains(res.body, `"status":"cancelled"`) || !strings.Contains(res.body, `"sequence":2`) {
		t.Fatalf("cancel: %d %s", res.status, res.body)
	}
	cancels := w.mailsTo(t, "dana@example.com")
	if len(cancels) != 3 || cancels[0].Email.Subject != "Cancelled: Quarterly review" {
		t.Fatalf("after the cancel: %+v", cancels)
	}
	if method, ev := parseICS(t, cancels[0].Email.Attachments[0].Content); method != "CANCEL" || ev.Id() != uid ||
		ev.GetProperty(ics.ComponentPropertySequence).Value != "2" || ev.GetProperty(ics.ComponentPropertyStatus).Value != "CANCELLED" {
		t.Fatalf("cancel ics: %s", cancels[0].Email.Attachments[0].Content)
	}
	staff := w.mailsTo(t, "hello@example.com")
	if len(staff) == 0 || staff[0].Email.Subject != "A customer cancelled: Quarterly review" || !strings.Contains(staff[0].Email.Text, "customer@example.com") {
		t.Fatalf("staff notification: %+v", staff)
	}
	if w.mailsTo(t, "employee@example.com") == nil {
		t.Errorf("the employee who scheduled it was not told")
	}
	// A cancelled meeting stays cancelled.
	for _, tc := range []struct{ role, method, path, body string }{
		{"customer", "POST", "/api/v1/meetings/" + id + "/cancel", ""},
		{"employee", "POST", "/api/v1/meetings/" + id + "/complete", ""},
		{"employee", "PUT", "/api/v1/meetings/" + id, meetingBody("", "Again", start)},
	} {
		if res := w.as(t, tc.role, tc.method, tc.path, tc.body); res.status != 409 {
			t.Errorf("%s %s on a cancelled meeting: %d %s", tc.method, tc.path, res.status, res.body)
		}
	}
	// Every write is in the audit log.
	audit := w.as(t, "admin", "GET", "/api/v1/admin/audit-log", "").body
	for _, action := range []string{"meeting.create", "meeting.update", "meeting.cancel"} {
		if !strings.Contains(audit, action) {
			t.Errorf("audit log lacks %s", action)
		}
	}
}

// checkICSTimes fails unless the event's CREATED and LAST-MODIFIED are the RFC 3339 times
// created and updated (to the second, as iCalendar writes them).
func checkICSTimes(t *testing.T, what string, ev *ics.VEvent, created, updated string) {
	t.Helper()
	for prop, want := range map[ics.ComponentProperty]string{ics.ComponentPropertyCreated: created, ics.ComponentPropertyLastModified: updated} {
		at, err := time.Parse(time.RFC3339Nano, want)
		if err != nil {
			t.Fatal(err)
		}
		p := ev.GetProperty(prop)
		if p == nil || p.Value != at.UTC().Format("20060102T150405Z") {
			t.Errorf("%s: %s is %+v, want %s", what, prop, p, at.UTC().Format("20060102T150405Z"))
		}
	}
}

func TestMeetings_RemovedAttendeeGetsACancellationNamingThem(t *testing.T) {
	t.Parallel()
	w := newWorkspaceEnv(t)
	start := time.Now().UTC().Add(72 * time.Hour).Truncate(time.Minute)
	res := w.as(t, "employee", "POST", "/api/v1/meetings", meetingBody(w.acme, "Planning", start))
	id := jsonField(t, res.body, "id")
	b, _ := json.Marshal(map[string]any{
		"title": "Planning", "type": "review", "start_time": start.Format(time.RFC3339), "end_time": start.Add(time.Hour).Format(time.RFC3339),
		"attendees": []map[string]string{{"name": "Sam Stays", "email": "sam@example.com"}},
	})
	if res := w.as(t, "employee", "PUT", "/api/v1/meetings/"+id, string(b)); res.status != 200 {
		t.Fatalf("update: %d %s", res.status, res.body)
	}
	mails := w.mailsTo(t, "dana@example.com")
	if len(mails) != 2 || mails[0].Email.Subject != "Cancelled: Planning" {
		t.Fatalf("mails to the removed attendee: %+v", mails)
	}
	content := mails[0].Email.Attachments[0].Content
	method, ev := parseICS(t, content)
	names := false
	for _, a := range ev.Attendees() {
		names = names || a.Email() == "dana@example.com"
	}
	if method != "CANCEL" || !names || ev.GetProperty(ics.ComponentPropertySequence).Value != "1" {
		t.Fatalf("the cancellation does not uninvite the removed attendee:\n%s", content)
	}
	// Only the removed attendee is uninvited: the meeting itself goes on.
	if p := ev.GetProperty(ics.ComponentPropertyStatus); p != nil || strings.Contains(string(content), "sam@example.com") {
		t.Fatalf("the cancellation cancels the meeting or names those still invited:\n%s", content)
	}
	if got := w.mailsTo(t, "sam@example.com"); len(got) != 1 || got[0].Email.Subject != "Updated invitation: Planning" {
		t.Fatalf("mails to the new attendee: %+v", got)
	}
}

func TestMeetings_BadInputChangesNothing(t *testing.T) {
	t.Parallel()
	w := newWorkspaceEnv(t)
	start := time.Now().UTC().Add(time.Hour)
	cases := []struct {
		body   string
		status int
		fields []string
	}{
		{`{`, 400, nil},
		{`{"title": 5}`, 422, []string{"title"}},
		{`{}`, 422, []string{"organization_id", "title", "type", "start_time", "end_time"}},
		{`{"organization_id":"` + w.acme + `","title":"x","type":"party","start_time":"tomorrow","end_time":"` + start.Format(time.RFC3339) + `"}`, 422, []string{"type", "start_time"}},
		{`{"organization_id":"` + w.acme + `","title":"x","type":"review","start_time":"` + start.Format(time.RFC3339) + `","end_time":"` + start.Add(-time.Minute).Format(time.RFC3339) + `"}`, 422, []string{"end_time"}},
		{`{"organization_id":"` + w.acme + `","title":"x","type":"review","start_time":"` + start.Format(time.RFC3339) + `","end_time":"` + start.Add(time.Hour).Format(time.RFC3339) + `","meeting_url":"javascript:alert(1)","attendees":[{"name":"","email":"not-an-address"}]}`, 422, []string{"meeting_url", "attendees[0].name", "attendees[0].email"}},
		{meetingBody("00000000-0000-4000-8000-000000000000", "Ghost org", start), 422, []string{"organization_id"}},
	}
	for _, tc := range cases {
		res := w.as(t, "employee", "POST", "/api/v1/meetings", tc.body)
		if res.status != tc.status {
			t.Errorf("%s: %d %s, want %d", tc.body, res.status, res.body, tc.status)
			continue
		}
		for _, f := range tc.fields {
			if !strings.Contains(res.body, `"`+f+`"`) {
				t.Errorf("%s: no message for %s in %s", tc.body, f, res.body)
			}
		}
	}
	if res := w.as(t, "employee", "GET", "/api/v1/meetings?when=someday", ""); res.status != 422 || !strings.Contains(res.body, `"when"`) {
		t.Errorf("bad tab: %d %s", res.status, res.body)
	}
	if res := w.as(t, "admin", "GET", "/api/v1/meetings?when=all", ""); res.status != 200 || !strings.Contains(res.body, `"total":0`) {
		t.Errorf("after bad input: %s", res.body)
	}
	if res := w.as(t, "customer", "POST", "/api/v1/meetings", meetingBody(w.acme, "Mine", start)); res.status != 403 {
		t.Errorf("customer schedules: %d %s", res.status, res.body)
	}
}

func TestCalendarFeed_TokenAuthorizedResettableAndScoped(t *testing.T) {
	t.Parallel()
	w := newWorkspaceEnv(t)
	start := time.Now().UTC().Add(48 * time.Hour).Truncate(time.Minute)
	acmeID := jsonField(t, w.as(t, "employee", "POST", "/api/v1/meetings", meetingBody(w.acme, "Acme planning", start)).body, "id")
	betaID := jsonField(t, w.as(t, "employee", "POST", "/api/v1/meetings", meetingBody(w.beta, "Beta planning", start)).body, "id")

	if res := w.as(t, "customer", "GET", "/api/v1/profile/calendar-feed", ""); res.status != 200 || !strings.Contains(res.body, `"active":false`) {
		t.Fatalf("feed before: %d %s", res.status, res.body)
	}
	res := w.as(t, "customer", "POST", "/api/v1/profile/calendar-feed", "")
	feedURL := jsonField(t, res.body, "url")
	path := strings.TrimPrefix(feedURL, testSiteURL)
	if !strings.HasPrefix(path, "/api/v1/calendar/") || !strings.HasSuffix(path, ".ics") {
		t.Fatalf("feed URL %s", feedURL)
	}
	res = w.do(t, "GET", path, "", "")
	if res.status != 200 || !strings.HasPrefix(res.header.Get("Content-Type"), "text/calendar") ||
		!strings.Contains(res.body, acmeID) || strings.Contains(res.body, betaID) || !strings.Contains(res.body, "METHOD:PUBLISH") {
		t.Fatalf("feed: %d %s", res.status, res.body)
	}
	// A published feed names no attendees (their addresses would go to every subscriber).
	if strings.Contains(res.body, "ATTENDEE") || strings.Contains(res.body, "dana@example.com") || !strings.Contains(res.body, "ORGANIZER") {
		t.Errorf("the feed lists attendees or no organizer:\n%s", res.body)
	}
	if got := w.as(t, "customer", "GET", "/api/v1/profile/calendar-feed", "").body; !strings.Contains(got, `"active":true`) || strings.Contains(got, "url") {
		t.Errorf("feed status shows the URL again or is inactive: %s", got)
	}
	// The token is kept only as a hash.
	token := strings.TrimSuffix(strings.TrimPrefix(path, "/api/v1/calendar/"), ".ics")
	if owner, err := store.NewMeetingStore(w.db).CalendarFeedOwner(context.Background(), token); err == nil {
		t.Fatalf("the raw token finds a feed (owner %s): it is stored in the clear", owner)
	}
	// Resetting retires the old URL.
	newURL := jsonField(t, w.as(t, "customer", "POST", "/api/v1/profile/calendar-feed", "").body, "url")
	if res := w.do(t, "GET", path, "", ""); res.status != 404 {
		t.Errorf("old feed URL after reset: %d", res.status)
	}
	for _, bad := range []string{"/api/v1/calendar/" + token, "/api/v1/calendar/short.ics", "/api/v1/calendar/" + strings.Repeat("a", 52) + ".ics"} {
		if res := w.do(t, "GET", bad, "", ""); res.status != 404 {
			t.Errorf("%s: %d", bad, res.status)
		}
	}
	// A rejected account's feed stops.
	w.as(t, "admin", "POST", "/api/v1/admin/users/"+w.ids["customer"]+"/reject", "")
	if res := w.do(t, "GET", strings.TrimPrefix(newURL, testSiteURL), "", ""); res.status != 403 {
		t.Errorf("feed of a rejected account: %d %s", res.status, res.body)
	}
}
