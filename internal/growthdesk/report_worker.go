package growthdesk

import (
	"bytes"
	"context"
	"encoding/csv"
	"log/slog"
	"strconv"
	"strings"
	"time"
)

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
	// The worker has no caller: it works on every organization's reports, and says so.
	scope := SystemScope("report-worker")
	if _, err := s.Store.QueueScheduledReports(ctx, scope, s.now(), NextReportRun, func(f string) string { return schedulePeriod[f] }); err != nil {
		return 0, err
	}
	done := 0
	for ctx.Err() == nil {
		job, err := s.Store.ClaimReport(ctx, scope, reportLock)
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
		if err := s.Store.FinishReport(ctx, scope, job.Report.ID, files, failure, mails); err != nil {
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
