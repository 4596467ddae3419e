package calendar

// Fuzz target of the iCalendar writer (docs/fuzzing.md).

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// Properties the writer puts in a calendar and in an event; anything else in the output was
// injected through some text.
var (
	calendarProps = map[string]bool{"PRODID": true, "VERSION": true, "CALSCALE": true, "METHOD": true, "NAME": true,
		"X-WR-CALNAME": true, "REFRESH-INTERVAL": true, "X-PUBLISHED-TTL": true}
	eventProps = map[string]bool{"UID": true, "DTSTAMP": true, "CREATED": true, "LAST-MODIFIED": true, "SEQUENCE": true,
		"DTSTART": true, "DTEND": true, "SUMMARY": true, "DESCRIPTION": true, "LOCATION": true, "URL": true,
		"ORGANIZER": true, "ATTENDEE": true, "STATUS": true, "TRANSP": true}
)

// contentLine is one unfolded line: NAME *(;param) : value.
var contentLine = regexp.MustCompile(`^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*)*):(.*)$`)

// unfold splits a serialized calendar into its content lines, checking the framing on the
// way: CRLF ends every line and appears nowhere else, no control character other than tab
// is left in a line, and no line is longer than 75 octets.
func unfold(t *testing.T, data []byte) []string {
	t.Helper()
	if !bytes.HasSuffix(data, []byte("\r\n")) {
		t.Fatalf("the calendar does not end with CRLF:\n%q", data)
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimSuffix(string(data), "\r\n"), "\r\n") {
		if len(l) > 75 {
			t.Fatalf("line of %d octets: %q", len(l), l)
		}
		for _, r := range l {
			if (r < 0x20 && r != '\t') || r == 0x7f {
				t.Fatalf("control character %U in line %q", r, l)
			}
		}
		if strings.HasPrefix(l, " ") && len(lines) > 0 {
			lines[len(lines)-1] += l[1:]
			continue
		}
		lines = append(lines, l)
	}
	return lines
}

// fromText reads a TEXT value (RFC 5545 3.3.11).
func fromText(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			switch s[i] {
			case 'n', 'N':
				b.WriteByte('\n')
			default:
				b.WriteByte(s[i])
			}
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// paramValue returns the value of the parameter name in the parameters part of a line.
func paramValue(params, name string) (string, bool) {
	for params != "" {
		params = params[1:] // ';'
		eq := strings.IndexByte(params, '=')
		key := params[:eq]
		rest := params[eq+1:]
		var value string
		if strings.HasPrefix(rest, `"`) {
			end := strings.IndexByte(rest[1:], '"') + 1
			value, params = rest[1:end], rest[end+1:]
		} else {
			end := strings.IndexByte(rest, ';')
			if end < 0 {
				end = len(rest)
			}
			value, params = rest[:end], rest[end:]
		}
		if strings.EqualFold(key, name) {
			return value, true
		}
	}
	return "", false
}

// clean is what a text may become in the calendar: line breaks as LF, no other control
// character.
func clean(s string) string {
	s = strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(s)
	return strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\n' && r != '\t' || r >= 0x7f && r <= 0x9f {
			return -1
		}
		return r
	}, s)
}

// FuzzInvitation checks the iCalendar writer whatever text a meeting holds: the invitation
// and the feed are framed by CRLF and folded at 75 octets, parse back, hold only the
// properties the writer writes (nothing injected through a title, a description, a name, an
// address or a link), one event per meeting with one ATTENDEE per valid address, and the
// title, description and location survive (their line breaks as LF, with other control
// characters dropped).
func FuzzInvitation(f *testing.F) {
	f.Add("Quarterly review; results, next steps", "Agenda:\n- figures\n- next steps", "Room 1, HQ", "https://meet.example.com/j/1?pwd=a,b",
		`Dana "DW", Whitfield`, "dana@example.com", "O'Brien: Pat", "pat@example.com", "Brightside Dental", false)
	f.Add("Title\r\nATTENDEE:mailto:evil@example.com", "Line one\rX-INJECTED:1\r\nLine two", "Loc\\ation", "https://x.example/\r\nX-URL:1",
		"Name\nX-NAME:1", "a@b.example\r\nX-MAIL:1", "", "", "Feed\r\nX-WR-TIMEZONE:Mars", true)
	f.Add(strings.Repeat("é", 200), strings.Repeat("🚀 ", 300), "", "", "N", "n@example.com", "M", "N@EXAMPLE.COM", "", false)
	f.Add("\x00\x1b[31m", "\u0085\u2028", "\t", "javascript:alert(1)", "\x7f", "not an address", "x", "x@y", "\\n", true)
	w, err := New("Growthdesk", "hello@growthdesk.example", "growthdesk.example")
	if err != nil {
		f.Fatal(err)
	}
	stamp := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	w.Now = func() time.Time { return stamp }
	f.Fuzz(func(t *testing.T, title, description, location, meetingURL, name1, email1, name2, email2, feedName string, cancelled bool) {
		m := &growthdesk.Meeting{ID: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", Title: title, Description: description, Type: growthdesk.MeetingTypeReview,
			StartTime: stamp.Add(24 * time.Hour), EndTime: stamp.Add(25 * time.Hour), Location: location, MeetingURL: meetingURL,
			Attendees: []growthdesk.MeetingAttendee{{Name: name1, Email: email1}, {Name: name2, Email: email2}},
			Status:    growthdesk.MeetingStatusScheduled, Sequence: 1, CreatedAt: stamp, UpdatedAt: stamp}
		method := "REQUEST"
		if cancelled {
			method = "CANCEL"
			m.Status = growthdesk.MeetingStatusCancelled
		}
		invitation, err := w.Invitation(m, method)
		if err != nil {
			t.Fatal(err)
		}
		feed, err := w.Feed(feedName, []*growthdesk.Meeting{m, m})
		if err != nil {
			t.Fatal(err)
		}
		for _, doc := range []struct {
			data      []byte
			events    int
			attendees bool
		}{{invitation, 1, true}, {feed, 2, false}} {
			checkCalendar(t, doc.data, doc.events, doc.attendees, m)
		}
	})
}

