package calendar

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

func testMeeting() *growthdesk.Meeting {
	start := time.Date(2026, 3, 10, 15, 0, 0, 0, time.UTC)
	return &growthdesk.Meeting{
		ID: "0b9d7c1e-2f7a-4a57-9d38-3c1f2b6f8a11", Title: "Quarterly review; results, next steps",
		Description: "Line one\nLine two with a very long sentence that certainly goes beyond the seventy-five octet limit of one line",
		Type:        growthdesk.MeetingTypeReview, StartTime: start, EndTime: start.Add(time.Hour),
		Location: "Zoom", MeetingURL: "https://zoom.example/j/123",
		Attendees: []growthdesk.MeetingAttendee{{Name: `Dana "DW", Whitfield`, Email: "dana@example.com"}, {Name: "No Mail"}},
		Status:    growthdesk.MeetingStatusScheduled, Sequence: 2, CreatedAt: start.Add(-48 * time.Hour), UpdatedAt: start.Add(-time.Hour),
	}
}

func parse(t *testing.T, data []byte) *ics.Calendar {
	t.Helper()
	for _, line := range strings.Split(string(data), "\r\n") {
		if len(line) > 75 {
			t.Errorf("line longer than 75 octets: %q", line)
		}
	}
	cal, err := ics.ParseCalendar(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, data)
	}
	return cal
}

func TestInvitation_RequestAndCancelShareTheUID(t *testing.T) {
	w, err := New("Growthdesk", "hello@growthdesk.io", "growthdesk.io")
	if err != nil {
		t.Fatal(err)
	}
	m := testMeeting()
	req, err := w.Invitation(m, "REQUEST")
	if err != nil {
		t.Fatal(err)
	}
	cal := parse(t, req)
	if got := cal.CalendarProperties; !strings.Contains(string(req), "METHOD:REQUEST") || len(got) == 0 {
		t.Fatalf("no METHOD:REQUEST:\n%s", req)
	}
	events := cal.Events()
	if len(events) != 1 {
		t.Fatalf("%d events", len(events))
	}
	e := events[0]
	if e.Id() != m.ID+"@growthdesk.io" {
		t.Errorf("UID %q", e.Id())
	}
	if got := e.GetProperty(ics.ComponentPropertySequence).Value; got != "2" {
		t.Errorf("SEQUENCE %q", got)
	}
	if start, err := e.GetStartAt(); err != nil || !start.Equal(m.StartTime) {
		t.Errorf("DTSTART %v %v", start, err)
	}
	if got := e.GetProperty(ics.ComponentPropertySummary).Value; got != m.Title {
		t.Errorf("SUMMARY round trip %q", got)
	}
	if got := e.GetProperty(ics.ComponentPropertyDescription).Value; !strings.HasPrefix(got, m.Description) || !strings.Contains(got, "Join: https://zoom.example/j/123") {
		t.Errorf("DESCRIPTION round trip %q", got)
	}
	if !strings.Contains(string(req), `SUMMARY:Quarterly review\; results\, next steps`) {
		t.Errorf("SUMMARY not escaped:\n%s", req)
	}
	attendees := e.Attendees()
	if len(attendees) != 1 || attendees[0].Email() != "dana@example.com" {
		t.Fatalf("attendees %+v", attendees)
	}
	if cn := attendees[0].ICalParameters["CN"]; len(cn) != 1 || cn[0] != "Dana 'DW', Whitfield" {
		t.Errorf("CN %q", cn)
	}

	m.Status, m.Sequence = growthdesk.MeetingStatusCancelled, 3
	cancel, err := w.Invitation(m, "CANCEL")
	if err != nil {
		t.Fatal(err)
	}
	ce := parse(t, cancel).Events()[0]
	if !strings.Contains(string(cancel), "METHOD:CANCEL") || ce.Id() != e.Id() ||
		ce.GetProperty(ics.ComponentPropertySequence).Value != "3" || ce.GetProperty(ics.ComponentPropertyStatus).Value != "CANCELLED" {
		t.Fatalf("cancellation:\n%s", cancel)
	}
	if _, err := w.Invitation(m, "PUBLISH"); err == nil {
		t.Fatal("an invitation with method PUBLISH was written")
	}
}

