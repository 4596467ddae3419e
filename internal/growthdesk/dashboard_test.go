package growthdesk

import (
	"context"
	"strings"
	"testing"
	"time"
)

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