func checkCalendar(t *testing.T, data []byte, events int, attendees bool, m *growthdesk.Meeting) {
	t.Helper()
	if _, err := ics.ParseCalendar(bytes.NewReader(data)); err != nil {
		t.Fatalf("the calendar does not parse: %v\n%s", err, data)
	}
	wantAttendees := 0
	for _, a := range m.Attendees {
		if attendees && writableAddress(a.Email) {
			wantAttendees++
		}
	}
	var stack []string
	seen := map[string]int{}
	gotEvents := 0
	for _, l := range unfold(t, data) {
		p := contentLine.FindStringSubmatch(l)
		if p == nil {
			t.Fatalf("not a content line: %q\n%s", l, data)
		}
		name, params, value := strings.ToUpper(p[1]), p[2], p[3]
		switch name {
		case "BEGIN":
			stack = append(stack, value)
			if value == "VEVENT" {
				gotEvents++
				seen = map[string]int{}
			}
			continue
		case "END":
			if len(stack) == 0 || stack[len(stack)-1] != value {
				t.Fatalf("END:%s does not close %v", value, stack)
			}
			stack = stack[:len(stack)-1]
			if value == "VEVENT" {
				if seen["ATTENDEE"] != wantAttendees || seen["SUMMARY"] != 1 || seen["UID"] != 1 {
					t.Fatalf("an event with %v, want %d attendees:\n%s", seen, wantAttendees, data)
				}
			}
			continue
		}
		switch {
		case len(stack) == 1 && stack[0] == "VCALENDAR":
			if !calendarProps[name] {
				t.Fatalf("property %s injected into the calendar:\n%s", name, data)
			}
		case len(stack) == 2 && stack[1] == "VEVENT":
			if !eventProps[name] {
				t.Fatalf("property %s injected into an event:\n%s", name, data)
			}
			seen[name]++
		default:
			t.Fatalf("property %s inside %v", name, stack)
		}
		switch name {
		case "SUMMARY":
			if got := fromText(value); got != clean(m.Title) {
				t.Fatalf("the title %q comes back as %q", m.Title, got)
			}
		case "LOCATION":
			if got := fromText(value); got != clean(m.Location) {
				t.Fatalf("the location %q comes back as %q", m.Location, got)
			}
		case "DESCRIPTION":
			want := m.Description
			if m.MeetingURL != "" {
				want = strings.TrimSpace(want + "\n\nJoin: " + m.MeetingURL)
			}
			if got := fromText(value); got != clean(want) {
				t.Fatalf("the description %q comes back as %q", want, got)
			}
		case "ATTENDEE", "ORGANIZER":
			if !strings.HasPrefix(value, "mailto:") || !growthdesk.ValidEmail(strings.ToLower(value[len("mailto:"):])) {
				t.Fatalf("%s %q is not a mailto: address", name, value)
			}
			if cn, ok := paramValue(params, "CN"); ok && strings.ContainsAny(cn, `\`) {
				t.Fatalf("%s name %q holds an escape, which parameters do not have", name, cn)
			}
		case "URL":
			if strings.ContainsAny(value, " \\\"<>") {
				t.Fatalf("URL %q is not a URI", value)
			}
		}
	}
	if len(stack) != 0 || gotEvents != events {
		t.Fatalf("%d events, %v left open:\n%s", gotEvents, stack, data)
	}
}