func TestFeed_ListsEveryMeetingWithItsStatus(t *testing.T) {
	w, err := New("Growthdesk", "hello@growthdesk.io", "growthdesk.io")
	if err != nil {
		t.Fatal(err)
	}
	a, b := testMeeting(), testMeeting()
	b.ID, b.Status = "1b9d7c1e-2f7a-4a57-9d38-3c1f2b6f8a11", growthdesk.MeetingStatusCancelled
	data, err := w.Feed("Growthdesk meetings", []*growthdesk.Meeting{a, b})
	if err != nil {
		t.Fatal(err)
	}
	cal := parse(t, data)
	if !strings.Contains(string(data), "METHOD:PUBLISH") || !strings.Contains(string(data), "X-WR-CALNAME:Growthdesk meetings") {
		t.Fatalf("feed:\n%s", data)
	}
	events := cal.Events()
	if len(events) != 2 || events[0].GetProperty(ics.ComponentPropertyStatus).Value != "CONFIRMED" ||
		events[1].GetProperty(ics.ComponentPropertyStatus).Value != "CANCELLED" {
		t.Fatalf("feed events:\n%s", data)
	}
}

func TestDownload_IsAPublishedCopyNotAnInvitation(t *testing.T) {
	w, err := New("Growthdesk", "hello@growthdesk.io", "growthdesk.io")
	if err != nil {
		t.Fatal(err)
	}
	m := testMeeting()
	data, err := w.Download(m)
	if err != nil {
		t.Fatal(err)
	}
	cal := parse(t, data)
	method := ""
	for _, p := range cal.CalendarProperties {
		if p.IANAToken == "METHOD" {
			method = p.Value
		}
	}
	events := cal.Events()
	if method != "PUBLISH" || len(events) != 1 {
		t.Fatalf("METHOD %q, %d events:\n%s", method, len(events), data)
	}
	e := events[0]
	if e.Id() != m.ID+"@growthdesk.io" || e.GetProperty(ics.ComponentPropertySequence).Value != "2" ||
		e.GetProperty(ics.ComponentPropertyStatus).Value != "CONFIRMED" || len(e.Attendees()) != 0 || strings.Contains(string(data), "RSVP") {
		t.Fatalf("download:\n%s", data)
	}
	m.Status, m.Sequence = growthdesk.MeetingStatusCancelled, 3
	data, err = w.Download(m)
	if err != nil {
		t.Fatal(err)
	}
	ce := parse(t, data).Events()[0]
	if !strings.Contains(string(data), "METHOD:PUBLISH") || ce.Id() != e.Id() ||
		ce.GetProperty(ics.ComponentPropertySequence).Value != "3" || ce.GetProperty(ics.ComponentPropertyStatus).Value != "CANCELLED" {
		t.Fatalf("cancelled download:\n%s", data)
	}
}

func testWriter(t *testing.T) *Writer {
	t.Helper()
	w, err := New("Growthdesk", "hello@growthdesk.io", "growthdesk.io")
	if err != nil {
		t.Fatal(err)
	}
	stamp := time.Date(2026, 3, 9, 12, 0, 0, 0, time.UTC)
	w.Now = func() time.Time { return stamp }
	return w
}

func TestFeed_NamesNoAttendees(t *testing.T) {
	data, err := testWriter(t).Feed("Growthdesk meetings", []*growthdesk.Meeting{testMeeting()})
	if err != nil {
		t.Fatal(err)
	}
	if e := parse(t, data).Events()[0]; len(e.Attendees()) != 0 || strings.Contains(string(data), "ATTENDEE") || strings.Contains(string(data), "RSVP") {
		t.Fatalf("the feed names attendees:\n%s", data)
	}
	if !strings.Contains(string(data), "ORGANIZER;CN=Growthdesk:mailto:hello@growthdesk.io") {
		t.Errorf("the feed lost its organizer:\n%s", data)
	}
}

