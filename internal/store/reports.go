package store

import (
	"context"
	"database/sql"
	"encoding/base64"
	"errors"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// ReportStore keeps the organizations' reports and their files, and reads the runs that
// reports are computed from.
type ReportStore struct{ db *DB }

// NewReportStore returns a ReportStore on db.
func NewReportStore(db *DB) *ReportStore { return &ReportStore{db: db} }

var _ growthdesk.ReportStore = (*ReportStore)(nil)

var errNoReport = growthdesk.Errorf(growthdesk.ENotFound, "There is no such report.")

// reportMaxAttempts is how many claims a report gets before it is marked failed: a report
// that kills its generator (or keeps timing out) must not be retried forever.
const reportMaxAttempts = 3

const reportSelect = `SELECT id, organization_id, type, frequency, next_run_at, status, period, last_generated, last_error FROM reports`

func scanReport(row rowScanner) (*growthdesk.Report, error) {
	var r growthdesk.Report
	var freq, status sql.NullString
	var next, last sql.NullTime
	if err := row.Scan(&r.ID, &r.OrganizationID, &r.Type, &freq, &next, &status, &r.Period, &last, &r.Error); err != nil {
		return nil, err
	}
	if freq.Valid {
		r.Frequency = &freq.String
	}
	if status.Valid {
		r.Status = &status.String
	}
	r.NextRunAt, r.LastGenerated = nullTime(next), nullTime(last)
	growthdesk.FillReport(&r)
	return &r, nil
}

// OrganizationExists reports whether orgID names an organization.
func (s *ReportStore) OrganizationExists(ctx context.Context, orgID string) (bool, error) {
	var n int
	err := s.db.queryRow(ctx, "SELECT COUNT(*) FROM organizations WHERE id = ?", orgID).Scan(&n)
	return n > 0, err
}

// ListReports returns the four reports of the scope's one organization, creating the rows
// that do not exist yet. A scope of every organization or of none lists nothing.
func (s *ReportStore) ListReports(ctx context.Context, scope growthdesk.Scope) ([]*growthdesk.Report, error) {
	orgID := scope.Organization()
	if orgID == "" {
		return nil, nil
	}
	where, args := scopeWhere(scope, "organization_id")
	var n int
	if err := s.db.queryRow(ctx, "SELECT COUNT(*) FROM reports WHERE "+where, args...).Scan(&n); err != nil {
		return nil, err
	}
	if n < len(growthdesk.ReportTypes) {
		now := s.db.now()
		for _, t := range growthdesk.ReportTypes {
			if _, err := s.db.exec(ctx, `INSERT INTO reports (id, organization_id, type, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
				ON CONFLICT (organization_id, type) DO NOTHING`, growthdesk.NewID(), orgID, t, now, now); err != nil {
				return nil, err
			}
		}
	}
	rows, err := s.db.query(ctx, reportSelect+" WHERE "+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	byType := map[string]*growthdesk.Report{}
	for rows.Next() {
		r, err := scanReport(rows)
		if err != nil {
			return nil, err
		}
		byType[r.Type] = r
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := make([]*growthdesk.Report, 0, len(byType))
	for _, t := range growthdesk.ReportTypes {
		if r := byType[t]; r != nil {
			out = append(out, r)
		}
	}
	return out, nil
}

// RunFacts returns the runs inside scope that started in [from, to), oldest first.
func (s *ReportStore) RunFacts(ctx context.Context, scope growthdesk.Scope, from, to time.Time) ([]growthdesk.RunFact, error) {
	where, args := scopeWhere(scope, "r.organization_id")
	rows, err := s.db.query(ctx, `SELECT r.id, a.id, a.name, a.type, r.started_at, r.finished_at, r.outcome,
		r.items_processed, r.message, a.minutes_saved_per_run, a.hourly_cost_cents
		FROM automation_runs r JOIN automations a ON a.id = r.automation_id
		WHERE `+where+` AND r.started_at >= ? AND r.started_at < ?
		ORDER BY r.started_at, r.id`, append(args, from.UTC(), to.UTC())...)
	if err != nil {
		return nil, err
	}
	return scanRows(rows, func(row rowScanner) (growthdesk.RunFact, error) {
		var f growthdesk.RunFact
		var fin sql.NullTime
		if err := row.Scan(&f.RunID, &f.AutomationID, &f.AutomationName, &f.Type, &f.StartedAt, &fin, &f.Outcome,
			&f.ItemsProcessed, &f.Message, &f.MinutesSavedPerRun, &f.HourlyCostCents); err != nil {
			return growthdesk.RunFact{}, err
		}
		f.StartedAt, f.FinishedAt = f.StartedAt.UTC(), nullTime(fin)
		return f, nil
	})
}

// CountActiveAutomations counts the active automations inside scope.
func (s *ReportStore) CountActiveAutomations(ctx context.Context, scope growthdesk.Scope) (int, error) {
	where, args := scopeWhere(scope, "organization_id")
	var n int
	err := s.db.queryRow(ctx, "SELECT COUNT(*) FROM automations WHERE "+where+" AND status = 'active'", args...).Scan(&n)
	return n, err
}

// AutomationNames returns every automation inside scope by name.
func (s *ReportStore) AutomationNames(ctx context.Context, scope growthdesk.Scope) ([]*growthdesk.AutomationFigures, error) {
	where, args := scopeWhere(scope, "organization_id")
	rows, err := s.db.query(ctx, "SELECT id, name, type, minutes_saved_per_run, hourly_cost_cents FROM automations WHERE "+where+" ORDER BY LOWER(name), id", args...)
	if err != nil {
		return nil, err
	}
	return scanRows(rows, func(row rowScanner) (*growthdesk.AutomationFigures, error) {
		var a growthdesk.AutomationFigures
		if err := row.Scan(&a.ID, &a.Name, &a.Type, &a.MinutesSavedPerRun, &a.HourlyCostCents); err != nil {
			return nil, err
		}
		return &a, nil
	})
}

// PlanCost returns the plan price of orgID's active subscription (the newest), nil when none.
func (s *ReportStore) PlanCost(ctx context.Context, scope growthdesk.Scope) (*growthdesk.PlanCost, error) {
	where, args := scopeWhere(scope, "organization_id")
	var p growthdesk.PlanCost
	err := s.db.queryRow(ctx, `SELECT plan_name, amount, currency, billing_cycle FROM billing_subscriptions
		WHERE `+where+` AND status = 'active' ORDER BY created_at DESC, id DESC LIMIT 1`, args...).Scan(
		&p.PlanName, &p.Amount, &p.Currency, &p.BillingCycle)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &p, nil
}

func (s *ReportStore) get(ctx context.Context, scope growthdesk.Scope, id string) (*growthdesk.Report, error) {
	where, args := scopeWhere(scope, "organization_id")
	r, err := scanReport(s.db.queryRow(ctx, reportSelect+" WHERE id = ? AND "+where, append([]any{id}, args...)...))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoReport
	}
	return r, err
}

// RequestReport marks a report within scope generating for period.
func (s *ReportStore) RequestReport(ctx context.Context, scope growthdesk.Scope, id string, period growthdesk.ReportPeriod, audit growthdesk.AuditEntry) (*growthdesk.Report, error) {
	if err := s.db.inTx(ctx, func(tx *Tx) error {
		where, args := scopeWhere(scope, "organization_id")
		var status sql.NullString
		if err := tx.queryRow(ctx, "SELECT status FROM reports WHERE id = ? AND "+where+tx.forUpdate(), append([]any{id}, args...)...).Scan(&status); errors.Is(err, sql.ErrNoRows) {
			return errNoReport
		} else if err != nil {
			return err
		}
		if status.String == growthdesk.ReportStatusGenerating {
			return growthdesk.Errorf(growthdesk.EConflict, "This report is being generated already.")
		}
		if _, err := tx.exec(ctx, `UPDATE reports SET status = 'generating', period = ?, notify = ?, requested_at = ?, locked_until = NULL,
		attempts = 0, last_error = '', updated_at = ? WHERE id = ?`, period, false, tx.now, tx.now, id); err != nil {
			return err
		}
		return tx.writeAudit(ctx, audit)
	}); err != nil {
		return nil, err
	}
	return s.get(ctx, scope, id)
}

// ScheduleReport sets a report's frequency and next run (nil: no schedule).
func (s *ReportStore) ScheduleReport(ctx context.Context, scope growthdesk.Scope, id string, frequency *string, nextRun *time.Time, audit growthdesk.AuditEntry) (*growthdesk.Report, error) {
	where, args := scopeWhere(scope, "organization_id")
	if err := s.db.inTx(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, "UPDATE reports SET frequency = ?, next_run_at = ?, updated_at = ? WHERE id = ? AND "+where,
			append([]any{frequency, nextRun, tx.now, id}, args...)...)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errNoReport
		}
		return tx.writeAudit(ctx, audit)
	}); err != nil {
		return nil, err
	}
	return s.get(ctx, scope, id)
}

