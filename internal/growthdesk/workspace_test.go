package growthdesk

import (
	"testing"
	"time"
)

func TestWorkspacePolicy_ByRole(t *testing.T) {
	org := "o1"
	callers := map[string]*Caller{
		"pending":  {Profile: &Profile{Role: RoleCustomer, ApprovalStatus: ApprovalPending, OrganizationID: &org}},
		"customer": {Profile: &Profile{Role: RoleCustomer, ApprovalStatus: ApprovalApproved, OrganizationID: &org}},
		"employee": {Profile: &Profile{Role: RoleEmployee, ApprovalStatus: ApprovalApproved}},
		"admin":    {Profile: &Profile{Role: RoleAdmin, ApprovalStatus: ApprovalApproved}},
	}
	cases := []struct {
		name   string
		policy func(*Caller) error
		allow  map[string]bool
	}{
		{"view", CanViewWorkspace, map[string]bool{"customer": true, "employee": true, "admin": true}},
		{"manage", CanManageWorkspace, map[string]bool{"employee": true, "admin": true}},
		{"pause", CanOperateAutomation, map[string]bool{"customer": true, "employee": true, "admin": true}},
		{"generate", CanGenerateReport, map[string]bool{"customer": true, "employee": true, "admin": true}},
	}
	for _, tc := range cases {
		for role, c := range callers {
			if got := tc.policy(c) == nil; got != tc.allow[role] {
				t.Errorf("%s as %s: allowed=%v", tc.name, role, got)
			}
		}
		if tc.policy(nil) == nil {
			t.Errorf("%s allows nobody signed in", tc.name)
		}
	}
}

func TestSummarize_SavingsHoursAndTrends(t *testing.T) {
	to := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	from := to.AddDate(0, 0, -7)
	facts := []RunFact{
		{AutomationID: "a", Type: AutomationTypeChatbot, StartedAt: to.Add(-time.Hour), Outcome: RunOutcomeSuccess, MinutesSavedPerRun: 30, HourlyCostCents: 4000, ItemsProcessed: 2},
		{AutomationID: "a", Type: AutomationTypeChatbot, StartedAt: to.Add(-2 * time.Hour), Outcome: RunOutcomeFailure, MinutesSavedPerRun: 30, HourlyCostCents: 4000},
		{AutomationID: "b", Type: AutomationTypeEmail, StartedAt: from.Add(time.Hour), Outcome: RunOutcomeSuccess, MinutesSavedPerRun: 90, HourlyCostCents: 3000},
	}
	s := Summarize("o", ReportPeriod7d, from, to, facts, 2, []*AutomationFigures{{ID: "a", Name: "Bot"}, {ID: "b", Name: "Mail"}})
	if s.TotalSavingsCents != 2000+4500 || s.HoursSaved != 2 || s.TotalRuns != 3 || s.SuccessRate != 66.7 || s.ActiveAutomations != 2 {
		t.Fatalf("figures: %+v", s)
	}
	// 2 hours of a 40-hour week.
	if s.EfficiencyGain != 5 {
		t.Fatalf("efficiency gain %v, want 5", s.EfficiencyGain)
	}
	if len(s.Trends) != 8 || s.Trends[0].Runs != 1 || s.Trends[len(s.Trends)-1].Runs != 2 || *s.Trends[len(s.Trends)-1].SuccessRate != 50 || s.Trends[1].SuccessRate != nil {
		t.Fatalf("trends: %+v", s.Trends)
	}
	if len(s.Breakdown) != 2 || s.Breakdown[0].Type != AutomationTypeChatbot || s.Breakdown[1].SavingsCents != 4500 {
		t.Fatalf("breakdown: %+v", s.Breakdown)
	}
	if year := Summarize("o", ReportPeriod1y, to.AddDate(-1, 0, 0), to, nil, 0, nil); len(year.Trends) != 13 || year.SuccessRate != 0 {
		t.Fatalf("a year: %d points", len(year.Trends))
	}
}

// A period is made of whole spans ending with the running one, so that only the last point is
// partial and no chart reads today's few runs as a fall.
func TestSummarize_PeriodsEndWithOnePartialSpan(t *testing.T) {
	now := time.Date(2026, 11, 25, 9, 30, 0, 0, time.UTC)
	for _, tc := range []struct {
		period, from, first, last string
		points                    int
	}{
		{ReportPeriod7d, "2026-11-19", "Nov 19", "Nov 25", 7},
		{ReportPeriod30d, "2026-10-27", "Oct 27", "Nov 25", 30},
		{ReportPeriod90d, "2026-08-28", "Aug 28", "Nov 20", 13},
		{ReportPeriod1y, "2025-12-01", "Dec 2025", "Nov 2026", 12},
	} {
		from := PeriodStart(tc.period, now)
		if got := from.Format(time.DateOnly); got != tc.from {
			t.Errorf("%s starts %s, want %s", tc.period, got, tc.from)
		}
		facts := []RunFact{{AutomationID: "a", Type: AutomationTypeChatbot, StartedAt: now.Add(-time.Hour), Outcome: RunOutcomeSuccess}}
		s := Summarize("o", tc.period, from, now, facts, 1, nil)
		if len(s.Trends) != tc.points || s.Trends[0].Label != tc.first || s.Trends[len(s.Trends)-1].Label != tc.last {
			t.Fatalf("%s: %d points %q … %q", tc.period, len(s.Trends), s.Trends[0].Label, s.Trends[len(s.Trends)-1].Label)
		}
		for i, p := range s.Trends {
			if want := i == len(s.Trends)-1; p.Partial != want {
				t.Errorf("%s point %d (%s) partial %v, want %v", tc.period, i, p.Label, p.Partial, want)
			}
		}
		if last := s.Trends[len(s.Trends)-1]; last.Runs != 1 {
			t.Errorf("%s: today's run is not in the last point: %+v", tc.period, last)
		}
	}
	// A period that ends on a span's boundary has no partial span.
	midnight := time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)
	for _, p := range Summarize("o", ReportPeriod7d, PeriodStart(ReportPeriod7d, now), midnight, nil, 0, nil).Trends {
		if p.Partial {
			t.Errorf("%s is partial in a period ending at midnight", p.Label)
		}
	}
}

func TestNextReportRun(t *testing.T) {
	at := time.Date(2026, 2, 18, 15, 0, 0, 0, time.UTC) // a Wednesday
	for freq, want := range map[string]string{"daily": "2026-02-19", "weekly": "2026-02-23", "monthly": "2026-03-01", "quarterly": "2026-04-01"} {
		if got := NextReportRun(freq, at).Format(time.DateOnly); got != want {
			t.Errorf("%s: %s, want %s", freq, got, want)
		}
	}
}

func TestRunInput_Validate(t *testing.T) {
	now := time.Now().UTC()
	future := now.Add(time.Hour)
	past := now.Add(-time.Hour)
	bad := RunInput{Outcome: "ok", StartedAt: &future, FinishedAt: &past, ItemsProcessed: -1}
	err := bad.Validate(now)
	e, ok := err.(*Error)
	if !ok || e.Fields["outcome"] == "" || e.Fields["started_at"] == "" || e.Fields["finished_at"] == "" || e.Fields["items_processed"] == "" {
		t.Fatalf("validate: %v", err)
	}
	good := RunInput{Outcome: RunOutcomeSuccess}
	if err := good.Validate(now); err != nil || good.StartedAt == nil {
		t.Fatalf("a run without times: %v", err)
	}
}