func TestInvitation_CarriesTheMeetingsCreationAndChangeTimes(t *testing.T) {
	w := testWriter(t)
	m := testMeeting()
	data, err := w.Invitation(m, "REQUEST")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "CREATED:20260308T150000Z\r\n") || !strings.Contains(string(data), "LAST-MODIFIED:20260310T140000Z\r\n") {
		t.Fatalf("CREATED / LAST-MODIFIED are not the meeting's:\n%s", data)
	}
	// A meeting without its times is a fault of the caller, not a file dated the year 1.
	for _, zero := range []func(*growthdesk.Meeting){
		func(m *growthdesk.Meeting) { m.CreatedAt = time.Time{} },
		func(m *growthdesk.Meeting) { m.UpdatedAt = time.Time{} },
	} {
		m := testMeeting()
		zero(m)
		if data, err := w.Invitation(m, "REQUEST"); err == nil {
			t.Errorf("an invitation without the meeting's times was written:\n%s", data)
		}
		if data, err := w.Download(m); err == nil {
			t.Errorf("a download without the meeting's times was written:\n%s", data)
		}
		if data, err := w.Feed("x", []*growthdesk.Meeting{m}); err == nil {
			t.Errorf("a feed without the meeting's times was written:\n%s", data)
		}
	}
}

func TestInvitation_CancelOfAScheduledMeetingUninvitesTheAttendeesItNames(t *testing.T) {
	m := testMeeting()
	m.Attendees = []growthdesk.MeetingAttendee{{Name: "Removed Person", Email: "removed@example.com"}}
	data, err := testWriter(t).Invitation(m, "CANCEL")
	if err != nil {
		t.Fatal(err)
	}
	e := parse(t, data).Events()[0]
	if a := e.Attendees(); len(a) != 1 || a[0].Email() != "removed@example.com" {
		t.Fatalf("the cancellation does not name the removed attendee:\n%s", data)
	}
	// STATUS:CANCELLED would cancel the whole meeting for everyone.
	if p := e.GetProperty(ics.ComponentPropertyStatus); p != nil || !strings.Contains(string(data), "METHOD:CANCEL") {
		t.Fatalf("the uninvitation cancels the meeting:\n%s", data)
	}
}

func TestInvitation_NamesWithPunctuationAreQuotedNotMangled(t *testing.T) {
	m := testMeeting()
	m.Attendees = []growthdesk.MeetingAttendee{
		{Name: `Smith, Jr.: "Ops"; Team`, Email: "smith@example.com"},
		{Name: "O'Brien", Email: "obrien@example.com"},
		{Name: "Back\\slash\nNew line", Email: "back@example.com"},
	}
	data, err := testWriter(t).Invitation(m, "REQUEST")
	if err != nil {
		t.Fatal(err)
	}
	unfolded := strings.ReplaceAll(string(data), "\r\n ", "")
	for _, want := range []string{`ATTENDEE;CN="Smith, Jr.: 'Ops'; Team";`, `ATTENDEE;CN=O'Brien;`, `ATTENDEE;CN=Back slash New line;`} {
		if !strings.Contains(unfolded, want) {
			t.Errorf("no %s in\n%s", want, data)
		}
	}
	got := map[string]string{}
	for _, a := range parse(t, data).Events()[0].Attendees() {
		got[a.Email()] = a.ICalParameters["CN"][0]
	}
	if got["smith@example.com"] != "Smith, Jr.: 'Ops'; Team" || got["obrien@example.com"] != "O'Brien" {
		t.Errorf("names come back as %q", got)
	}
}

var update = flag.Bool("update", false, "rewrite the .ics files in testdata")

// TestGoldenFiles keeps testdata/*.ics, which the web tests read with another parser, equal
// to what the writer produces; go test -run TestGoldenFiles -update rewrites them.
func TestGoldenFiles(t *testing.T) {
	w := testWriter(t)
	m := testMeeting()
	m.Attendees = []growthdesk.MeetingAttendee{{Name: `Smith, Jr.: "Ops"; Team`, Email: "smith@example.com"}}
	invitation, err := w.Invitation(m, "REQUEST")
	if err != nil {
		t.Fatal(err)
	}
	feed, err := w.Feed("Growthdesk meetings", []*growthdesk.Meeting{m})
	if err != nil {
		t.Fatal(err)
	}
	removed := testMeeting()
	removed.Attendees = []growthdesk.MeetingAttendee{{Name: "Removed Person", Email: "removed@example.com"}}
	removed.Sequence = 3
	cancel, err := w.Invitation(removed, "CANCEL")
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"invitation.ics": invitation, "feed.ics": feed, "cancel-removed-attendee.ics": cancel} {
		path := filepath.Join("testdata", name)
		if *update {
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (go test -run TestGoldenFiles -update writes it)", err)
		}
		if !bytes.Equal(data, want) {
			t.Errorf("%s differs from the writer's output (go test -run TestGoldenFiles -update):\n%s", path, data)
		}
	}
}
