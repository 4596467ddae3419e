// Package calendar writes meetings as iCalendar (RFC 5545) documents: the scheduling messages
// attached to meeting e-mails (iTIP, RFC 5546: METHOD:REQUEST and METHOD:CANCEL), the
// "Add to calendar" file of one meeting (METHOD:PUBLISH), and each user's subscribed feed. The serialization,
// text escaping and line folding are github.com/arran4/golang-ical's; the parameters of
// ORGANIZER and ATTENDEE are encoded here (see calAddress).
package calendar

import (
	"errors"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode"

	ics "github.com/arran4/golang-ical"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// Writer implements growthdesk.MeetingCalendar for one site.
type Writer struct {
	// domain makes each meeting's UID globally unique: <meeting id>@<domain>.
	domain string
	// organizer is the site's name and address, the ORGANIZER of every meeting.
	organizerName, organizerEmail string
	productID                     string
	// Now stamps DTSTAMP; tests replace it.
	Now func() time.Time
}

var _ growthdesk.MeetingCalendar = (*Writer)(nil)

// New returns a Writer for the site named siteName, whose address organizerEmail is the
// organizer of its meetings; domain names the site in each event's UID.
func New(siteName, organizerEmail, domain string) (*Writer, error) {
	addr, err := mail.ParseAddress(organizerEmail)
	if err != nil {
		return nil, errors.New("calendar: the organizer address is not valid")
	}
	if domain == "" {
		return nil, errors.New("calendar: no domain for event UIDs")
	}
	return &Writer{domain: domain, organizerName: siteName, organizerEmail: addr.Address,
		productID: "-//" + strings.Join(strings.Fields(text(siteName)), " ") + "//Meetings//EN", Now: time.Now}, nil
}

// UID is the iCalendar UID of a meeting: the same for its invitation, every update, its
// cancellation and its feed entry, so calendar apps treat them as one event.
func (w *Writer) UID(meetingID string) string { return meetingID + "@" + w.domain }

// Invitation is one meeting as an iTIP message with method REQUEST or CANCEL, naming the
// attendees of m. A CANCEL of a meeting that is not cancelled uninvites the attendees it
// names (RFC 5546, 3.2.5): it carries no STATUS, since STATUS:CANCELLED would cancel the
// whole event.
func (w *Writer) Invitation(m *growthdesk.Meeting, method string) ([]byte, error) {
	var meth ics.Method
	status := ics.ObjectStatusConfirmed
	switch method {
	case "REQUEST":
		meth = ics.MethodRequest
	case "CANCEL":
		meth = ics.MethodCancel
		status = ""
		if m.Status == growthdesk.MeetingStatusCancelled {
			status = ics.ObjectStatusCancelled
		}
	default:
		return nil, errors.New("calendar: method must be REQUEST or CANCEL")
	}
	if err := stamped(m); err != nil {
		return nil, err
	}
	cal := w.calendar(meth)
	w.event(cal, m, status, method == "REQUEST", true)
	return []byte(cal.Serialize(ics.WithNewLine("\r\n"))), nil
}

// Download is one meeting as the file "Add to calendar" saves: METHOD:PUBLISH, a copy of the
// event for the viewer's own calendar, not a scheduling message. A REQUEST would make a
// calendar app treat the file as an invitation to answer (RSVP) and the importer as an
// attendee of it; the invitations that do ask for an answer go by e-mail. As RFC 5546 has
// it for PUBLISH, the file names no attendees. A cancelled meeting is published with
// STATUS:CANCELLED and its higher SEQUENCE, so that importing it again removes the event.
func (w *Writer) Download(m *growthdesk.Meeting) ([]byte, error) {
	if err := stamped(m); err != nil {
		return nil, err
	}
	cal := w.calendar(ics.MethodPublish)
	w.event(cal, m, publishedStatus(m), false, false)
	return []byte(cal.Serialize(ics.WithNewLine("\r\n"))), nil
}

// Feed is a published calendar of meetings (cancelled ones stay, marked CANCELLED, so that
// subscribed calendars drop them). Like every PUBLISH, it names no attendees: a subscriber
// is not asked to answer, and the feed does not hand out the other attendees' addresses.
func (w *Writer) Feed(name string, meetings []*growthdesk.Meeting) ([]byte, error) {
	cal := w.calendar(ics.MethodPublish)
	cal.SetName(text(name))
	cal.SetXWRCalName(text(name))
	cal.SetRefreshInterval("PT1H")
	cal.SetXPublishedTTL("PT1H")
	for _, m := range meetings {
		if err := stamped(m); err != nil {
			return nil, err
		}
		w.event(cal, m, publishedStatus(m), false, false)
	}
	return []byte(cal.Serialize(ics.WithNewLine("\r\n"))), nil
}

func (w *Writer) calendar(method ics.Method) *ics.Calendar {
	cal := ics.NewCalendar()
	cal.SetProductId(w.productID)
	cal.SetCalscale("GREGORIAN")
	cal.SetMethod(method)
	return cal
}

// stamped refuses a meeting without its creation and change times: CREATED and LAST-MODIFIED
// are written from them, and a zero time would be written as the year 1.
func stamped(m *growthdesk.Meeting) error {
	if m.CreatedAt.IsZero() || m.UpdatedAt.IsZero() {
		return errors.New("calendar: the meeting has no creation or change time")
	}
	return nil
}

// publishedStatus is the STATUS of a meeting in a PUBLISH.
func publishedStatus(m *growthdesk.Meeting) ics.ObjectStatus {
	if m.Status == growthdesk.MeetingStatusCancelled {
		return ics.ObjectStatusCancelled
	}
	return ics.ObjectStatusConfirmed
}

// event adds m to cal with the given STATUS (none when empty), and its attendees when
// attendees is set, asked to answer when rsvp is.
func (w *Writer) event(cal *ics.Calendar, m *growthdesk.Meeting, status ics.ObjectStatus, rsvp, attendees bool) {
	e := cal.AddEvent(w.UID(m.ID))
	e.SetDtStampTime(w.Now())
	e.SetCreatedTime(m.CreatedAt)
	e.SetModifiedAt(m.UpdatedAt)
	e.SetSequence(m.Sequence)
	e.SetStartAt(m.StartTime)
	e.SetEndAt(m.EndTime)
	e.SetSummary(text(m.Title))
	description := m.Description
	if m.MeetingURL != "" {
		description = strings.TrimSpace(description + "\n\nJoin: " + m.MeetingURL)
	}
	if description != "" {
		e.SetDescription(text(description))
	}
	if m.Location != "" {
		e.SetLocation(text(m.Location))
	}
	if u := uri(m.MeetingURL); u != "" {
		e.SetURL(u)
	}
	calAddress(e, ics.ComponentPropertyOrganizer, w.organizerEmail, w.organizerName)
	for _, a := range m.Attendees {
		if !attendees {
			break
		}
		calAddress(e, ics.ComponentPropertyAttendee, a.Email, a.Name, "CUTYPE=INDIVIDUAL",
			"ROLE=REQ-PARTICIPANT", "PARTSTAT=NEEDS-ACTION", "RSVP="+strings.ToUpper(strconv.FormatBool(rsvp)))
	}
	if status != "" {
		e.SetStatus(status)
	}
	e.SetProperty(ics.ComponentPropertyTransp, "OPAQUE")
}

// calAddress adds the property name (ORGANIZER or ATTENDEE) for address, with the person's
// name as CN (when there is one) and the other parameters, which need no encoding. The
// library would write a parameter value with backslash escapes, which RFC 5545 does not have
// (a reader shows the backslashes, or splits the name at its comma), and quotes none: so the
// encoded parameters are given to it as part of the property's name, which it writes as it is. Only an address that needs no escape is written
// (a CAL-ADDRESS has none, and the library would escape the value as TEXT).
func calAddress(e *ics.VEvent, name ics.ComponentProperty, address, cn string, params ...string) {
	if !writableAddress(address) {
		return
	}
	if cn = paramQuoted(cn); cn != "" {
		params = append([]string{"CN=" + cn}, params...)
	}
	token := string(name)
	if len(params) > 0 {
		token += ";" + strings.Join(params, ";")
	}
	e.Properties = append(e.Properties, ics.IANAProperty{BaseProperty: ics.BaseProperty{
		IANAToken: token, Value: "mailto:" + address, ICalParameters: map[string][]string{},
	}})
}

// writableAddress says whether address is valid and needs no escape as a CAL-ADDRESS.
func writableAddress(address string) bool {
	return growthdesk.ValidEmail(address) && !strings.ContainsAny(address, "\\;,\" ")
}

// paramQuoted encodes a name as a parameter value (CN). RFC 5545 has no escapes in parameter
// values: one that holds ":", ";" or "," is written between double quotes, and a double
// quote, which no parameter value may hold, becomes an apostrophe. Control characters become
// spaces, and so does a backslash, which some readers take for an escape.
func paramQuoted(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case unicode.IsControl(r) || r == '\\':
			return ' '
		case r == '"':
			return '\''
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if strings.ContainsAny(s, ":;,") {
		return `"` + s + `"`
	}
	return s
}

// text makes s a TEXT value the library can write safely: it escapes line feeds, but RFC
// 5545 allows no other control character in TEXT, and a carriage return left in a value
// ends the line for many readers, so that the rest would read as a property of its own.
// Line breaks become line feeds; other control characters but tab are dropped.
func text(s string) string {
	s = strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(s)
	return strings.Map(func(r rune) rune {
		if r != '\n' && r != '\t' && unicode.IsControl(r) {
			return -1
		}
		return r
	}, s)
}

// uri returns s as a URI value, which the library writes unescaped, or "" when s is not an
// http(s) URL that can be written as it is.
func uri(s string) string {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ""
	}
	out := u.String()
	if strings.ContainsFunc(out, func(r rune) bool {
		return unicode.IsControl(r) || unicode.IsSpace(r) || strings.ContainsRune("\"<>\\^`{|}", r)
	}) {
		return ""
	}
	return out
}
