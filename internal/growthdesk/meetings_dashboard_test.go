package growthdesk

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestPolicy_MeetingsAndDashboardByRole(t *testing.T) {
	admin := caller("a", RoleAdmin, ApprovalApproved)
	employee := caller("e", RoleEmployee, ApprovalApproved)
	customer := caller("c", RoleCustomer, ApprovalApproved)
	pending := caller("p", RoleCustomer, ApprovalPending)
	actingAs := caller("c", RoleCustomer, ApprovalApproved)
	actingAs.Actor = employee.Profile
	cases := []struct {
		name string
		err  error
		code string
	}{
		{"customer reads meetings", CanViewMeetings(customer), ""},
		{"pending cannot read meetings", CanViewMeetings(pending), EForbidden},
		{"nobody signed out reads meetings", CanViewMeetings(nil), EUnauthorized},
		{"customer cannot schedule", CanManageMeetings(customer), EForbidden},
		{"employee schedules", CanManageMeetings(employee), ""},
		{"admin schedules", CanManageMeetings(admin), ""},
		{"customer cancels (within their scope)", CanCancelMeeting(customer), ""},
		{"pending cannot cancel", CanCancelMeeting(pending), EForbidden},
		{"customer creates their calendar feed", CanResetCalendarFeed(customer), ""},
		{"staff acting as a customer cannot create the customer's feed", CanResetCalendarFeed(actingAs), EForbidden},
		{"customer reads the dashboard", CanViewDashboard(customer), ""},
		{"pending cannot read the dashboard", CanViewDashboard(pending), EForbidden},
	}
	for _, tc := range cases {
		if got := ErrorCode(tc.err); (tc.code == "" && tc.err != nil) || (tc.code != "" && got != tc.code) {
			t.Errorf("%s: %v, want %q", tc.name, tc.err, tc.code)
		}
	}
}

func TestMeetingInput_ReportsEveryProblemByField(t *testing.T) {
	in := MeetingInput{Title: strings.Repeat("x", MeetingTitleMax+1), Type: "party", StartTime: "2026-03-10T15:00:00Z",
		EndTime: "2026-03-11T15:00:00Z", MeetingURL: "ftp://files.example", Attendees: []MeetingAttendee{{Name: "A", Email: "a@example.com"}, {Name: "B", Email: "A@Example.com"}}}
	in.Normalize()
	_, _, err := in.parse(true)
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("err = %v", err)
	}
	for _, f := range []string{"organization_id", "title", "type", "end_time", "meeting_url", "attendees[1].email"} {
		if e.Fields[f] == "" {
			t.Errorf("no message for %s: %v", f, e.Fields)
		}
	}
	ok := MeetingInput{OrganizationID: "o", Title: " Review ", Type: MeetingTypeReview, StartTime: "2026-03-10T10:00:00-05:00", EndTime: "2026-03-10T11:00:00-05:00"}
	ok.Normalize()
	start, end, err := ok.parse(true)
	if err != nil || !start.Equal(time.Date(2026, 3, 10, 15, 0, 0, 0, time.UTC)) || end.Sub(start) != time.Hour || start.Location() != time.UTC {
		t.Fatalf("parse: %v %v %v", start, end, err)
	}
}

type fakeTickets int
type fakeForum int
type fakeBilling struct{ at *time.Time }
type fakeActivity []Activity
type fakeSignIns struct{ at *time.Time }

func (f fakeTickets) OpenTicketCount(context.Context, *Caller) (int, error) { return int(f), nil }
func (f fakeForum) PostCount(context.Context, *Caller) (int, error)         { return int(f), nil }
func (f fakeBilling) NextBillingDate(context.Context, *Caller) (*time.Time, error) {
	return f.at, nil
}
func (f fakeActivity) RecentActivity(context.Context, *Caller, int) ([]Activity, error) {
	return f, nil
}
func (f fakeSignIns) PreviousSignIn(context.Context, string) (*time.Time, error) { return f.at, nil }

func TestDashboard_ReadsZeroUntilWiredThenTheSources(t *testing.T) {
	c := caller("c", RoleCustomer, ApprovalApproved)
	c.Profile.FullName = "Casey Customer"
	approved := time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC)
	c.Profile.ApprovedAt = &approved

	bare, err := (&Dashboard{}).Summary(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if bare.OpenTickets != 0 || bare.ForumPosts != 0 || bare.ForumAvailable || bare.NextBillingDate != nil || bare.LastLogin != nil ||
		bare.AccountStatus != "Active" || bare.FullName != "Casey Customer" || len(bare.RecentActivity) != 1 {
		t.Fatalf("unwired dashboard: %+v", bare)
	}

	last := time.Date(2026, 2, 1, 8, 0, 0, 0, time.UTC)
	bill := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	d := &Dashboard{SignIns: fakeSignIns{&last}, Tickets: fakeTickets(3), Forum: fakeForum(7), Billing: fakeBilling{&bill},
		Activity: []ActivitySource{
			fakeActivity{{Title: "Ticket answered", At: approved.Add(48 * time.Hour)}},
			fakeActivity{{Title: "Report ready", At: approved.Add(72 * time.Hour)}, {Title: "Old project update", At: approved.Add(-time.Hour)}},
		}}
	got, err := d.Summary(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if got.OpenTickets != 3 || got.ForumPosts != 7 || !got.ForumAvailable || !got.NextBillingDate.Equal(bill) || !got.LastLogin.Equal(last) {
		t.Fatalf("wired dashboard: %+v", got)
	}
	var titles []string
	for _, a := range got.RecentActivity {
		titles = append(titles, a.Title)
	}
	if strings.Join(titles, "|") != "Report ready|Ticket answered|Welcome to the customer portal|Old project update" {
		t.Fatalf("activity order: %v", titles)
	}
	if _, err := d.Summary(context.Background(), caller("p", RoleCustomer, ApprovalPending)); ErrorCode(err) != EForbidden {
		t.Fatalf("pending: %v", err)
	}
}
