// Package reportpdf draws the PDF files of the workspace's reports with go-pdf/fpdf. Each of
// the four report types is its own document: automation performance (runs and success rates
// per automation, and their trend), cost savings (money and hours saved, by automation and by
// type), usage metrics (runs and items processed per automation and per day, week or month)
// and the ROI analysis (savings against the plan's price, with how the figure is computed).
// Text is drawn with the fonts of package pdffont, so that names in any script print as
// written.
package reportpdf

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/go-pdf/fpdf"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/pdffont"
)

// Renderer draws report PDFs branded with the site's name.
type Renderer struct {
	SiteName string
}

var _ growthdesk.ReportRenderer = (*Renderer)(nil)

// doc is one report being drawn.
type doc struct {
	pdf *fpdf.Fpdf
	t   *pdffont.Doc
}

// PDF draws the report of job with the figures of s: a common heading (organization, period,
// generation time), then the sections of the report's type.
func (r *Renderer) PDF(job *growthdesk.ReportJob, s *growthdesk.ReportSummary) ([]byte, error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	t, err := pdffont.New(pdf)
	if err != nil {
		return nil, err
	}
	pdf.SetTitle(job.Report.Name, true)
	pdf.SetAuthor(r.SiteName, true)
	pdf.SetCreationDate(s.To)
	pdf.SetModificationDate(s.To)
	d := &doc{pdf: pdf, t: t}
	pdf.SetFooterFunc(func() {
		pdf.SetY(-15)
		t.SetFont("", 8)
		pdf.SetTextColor(100, 100, 100)
		t.Cell(0, 10, fmt.Sprintf("%s - page %d", r.SiteName, pdf.PageNo()), "", 0, "C", false)
	})
	pdf.AddPage()
	t.SetFont("B", 18)
	t.Cell(0, 10, job.Report.Name, "", 1, "L", false)
	t.SetFont("", 11)
	pdf.SetTextColor(60, 60, 60)
	t.Cell(0, 6, "Organization: "+job.OrganizationName, "", 1, "L", false)
	t.Cell(0, 6, fmt.Sprintf("Period: %s (%s to %s)", s.PeriodLabel, s.From.Format("Jan 2, 2006"), s.To.Format("Jan 2, 2006")), "", 1, "L", false)
	t.Cell(0, 6, "Generated: "+s.To.Format("Jan 2, 2006 15:04 MST"), "", 1, "L", false)
	t.Paragraph(6, job.Report.Description)
	pdf.Ln(4)
	pdf.SetTextColor(0, 0, 0)

	switch job.Report.Type {
	case growthdesk.ReportTypeAutomationPerformance:
		d.performance(s)
	case growthdesk.ReportTypeCostSavings:
		d.costSavings(s)
	case growthdesk.ReportTypeUsageMetrics:
		d.usage(s)
	case growthdesk.ReportTypeROIAnalysis:
		d.roi(s, job.Plan)
	default:
		return nil, fmt.Errorf("reportpdf: unknown report type %q", job.Report.Type)
	}
	var out bytes.Buffer
	if err := pdf.Output(&out); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// performance: how reliably each automation ran, and how that went over the period.
func (d *doc) performance(s *growthdesk.ReportSummary) {
	d.heading("Summary")
	d.table([]float64{95, 85}, []string{"Figure", "Value"}, [][]string{
		{"Total runs", strconv.Itoa(s.TotalRuns)},
		{"Successful runs", strconv.Itoa(s.SuccessfulRuns)},
		{"Failed runs", strconv.Itoa(s.TotalRuns - s.SuccessfulRuns)},
		{"Success rate", pct(s.SuccessRate)},
		{"Active Automations", strconv.Itoa(s.ActiveAutomations)},
	})

	d.heading("Success rate by automation")
	rows := [][]string{}
	for _, a := range s.Automations {
		last := "-"
		if a.LastRunAt != nil {
			last = a.LastRunAt.Format("Jan 2, 15:04")
		}
		rows = append(rows, []string{a.Name, typeLabel(a.Type), strconv.Itoa(a.Runs), strconv.Itoa(a.Successful),
			strconv.Itoa(a.Runs - a.Successful), rateOf(a.Runs, a.SuccessRate), last})
	}
	if len(rows) == 0 {
		rows = append(rows, []string{"No automations yet", "", "", "", "", "", ""})
	}
	d.table([]float64{50, 26, 16, 22, 16, 22, 28}, []string{"Automation", "Type", "Runs", "Successful", "Failed", "Success", "Last run"}, rows)

	d.heading("Performance Trends")
	d.note(fmt.Sprintf("Runs per %s: the dark part of each bar is the successful runs.", bucketUnit(s.Period)) + soFarNote(s))
	bars := make([]bar, 0, len(s.Trends))
	for _, t := range s.Trends {
		bars = append(bars, bar{label: t.Label, value: float64(t.Runs), inner: float64(t.Successful)})
	}
	d.chart(bars)
	rows = rows[:0]
	for _, t := range s.Trends {
		success := "-"
		if t.SuccessRate != nil {
			success = pct(*t.SuccessRate)
		}
		rows = append(rows, []string{spanLabel(t), strconv.Itoa(t.Runs), strconv.Itoa(t.Successful), success})
	}
	d.table([]float64{60, 40, 40, 40}, []string{"From", "Runs", "Successful", "Success rate"}, rows)
}

// costSavings: the money and hours the automations saved, by automation and by type.
func (d *doc) costSavings(s *growthdesk.ReportSummary) {
	d.heading("Summary")
	d.table([]float64{95, 85}, []string{"Figure", "Value"}, [][]string{
		{"Total Savings", growthdesk.FormatMoneyGrouped(s.TotalSavingsCents, "usd")},
		{"Hours Saved", hours(s.HoursSaved)},
		{"Efficiency Gain", pct(s.EfficiencyGain)},
		{"Successful runs", strconv.Itoa(s.SuccessfulRuns)},
	})
	d.note(fmt.Sprintf("A successful run saves its automation's minutes, worth the hourly cost of the work it replaces. "+
		"Efficiency Gain is the hours saved as a share of one full-time employee's %d-hour weeks over the period.", growthdesk.FullTimeHoursPerWeek))

	d.heading("Savings by automation")
	rows := [][]string{}
	for _, a := range s.Automations {
		rows = append(rows, []string{a.Name, strconv.Itoa(a.Successful), strconv.Itoa(a.MinutesSavedPerRun), growthdesk.FormatMoneyGrouped(a.HourlyCostCents, "usd"),
			hours(a.HoursSaved), growthdesk.FormatMoneyGrouped(a.SavingsCents, "usd")})
	}
	if len(rows) == 0 {
		rows = append(rows, []string{"No automations yet", "", "", "", "", ""})
	}
	d.table([]float64{52, 26, 24, 28, 20, 30}, []string{"Automation", "Successful", "Min/run", "Hourly cost", "Hours", "Savings"}, rows)

	d.heading("Cost Savings Breakdown by type")
	rows = rows[:0]
	for _, b := range s.Breakdown {
		share := 0.0
		if s.TotalSavingsCents > 0 {
			share = float64(b.SavingsCents) / float64(s.TotalSavingsCents) * 100
		}
		rows = append(rows, []string{typeLabel(b.Type), hours(b.HoursSaved), growthdesk.FormatMoneyGrouped(b.SavingsCents, "usd"), pct(share)})
	}
	if len(rows) == 0 {
		rows = append(rows, []string{"No savings in this period", "", "", ""})
	}
	d.table([]float64{70, 35, 40, 35}, []string{"Type", "Hours", "Savings", "Share"}, rows)
}

// usage: how much the automations were used: runs and items, per automation and over time.
func (d *doc) usage(s *growthdesk.ReportSummary) {
	unit := bucketUnit(s.Period)
	perRun := "-"
	if s.TotalRuns > 0 {
		perRun = strconv.FormatFloat(float64(s.ItemsProcessed)/float64(s.TotalRuns), 'f', 1, 64)
	}
	busiest := "-"
	var top growthdesk.TrendPoint
	for _, t := range s.Trends {
		if t.Runs > top.Runs {
			top = t
		}
	}
	if top.Runs > 0 {
		busiest = fmt.Sprintf("%s (%d runs)", spanLabel(top), top.Runs)
	}
	d.heading("Summary")
	d.table([]float64{95, 85}, []string{"Figure", "Value"}, [][]string{
		{"Total runs", strconv.Itoa(s.TotalRuns)},
		{"Items processed", strconv.FormatInt(s.ItemsProcessed, 10)},
		{"Items per run", perRun},
		{"Active Automations", strconv.Itoa(s.ActiveAutomations)},
		{"Busiest " + unit, busiest},
	})

	d.heading("Usage by automation")
	rows := [][]string{}
	for _, a := range s.Automations {
		per, share := "-", "-"
		if a.Runs > 0 {
			per = strconv.FormatFloat(float64(a.ItemsProcessed)/float64(a.Runs), 'f', 1, 64)
		}
		if s.TotalRuns > 0 {
			share = pct(float64(a.Runs) / float64(s.TotalRuns) * 100)
		}
		rows = append(rows, []string{a.Name, typeLabel(a.Type), strconv.Itoa(a.Runs), strconv.FormatInt(a.ItemsProcessed, 10), per, share})
	}
	if len(rows) == 0 {
		rows = append(rows, []string{"No automations yet", "", "", "", "", ""})
	}
	d.table([]float64{52, 28, 20, 30, 24, 26}, []string{"Automation", "Type", "Runs", "Items", "Items/run", "Share of runs"}, rows)

	d.heading(fmt.Sprintf("Runs and items per %s", unit))
	d.note(fmt.Sprintf("Items processed per %s.", unit) + soFarNote(s))
	bars := make([]bar, 0, len(s.Trends))
	for _, t := range s.Trends {
		bars = append(bars, bar{label: t.Label, value: float64(t.ItemsProcessed)})
	}
	d.chart(bars)
	rows = rows[:0]
	for _, t := range s.Trends {
		rows = append(rows, []string{spanLabel(t), strconv.Itoa(t.Runs), strconv.FormatInt(t.ItemsProcessed, 10)})
	}
	d.table([]float64{60, 60, 60}, []string{"From", "Runs", "Items processed"}, rows)
}

// roi: the savings weighed against what the organization's plan costs over the period, and
// how the figure is computed.
func (d *doc) roi(s *growthdesk.ReportSummary, plan *growthdesk.PlanCost) {
	f := growthdesk.ComputeROI(s, plan)
	d.heading("Return on Investment")
	rows := [][]string{{"Total Savings", growthdesk.FormatMoneyGrouped(f.SavingsCents, "usd")}}
	if plan != nil {
		rows = append(rows, []string{"Plan", fmt.Sprintf("%s, %s %s", plan.PlanName, growthdesk.FormatMoney(plan.Amount, plan.Currency), cycleLabel(plan.BillingCycle))})
	} else {
		rows = append(rows, []string{"Plan", "No active subscription"})
	}
	if f.ROIPercent != nil {
		rows = append(rows,
			[]string{fmt.Sprintf("Plan cost for the period (%.0f days)", f.Days), growthdesk.FormatMoneyGrouped(f.PlanCostCents, "usd")},
			[]string{"Net benefit", growthdesk.FormatMoneyGrouped(f.NetCents, "usd")},
			[]string{"ROI", pct(*f.ROIPercent)},
			[]string{"Savings per $1 of plan", "$" + strconv.FormatFloat(*f.SavingsPerDollar, 'f', 2, 64)},
		)
	} else {
		rows = append(rows, []string{"ROI", "not computed"})
	}
	d.table([]float64{95, 85}, []string{"Figure", "Value"}, rows)

	d.heading("How it is computed")
	d.note("Savings: each successful run saves its automation's minutes per run, worth the hourly cost of the work it replaces " +
		"(minutes / 60 x hourly cost), added up over the period.")
	d.note("Plan cost for the period: the plan's monthly price x 12 x days / 365 (a yearly price x days / 365).")
	d.note("ROI = (Total Savings - Plan cost for the period) / Plan cost for the period x 100.")
	if f.ROIPercent != nil {
		d.note(fmt.Sprintf("This period: (%s - %s) / %s x 100 = %s.", growthdesk.FormatMoneyGrouped(f.SavingsCents, "usd"), growthdesk.FormatMoneyGrouped(f.PlanCostCents, "usd"), growthdesk.FormatMoneyGrouped(f.PlanCostCents, "usd"), pct(*f.ROIPercent)))
	} else {
		d.note("Your organization has no active subscription priced in US dollars, so there is no plan price to weigh the savings against: " +
			"the ROI is not computed. The savings against the work replaced follow.")
	}

	d.heading("Savings against the work replaced")
	rows = rows[:0]
	for _, a := range s.Automations {
		rows = append(rows, []string{a.Name, hours(a.HoursSaved), growthdesk.FormatMoneyGrouped(a.HourlyCostCents, "usd"), growthdesk.FormatMoneyGrouped(a.SavingsCents, "usd")})
	}
	if len(rows) == 0 {
		rows = append(rows, []string{"No automations yet", "", "", ""})
	}
	d.table([]float64{70, 35, 40, 35}, []string{"Automation", "Hours saved", "Hourly cost", "Savings"}, rows)
}

func (d *doc) heading(text string) {
	d.pdf.Ln(3)
	d.t.SetFont("B", 13)
	d.t.Cell(0, 8, text, "", 1, "L", false)
}

func (d *doc) note(text string) {
	d.t.SetFont("", 9)
	d.pdf.SetTextColor(60, 60, 60)
	d.t.Paragraph(5, text)
	d.pdf.SetTextColor(0, 0, 0)
}

func (d *doc) table(widths []float64, head []string, rows [][]string) {
	pdf, t := d.pdf, d.t
	t.SetFont("B", 10)
	pdf.SetFillColor(230, 236, 245)
	for i, h := range head {
		t.Cell(widths[i], 7, h, "1", 0, "L", true)
	}
	pdf.Ln(-1)
	t.SetFont("", 10)
	for _, row := range rows {
		for i, cell := range row {
			t.Cell(widths[i], 7, t.Fit(cell, widths[i]-2), "1", 0, "L", false)
		}
		pdf.Ln(-1)
	}
}

// bar is one bar of a chart; inner (≤ value) is drawn darker inside it.
type bar struct {
	label        string
	value, inner float64
}

// chart draws a bar chart 180 mm wide and 40 mm high, labelling its highest value and a few
// of its bars.
func (d *doc) chart(bars []bar) {
	if len(bars) == 0 {
		return
	}
	pdf := d.pdf
	const width, height = 180.0, 40.0
	if _, pageHeight := pdf.GetPageSize(); pdf.GetY()+height+12 > pageHeight-20 {
		pdf.AddPage()
	}
	x0, y0 := pdf.GetX(), pdf.GetY()+2
	top := 0.0
	for _, b := range bars {
		top = max(top, b.value)
	}
	pdf.SetDrawColor(150, 150, 150)
	pdf.Line(x0, y0+height, x0+width, y0+height)
	slot := width / float64(len(bars))
	for i, b := range bars {
		if top == 0 {
			break
		}
		x := x0 + float64(i)*slot + slot*0.15
		h := b.value / top * height
		pdf.SetFillColor(180, 200, 230)
		pdf.Rect(x, y0+height-h, slot*0.7, h, "F")
		if b.inner > 0 {
			ih := b.inner / top * height
			pdf.SetFillColor(40, 90, 170)
			pdf.Rect(x, y0+height-ih, slot*0.7, ih, "F")
		}
	}
	d.t.SetFont("", 7)
	pdf.SetTextColor(90, 90, 90)
	d.t.Text(x0, y0-0.5, "max "+strconv.FormatFloat(top, 'f', -1, 64))
	step := (len(bars) + 5) / 6
	for i := 0; i < len(bars); i += step {
		d.t.Text(x0+float64(i)*slot, y0+height+4, bars[i].label)
	}
	pdf.SetTextColor(0, 0, 0)
	pdf.SetY(y0 + height + 7)
}

// spanLabel is a trend point's label in a table: the running span is marked "so far", so that
// its smaller figures do not read as a fall.
func spanLabel(t growthdesk.TrendPoint) string {
	if t.Partial {
		return t.Label + " (so far)"
	}
	return t.Label
}

// soFarNote is said under a trend chart whose last span is still running.
func soFarNote(s *growthdesk.ReportSummary) string {
	if n := len(s.Trends); n > 0 && s.Trends[n-1].Partial {
		return fmt.Sprintf(" The last %s is still running: its bar counts what happened so far.", bucketUnit(s.Period))
	}
	return ""
}

// bucketUnit names the span of one trend point of a period (trendBuckets in growthdesk).
func bucketUnit(period string) string {
	switch period {
	case growthdesk.ReportPeriod90d:
		return "week"
	case growthdesk.ReportPeriod1y:
		return "month"
	}
	return "day"
}

func typeLabel(t string) string {
	words := strings.Split(t, "_")
	for i, w := range words {
		if w != "" {
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	return strings.Join(words, " ")
}

func cycleLabel(cycle string) string {
	switch cycle {
	case "monthly":
		return "per month"
	case "yearly":
		return "per year"
	}
	return "one-time"
}

func pct(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) + "%" }

func hours(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }

// rateOf is an automation's success rate, "-" when it did not run.
func rateOf(runs int, rate float64) string {
	if runs == 0 {
		return "-"
	}
	return pct(rate)
}
