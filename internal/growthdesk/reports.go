package growthdesk

import (
	"context"
	"fmt"
	"log/slog"
	"time"
)

// ReportStore keeps reports and reads the runs they are made of.
type ReportStore interface {
	// ListReports returns the four reports of the scope's one organization, creating the
	// missing rows.
	ListReports(ctx context.Context, scope Scope) ([]*Report, error)
	// OrganizationExists reports whether orgID names an organization.
	OrganizationExists(ctx context.Context, orgID string) (bool, error)
	// RunFacts returns the runs inside scope that started in [from, to), oldest first.
	RunFacts(ctx context.Context, scope Scope, from, to time.Time) ([]RunFact, error)
	// CountActiveAutomations counts the automations inside scope whose status is active.
	CountActiveAutomations(ctx context.Context, scope Scope) (int, error)
	// AutomationNames returns every automation inside scope (id, name, type, minutes saved per
	// run, hourly cost), for the files.
	AutomationNames(ctx context.Context, scope Scope) ([]*AutomationFigures, error)
	// PlanCost returns the price of the active subscription inside scope, nil when there is none.
	PlanCost(ctx context.Context, scope Scope) (*PlanCost, error)
	// RequestReport marks the report id within scope generating for period (ENotFound
	// outside scope, EConflict when it is generating already), with the audit entry.
	RequestReport(ctx context.Context, scope Scope, id string, period ReportPeriod, audit AuditEntry) (*Report, error)
	// ScheduleReport sets the report's frequency (nil: none) and its next run.
	ScheduleReport(ctx context.Context, scope Scope, id string, frequency *string, nextRun *time.Time, audit AuditEntry) (*Report, error)
	// QueueScheduledReports marks every scheduled report whose next run has come as
	// generating (to notify), moving its next run on with next; it returns how many.
	QueueScheduledReports(ctx context.Context, scope Scope, now time.Time, next func(frequency string, after time.Time) time.Time, period func(frequency string) string) (int, error)
	// ClaimReport hands out one report waiting to be generated, locked for lockFor, or nil.
	ClaimReport(ctx context.Context, scope Scope, lockFor time.Duration) (*ReportJob, error)
	// FinishReport stores the files of a claimed report (ready) and enqueues mails, or
	// records failure (error) when files is nil.
	FinishReport(ctx context.Context, scope Scope, id string, files *ReportFiles, failure string, mails []*Email) error
	// ReportFile returns a ready report's file ("pdf" or "csv") within scope.
	ReportFile(ctx context.Context, scope Scope, id, format string) (*Report, []byte, error)
	// Recipients returns the approved customers inside scope who take e-mail.
	Recipients(ctx context.Context, scope Scope) ([]Recipient, error)
	// RecentReadyReports returns the reports of scope that became ready, newest first.
	RecentReadyReports(ctx context.Context, scope Scope, limit int) ([]Activity, error)
}

// ReportRenderer draws the PDF of a report.
type ReportRenderer interface {
	PDF(job *ReportJob, s *ReportSummary) ([]byte, error)
}

// Reports computes the Reports page and produces the report files in the background.
type Reports struct {
	Store    ReportStore
	Renderer ReportRenderer
	Mail     EmailRenderer
	// PortalURL is the absolute URL of the Reports page, linked from the e-mails.
	PortalURL string
	Log       *slog.Logger
	// Now is the clock; nil means time.Now.
	Now  func() time.Time
	wake chan struct{}
}

func (s *Reports) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// orgFor resolves the organization a report request is about: the customer's own, or the
// one a staff member names. The answer is the caller's scope narrowed to that one organization.
func (s *Reports) orgFor(ctx context.Context, c *Caller, orgID string) (Scope, error) {
	scope := c.Scope().Narrow(orgID)
	switch {
	case scope.All():
		return Scope{}, Invalid(map[string]string{"organization": "Choose an organization."})
	case scope.Empty():
		return Scope{}, errNoOrganization
	}
	ok, err := s.Store.OrganizationExists(ctx, scope.Organization())
	if err != nil {
		return Scope{}, err
	}
	if !ok {
		return Scope{}, Errorf(ENotFound, "There is no such organization.")
	}
	return scope, nil
}

// List returns the four reports of the caller's organization (staff name one).
func (s *Reports) List(ctx context.Context, c *Caller, orgID string) (*ReportList, error) {
	if err := CanViewWorkspace(c); err != nil {
		return nil, err
	}
	org, err := s.orgFor(ctx, c, orgID)
	if err != nil {
		return nil, err
	}
	items, err := s.Store.ListReports(ctx, org)
	if err != nil {
		return nil, err
	}
	for _, r := range items {
		r.fill()
	}
	return &ReportList{Items: nonNil(items), Total: len(items)}, nil
}

// Summary computes the figures of the Reports page for a period (default 30d).
func (s *Reports) Summary(ctx context.Context, c *Caller, orgID string, period string) (*ReportSummary, error) {
	if err := CanViewWorkspace(c); err != nil {
		return nil, err
	}
	if period == "" {
		period = ReportPeriod30d
	}
	if _, ok := reportPeriodDays[period]; !ok {
		return nil, Invalid(map[string]string{"period": "Choose 7d, 30d, 90d or 1y."})
	}
	org, err := s.orgFor(ctx, c, orgID)
	if err != nil {
		return nil, err
	}
	return s.compute(ctx, org, period, s.now())
}

