package growthdesk

import (
	"context"
	"sort"
	"time"
)

// Activity is one event of an organization shown under Recent Activity on the dashboard:
// a ticket answer, a meeting change, a report ready, a project update.
type Activity struct {
	// Kind names the feature the event comes from: meeting, ticket, report, project, account.
	Kind   string    `json:"kind"`
	Title  string    `json:"title"`
	Detail string    `json:"detail"`
	At     time.Time `json:"at"`
	// Link is the portal page the event belongs to, by its route name (meetings, support…);
	// empty when there is none.
	Link string `json:"link"`
}

// DashboardSummary is what the portal's dashboard shows, all from stored data.
type DashboardSummary struct {
	FullName string `json:"full_name"`
	// OpenTickets counts the caller's tickets that are open or in progress.
	OpenTickets int `json:"open_tickets"`
	// ForumPosts counts the caller's forum posts.
	ForumPosts int `json:"forum_posts"`
	// ForumAvailable says whether the community forum exists on this install.
	ForumAvailable bool `json:"forum_available"`
	// AccountStatus is "Active" for an approved account (the only kind that reaches the
	// dashboard).
	AccountStatus string `json:"account_status"`
	// LastLogin is the sign-in before the current one; nil on the first sign-in.
	LastLogin *time.Time `json:"last_login"`
	// NextBillingDate is the next charge of the organization's active subscription, if any.
	NextBillingDate *time.Time `json:"next_billing_date"`
	// RecentActivity is newest first.
	RecentActivity []Activity `json:"recent_activity"`
}

// OpenTicketCounter counts the caller's open and in-progress tickets (the support desk).
type OpenTicketCounter interface {
	OpenTicketCount(ctx context.Context, c *Caller) (int, error)
}

// NextBillingReader reads the next billing date of the caller's organization's active
// subscription (billing); nil when there is none.
type NextBillingReader interface {
	NextBillingDate(ctx context.Context, c *Caller) (*time.Time, error)
}

// ForumPostCounter counts the caller's forum posts (the community forum).
type ForumPostCounter interface {
	PostCount(ctx context.Context, c *Caller) (int, error)
}

// ActivitySource reports a feature's latest events within the caller's scope, newest first.
type ActivitySource interface {
	RecentActivity(ctx context.Context, c *Caller, limit int) ([]Activity, error)
}

// SignInReader reads when an account signed in before its current sign-in.
type SignInReader interface {
	PreviousSignIn(ctx context.Context, userID string) (*time.Time, error)
}

// DashboardActivityMax is how many events Recent Activity shows.
const DashboardActivityMax = 8

// Dashboard gathers the dashboard's figures from the features that own them. Each source is
// optional: a feature not wired in reads as zero or nothing, so the dashboard works on an
// install (or a branch) without it.
type Dashboard struct {
	SignIns  SignInReader
	Tickets  OpenTicketCounter
	Billing  NextBillingReader
	Forum    ForumPostCounter
	Activity []ActivitySource
}

// CanViewDashboard lets approved accounts read their dashboard.
func CanViewDashboard(c *Caller) error { return CanUsePortal(c) }

// Summary returns the caller's dashboard.
func (d *Dashboard) Summary(ctx context.Context, c *Caller) (*DashboardSummary, error) {
	if err := CanViewDashboard(c); err != nil {
		return nil, err
	}
	out := &DashboardSummary{FullName: c.Profile.FullName, AccountStatus: "Active", ForumAvailable: d.Forum != nil,
		RecentActivity: []Activity{}}
	if out.FullName == "" {
		out.FullName = c.Profile.Email
	}
	var err error
	if d.SignIns != nil {
		if out.LastLogin, err = d.SignIns.PreviousSignIn(ctx, c.Profile.ID); err != nil {
			return nil, err
		}
	}
	if d.Tickets != nil {
		if out.OpenTickets, err = d.Tickets.OpenTicketCount(ctx, c); err != nil {
			return nil, err
		}
	}
	if d.Forum != nil {
		if out.ForumPosts, err = d.Forum.PostCount(ctx, c); err != nil {
			return nil, err
		}
	}
	if d.Billing != nil {
		if out.NextBillingDate, err = d.Billing.NextBillingDate(ctx, c); err != nil {
			return nil, err
		}
	}
	for _, src := range d.Activity {
		list, err := src.RecentActivity(ctx, c, DashboardActivityMax)
		if err != nil {
			return nil, err
		}
		out.RecentActivity = append(out.RecentActivity, list...)
	}
	welcome := c.Profile.CreatedAt
	if c.Profile.ApprovedAt != nil {
		welcome = *c.Profile.ApprovedAt
	}
	out.RecentActivity = append(out.RecentActivity, Activity{Kind: "account", Title: "Welcome to the customer portal",
		Detail: "Your account was approved.", At: welcome})
	sort.SliceStable(out.RecentActivity, func(i, j int) bool { return out.RecentActivity[i].At.After(out.RecentActivity[j].At) })
	if len(out.RecentActivity) > DashboardActivityMax {
		out.RecentActivity = out.RecentActivity[:DashboardActivityMax]
	}
	return out, nil
}
