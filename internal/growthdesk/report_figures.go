package growthdesk

import (
	"math"
	"sort"
	"strings"
	"time"
)

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

// PeriodStart is where the period ending at now begins: whole UTC days ending with today
// (7d, 30d, 90d: today and the days before it), or the twelve calendar months ending with
// this one (1y). A period starts on a span's boundary, so that only its last span, the one
// still running, is partial.
func PeriodStart(period string, now time.Time) time.Time {
	now = now.UTC()
	if period == ReportPeriod1y {
		return time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, -11, 0)
	}
	days := reportPeriodDays[period]
	if days == 0 {
		days = reportPeriodDays[ReportPeriod30d]
	}
	return time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, 1-days)
}

// trendBuckets splits a period into days (7d, 30d), weeks (90d) or months (1y). A span that
// ends after to (today, this week or this month so far) is marked partial: its figures are
// not complete and a chart must not read them as a fall.
func trendBuckets(period string, from, to time.Time) []TrendPoint {
	var out []TrendPoint
	day := time.Date(from.Year(), from.Month(), from.Day(), 0, 0, 0, 0, time.UTC)
	add := func(t, end time.Time, layout string) {
		out = append(out, TrendPoint{Label: t.Format(layout), Start: t, Partial: end.After(to)})
	}
	switch period {
	case ReportPeriod1y:
		for t := time.Date(from.Year(), from.Month(), 1, 0, 0, 0, 0, time.UTC); t.Before(to); t = t.AddDate(0, 1, 0) {
			add(t, t.AddDate(0, 1, 0), "Jan 2006")
		}
	case ReportPeriod90d:
		for t := day; t.Before(to); t = t.AddDate(0, 0, 7) {
			add(t, t.AddDate(0, 0, 7), "Jan 2")
		}
	default:
		for t := day; t.Before(to); t = t.AddDate(0, 0, 1) {
			add(t, t.AddDate(0, 0, 1), "Jan 2")
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