// compute is the summary of the period ending at now of the scope's one organization.
func (s *Reports) compute(ctx context.Context, scope Scope, period string, now time.Time) (*ReportSummary, error) {
	to := now
	from := PeriodStart(period, now)
	facts, err := s.Store.RunFacts(ctx, scope, from, to)
	if err != nil {
		return nil, err
	}
	active, err := s.Store.CountActiveAutomations(ctx, scope)
	if err != nil {
		return nil, err
	}
	autos, err := s.Store.AutomationNames(ctx, scope)
	if err != nil {
		return nil, err
	}
	return Summarize(scope.Organization(), period, from, to, facts, active, autos), nil
}

// Generate queues the report's file for the background job; the report answers with status
// generating.
func (s *Reports) Generate(ctx context.Context, c *Caller, id string, in GenerateInput) (*Report, error) {
	if err := CanGenerateReport(c); err != nil {
		return nil, err
	}
	if in.Period == "" {
		in.Period = ReportPeriod30d
	}
	if _, ok := reportPeriodDays[in.Period]; !ok {
		return nil, Invalid(map[string]string{"period": "Choose 7d, 30d, 90d or 1y."})
	}
	r, err := s.Store.RequestReport(ctx, c.Scope(), id, in.Period, c.Audit(AuditReportGenerate, "report", id, map[string]any{"period": in.Period}))
	if err != nil {
		return nil, err
	}
	r.fill()
	s.Wake()
	return r, nil
}

// Schedule lets staff have a report generated daily, weekly, monthly or quarterly; the
// organization's customers are e-mailed each time it is ready.
func (s *Reports) Schedule(ctx context.Context, c *Caller, id string, in ScheduleInput) (*Report, error) {
	if in.Frequency != nil && *in.Frequency == "" {
		in.Frequency = nil
	}
	if in.Frequency != nil && !contains(reportFrequencies, *in.Frequency) {
		return nil, Invalid(map[string]string{"frequency": "Choose daily, weekly, monthly or quarterly."})
	}
	if err := CanManageWorkspace(c); err != nil {
		return nil, err
	}
	var next *time.Time
	freq := "none"
	if in.Frequency != nil {
		t := NextReportRun(*in.Frequency, s.now())
		next, freq = &t, *in.Frequency
	}
	r, err := s.Store.ScheduleReport(ctx, c.Scope(), id, in.Frequency, next, c.Audit(AuditReportSchedule, "report", id, map[string]any{"frequency": freq}))
	if err != nil {
		return nil, err
	}
	r.fill()
	return r, nil
}

// NextReportRun is when a report of the frequency is next due after after: the next
// midnight UTC, Monday, first of the month or first of the quarter.
func NextReportRun(frequency string, after time.Time) time.Time {
	after = after.UTC()
	day := time.Date(after.Year(), after.Month(), after.Day(), 0, 0, 0, 0, time.UTC)
	switch frequency {
	case ReportFrequencyWeekly:
		d := (8 - int(day.Weekday())) % 7
		if d == 0 {
			d = 7
		}
		return day.AddDate(0, 0, d)
	case ReportFrequencyMonthly:
		return time.Date(after.Year(), after.Month()+1, 1, 0, 0, 0, 0, time.UTC)
	case ReportFrequencyQuarterly:
		q := (int(after.Month())-1)/3*3 + 1
		return time.Date(after.Year(), time.Month(q+3), 1, 0, 0, 0, 0, time.UTC)
	}
	return day.AddDate(0, 0, 1)
}

// File returns a ready report's PDF ("pdf", the default) or its raw runs ("csv"), with the
// file name to save it under.
func (s *Reports) File(ctx context.Context, c *Caller, id, format string) (name string, content []byte, err error) {
	if err := CanViewWorkspace(c); err != nil {
		return "", nil, err
	}
	if format == "" {
		format = "pdf"
	}
	if format != "pdf" && format != "csv" {
		return "", nil, Invalid(map[string]string{"format": "Choose pdf or csv."})
	}
	r, b, err := s.Store.ReportFile(ctx, c.Scope(), id, format)
	if err != nil {
		return "", nil, err
	}
	day := s.now().Format(time.DateOnly)
	if r.LastGenerated != nil {
		day = r.LastGenerated.Format(time.DateOnly)
	}
	return fmt.Sprintf("%s-%s-%s.%s", r.Type, r.Period, day, format), b, nil
}

// RecentActivity returns the caller's organization's reports that became ready, for the
// dashboard's Recent Activity (newest first, at most limit).
func (s *Reports) RecentActivity(ctx context.Context, c *Caller, limit int) ([]Activity, error) {
	if err := CanViewWorkspace(c); err != nil {
		return nil, err
	}
	scope := c.Scope()
	if scope.Empty() {
		return []Activity{}, nil
	}
	return s.Store.RecentReadyReports(ctx, scope, limit)
}
