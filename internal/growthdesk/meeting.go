package growthdesk

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/url"
	"strings"
	"time"
)

// MeetingType is the kind of a meeting (an alias of string, like Role).
type MeetingType = string

// The kinds of meeting staff may schedule.
const (
	MeetingTypeConsultation MeetingType = "consultation"
	MeetingTypeReview       MeetingType = "review"
	MeetingTypeTraining     MeetingType = "training"
	MeetingTypeSupport      MeetingType = "support"
	MeetingTypePlanning     MeetingType = "planning"
)

// MeetingStatus is where a meeting stands (an alias of string, like Role).
type MeetingStatus = string

// Meeting statuses. A meeting is scheduled until staff mark it completed or someone cancels
// it; completed and cancelled meetings no longer change.
const (
	MeetingStatusScheduled MeetingStatus = "scheduled"
	MeetingStatusCompleted MeetingStatus = "completed"
	MeetingStatusCancelled MeetingStatus = "cancelled"
)

// MeetingWhen selects meetings by time: upcoming (not yet ended, so a meeting under way keeps
// its Join link), past (ended) or all.
type MeetingWhen = string

// The meeting list's tabs.
const (
	MeetingWhenUpcoming MeetingWhen = "upcoming"
	MeetingWhenPast     MeetingWhen = "past"
	MeetingWhenAll      MeetingWhen = "all"
)

// Limits of a meeting's fields.
const (
	MeetingTitleMax       = 200
	MeetingDescriptionMax = 5000
	MeetingLocationMax    = 200
	MeetingURLMax         = 2000
	MeetingAttendeesMax   = 50
	MeetingAttendeeMax    = 120
)

// MeetingLengthMax is the longest a meeting may last.
const MeetingLengthMax = 12 * time.Hour

// MeetingAttendee is one person invited to a meeting. Email is optional: an attendee without
// one is listed but receives no invitation.
type MeetingAttendee struct {
	Name  string `json:"name"`
	Email string `json:"email"`
}

