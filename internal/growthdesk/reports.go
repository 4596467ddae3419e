package growthdesk

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"log/slog"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"
)

// ReportType is one of the four reports of an organization (an alias of string).
type ReportType = string

// Report types, as the spec lists them.
const (
	ReportTypeAutomationPerformance ReportType = "automation_performance"
	ReportTypeCostSavings           ReportType = "cost_savings"
	ReportTypeUsageMetrics          ReportType = "usage_metrics"
	ReportTypeROIAnalysis           ReportType = "roi_analysis"
)

// ReportTypes lists the four reports in the order the page shows them.
var ReportTypes = []string{ReportTypeAutomationPerformance, ReportTypeCostSavings, ReportTypeUsageMetrics, ReportTypeROIAnalysis}

// ReportStatus is the state of a report's file (an alias of string).
type ReportStatus = string

// Report statuses. A report that was never generated has no status.
const (
	ReportStatusGenerating ReportStatus = "generating"
	ReportStatusReady      ReportStatus = "ready"
	ReportStatusError      ReportStatus = "error"
)

// ReportFrequency is how often staff have a report generated (an alias of string).
type ReportFrequency = string

// Report frequencies.
const (
	ReportFrequencyDaily     ReportFrequency = "daily"
	ReportFrequencyWeekly    ReportFrequency = "weekly"
	ReportFrequencyMonthly   ReportFrequency = "monthly"
	ReportFrequencyQuarterly ReportFrequency = "quarterly"
)

var reportFrequencies = []string{ReportFrequencyDaily, ReportFrequencyWeekly, ReportFrequencyMonthly, ReportFrequencyQuarterly}

// ReportPeriod is a span the reports cover (an alias of string): 7d, 30d, 90d or 1y.
type ReportPeriod = string

// Report periods; 30d is the default.
const (
	ReportPeriod7d  ReportPeriod = "7d"
	ReportPeriod30d ReportPeriod = "30d"
	ReportPeriod90d ReportPeriod = "90d"
	ReportPeriod1y  ReportPeriod = "1y"
)

var reportPeriodDays = map[string]int{ReportPeriod7d: 7, ReportPeriod30d: 30, ReportPeriod90d: 90, ReportPeriod1y: 365}

// periodLabels are the selector's labels, used in the files too.
var periodLabels = map[string]string{ReportPeriod7d: "Last 7 days", ReportPeriod30d: "Last 30 days", ReportPeriod90d: "Last 90 days", ReportPeriod1y: "Last year"}

// schedulePeriod is the span a scheduled report covers: what happened since the last one,
// at least a week so that a daily report still shows a trend.
var schedulePeriod = map[string]string{
	ReportFrequencyDaily: ReportPeriod7d, ReportFrequencyWeekly: ReportPeriod7d,
	ReportFrequencyMonthly: ReportPeriod30d, ReportFrequencyQuarterly: ReportPeriod90d,
}

// reportInfo names and describes each report type.
var reportInfo = map[string][2]string{
	ReportTypeAutomationPerformance: {"Automation Performance Report", "Runs and success rates of each of your automations, and their trend."},
	ReportTypeCostSavings:           {"Cost Savings Analysis", "Money and hours your automations saved, by automation and by type."},
	ReportTypeUsageMetrics:          {"Usage Metrics", "How often each automation ran and how many items it processed, over the period."},
	ReportTypeROIAnalysis:           {"ROI Analysis", "The return of your automations: the work they replace, weighed against your plan's price."},
}

// FullTimeHoursPerWeek is the working week Efficiency Gain compares hours saved with.
const FullTimeHoursPerWeek = 40