// QueueScheduledReports marks the scheduled reports of scope whose next run has come as
// generating, to notify, and moves their next run on. Rows another instance is queuing are
// skipped.
func (s *ReportStore) QueueScheduledReports(ctx context.Context, scope growthdesk.Scope, now time.Time, next func(string, time.Time) time.Time, period func(string) string) (int, error) {
	where, args := scopeWhere(scope, "organization_id")
	return inTxResult(ctx, s.db, func(tx *Tx) (int, error) {
		rows, err := tx.tx.QueryContext(ctx, s.db.rebind(`SELECT id, frequency FROM reports
		WHERE frequency IS NOT NULL AND next_run_at <= ? AND (status IS NULL OR status <> 'generating') AND `+where+`
		ORDER BY next_run_at, id LIMIT 100`+s.db.skipLocked()), append([]any{now}, args...)...)
		if err != nil {
			return 0, err
		}
		type due struct{ id, freq string }
		list, err := scanRows(rows, func(row rowScanner) (due, error) {
			var d due
			err := row.Scan(&d.id, &d.freq)
			return d, err
		})
		if err != nil {
			return 0, err
		}
		for _, d := range list {
			if _, err := tx.exec(ctx, `UPDATE reports SET status = 'generating', notify = ?, period = ?, next_run_at = ?, requested_at = ?,
			locked_until = NULL, attempts = 0, last_error = '', updated_at = ? WHERE id = ?`,
				true, period(d.freq), next(d.freq, now), tx.now, tx.now, d.id); err != nil {
				return 0, err
			}
		}
		return len(list), nil
	})
}

