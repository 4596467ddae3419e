// Package calendar writes meetings as iCalendar (RFC 5545) documents: the scheduling messages
// attached to meeting e-mails (iTIP, RFC 5546: METHOD:REQUEST and METHOD:CANCEL), the
// "Add to calendar" file of one meeting (METHOD:PUBLISH), and each user's subscribed feed. The serialization,
// text escaping and line folding are github.com/arran4/golang-ical's.
package calendar

import (
	"errors"
	"net/mail"
	"net/url"
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
		productID: "-//" + paramText(siteName) + "//Meetings//EN", Now: time.Now}, nil
}

// UID is the iCalendar UID of a meeting: the same for its invitation, every update, its
// cancellation and its feed entry, so calendar apps treat them as one event.
func (w *Writer) UID(meetingID string) string { return meetingID + "@" + w.domain }

// Invitation is one meeting as an iTIP message with method REQUEST or CANCEL.
func (w *Writer) Invitation(m *growthdesk.Meeting, method string) ([]byte, error) {
	var meth ics.Method
	switch method {
	case "REQUEST":
		meth = ics.MethodRequest
	case "CANCEL":
		meth = ics.MethodCancel
	default:
		return nil, errors.New("calendar: method must be REQUEST or CANCEL")
	}
	cal := w.calendar(meth)
	w.event(cal, m, method == "CANCEL", true)
	return []byte(cal.Serialize(ics.WithNewLine("\r\n"))), nil
}

// Download is one meeting as the file "Add to calendar" saves: METHOD:PUBLISH, a copy of the
// event for the viewer's own calendar, not a scheduling message. A REQUEST would make a
// calendar app treat the file as an invitation to answer (RSVP) and the importer as an
// attendee of it; the invitations that do ask for an answer go by e-mail. As RFC 5546 has
// it for PUBLISH, the file names no attendees. A cancelled meeting is published with
// STATUS:CANCELLED and its higher SEQUENCE, so that importing it again removes the event.
func (w *Writer) Download(m *growthdesk.Meeting) ([]byte, error) {
	cal := w.calendar(ics.MethodPublish)
	w.event(cal, m, m.Status == growthdesk.MeetingStatusCancelled, false)
	return []byte(cal.Serialize(ics.WithNewLine("\r\n"))), nil
}

// Feed is a published calendar of meetings (cancelled ones stay, marked CANCELLED, so that
// subscribed calendars drop them).
func (w *Writer) Feed(name string, meetings []*growthdesk.Meeting) ([]byte, error) {
	cal := w.calendar(ics.MethodPublish)
	cal.SetName(text(name))
	cal.SetXWRCalName(text(name))
	cal.SetRefreshInterval("PT1H")
	cal.SetXPublishedTTL("PT1H")
	for _, m := range meetings {
		w.event(cal, m, m.Status == growthdesk.MeetingStatusCancelled, true)
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

func (w *Writer) event(cal *ics.Calendar, m *growthdesk.Meeting, cancelled, attendees bool) {
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
	e.SetOrganizer("mailto:"+w.organizerEmail, ics.WithCN(paramText(w.organizerName)))
	for _, a := range m.Attendees {
		// The address is written as it is (a CAL-ADDRESS has no escapes): only a valid one.
		if !attendees || !growthdesk.ValidEmail(a.Email) {
			continue
		}
		e.AddAttendee(a.Email, ics.WithCN(paramText(a.Name)), ics.CalendarUserTypeIndividual,
			ics.ParticipationRoleReqParticipant, ics.ParticipationStatusNeedsAction, ics.WithRSVP(!cancelled))
	}
	switch {
	case cancelled:
		e.SetStatus(ics.ObjectStatusCancelled)
	default:
		e.SetStatus(ics.ObjectStatusConfirmed)
	}
	e.SetProperty(ics.ComponentPropertyTransp, "OPAQUE")
}

// paramText makes a name safe as a parameter value (CN): RFC 5545 has no escapes there, so
// the characters that end or split a parameter and control characters become spaces. An
// apostrophe becomes a typographic one (’), since the library escapes "'" with a backslash
// that calendar apps would show.
func paramText(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case unicode.IsControl(r) || strings.ContainsRune("\",;:\\", r):
			return ' '
		case r == '\'':
			return '’'
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
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