// Report is one of an organization's four reports and the state of its latest file.
type Report struct {
	ID             string           `json:"id"`
	OrganizationID string           `json:"organization_id"`
	Type           ReportType       `json:"type"`
	Name           string           `json:"name"`
	Description    string           `json:"description"`
	Frequency      *ReportFrequency `json:"frequency"`
	NextRunAt      *time.Time       `json:"next_run_at"`
	Status         *ReportStatus    `json:"status"`
	Period         ReportPeriod     `json:"period"`
	LastGenerated  *time.Time       `json:"last_generated"`
	Error          string           `json:"error"`
	// FileURL is where the PDF is downloaded while the report is ready; CSVURL the raw runs.
	FileURL *string `json:"file_url"`
	CSVURL  *string `json:"csv_url"`
}

// ReportList is one answer of GET /api/v1/reports.
type ReportList struct {
	Items []*Report `json:"items" tstype:"Report[]"`
	Total int       `json:"total"`
}

// ReportName is the name of a report type ("Automation Performance Report"), or "" for an
// unknown type.
func ReportName(reportType string) string { return reportInfo[reportType][0] }

// fill sets the fields derived from the stored ones.
func (r *Report) fill() {
	info := reportInfo[r.Type]
	r.Name, r.Description = info[0], info[1]
	r.FileURL, r.CSVURL = nil, nil
	if r.Status != nil && *r.Status == ReportStatusReady {
		pdf := "/api/v1/reports/" + r.ID + "/file"
		csvURL := pdf + "?format=csv"
		r.FileURL, r.CSVURL = &pdf, &csvURL
	}
}

// TrendPoint is one point of Performance Trends: the runs of a day, a week or a month.
type TrendPoint struct {
	Label      string    `json:"label"`
	Start      time.Time `json:"start"`
	Runs       int       `json:"runs"`
	Successful int       `json:"successful"`
	// ItemsProcessed is what the span's runs processed (the usage report's figure).
	ItemsProcessed int64 `json:"items_processed"`
	// SuccessRate is null for a span without runs, so that a chart leaves a gap there.
	SuccessRate *float64 `json:"success_rate"`
}

// SavingsSlice is one slice of Cost Savings Breakdown: the savings of one automation type.
type SavingsSlice struct {
	Type         AutomationType `json:"type"`
	SavingsCents int64          `json:"savings_cents"`
	HoursSaved   float64        `json:"hours_saved"`
}

// AutomationFigures are one automation's figures over a period.
type AutomationFigures struct {
	ID             string         `json:"id"`
	Name           string         `json:"name"`
	Type           AutomationType `json:"type"`
	Runs           int            `json:"runs"`
	Successful     int            `json:"successful"`
	SuccessRate    float64        `json:"success_rate"`
	ItemsProcessed int64          `json:"items_processed"`
	HoursSaved     float64        `json:"hours_saved"`
	SavingsCents   int64          `json:"savings_cents"`
	// MinutesSavedPerRun and HourlyCostCents are the automation's settings the savings come
	// from: a successful run saves its minutes, worth the hourly cost of the work replaced.
	MinutesSavedPerRun int   `json:"minutes_saved_per_run"`
	HourlyCostCents    int64 `json:"hourly_cost_cents"`
	// LastRunAt is the start of the automation's newest run of the period (null: none).
	LastRunAt *time.Time `json:"last_run_at"`
}

// ReportSummary is what the Reports page shows for a period, computed from the runs of the
// period and each automation's minutes saved per run and hourly cost: a successful run saves
// its automation's minutes, worth the hourly cost of the work it replaces.
type ReportSummary struct {
	OrganizationID    string       `json:"organization_id"`
	Period            ReportPeriod `json:"period"`
	PeriodLabel       string       `json:"period_label"`
	From              time.Time    `json:"from"`
	To                time.Time    `json:"to"`
	TotalSavingsCents int64        `json:"total_savings_cents"`
	HoursSaved        float64      `json:"hours_saved"`
	// EfficiencyGain is the hours saved as a percentage of one full-time employee's working
	// hours over the period (FullTimeHoursPerWeek a week).
	EfficiencyGain    float64              `json:"efficiency_gain"`
	ActiveAutomations int                  `json:"active_automations"`
	TotalRuns         int                  `json:"total_runs"`
	SuccessfulRuns    int                  `json:"successful_runs"`
	SuccessRate       float64              `json:"success_rate"`
	ItemsProcessed    int64                `json:"items_processed"`
	Trends            []TrendPoint         `json:"trends" tstype:"TrendPoint[]"`
	Breakdown         []SavingsSlice       `json:"breakdown" tstype:"SavingsSlice[]"`
	Automations       []*AutomationFigures `json:"automations" tstype:"AutomationFigures[]"`
}