// ClaimReport hands out one report of scope waiting to be generated: one nobody holds, or one whose
// holder's lock expired (it crashed). On PostgreSQL the row is picked with FOR UPDATE SKIP
// LOCKED, so instances never claim the same report; on SQLite the transaction holds the write
// lock from its start. A report claimed reportMaxAttempts times is marked failed instead.
func (s *ReportStore) ClaimReport(ctx context.Context, scope growthdesk.Scope, lockFor time.Duration) (*growthdesk.ReportJob, error) {
	var (
		id     string
		notify bool
	)
	where, args := scopeWhere(scope, "organization_id")
	if err := s.db.inTx(ctx, func(tx *Tx) error {
		if _, err := tx.exec(ctx, `UPDATE reports SET status = 'error', last_error = 'Generating the report failed repeatedly.', locked_until = NULL, updated_at = ?
		WHERE status = 'generating' AND attempts >= ? AND locked_until IS NOT NULL AND locked_until <= ? AND `+where,
			append([]any{tx.now, reportMaxAttempts, tx.now}, args...)...); err != nil {
			return err
		}
		// With nothing left to claim, the reports marked failed above stay marked: the
		// transaction commits either way.
		err := tx.queryRow(ctx, `UPDATE reports SET locked_until = ?, attempts = attempts + 1
		WHERE id IN (SELECT id FROM reports WHERE status = 'generating' AND (locked_until IS NULL OR locked_until <= ?) AND `+where+`
			ORDER BY requested_at, id LIMIT 1`+s.db.skipLocked()+`)
		RETURNING id, notify`, append([]any{tx.now.Add(lockFor), tx.now}, args...)...).Scan(&id, &notify)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		return err
	}); err != nil {
		return nil, err
	}
	if id == "" {
		return nil, nil
	}
	r, err := s.get(ctx, scope, id)
	if err != nil {
		return nil, err
	}
	job := &growthdesk.ReportJob{Report: r, Notify: notify}
	if err := s.db.queryRow(ctx, "SELECT name FROM organizations WHERE id = ?", r.OrganizationID).Scan(&job.OrganizationName); err != nil {
		return nil, err
	}
	return job, nil
}

