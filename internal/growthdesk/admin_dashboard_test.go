package growthdesk

import (
	"context"
	"testing"
	"time"
)

type dashboardStoreStub struct{ accounts, orgs []time.Time }

func (s dashboardStoreStub) CountAccounts(context.Context) (int, error)      { return len(s.accounts), nil }
func (s dashboardStoreStub) CountOrganizations(context.Context) (int, error) { return len(s.orgs), nil }
func (s dashboardStoreStub) CreatedSince(context.Context, time.Time) ([]time.Time, []time.Time, error) {
	return s.accounts, s.orgs, nil
}
func (s dashboardStoreStub) ActivityPage(context.Context, int, int, string, bool, AuditFilter) ([]*AdminActivity, int, error) {
	return nil, 0, nil
}

func (s dashboardStoreStub) RecentActivity(context.Context, int, AuditFilter) ([]*AdminActivity, error) {
	return nil, nil
}

type ticketsStub map[string]int

func (t ticketsStub) CountTicketsByStatus(context.Context, Scope) (map[string]int, error) {
	return t, nil
}

type revenueStub int64

func (r revenueStub) MonthlyRevenue(context.Context, *Caller) (int64, string, error) {
	return int64(r), "usd", nil
}

func TestAdminDashboards_FiguresFromTheWiredFeatures(t *testing.T) {
	now := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
	d := &AdminDashboards{
		Store: dashboardStoreStub{
			accounts: []time.Time{now, now.AddDate(0, -1, 0), now.AddDate(0, -11, -19), now.AddDate(0, -12, 0)},
			orgs:     []time.Time{now.AddDate(0, -1, 0)},
		},
		Tickets: ticketsStub{"open": 3, "in_progress": 2, "resolved": 4, "closed": 1},
		Revenue: revenueStub(129900),
		Now:     func() time.Time { return now },
	}
	got, err := d.Dashboard(context.Background(), caller("a", RoleAdmin, ApprovalApproved))
	if err != nil {
		t.Fatal(err)
	}
	if got.OpenTickets != 5 || got.MonthlyRevenueCents == nil || *got.MonthlyRevenueCents != 129900 {
		t.Errorf("open tickets %d, revenue %v", got.OpenTickets, got.MonthlyRevenueCents)
	}
	if got.TicketStatus[2] != (StatusCount{Status: "resolved", Count: 4}) {
		t.Errorf("ticket statuses: %+v", got.TicketStatus)
	}
	if got.Growth[0].Month != "2025-12" || got.Growth[0].Accounts != 1 || got.Growth[11].Month != "2026-11" ||
		got.Growth[11].Accounts != 1 || got.Growth[10].Accounts != 1 || got.Growth[10].Organizations != 1 {
		t.Errorf("growth: %+v", got.Growth)
	}

	employee, err := d.Dashboard(context.Background(), caller("e", RoleEmployee, ApprovalApproved))
	if err != nil || employee.MonthlyRevenueCents != nil || employee.OpenTickets != 5 {
		t.Errorf("employee sees revenue or misses tickets: %+v, %v", employee, err)
	}
	if _, err := d.Dashboard(context.Background(), caller("c", RoleCustomer, ApprovalApproved)); ErrorCode(err) != EForbidden {
		t.Errorf("customer: %v", err)
	}

	unwired := &AdminDashboards{Store: dashboardStoreStub{}}
	zero, err := unwired.Dashboard(context.Background(), caller("a", RoleAdmin, ApprovalApproved))
	if err != nil || zero.OpenTickets != 0 || *zero.MonthlyRevenueCents != 0 || len(zero.TicketStatus) != 4 {
		t.Errorf("unwired features read zero: %+v, %v", zero, err)
	}
}