// RunFact is one run with what the figures need of its automation.
type RunFact struct {
	RunID              string
	AutomationID       string
	AutomationName     string
	Type               AutomationType
	StartedAt          time.Time
	FinishedAt         *time.Time
	Outcome            RunOutcome
	ItemsProcessed     int
	Message            string
	MinutesSavedPerRun int
	HourlyCostCents    int64
}

// ReportJob is a report the job claimed to produce.
type ReportJob struct {
	Report           *Report
	OrganizationName string
	// Notify says the report was scheduled: its organization's customers get an e-mail.
	Notify bool
	// Plan is the organization's active subscription (nil: none), what the ROI analysis
	// weighs the savings against.
	Plan *PlanCost
}

// PlanCost is the price of an organization's active subscription plan.
type PlanCost struct {
	PlanName string
	// Amount is in cents of Currency per billing cycle ("monthly" or "yearly").
	Amount       int64
	Currency     string
	BillingCycle string
}

// ROIFigures are the ROI analysis of a period: the savings (hours saved at the hourly cost of
// the work they replace) against what the organization's plan costs over the same period.
type ROIFigures struct {
	SavingsCents int64
	// Days is the period's length; PlanCostCents the plan's price prorated to it: a monthly
	// price × 12 × days ÷ 365, a yearly price × days ÷ 365.
	Days          float64
	PlanCostCents int64
	// NetCents is savings minus plan cost.
	NetCents int64
	// ROIPercent is NetCents ÷ PlanCostCents × 100, rounded to one decimal; nil without a
	// recurring plan priced in dollars (the savings' currency), when it cannot be computed.
	ROIPercent *float64
	// SavingsPerDollar is savings ÷ plan cost (nil like ROIPercent).
	SavingsPerDollar *float64
}

// ComputeROI weighs a period's savings against the plan's price prorated to the period.
func ComputeROI(s *ReportSummary, plan *PlanCost) ROIFigures {
	out := ROIFigures{SavingsCents: s.TotalSavingsCents, Days: s.To.Sub(s.From).Hours() / 24}
	if plan == nil || plan.Amount <= 0 || !strings.EqualFold(plan.Currency, "usd") {
		return out
	}
	var perYear float64
	switch plan.BillingCycle {
	case "monthly":
		perYear = float64(plan.Amount) * 12
	case "yearly":
		perYear = float64(plan.Amount)
	default:
		return out // a one-time price is not a cost of the period
	}
	out.PlanCostCents = int64(math.Round(perYear * out.Days / 365))
	if out.PlanCostCents <= 0 {
		return out
	}
	out.NetCents = out.SavingsCents - out.PlanCostCents
	roi := round1(float64(out.NetCents) / float64(out.PlanCostCents) * 100)
	per := math.Round(float64(out.SavingsCents)/float64(out.PlanCostCents)*100) / 100
	out.ROIPercent, out.SavingsPerDollar = &roi, &per
	return out
}

// ReportFiles are the files of a generated report.
type ReportFiles struct {
	PDF []byte
	CSV []byte
}