// Meeting is a meeting of an organization with the consultancy's staff.
type Meeting struct {
	ID               string            `json:"id"`
	OrganizationID   string            `json:"organization_id"`
	OrganizationName string            `json:"organization_name"`
	Title            string            `json:"title"`
	Description      string            `json:"description"`
	Type             MeetingType       `json:"type"`
	StartTime        time.Time         `json:"start_time"`
	EndTime          time.Time         `json:"end_time"`
	Location         string            `json:"location"`
	MeetingURL       string            `json:"meeting_url"`
	Attendees        []MeetingAttendee `json:"attendees"`
	Status           MeetingStatus     `json:"status"`
	// Sequence counts the changes attendees were told about: the SEQUENCE of the meeting's
	// iCalendar event, so that calendar apps apply an update over the earlier invitation.
	Sequence  int       `json:"sequence"`
	CreatedBy string    `json:"created_by"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
	// CreatorEmail is who scheduled it, told when a customer cancels; not sent to clients.
	CreatorEmail string `json:"-"`
}

// MeetingList is one page of meetings with the number that match.
type MeetingList struct {
	Items []Meeting `json:"items"`
	Total int       `json:"total"`
}

// MeetingFilter selects meetings: When relative to Now, within a scope.
type MeetingFilter struct {
	When  MeetingWhen
	Now   time.Time
	Limit int
}

// MeetingInput is what staff send to schedule or change a meeting. Times are RFC 3339
// strings so that a malformed one is named by its field instead of failing the whole body.
type MeetingInput struct {
	OrganizationID string            `json:"organization_id"`
	Title          string            `json:"title"`
	Description    string            `json:"description"`
	Type           MeetingType       `json:"type"`
	StartTime      string            `json:"start_time"`
	EndTime        string            `json:"end_time"`
	Location       string            `json:"location"`
	MeetingURL     string            `json:"meeting_url"`
	Attendees      []MeetingAttendee `json:"attendees"`
}

// IsMeetingType reports whether t is one of the meeting types.
func IsMeetingType(t string) bool {
	switch t {
	case MeetingTypeConsultation, MeetingTypeReview, MeetingTypeTraining, MeetingTypeSupport, MeetingTypePlanning:
		return true
	}
	return false
}

// Normalize trims every field and lower-cases attendee addresses.
func (in *MeetingInput) Normalize() {
	in.OrganizationID = strings.TrimSpace(in.OrganizationID)
	in.Title = strings.TrimSpace(in.Title)
	in.Description = strings.TrimSpace(in.Description)
	in.Type = strings.TrimSpace(in.Type)
	in.StartTime = strings.TrimSpace(in.StartTime)
	in.EndTime = strings.TrimSpace(in.EndTime)
	in.Location = strings.TrimSpace(in.Location)
	in.MeetingURL = strings.TrimSpace(in.MeetingURL)
	for i := range in.Attendees {
		in.Attendees[i].Name = strings.TrimSpace(in.Attendees[i].Name)
		in.Attendees[i].Email = NormalizeEmail(in.Attendees[i].Email)
	}
}

// parse validates the input and returns its times. Every problem is reported at once, one
// message per field.
func (in *MeetingInput) parse(requireOrg bool) (start, end time.Time, err error) {
	c := fieldCheck{}
	if requireOrg {
		c.required("organization_id", in.OrganizationID, "Choose an organization.")
	}
	if c.required("title", in.Title, "Enter a title.") {
		c.maxLen("title", in.Title, MeetingTitleMax, fmt.Sprintf("Use at most %d characters.", MeetingTitleMax))
	}
	c.maxLen("description", in.Description, MeetingDescriptionMax, fmt.Sprintf("Use at most %d characters.", MeetingDescriptionMax))
	if !IsMeetingType(in.Type) {
		c.add("type", "Choose consultation, review, training, support or planning.")
	}
	start, startErr := time.Parse(time.RFC3339, in.StartTime)
	if startErr != nil {
		c.add("start_time", "Enter the start as a date and time.")
	}
	end, endErr := time.Parse(time.RFC3339, in.EndTime)
	if endErr != nil {
		c.add("end_time", "Enter the end as a date and time.")
	}
	if startErr == nil && endErr == nil {
		switch {
		case !end.After(start):
			c.add("end_time", "The meeting must end after it starts.")
		case end.Sub(start) > MeetingLengthMax:
			c.add("end_time", "A meeting may last at most 12 hours.")
		}
	}
	c.maxLen("location", in.Location, MeetingLocationMax, fmt.Sprintf("Use at most %d characters.", MeetingLocationMax))
	if in.MeetingURL != "" {
		u, perr := url.Parse(in.MeetingURL)
		if perr != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || len(in.MeetingURL) > MeetingURLMax {
			c.add("meeting_url", "Enter the full meeting link, starting with https://.")
		}
	}
	if len(in.Attendees) > MeetingAttendeesMax {
		c.add("attendees", fmt.Sprintf("Invite at most %d attendees.", MeetingAttendeesMax))
	}
	seen := map[string]bool{}
	for i, a := range in.Attendees {
		field := fmt.Sprintf("attendees[%d]", i)
		if a.Name == "" {
			c.add(field+".name", "Enter the attendee's name.")
		}
		c.maxLen(field+".name", a.Name, MeetingAttendeeMax, fmt.Sprintf("Use at most %d characters.", MeetingAttendeeMax))
		if a.Email != "" {
			if !ValidEmail(a.Email) {
				c.add(field+".email", "Enter a valid email address or leave it empty.")
			} else if seen[a.Email] {
				c.add(field+".email", "This address is invited twice.")
			}
			seen[a.Email] = true
		}
	}
	return start.UTC().Truncate(time.Second), end.UTC().Truncate(time.Second), c.err()
}

// MeetingStore keeps meetings. Every method that reads or changes one meeting takes the
// caller's scope, so that another organization's id answers ENotFound like an unknown one.
type MeetingStore interface {
	// ListMeetings returns the meetings in scope matching f, by start time, and how many match.
	ListMeetings(ctx context.Context, scope Scope, f MeetingFilter) ([]*Meeting, int, error)
	// GetMeeting returns one meeting in scope; ENotFound otherwise.
	GetMeeting(ctx context.Context, scope Scope, id string) (*Meeting, error)
	// CreateMeeting stores m (its ID is set; its CreatedAt and UpdatedAt are written as given,
	// or stamped now when zero), its e-mails and its audit entry in one transaction. Invalid
	// (organization_id) for an unknown organization.
	CreateMeeting(ctx context.Context, scope Scope, m *Meeting, mails []*Email, audit AuditEntry) error
	// UpdateMeeting writes m, with its UpdatedAt as given, over the stored meeting whose
	// sequence is still prevSequence, with its e-mails and audit entry, in one transaction. EConflict when someone changed it
	// in between; ENotFound when it is not in scope.
	UpdateMeeting(ctx context.Context, scope Scope, m *Meeting, prevSequence int, mails []*Email, audit AuditEntry) error
	// RecentMeetings returns the meetings in scope changed most recently, newest first.
	RecentMeetings(ctx context.Context, scope Scope, limit int) ([]*Meeting, error)
	// GetCalendarFeed says when the user's feed URL was created; nil when they have none.
	GetCalendarFeed(ctx context.Context, userID string) (*time.Time, error)
	// SetCalendarFeed replaces the user's feed token (only its hash is kept).
	SetCalendarFeed(ctx context.Context, userID, tokenHash string, audit AuditEntry) (time.Time, error)
	// CalendarFeedOwner returns the user whose feed token has this hash; ENotFound otherwise.
	CalendarFeedOwner(ctx context.Context, tokenHash string) (string, error)
}

// MeetingCalendar turns meetings into iCalendar (RFC 5545) documents.
type MeetingCalendar interface {
	// Invitation is one meeting as a scheduling message: method "REQUEST" for an invitation
	// or an update, "CANCEL" for a cancellation.
	Invitation(m *Meeting, method string) ([]byte, error)
	// Download is one meeting as a file to add to one's own calendar (METHOD:PUBLISH): not a
	// scheduling message, so importing it asks no one to answer.
	Download(m *Meeting) ([]byte, error)
	// Feed is a published calendar of meetings, for calendar apps that subscribe to a URL.
	Feed(name string, meetings []*Meeting) ([]byte, error)
}

// Kinds of meeting e-mail.
const (
	EmailMeetingInvitation        = "meeting_invitation"         // to attendees: a new meeting, .ics attached
	EmailMeetingUpdate            = "meeting_update"             // to attendees: a change, .ics attached
	EmailMeetingCancelled         = "meeting_cancelled"          // to attendees: cancelled, .ics attached
	EmailMeetingCustomerCancelled = "meeting_customer_cancelled" // to staff: a customer cancelled
)

// CalendarFeed is the caller's private calendar feed. URL is present only in the answer that
// created it: the server keeps a hash of the token, never the token.
type CalendarFeed struct {
	Active    bool       `json:"active"`
	CreatedAt *time.Time `json:"created_at"`
	URL       string     `json:"url,omitempty"`
}

// Meetings schedules, changes and lists the meetings of organizations, and mails attendees
// an iCalendar invitation, update or cancellation with each change.
type Meetings struct {
	Store    MeetingStore
	Mail     EmailRenderer
	Calendar MeetingCalendar
	// SiteURL is the public base URL: the meeting page and the calendar feed URLs.
	SiteURL string
	// StaffEmail is the company address, told when a customer cancels.
	StaffEmail string
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

var (
	errMeetingClosed = &Error{Code: EConflict, Message: "This meeting is no longer scheduled, so it cannot be changed."}
	errMeetingRace   = &Error{Code: EConflict, Message: "Someone else changed this meeting just now. Reload and try again."}
)

func (s *Meetings) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// stamp is the time of a meeting write, as the database keeps it (microseconds, UTC).
func (s *Meetings) stamp() time.Time { return s.now().Truncate(time.Microsecond) }

// CanViewMeetings lets approved accounts read their organization's meetings (staff: any).
func CanViewMeetings(c *Caller) error { return CanUsePortal(c) }

// CanManageMeetings lets staff schedule, edit and complete meetings.
func CanManageMeetings(c *Caller) error { return RequireStaff(c) }

// CanCancelMeeting lets staff cancel any meeting and customers a meeting of their own
// organization (the scope of the lookup enforces the organization).
func CanCancelMeeting(c *Caller) error { return CanUsePortal(c) }

// CanResetCalendarFeed lets approved accounts create their own feed URL, but not a staff
// member acting as someone else: the URL is a credential that would outlive the impersonation.
func CanResetCalendarFeed(c *Caller) error {
	if err := CanUsePortal(c); err != nil {
		return err
	}
	if c.Impersonating() {
		return &Error{Code: EForbidden, Message: "You cannot create a calendar feed for someone you are acting as."}
	}
	return nil
}

// List returns the meetings of the caller's organization (staff: of orgID, or of all
// organizations when orgID is empty) for a tab, by start time.
func (s *Meetings) List(ctx context.Context, c *Caller, when, orgID string) (*MeetingList, error) {
	if err := CanViewMeetings(c); err != nil {
		return nil, err
	}
	if when == "" {
		when = MeetingWhenUpcoming
	}
	if when != MeetingWhenUpcoming && when != MeetingWhenPast && when != MeetingWhenAll {
		return nil, Invalid(map[string]string{"when": "Choose upcoming, past or all."})
	}
	scope := c.Scope().Narrow(orgID)
	if scope.Empty() {
		return nil, errNoOrganization
	}
	items, total, err := s.Store.ListMeetings(ctx, scope, MeetingFilter{When: when, Now: s.now(), Limit: 500})
	if err != nil {
		return nil, err
	}
	out := &MeetingList{Items: make([]Meeting, 0, len(items)), Total: total}
	for _, m := range items {
		out.Items = append(out.Items, *m)
	}
	return out, nil
}

// Get returns one meeting of the caller's scope.
func (s *Meetings) Get(ctx context.Context, c *Caller, id string) (*Meeting, error) {
	if err := CanViewMeetings(c); err != nil {
		return nil, err
	}
	return s.Store.GetMeeting(ctx, c.Scope(), id)
}

// ICS returns one meeting of the caller's scope as an iCalendar file to add to a calendar
// (METHOD:PUBLISH; the e-mailed invitations are the REQUEST and CANCEL messages).
func (s *Meetings) ICS(ctx context.Context, c *Caller, id string) (*Meeting, []byte, error) {
	m, err := s.Get(ctx, c, id)
	if err != nil {
		return nil, nil, err
	}
	data, err := s.Calendar.Download(m)
	return m, data, err
}

// Create schedules a meeting for an organization and invites its attendees by e-mail.
func (s *Meetings) Create(ctx context.Context, c *Caller, in MeetingInput) (*Meeting, error) {
	if err := CanManageMeetings(c); err != nil {
		return nil, err
	}
	in.Normalize()
	start, end, err := in.parse(true)
	if err != nil {
		return nil, err
	}
	m := &Meeting{
		ID: NewID(), OrganizationID: in.OrganizationID, Title: in.Title, Description: in.Description, Type: in.Type,
		StartTime: start, EndTime: end, Location: in.Location, MeetingURL: in.MeetingURL,
		Attendees: attendees(in.Attendees), Status: MeetingStatusScheduled, CreatedBy: c.ActorID(),
	}
	// The invitations are written before the meeting is stored and carry its times
	// (CREATED, LAST-MODIFIED), so the times are set here, not by the store.
	m.CreatedAt = s.stamp()
	m.UpdatedAt = m.CreatedAt
	mails, err := s.attendeeMails(m, m.Attendees, EmailMeetingInvitation, "REQUEST")
	if err != nil {
		return nil, err
	}
	audit := c.Audit(AuditMeetingCreate, "meeting", m.ID, map[string]any{"title": m.Title, "organization_id": m.OrganizationID,
		"start_time": m.StartTime, "attendees": len(m.Attendees)})
	if err := s.Store.CreateMeeting(ctx, c.Scope(), m, mails, audit); err != nil {
		return nil, err
	}
	return m, nil
}

// Update changes a scheduled meeting. Attendees get an update with the same UID and a higher
// SEQUENCE; attendees taken off the list get a cancellation.
func (s *Meetings) Update(ctx context.Context, c *Caller, id string, in MeetingInput) (*Meeting, error) {
	if err := CanManageMeetings(c); err != nil {
		return nil, err
	}
	in.Normalize()
	start, end, err := in.parse(false)
	if err != nil {
		return nil, err
	}
	m, err := s.scheduled(ctx, c, id)
	if err != nil {
		return nil, err
	}
	prev := m.Sequence
	oldAttendees := m.Attendees
	m.Title, m.Description, m.Type = in.Title, in.Description, in.Type
	m.StartTime, m.EndTime, m.Location, m.MeetingURL = start, end, in.Location, in.MeetingURL
	m.Attendees = attendees(in.Attendees)
	m.Sequence = prev + 1
	m.UpdatedAt = s.stamp()
	mails, err := s.attendeeMails(m, m.Attendees, EmailMeetingUpdate, "REQUEST")
	if err != nil {
		return nil, err
	}
	if removed := removedAttendees(oldAttendees, m.Attendees); len(removed) > 0 {
		// The cancellation a removed attendee receives names them: a CANCEL uninvites the
		// attendees it lists, and one that listed only those still invited would not apply
		// to the reader at all.
		uninvited := *m
		uninvited.Attendees = removed
		more, err := s.attendeeMails(&uninvited, removed, EmailMeetingCancelled, "CANCEL")
		if err != nil {
			return nil, err
		}
		mails = append(mails, more...)
	}
	audit := c.Audit(AuditMeetingUpdate, "meeting", m.ID, map[string]any{"title": m.Title, "start_time": m.StartTime, "sequence": m.Sequence})
	if err := s.Store.UpdateMeeting(ctx, c.Scope(), m, prev, mails, audit); err != nil {
		return nil, err
	}
	return m, nil
}

// scheduled reads a meeting of the caller's scope that is still scheduled: ENotFound outside
// the scope, EConflict once it is completed or cancelled.
func (s *Meetings) scheduled(ctx context.Context, c *Caller, id string) (*Meeting, error) {
	m, err := s.Store.GetMeeting(ctx, c.Scope(), id)
	if err != nil {
		return nil, err
	}
	if m.Status != MeetingStatusScheduled {
		return nil, errMeetingClosed
	}
	return m, nil
}

// Complete marks a scheduled meeting as held. Nothing is mailed: calendars need no change.
func (s *Meetings) Complete(ctx context.Context, c *Caller, id string) (*Meeting, error) {
	if err := CanManageMeetings(c); err != nil {
		return nil, err
	}
	m, err := s.scheduled(ctx, c, id)
	if err != nil {
		return nil, err
	}
	m.Status = MeetingStatusCompleted
	m.UpdatedAt = s.stamp()
	audit := c.Audit(AuditMeetingComplete, "meeting", m.ID, map[string]any{"title": m.Title})
	if err := s.Store.UpdateMeeting(ctx, c.Scope(), m, m.Sequence, nil, audit); err != nil {
		return nil, err
	}
	return m, nil
}

// Cancel cancels a scheduled meeting: attendees get a cancellation (METHOD:CANCEL, a higher
// SEQUENCE), and when a customer cancels, staff are told.
func (s *Meetings) Cancel(ctx context.Context, c *Caller, id string) (*Meeting, error) {
	if err := CanCancelMeeting(c); err != nil {
		return nil, err
	}
	m, err := s.scheduled(ctx, c, id)
	if err != nil {
		return nil, err
	}
	prev := m.Sequence
	m.Status = MeetingStatusCancelled
	m.Sequence = prev + 1
	m.UpdatedAt = s.stamp()
	mails, err := s.attendeeMails(m, m.Attendees, EmailMeetingCancelled, "CANCEL")
	if err != nil {
		return nil, err
	}
	if !c.Profile.IsStaff() {
		to := map[string]bool{}
		for _, addr := range []string{NormalizeEmail(s.StaffEmail), NormalizeEmail(m.CreatorEmail)} {
			if addr == "" || to[addr] {
				continue
			}
			to[addr] = true
			mail, err := s.Mail.Render(EmailMeetingCustomerCancelled, addr, EmailData{
				Title: m.Title, ActionURL: s.meetingsURL(), Details: append(meetingDetails(m),
					EmailDetail{Label: "Cancelled by", Value: c.Profile.FullName + " <" + c.Profile.Email + ">"}),
			})
			if err != nil {
				return nil, err
			}
			mails = append(mails, mail)
		}
	}
	audit := c.Audit(AuditMeetingCancel, "meeting", m.ID, map[string]any{"title": m.Title, "sequence": m.Sequence})
	if err := s.Store.UpdateMeeting(ctx, c.Scope(), m, prev, mails, audit); err != nil {
		return nil, err
	}
	return m, nil
}

// Feed returns the caller's calendar feed status.
func (s *Meetings) Feed(ctx context.Context, c *Caller) (*CalendarFeed, error) {
	if err := CanViewMeetings(c); err != nil {
		return nil, err
	}
	at, err := s.Store.GetCalendarFeed(ctx, c.Profile.ID)
	if err != nil {
		return nil, err
	}
	return &CalendarFeed{Active: at != nil, CreatedAt: at}, nil
}

// ResetFeed gives the caller a new private calendar feed URL; the previous one stops working.
// The answer is the only place the URL appears.
func (s *Meetings) ResetFeed(ctx context.Context, c *Caller) (*CalendarFeed, error) {
	if err := CanResetCalendarFeed(c); err != nil {
		return nil, err
	}
	token := rand.Text() + rand.Text()
	at, err := s.Store.SetCalendarFeed(ctx, c.Profile.ID, HashFeedToken(token),
		c.Audit(AuditCalendarFeed, "user", c.Profile.ID, nil))
	if err != nil {
		return nil, err
	}
	return &CalendarFeed{Active: true, CreatedAt: &at, URL: strings.TrimRight(s.SiteURL, "/") + "/api/v1/calendar/" + token + ".ics"}, nil
}

// FeedOwner returns the user a calendar feed token belongs to; ENotFound for any token that
// is not a current one.
func (s *Meetings) FeedOwner(ctx context.Context, token string) (string, error) {
	if len(token) < 20 || len(token) > 200 || HasControl(token) {
		return "", Errorf(ENotFound, "There is no such calendar.")
	}
	id, err := s.Store.CalendarFeedOwner(ctx, HashFeedToken(token))
	if ErrorCode(err) == ENotFound {
		return "", Errorf(ENotFound, "There is no such calendar.")
	}
	return id, err
}

// FeedCalendar returns the calendar of every meeting the caller may see, for their feed.
func (s *Meetings) FeedCalendar(ctx context.Context, c *Caller, name string) ([]byte, error) {
	if err := CanViewMeetings(c); err != nil {
		return nil, err
	}
	scope := c.Scope()
	var items []*Meeting
	if !scope.Empty() {
		var err error
		items, _, err = s.Store.ListMeetings(ctx, scope, MeetingFilter{When: MeetingWhenAll, Now: s.now(), Limit: 1000})
		if err != nil {
			return nil, err
		}
	}
	return s.Calendar.Feed(name, items)
}

// RecentActivity reports the latest meeting changes of the caller's scope, for the dashboard.
func (s *Meetings) RecentActivity(ctx context.Context, c *Caller, limit int) ([]Activity, error) {
	scope := c.Scope()
	if scope.Empty() {
		return nil, nil
	}
	list, err := s.Store.RecentMeetings(ctx, scope, limit)
	if err != nil {
		return nil, err
	}
	out := make([]Activity, 0, len(list))
	for _, m := range list {
		a := Activity{Kind: "meeting", At: m.UpdatedAt, Detail: m.StartTime.Format(time.RFC3339), Link: "meetings"}
		switch {
		case m.Status == MeetingStatusCancelled:
			a.Title = "Meeting cancelled: " + m.Title
		case m.Status == MeetingStatusCompleted:
			a.Title = "Meeting completed: " + m.Title
		case m.Sequence > 0:
			a.Title = "Meeting rescheduled: " + m.Title
		default:
			a.Title = "Meeting scheduled: " + m.Title
		}
		out = append(out, a)
	}
	return out, nil
}

// HashFeedToken is how a calendar feed token is stored: only its SHA-256.
func HashFeedToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

func (s *Meetings) meetingsURL() string {
	return strings.TrimRight(s.SiteURL, "/") + "/portal/meetings"
}

// attendeeMails renders one message with the meeting's .ics for each attendee with an address.
func (s *Meetings) attendeeMails(m *Meeting, to []MeetingAttendee, kind, method string) ([]*Email, error) {
	var out []*Email
	var ics []byte
	for _, a := range to {
		if a.Email == "" {
			continue
		}
		if ics == nil {
			var err error
			if ics, err = s.Calendar.Invitation(m, method); err != nil {
				return nil, err
			}
		}
		mail, err := s.Mail.Render(kind, a.Email, EmailData{FullName: a.Name, Title: m.Title, ActionURL: s.meetingsURL(), Details: meetingDetails(m)})
		if err != nil {
			return nil, err
		}
		mail.Attachments = []EmailAttachment{{
			Filename:    "invite.ics",
			ContentType: "text/calendar; charset=utf-8; method=" + method,
			Content:     ics,
		}}
		out = append(out, mail)
	}
	return out, nil
}

// meetingDetails are the labeled values of a meeting in its e-mails. Times are in UTC; the
// attached .ics shows them in each reader's own time zone.
func meetingDetails(m *Meeting) []EmailDetail {
	d := []EmailDetail{
		{Label: "Meeting", Value: m.Title},
		{Label: "When", Value: m.StartTime.UTC().Format("Monday, January 2, 2006, 3:04 PM") + " – " + m.EndTime.UTC().Format("3:04 PM") + " UTC"},
	}
	if m.Location != "" {
		d = append(d, EmailDetail{Label: "Location", Value: m.Location})
	}
	if m.MeetingURL != "" {
		d = append(d, EmailDetail{Label: "Meeting link", Value: m.MeetingURL})
	}
	if m.Description != "" {
		d = append(d, EmailDetail{Label: "Agenda", Value: m.Description})
	}
	return d
}

func attendees(in []MeetingAttendee) []MeetingAttendee {
	out := make([]MeetingAttendee, 0, len(in))
	return append(out, in...)
}

func removedAttendees(before, after []MeetingAttendee) []MeetingAttendee {
	still := map[string]bool{}
	for _, a := range after {
		still[a.Email] = true
	}
	var out []MeetingAttendee
	for _, a := range before {
		if a.Email != "" && !still[a.Email] {
			out = append(out, a)
		}
	}
	return out
}
