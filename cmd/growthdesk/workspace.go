package main

import (
	"net/url"

	"github.com/growthdesk/growthdesk/internal/calendar"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/mailer"
	"github.com/growthdesk/growthdesk/internal/site"
	"github.com/growthdesk/growthdesk/internal/store"
)

// newMeetings wires the meetings service: the store, the e-mail renderer and the iCalendar
// writer, whose event UIDs name the site's host.
func newMeetings(db *store.DB, renderer *mailer.Renderer, siteCfg site.Config, siteURL string) (*growthdesk.Meetings, error) {
	u, err := url.Parse(siteURL)
	if err != nil {
		return nil, err
	}
	cal, err := calendar.New(siteCfg.Name, siteCfg.Email, u.Hostname())
	if err != nil {
		return nil, err
	}
	return &growthdesk.Meetings{Store: store.NewMeetingStore(db), Mail: renderer, Calendar: cal,
		SiteURL: siteURL, StaffEmail: siteCfg.Email}, nil
}

// newDashboard wires the dashboard to the features it reads: sign-ins, the forum's post
// count, the support desk's open tickets, billing's next date, and the activity of meetings, projects, reports and support answers.
func newDashboard(db *store.DB, meetings *growthdesk.Meetings, forum *growthdesk.Forum, support *growthdesk.Support,
	billing *growthdesk.Billing, projects *growthdesk.Projects, reports *growthdesk.Reports) *growthdesk.Dashboard {
	return &growthdesk.Dashboard{
		SignIns:  store.NewDashboardStore(db),
		Tickets:  support,
		Billing:  billing,
		Forum:    forum,
		Activity: []growthdesk.ActivitySource{meetings, projects, reports, support},
	}
}