// Recipient is someone to tell about a report.
type Recipient struct {
	Email    string
	FullName string
}

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
	ScheduleReport(ctx context.Context, id string, frequency *string, nextRun *time.Time, audit AuditEntry) (*Report, error)
	// QueueScheduledReports marks every scheduled report whose next run has come as
	// generating (to notify), moving its next run on with next; it returns how many.
	QueueScheduledReports(ctx context.Context, now time.Time, next func(frequency string, after time.Time) time.Time, period func(frequency string) string) (int, error)
	// ClaimReport hands out one report waiting to be generated, locked for lockFor, or nil.
	ClaimReport(ctx context.Context, lockFor time.Duration) (*ReportJob, error)
	// FinishReport stores the files of a claimed report (ready) and enqueues mails, or
	// records failure (error) when files is nil.
	FinishReport(ctx context.Context, id string, files *ReportFiles, failure string, mails []*Email) error
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
	days := reportPeriodDays[period]
	to := now
	from := now.AddDate(0, 0, -days)
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

// Summarize computes a period's figures from its runs. It is pure, so that the page and the
// files agree and the arithmetic can be tested on its own.
func Summarize(org, period string, from, to time.Time, facts []RunFact, active int, autos []*AutomationFigures) *ReportSummary {
	sum := &ReportSummary{OrganizationID: org, Period: period, PeriodLabel: periodLabels[period], From: from, To: to, ActiveAutomations: active}
	byAuto := map[string]*AutomationFigures{}
	for _, a := range autos {
		cp := *a
		byAuto[a.ID] = &cp
		sum.Automations = append(sum.Automations, &cp)
	}
	buckets := trendBuckets(period, from, to)
	byType := map[string]*SavingsSlice{}
	var minutes float64
	var savings float64
	for _, f := range facts {
		a := byAuto[f.AutomationID]
		if a == nil {
			a = &AutomationFigures{ID: f.AutomationID, Name: f.AutomationName, Type: f.Type,
				MinutesSavedPerRun: f.MinutesSavedPerRun, HourlyCostCents: f.HourlyCostCents}
			byAuto[f.AutomationID] = a
			sum.Automations = append(sum.Automations, a)
		}
		a.Runs++
		a.ItemsProcessed += int64(f.ItemsProcessed)
		if a.LastRunAt == nil || f.StartedAt.After(*a.LastRunAt) {
			started := f.StartedAt
			a.LastRunAt = &started
		}
		sum.TotalRuns++
		sum.ItemsProcessed += int64(f.ItemsProcessed)
		i := sort.Search(len(buckets), func(i int) bool { return buckets[i].Start.After(f.StartedAt) }) - 1
		if i >= 0 {
			buckets[i].Runs++
			buckets[i].ItemsProcessed += int64(f.ItemsProcessed)
		}
		if f.Outcome != RunOutcomeSuccess {
			continue
		}
		a.Successful++
		sum.SuccessfulRuns++
		if i >= 0 {
			buckets[i].Successful++
		}
		m := float64(f.MinutesSavedPerRun)
		v := m / 60 * float64(f.HourlyCostCents)
		minutes += m
		savings += v
		a.HoursSaved += m / 60
		a.SavingsCents += int64(math.Round(v))
		sl := byType[f.Type]
		if sl == nil {
			sl = &SavingsSlice{Type: f.Type}
			byType[f.Type] = sl
		}
		sl.HoursSaved += m / 60
		sl.SavingsCents += int64(math.Round(v))
	}
	sum.TotalSavingsCents = int64(math.Round(savings))
	sum.HoursSaved = round1(minutes / 60)
	sum.SuccessRate = rate(sum.SuccessfulRuns, sum.TotalRuns)
	workHours := float64(FullTimeHoursPerWeek) * to.Sub(from).Hours() / (24 * 7)
	if workHours > 0 {
		sum.EfficiencyGain = round1(minutes / 60 / workHours * 100)
	}
	for i := range buckets {
		if buckets[i].Runs > 0 {
			r := rate(buckets[i].Successful, buckets[i].Runs)
			buckets[i].SuccessRate = &r
		}
	}
	sum.Trends = nonNil(buckets)
	for _, t := range automationTypes {
		if sl := byType[t]; sl != nil {
			sl.HoursSaved = round1(sl.HoursSaved)
			sum.Breakdown = append(sum.Breakdown, *sl)
		}
	}
	sum.Breakdown = nonNil(sum.Breakdown)
	for _, a := range sum.Automations {
		a.SuccessRate = rate(a.Successful, a.Runs)
		a.HoursSaved = round1(a.HoursSaved)
	}
	sum.Automations = nonNil(sum.Automations)
	return sum
}

