package growthdesk

import (
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
