package growthdesk

import (
	"time"
)

// ReportType is one of the four reports of an organization (an alias of string).
type ReportType = string

// Report types: every organization has one report of each.
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
	// Partial says the span is still running (today, this week or this month so far): its
	// figures are what happened until the period's end, not a whole span's.
	Partial bool `json:"partial"`
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

// GenerateInput asks for a report over a period (default 30d).
type GenerateInput struct {
	Period ReportPeriod `json:"period"`
}

// ScheduleInput sets how often a report is generated; null or "" stops the schedule.
type ScheduleInput struct {
	Frequency *ReportFrequency `json:"frequency"`
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