// trendBuckets splits a period into days (7d, 30d), weeks (90d) or months (1y).
func trendBuckets(period string, from, to time.Time) []TrendPoint {
	var out []TrendPoint
	day := time.Date(from.Year(), from.Month(), from.Day(), 0, 0, 0, 0, time.UTC)
	switch period {
	case ReportPeriod1y:
		for t := time.Date(from.Year(), from.Month(), 1, 0, 0, 0, 0, time.UTC); t.Before(to); t = t.AddDate(0, 1, 0) {
			out = append(out, TrendPoint{Label: t.Format("Jan 2006"), Start: t})
		}
	case ReportPeriod90d:
		for t := day; t.Before(to); t = t.AddDate(0, 0, 7) {
			out = append(out, TrendPoint{Label: t.Format("Jan 2"), Start: t})
		}
	default:
		for t := day; t.Before(to); t = t.AddDate(0, 0, 1) {
			out = append(out, TrendPoint{Label: t.Format("Jan 2"), Start: t})
		}
	}
	return out
}

func rate(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return round1(float64(n) / float64(of) * 100)
}

func round1(v float64) float64 { return math.Round(v*10) / 10 }

// GenerateInput asks for a report over a period (default 30d).
type GenerateInput struct {
	Period ReportPeriod `json:"period"`
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

// ScheduleInput sets how often a report is generated; null or "" stops the schedule.
type ScheduleInput struct {
	Frequency *ReportFrequency `json:"frequency"`
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
	r, err := s.Store.ScheduleReport(ctx, id, in.Frequency, next, c.Audit(AuditReportSchedule, "report", id, map[string]any{"frequency": freq}))
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

// Wake makes the job look for work now rather than at its next poll.
func (s *Reports) Wake() {
	if s.wake == nil {
		return
	}
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// reportLock is how long a claim holds a report; a crashed instance's report is taken over
// after it.
const reportLock = 2 * time.Minute

// Run is the background job `serve` starts: it queues the scheduled reports that are due and
// produces every report waiting to be generated, polling every poll (and at once after
// Generate). Several instances may run it on one database: claims never overlap.
func (s *Reports) Run(ctx context.Context, poll time.Duration) error {
	if s.wake == nil {
		s.wake = make(chan struct{}, 1)
	}
	t := time.NewTicker(poll)
	defer t.Stop()
	for {
		if _, err := s.RunOnce(ctx); err != nil && ctx.Err() == nil {
			s.log().Error("report job", "err", err)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		case <-s.wake:
		}
	}
}

// PrepareWake lets Generate wake a job that starts later (serve creates the service first).
func (s *Reports) PrepareWake() {
	if s.wake == nil {
		s.wake = make(chan struct{}, 1)
	}
}

func (s *Reports) log() *slog.Logger {
	if s.Log == nil {
		return slog.New(slog.DiscardHandler)
	}
	return s.Log
}

// RunOnce queues the due scheduled reports and generates every waiting one; it returns how
// many it finished.
func (s *Reports) RunOnce(ctx context.Context) (int, error) {
	if _, err := s.Store.QueueScheduledReports(ctx, s.now(), NextReportRun, func(f string) string { return schedulePeriod[f] }); err != nil {
		return 0, err
	}
	done := 0
	for ctx.Err() == nil {
		job, err := s.Store.ClaimReport(ctx, reportLock)
		if err != nil {
			return done, err
		}
		if job == nil {
			return done, nil
		}
		files, failure := s.produce(ctx, job)
		var mails []*Email
		if files != nil && job.Notify {
			mails, err = s.readyMails(ctx, job)
			if err != nil {
				s.log().Error("report ready mail", "report", job.Report.ID, "err", err)
			}
		}
		if err := s.Store.FinishReport(ctx, job.Report.ID, files, failure, mails); err != nil {
			return done, err
		}
		done++
	}
	return done, nil
}

func (s *Reports) produce(ctx context.Context, job *ReportJob) (*ReportFiles, string) {
	r := job.Report
	sum, err := s.compute(ctx, OrganizationScope(r.OrganizationID), r.Period, s.now())
	if err != nil {
		s.log().Error("report figures", "report", r.ID, "err", err)
		return nil, "The figures could not be computed."
	}
	if job.Plan, err = s.Store.PlanCost(ctx, OrganizationScope(r.OrganizationID)); err != nil {
		s.log().Error("report plan", "report", r.ID, "err", err)
		return nil, "The plan's price could not be read."
	}
	pdf, err := s.Renderer.PDF(job, sum)
	if err != nil {
		s.log().Error("report pdf", "report", r.ID, "err", err)
		return nil, "The PDF could not be drawn."
	}
	facts, err := s.Store.RunFacts(ctx, OrganizationScope(r.OrganizationID), sum.From, sum.To)
	if err != nil {
		return nil, "The runs could not be read."
	}
	return &ReportFiles{PDF: pdf, CSV: RunsCSV(facts)}, ""
}

// RunsCSV writes runs as CSV with a header row, for spreadsheets.
func RunsCSV(facts []RunFact) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	_ = w.Write([]string{"run_id", "automation_id", "automation", "type", "started_at", "finished_at", "outcome", "items_processed", "minutes_saved", "message"})
	for _, f := range facts {
		fin, saved := "", "0"
		if f.FinishedAt != nil {
			fin = f.FinishedAt.UTC().Format(time.RFC3339)
		}
		if f.Outcome == RunOutcomeSuccess {
			saved = strconv.Itoa(f.MinutesSavedPerRun)
		}
		_ = w.Write([]string{f.RunID, f.AutomationID, csvSafe(f.AutomationName), f.Type, f.StartedAt.UTC().Format(time.RFC3339), fin,
			f.Outcome, strconv.Itoa(f.ItemsProcessed), saved, csvSafe(f.Message)})
	}
	w.Flush()
	return b.Bytes()
}

// csvSafe keeps a spreadsheet from reading a text cell as a formula: a cell that starts with
// one of OWASP's formula characters (= + - @, tab, carriage return) gets a leading quote.
func csvSafe(s string) string {
	if s != "" && strings.IndexByte("=+-@\t\r", s[0]) >= 0 {
		return "'" + s
	}
	return s
}

func (s *Reports) readyMails(ctx context.Context, job *ReportJob) ([]*Email, error) {
	if s.Mail == nil {
		return nil, nil
	}
	people, err := s.Store.Recipients(ctx, OrganizationScope(job.Report.OrganizationID))
	if err != nil {
		return nil, err
	}
	var out []*Email
	for _, p := range people {
		m, err := s.Mail.Render(EmailReportReady, p.Email, EmailData{FullName: p.FullName, ActionURL: s.PortalURL,
			Details: []EmailDetail{{Label: "Report", Value: job.Report.Name}, {Label: "Period", Value: periodLabels[job.Report.Period]}, {Label: "Organization", Value: job.OrganizationName}}})
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// EmailReportReady tells an organization's customers that a scheduled report is ready.
const EmailReportReady = "report_ready"

// ReportInfo returns the name and description of a report type, for the store's activity.
func ReportInfo(t ReportType) (name, description string) {
	info := reportInfo[t]
	return info[0], info[1]
}

// FillReport sets a stored report's derived fields (name, description, file links).
func FillReport(r *Report) { r.fill() }

// PeriodLabel returns the selector's label of a period ("Last 30 days").
func PeriodLabel(p ReportPeriod) string { return periodLabels[p] }
