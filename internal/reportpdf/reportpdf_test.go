package reportpdf

import (
	"strings"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

func TestPDF_HoldsThePeriodsFiguresAndTables(t *testing.T) {
	to := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	sum := growthdesk.Summarize("o", growthdesk.ReportPeriod7d, to.AddDate(0, 0, -7), to, []growthdesk.RunFact{
		{AutomationID: "a", AutomationName: "Booking (Bot)", Type: growthdesk.AutomationTypeChatbot, StartedAt: to.Add(-time.Hour),
			Outcome: growthdesk.RunOutcomeSuccess, MinutesSavedPerRun: 90, HourlyCostCents: 123456},
	}, 1, nil)
	report := &growthdesk.Report{ID: "r", Type: growthdesk.ReportTypeCostSavings}
	growthdesk.FillReport(report)
	b, err := (&Renderer{SiteName: "Growthdesk"}).PDF(&growthdesk.ReportJob{Report: report, OrganizationName: "Acme Dental"}, sum)
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	if !strings.HasPrefix(text, "%PDF-") {
		t.Fatalf("not a PDF: %q", text[:20])
	}
	for _, want := range []string{"(Cost Savings Analysis)", "(Organization: Acme Dental)", "(Total Savings)", "($1,851.84)", `(Booking \(Bot\))`, "(Period: Last 7 days", "(Performance Trends)", "(chatbot)"} {
		if !strings.Contains(text, want) {
			t.Errorf("the PDF lacks %s", want)
		}
	}
}

func TestMoney(t *testing.T) {
	for cents, want := range map[int64]string{0: "$0.00", 5: "$0.05", 123456789: "$1,234,567.89", -1050: "-$10.50", 100000: "$1,000.00"} {
		if got := Money(cents); got != want {
			t.Errorf("Money(%d) = %s, want %s", cents, got, want)
		}
	}
}
