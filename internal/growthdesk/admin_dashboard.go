package growthdesk

import (
	"context"
	"fmt"
	"time"
)

// adminTicketStatuses are the ticket statuses, in the order the dashboard shows them.
var adminTicketStatuses = []string{"open", "in_progress", "resolved", "closed"}

// AdminDashboardMonths is how many months the Monthly Growth chart covers, this one included.
const AdminDashboardMonths = 12

// AdminActivityLimit is how many audit entries the Recent Activity list shows.
const AdminActivityLimit = 10

// ActivityHidden lists the audit actions Recent Activity leaves out: each concerns one
// person's own view or settings (a dismissed banner, a changed name, a failed sign-in) or is
// one of many (each page a staff member opens while impersonating) and would push what staff
// act on off a ten-line list. The audit log keeps them all.
var ActivityHidden = []string{
	AuditAnnouncementDismiss, AuditProfileUpdate, AuditNotificationsUpdate, AuditCalendarFeed,
	AuditPasswordFailed, AuditMFAFailed, AuditOTPFailed, AuditImpersonationRequest,
}

// AdminActivity is one line of Recent Activity: an audit entry with what a sentence about it
// needs. TargetName is the target's current name (a ticket's or topic's title, a project's,
// an account's full name…), or the name the entry recorded when the target is gone.
type AdminActivity struct {
	AuditEntry
	// TargetExists is false when the target has been deleted since (no link to it then).
	TargetExists bool `json:"target_exists"`
	// TargetCode is a ticket's shown id ("T-12"); empty for other targets.
	TargetCode string `json:"target_code"`
	// OrganizationName is the organization the entry concerns: the one a ticket, project,
	// automation, report, meeting or subscription belongs to, the one a checkout was for, or
	// the one an account was moved to. Empty when none.
	OrganizationName string `json:"organization_name"`
}

// MonthGrowth is the number of accounts and organizations created in one calendar month (UTC).
type MonthGrowth struct {
	// Month is the month as YYYY-MM.
	Month         string `json:"month"`
	Accounts      int    `json:"accounts"`
	Organizations int    `json:"organizations"`
}

// StatusCount is the number of support tickets in one status.
type StatusCount struct {
	Status string `json:"status"`
	Count  int    `json:"count"`
}

// AdminDashboard is what staff see at the portal's admin route.
type AdminDashboard struct {
	TotalUsers    int `json:"total_users"`
	Organizations int `json:"organizations"`
	// OpenTickets counts tickets that are open or in progress.
	OpenTickets int `json:"open_tickets"`
	// MonthlyRevenueCents is the monthly amount of active subscriptions, in cents; null for
	// employees, who do not see revenue.
	MonthlyRevenueCents *int64 `json:"monthly_revenue_cents"`
	// Currency is the ISO code of MonthlyRevenueCents.
	Currency       string           `json:"currency"`
	Growth         []MonthGrowth    `json:"growth" tstype:"MonthGrowth[]"`
	TicketStatus   []StatusCount    `json:"ticket_status" tstype:"StatusCount[]"`
	RecentActivity []*AdminActivity `json:"recent_activity" tstype:"AdminActivity[]"`
	GeneratedAt    time.Time        `json:"generated_at"`
}

// AdminDashboardStore reads the figures the accounts data gives.
type AdminDashboardStore interface {
	CountAccounts(ctx context.Context) (int, error)
	CountOrganizations(ctx context.Context) (int, error)
	// CreatedSince returns the creation times of accounts and of organizations created at
	// or after since.
	CreatedSince(ctx context.Context, since time.Time) (accounts, organizations []time.Time, err error)
	// RecentActivity returns the newest audit entries whose action is not in hidden, with
	// their targets' names.
	RecentActivity(ctx context.Context, limit int, hidden AuditFilter) ([]*AdminActivity, error)
	// ActivityPage returns the entries RecentActivity would, in the order sort names (one of
	// the SortAudit values; ascending unless desc), skipping offset of them, and the number of
	// all of them.
	ActivityPage(ctx context.Context, limit, offset int, sort string, desc bool, hidden AuditFilter) ([]*AdminActivity, int, error)
}

// Orders of the audit log: by time (the default), by who acted (name, else address) and by
// action (its stored key, so that an area's actions stay together). Ties go newest first.
const (
	SortAuditWhen   = "when"
	SortAuditWho    = "who"
	SortAuditAction = "action"
)

// MaxAuditPage is the most entries one page of the audit log holds.
const MaxAuditPage = 500

