package reportpdf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/pdftest"
)

// sample is a week of runs of two automations: a chatbot (90 minutes saved per run at
// $1,234.56 an hour) that succeeded twice and failed once, and a workflow (30 minutes at
// $60.00) that succeeded once.
func sample() *growthdesk.ReportSummary {
	to := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	bot := growthdesk.RunFact{AutomationID: "a", AutomationName: "Booking (Bot)", Type: growthdesk.AutomationTypeChatbot,
		MinutesSavedPerRun: 90, HourlyCostCents: 123456}
	flow := growthdesk.RunFact{AutomationID: "b", AutomationName: "Invoice Flow", Type: growthdesk.AutomationTypeWorkflow,
		MinutesSavedPerRun: 30, HourlyCostCents: 6000}
	run := func(f growthdesk.RunFact, at time.Time, outcome string, items int) growthdesk.RunFact {
		f.StartedAt, f.Outcome, f.ItemsProcessed = at, outcome, items
		return f
	}
	return growthdesk.Summarize("o", growthdesk.ReportPeriod7d, to.AddDate(0, 0, -7), to, []growthdesk.RunFact{
		run(bot, to.Add(-50*time.Hour), growthdesk.RunOutcomeSuccess, 4),
		run(bot, to.Add(-49*time.Hour), growthdesk.RunOutcomeFailure, 1),
		run(flow, to.Add(-26*time.Hour), growthdesk.RunOutcomeSuccess, 40),
		run(bot, to.Add(-time.Hour), growthdesk.RunOutcomeSuccess, 5),
	}, 2, nil)
}

func render(t *testing.T, typ string, plan *growthdesk.PlanCost) string {
	t.Helper()
	report := &growthdesk.Report{ID: "r", Type: typ}
	growthdesk.FillReport(report)
	b, err := (&Renderer{SiteName: "Growthdesk"}).PDF(&growthdesk.ReportJob{Report: report, OrganizationName: "Acme Dental", Plan: plan}, sample())
	if err != nil {
		t.Fatal(err)
	}
	return pdftest.Text(t, b)
}

func check(t *testing.T, name, text string, want, unwanted []string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %q:\n%s", name, w, text)
		}
	}
	for _, u := range unwanted {
		if strings.Contains(text, u) {
			t.Errorf("%s has %q, which belongs to another report", name, u)
		}
	}
}

// Headings that belong to one report each.
const (
	perfOnly  = "Success rate by automation"
	costOnly  = "Savings by automation"
	usageOnly = "Usage by automation"
	roiOnly   = "Return on Investment"
)

func TestPDF_EachReportTypeIsItsOwnDocument(t *testing.T) {
	common := []string{"Organization: Acme Dental", "Period: Last 7 days (Mar 3, 2026 to Mar 10, 2026)", "Growthdesk - page 1"}

	perf := render(t, growthdesk.ReportTypeAutomationPerformance, nil)
	check(t, "automation_performance", perf, append([]string{"Automation Performance Report", perfOnly, "Performance Trends",
		"Total runs 4", "Successful runs 3", "Failed runs 1", "Success rate 75.0%", "Active Automations 2",
		// Booking (Bot): chatbot, 3 runs, 2 successful, 1 failed, 66.7%, last run Mar 10, 11:00.
		"Booking (Bot) Chatbot 3 2 1 66.7% Mar 10, 11:00", "Invoice Flow Workflow 1 1 0 100.0%", "Runs per day",
		// The period ends at noon: its last day is marked as so far, in the note and in the table.
		"The last day is still running: its bar counts what happened so far.", "Mar 10 (so far) 1 1 100.0%"}, common...),
		[]string{costOnly, usageOnly, roiOnly, "Total Savings", "Hourly cost"})

	cost := render(t, growthdesk.ReportTypeCostSavings, nil)
	// Booking: 2 × 90 min = 3.0 h × $1,234.56 = $3,703.68; Invoice Flow: 0.5 h × $60 = $30.00.
	check(t, "cost_savings", cost, append([]string{"Cost Savings Analysis", costOnly, "Cost Savings Breakdown by type",
		"Total Savings $3,733.68", "Hours Saved 3.5", "Booking (Bot) 2 90 $1,234.56 3.0 $3,703.68", "Invoice Flow 1 30 $60.00 0.5 $30.00",
		"Chatbot 3.0 $3,703.68 99.2%", "Workflow 0.5 $30.00 0.8%"}, common...),
		[]string{perfOnly, usageOnly, roiOnly, "Failed runs"})

	usage := render(t, growthdesk.ReportTypeUsageMetrics, nil)
	check(t, "usage_metrics", usage, append([]string{"Usage Metrics", usageOnly, "Runs and items per day", "Items processed 50",
		"Items per run 12.5", "Busiest day Mar 8 (2 runs)", "Booking (Bot) Chatbot 3 10 3.3 75.0%", "Invoice Flow Workflow 1 40 40.0 25.0%",
		"Mar 8 2 5", "Mar 9 1 40", "Mar 10 (so far) 1 5"}, common...),
		[]string{perfOnly, costOnly, roiOnly, "Total Savings"})

	// A $49.00 monthly plan over 7 days costs 4900 × 12 × 7 / 365 = 1127.67 → $11.28.
	roi := render(t, growthdesk.ReportTypeROIAnalysis, &growthdesk.PlanCost{PlanName: "Growth", Amount: 4900, Currency: "usd", BillingCycle: "monthly"})
	check(t, "roi_analysis", roi, append([]string{"ROI Analysis", roiOnly, "How it is computed", "Savings against the work replaced",
		"Total Savings $3,733.68", "Plan Growth, $49.00 per month", "Plan cost for the period (7 days) $11.28", "Net benefit $3,722.40",
		"ROI 33000.0%", "ROI = (Total Savings - Plan cost for the period) / Plan cost for the period x 100",
		"This period: ($3,733.68 - $11.28) / $11.28 x 100 = 33000.0%.", "Booking (Bot) 3.0 $1,234.56 $3,703.68"}, common...),
		[]string{perfOnly, costOnly, usageOnly})

	none := render(t, growthdesk.ReportTypeROIAnalysis, nil)
	check(t, "roi_analysis without a plan", none, []string{"Plan No active subscription", "ROI not computed", "the ROI is not computed"},
		[]string{"Net benefit"})
}