// FinishReport stores a claimed report's files and its e-mails (ready), or its failure, for a
// report of scope.
func (s *ReportStore) FinishReport(ctx context.Context, scope growthdesk.Scope, id string, files *growthdesk.ReportFiles, failure string, mails []*growthdesk.Email) error {
	where, args := scopeWhere(scope, "organization_id")
	return s.db.inTx(ctx, func(tx *Tx) error {
		if files == nil {
			_, err := tx.exec(ctx, `UPDATE reports SET status = 'error', last_error = ?, locked_until = NULL, updated_at = ?
			WHERE id = ? AND status = 'generating' AND `+where, append([]any{failure, tx.now, id}, args...)...)
			return err
		}
		res, err := tx.exec(ctx, `UPDATE reports SET status = 'ready', last_error = '', locked_until = NULL, last_generated = ?,
		pdf_base64 = ?, csv_base64 = ?, updated_at = ? WHERE id = ? AND status = 'generating' AND `+where,
			append([]any{tx.now, base64.StdEncoding.EncodeToString(files.PDF), base64.StdEncoding.EncodeToString(files.CSV), tx.now, id}, args...)...)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil // finished by another instance that took over after our lock expired
		}
		return tx.enqueueMail(ctx, mails...)
	})
}

// ReportFile returns a ready report's PDF or CSV within scope.
func (s *ReportStore) ReportFile(ctx context.Context, scope growthdesk.Scope, id, format string) (*growthdesk.Report, []byte, error) {
	where, args := scopeWhere(scope, "organization_id")
	col := "pdf_base64"
	if format == "csv" {
		col = "csv_base64"
	}
	var status sql.NullString
	var data string
	err := s.db.queryRow(ctx, "SELECT status, "+col+" FROM reports WHERE id = ? AND "+where, append([]any{id}, args...)...).Scan(&status, &data)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, errNoReport
	} else if err != nil {
		return nil, nil, err
	}
	if status.String != growthdesk.ReportStatusReady || data == "" {
		return nil, nil, growthdesk.Errorf(growthdesk.EConflict, "This report has no file yet. Generate it first.")
	}
	b, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		return nil, nil, err
	}
	r, err := s.get(ctx, scope, id)
	return r, b, err
}

// Recipients returns the approved customers inside scope who take e-mail.
func (s *ReportStore) Recipients(ctx context.Context, scope growthdesk.Scope) ([]growthdesk.Recipient, error) {
	where, args := scopeWhere(scope, "organization_id")
	rows, err := s.db.query(ctx, `SELECT email, full_name FROM profiles
		WHERE `+where+` AND approval_status = 'approved' AND role = 'customer' AND notify_email = ? ORDER BY email`, append(args, true)...)
	if err != nil {
		return nil, err
	}
	return scanRows(rows, func(row rowScanner) (growthdesk.Recipient, error) {
		var r growthdesk.Recipient
		if err := row.Scan(&r.Email, &r.FullName); err != nil {
			return growthdesk.Recipient{}, err
		}
		return r, nil
	})
}

// RecentReadyReports returns the reports of scope that became ready, newest first.
func (s *ReportStore) RecentReadyReports(ctx context.Context, scope growthdesk.Scope, limit int) ([]growthdesk.Activity, error) {
	if limit <= 0 || limit > 100 {
		limit = 10
	}
	where, args := scopeWhere(scope, "organization_id")
	rows, err := s.db.query(ctx, `SELECT type, period, last_generated FROM reports
		WHERE status = 'ready' AND last_generated IS NOT NULL AND `+where+` ORDER BY last_generated DESC, id`+limitClause(limit), args...)
	if err != nil {
		return nil, err
	}
	return orEmpty(scanRows(rows, func(row rowScanner) (growthdesk.Activity, error) {
		var typ, period string
		it := growthdesk.Activity{Kind: "report", Link: "reports"}
		if err := row.Scan(&typ, &period, &it.At); err != nil {
			return growthdesk.Activity{}, err
		}
		name, _ := growthdesk.ReportInfo(typ)
		it.Title = "Report ready: " + name
		it.Detail = growthdesk.PeriodLabel(period)
		it.At = it.At.UTC()
		return it, nil
	}))
}