// AuditLog returns one page of the audit log for staff in the order sort names (by time when
// empty; ascending unless desc), each entry with the names of what it concerns (as Recent
// Activity names them), and the number of entries in all; billing's entries for admins only.
// Refuses a limit, offset or sort out of range, naming it.
func (d *AdminDashboards) AuditLog(ctx context.Context, c *Caller, limit, offset int, sort string, desc bool) ([]*AdminActivity, int, error) {
	if err := CanManageAccounts(c); err != nil {
		return nil, 0, err
	}
	bad := fieldCheck{}
	if limit < 1 || limit > MaxAuditPage {
		bad.add("limit", fmt.Sprintf("Use a number from 1 to %d.", MaxAuditPage))
	}
	if offset < 0 {
		bad.add("offset", "Use a number of 0 or more.")
	}
	switch sort {
	case "", SortAuditWhen, SortAuditWho, SortAuditAction:
	default:
		bad.add("sort", "Use when, who or action.")
	}
	if err := bad.err(); err != nil {
		return nil, 0, err
	}
	return d.Store.ActivityPage(ctx, limit, offset, sort, desc, auditFilterFor(c, nil))
}

// TicketCounter counts the support tickets of scope by status (the support desk implements
// it). A status without tickets may be missing from the map.
type TicketCounter interface {
	CountTicketsByStatus(ctx context.Context, scope Scope) (map[string]int, error)
}

// RevenueReader sums the monthly amounts of active subscriptions (billing implements it).
type RevenueReader interface {
	MonthlyRevenue(ctx context.Context, c *Caller) (cents int64, currency string, err error)
}

// NoTickets is the TicketCounter of a build without the support desk: every count is zero.
type NoTickets struct{}

// CountTicketsByStatus returns no tickets.
func (NoTickets) CountTicketsByStatus(context.Context, Scope) (map[string]int, error) {
	return nil, nil
}

// NoRevenue is the RevenueReader of a build without billing: the revenue is zero.
type NoRevenue struct{}

// MonthlyRevenue returns zero dollars.
func (NoRevenue) MonthlyRevenue(context.Context, *Caller) (int64, string, error) {
	return 0, "usd", nil
}

// AdminDashboards computes the admin dashboard from the data: accounts and organizations
// from the store, tickets and revenue through the small interfaces their features implement
// (nil reads as zero, never as a made-up figure).
type AdminDashboards struct {
	Store   AdminDashboardStore
	Tickets TicketCounter
	Revenue RevenueReader
	// Now is the clock of the growth months; nil means time.Now.
	Now func() time.Time
}

// Dashboard returns the figures for staff; revenue only for admins.
func (d *AdminDashboards) Dashboard(ctx context.Context, c *Caller) (*AdminDashboard, error) {
	if err := CanViewAdminDashboard(c); err != nil {
		return nil, err
	}
	now := time.Now().UTC()
	if d.Now != nil {
		now = d.Now().UTC()
	}
	out := &AdminDashboard{GeneratedAt: now, Currency: "usd"}
	var err error
	if out.TotalUsers, err = d.Store.CountAccounts(ctx); err != nil {
		return nil, err
	}
	if out.Organizations, err = d.Store.CountOrganizations(ctx); err != nil {
		return nil, err
	}

	var tickets TicketCounter = NoTickets{}
	if d.Tickets != nil {
		tickets = d.Tickets
	}
	byStatus, err := tickets.CountTicketsByStatus(ctx, c.Scope())
	if err != nil {
		return nil, err
	}
	for _, s := range adminTicketStatuses {
		out.TicketStatus = append(out.TicketStatus, StatusCount{Status: s, Count: byStatus[s]})
	}
	out.OpenTickets = byStatus["open"] + byStatus["in_progress"]

	if CanSeeRevenue(c) == nil {
		var revenue RevenueReader = NoRevenue{}
		if d.Revenue != nil {
			revenue = d.Revenue
		}
		cents, currency, err := revenue.MonthlyRevenue(ctx, c)
		if err != nil {
			return nil, err
		}
		out.MonthlyRevenueCents = &cents
		if currency != "" {
			out.Currency = currency
		}
	}

	first := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, -(AdminDashboardMonths - 1), 0)
	accounts, orgs, err := d.Store.CreatedSince(ctx, first)
	if err != nil {
		return nil, err
	}
	out.Growth = growthByMonth(first, accounts, orgs)

	if out.RecentActivity, err = d.Store.RecentActivity(ctx, AdminActivityLimit, auditFilterFor(c, ActivityHidden)); err != nil {
		return nil, err
	}
	if out.RecentActivity == nil {
		out.RecentActivity = []*AdminActivity{}
	}
	return out, nil
}

// growthByMonth counts the times per calendar month, for AdminDashboardMonths months from first.
func growthByMonth(first time.Time, accounts, orgs []time.Time) []MonthGrowth {
	out := make([]MonthGrowth, AdminDashboardMonths)
	index := map[string]int{}
	for i := range out {
		m := first.AddDate(0, i, 0).Format("2006-01")
		out[i].Month = m
		index[m] = i
	}
	for _, t := range accounts {
		if i, ok := index[t.UTC().Format("2006-01")]; ok {
			out[i].Accounts++
		}
	}
	for _, t := range orgs {
		if i, ok := index[t.UTC().Format("2006-01")]; ok {
			out[i].Organizations++
		}
	}
	return out
}
