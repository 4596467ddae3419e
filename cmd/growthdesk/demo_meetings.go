package main

import (
	"context"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
)

// demoMeeting is one sample meeting, placed relative to the day the demo is seeded so that
// the Upcoming and Past tabs both have something to show.
type demoMeeting struct {
	org, title, description, typ, location, url string
	days, hour, minutes                         int
	status                                      string
	attendees                                   []growthdesk.MeetingAttendee
}

var demoMeetings = []demoMeeting{
	{org: "Brightside Dental", title: "AI Strategy Consultation", typ: growthdesk.MeetingTypeConsultation,
		description: "Review the front desk's most common patient questions and decide what the chatbot answers first.",
		location:    "Zoom", url: "https://zoom.us/j/5550142001", days: 2, hour: 15, minutes: 60, status: growthdesk.MeetingStatusScheduled,
		attendees: []growthdesk.MeetingAttendee{{Name: "Casey Customer", Email: "customer@demo.growthdesk.io"}, {Name: "Sam Support", Email: "staff@demo.growthdesk.io"}}},
	{org: "Brightside Dental", title: "Chatbot Training Session", typ: growthdesk.MeetingTypeTraining,
		description: "Hands-on training for the front desk team: reviewing conversations, editing answers and handing over to a person.",
		location:    "Google Meet", url: "https://meet.google.com/bsd-trng-001", days: 6, hour: 14, minutes: 90, status: growthdesk.MeetingStatusScheduled,
		attendees: []growthdesk.MeetingAttendee{{Name: "Casey Customer", Email: "customer@demo.growthdesk.io"}, {Name: "Front desk team"}}},
	{org: "Brightside Dental", title: "Appointment Reminder Planning", typ: growthdesk.MeetingTypePlanning,
		description: "Plan the SMS and e-mail reminder workflow for next-day appointments.",
		location:    "Brightside Dental, 2nd floor office", days: 13, hour: 16, minutes: 45, status: growthdesk.MeetingStatusScheduled,
		attendees: []growthdesk.MeetingAttendee{{Name: "Casey Customer", Email: "customer@demo.growthdesk.io"}}},
	{org: "Brightside Dental", title: "Monthly Performance Review", typ: growthdesk.MeetingTypeReview,
		description: "Walk through last month's automation results: conversations handled, bookings made and hours saved.",
		location:    "Zoom", url: "https://zoom.us/j/5550142002", days: -7, hour: 15, minutes: 60, status: growthdesk.MeetingStatusCompleted,
		attendees: []growthdesk.MeetingAttendee{{Name: "Casey Customer", Email: "customer@demo.growthdesk.io"}, {Name: "Avery Admin", Email: "admin@demo.growthdesk.io"}}},
	{org: "Brightside Dental", title: "Insurance Form Support Call", typ: growthdesk.MeetingTypeSupport,
		description: "Troubleshoot the insurance intake form integration.",
		location:    "Phone", days: -3, hour: 17, minutes: 30, status: growthdesk.MeetingStatusCancelled,
		attendees: []growthdesk.MeetingAttendee{{Name: "Casey Customer", Email: "customer@demo.growthdesk.io"}}},
	{org: "Northwind Logistics", title: "Dispatch Workflow Review", typ: growthdesk.MeetingTypeReview,
		description: "Review the automated dispatch workflow and its exception handling.",
		location:    "Microsoft Teams", url: "https://teams.microsoft.com/l/meetup-join/northwind-dispatch", days: 3, hour: 14, minutes: 60,
		status:    growthdesk.MeetingStatusScheduled,
		attendees: []growthdesk.MeetingAttendee{{Name: "Noor Haddad", Email: "owner@northwind.example"}}},
	{org: "Northwind Logistics", title: "Kickoff Consultation", typ: growthdesk.MeetingTypeConsultation,
		description: "Goals, systems in use and the first automation to build.",
		location:    "Zoom", url: "https://zoom.us/j/5550142003", days: -14, hour: 15, minutes: 60, status: growthdesk.MeetingStatusCompleted,
		attendees: []growthdesk.MeetingAttendee{{Name: "Noor Haddad", Email: "owner@northwind.example"}}},
}

// seedDemoMeetings gives each demo organization its sample meetings, unless it has meetings
// already (so running it again changes nothing). The demo sends no e-mail.
func seedDemoMeetings(ctx context.Context, db *store.DB) error {
	accounts := store.NewAccountStore(db)
	meetings := store.NewMeetingStore(db)
	orgs, err := accounts.ListOrganizations(ctx)
	if err != nil {
		return err
	}
	orgIDs := map[string]string{}
	for _, o := range orgs {
		orgIDs[o.Name] = o.ID
	}
	seeded := map[string]bool{}
	day := time.Now().UTC().Truncate(24 * time.Hour)
	for _, d := range demoMeetings {
		orgID := orgIDs[d.org]
		if orgID == "" {
			continue
		}
		if _, done := seeded[orgID]; !done {
			org := orgID
			scope := (&growthdesk.Caller{Profile: &growthdesk.Profile{Role: growthdesk.RoleCustomer, OrganizationID: &org}}).Scope()
			_, total, err := meetings.ListMeetings(ctx, scope, growthdesk.MeetingFilter{When: growthdesk.MeetingWhenAll, Now: time.Now(), Limit: 1})
			if err != nil {
				return err
			}
			seeded[orgID] = total > 0
		}
		if seeded[orgID] {
			continue
		}
		start := day.AddDate(0, 0, d.days).Add(time.Duration(d.hour) * time.Hour)
		m := &growthdesk.Meeting{ID: growthdesk.NewID(), OrganizationID: orgID, Title: d.title, Description: d.description, Type: d.typ,
			StartTime: start, EndTime: start.Add(time.Duration(d.minutes) * time.Minute), Location: d.location, MeetingURL: d.url,
			Attendees: d.attendees, Status: d.status}
		if err := meetings.CreateMeeting(ctx, growthdesk.SystemScope("demo"), m, nil, growthdesk.AuditEntry{Action: growthdesk.AuditMeetingCreate, TargetType: "meeting",
			TargetID: m.ID, Details: map[string]any{"title": m.Title, "via": "demo"}}); err != nil {
			return err
		}
	}
	return nil
}