func TestComputeROI(t *testing.T) {
	s := &growthdesk.ReportSummary{TotalSavingsCents: 50000, From: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), To: time.Date(2026, 1, 31, 0, 0, 0, 0, time.UTC)}
	f := growthdesk.ComputeROI(s, &growthdesk.PlanCost{Amount: 36500, Currency: "usd", BillingCycle: "yearly"})
	if f.PlanCostCents != 3000 || f.NetCents != 47000 || f.ROIPercent == nil || *f.ROIPercent != 1566.7 || *f.SavingsPerDollar != 16.67 {
		t.Fatalf("yearly plan: %+v %v %v", f, *f.ROIPercent, *f.SavingsPerDollar)
	}
	for _, plan := range []*growthdesk.PlanCost{nil, {Amount: 100, Currency: "eur", BillingCycle: "monthly"}, {Amount: 100, Currency: "usd", BillingCycle: "one_time"}} {
		if f := growthdesk.ComputeROI(s, plan); f.ROIPercent != nil || f.PlanCostCents != 0 {
			t.Errorf("plan %+v: %+v", plan, f)
		}
	}
}

// Names in any script print as written: Latin with accents, CJK and symbols, in the heading,
// the body and the tables.
func TestPDF_NamesInAnyScript(t *testing.T) {
	s := sample()
	s.Automations[0].Name = "☕ 東京 Ölmez"
	report := &growthdesk.Report{ID: "r", Type: growthdesk.ReportTypeCostSavings}
	growthdesk.FillReport(report)
	report.Name = "Rapport ☕ 東京 Ölmez"
	b, err := (&Renderer{SiteName: "Growthdesk"}).PDF(&growthdesk.ReportJob{Report: report, OrganizationName: "☕ 東京 Ölmez"}, s)
	if err != nil {
		t.Fatal(err)
	}
	if dir := os.Getenv("REPORTPDF_OUT"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, "report.pdf"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	check(t, "cost_savings", pdftest.Text(t, b), []string{"Rapport ☕ 東京 Ölmez", "Organization: ☕ 東京 Ölmez", "☕ 東京 Ölmez 2 90 $1,234.56"}, []string{"?"})
}

// An invoice: heading facts, seller and buyer with their addresses, the line, and subtotal,
// tax and total that add up; any script prints as written.
func TestInvoicePDF(t *testing.T) {
	issued := time.Date(2026, 3, 3, 15, 0, 0, 0, time.UTC)
	end := issued.AddDate(0, 1, 0)
	doc := &growthdesk.InvoiceDocument{
		Invoice: growthdesk.Invoice{ID: "inv_1", Number: "GD-0042", Amount: 10825, Currency: "usd", Status: "paid",
			PeriodStart: &issued, PeriodEnd: &end, PaidAt: &issued, CreatedAt: issued.Add(time.Hour)},
		IssuedAt: issued,
		Seller: growthdesk.InvoiceParty{Name: "Growthdesk LLC", Address: []string{"320 N Meridian St, Suite 700", "Indianapolis, IN 46204"},
			Email: "hello@growthdesk.io", TaxID: "35-1234567"},
		Buyer:    growthdesk.InvoiceParty{Name: "☕ 東京 Ölmez", Address: []string{"Kaiserstraße 1", "東京都千代田区"}},
		Lines:    []growthdesk.InvoiceLine{{Description: "Chatbot Setup, Mar 3, 2026 to Apr 3, 2026", Quantity: 1, UnitAmount: 10000, Amount: 10000}},
		Subtotal: 10000, Tax: growthdesk.InvoiceTax{Label: "Sales tax", RateBasisPt: 825}, TaxAmount: 825, Total: 10825,
	}
	b, err := (&Renderer{SiteName: "Growthdesk"}).InvoicePDF(doc)
	if err != nil {
		t.Fatal(err)
	}
	if dir := os.Getenv("REPORTPDF_OUT"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, "invoice.pdf"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	check(t, "invoice", pdftest.Text(t, b), []string{"Invoice", "Invoice number GD-0042", "Issue date Mar 3, 2026",
		"Period Mar 3, 2026 to Apr 3, 2026", "Paid on Mar 3, 2026", "Status Paid", "From", "Bill to", "Growthdesk LLC", "☕ 東京 Ölmez",
		"Kaiserstraße 1", "東京都千代田区", "Tax ID: 35-1234567", "Chatbot Setup, Mar 3, 2026 to Apr 3, 2026 1 $100.00 $100.00",
		"Subtotal $100.00", "Sales tax (8.25%) $8.25", "Total $108.25", "Paid in full on Mar 3, 2026."}, []string{"?"})
}
