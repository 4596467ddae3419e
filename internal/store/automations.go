package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// AutomationStore keeps automations and their runs.
type AutomationStore struct{ db *DB }

// NewAutomationStore returns an AutomationStore on db.
func NewAutomationStore(db *DB) *AutomationStore { return &AutomationStore{db: db} }

var _ growthdesk.AutomationStore = (*AutomationStore)(nil)

var errNoAutomation = growthdesk.Errorf(growthdesk.ENotFound, "There is no such automation.")

// automationSelect reads an automation with the figures of its runs. The last run is an
// expression, which SQLite returns as text: scanTimeValue reads either form.
const automationSelect = `SELECT a.id, a.organization_id, o.name, a.name, a.description, a.type, a.status, a.next_run,
	a.minutes_saved_per_run, a.hourly_cost_cents, a.created_at, a.updated_at,
	(SELECT COUNT(*) FROM automation_runs r WHERE r.automation_id = a.id),
	(SELECT COUNT(*) FROM automation_runs r WHERE r.automation_id = a.id AND r.outcome = 'success'),
	(SELECT MAX(r.started_at) FROM automation_runs r WHERE r.automation_id = a.id)
	FROM automations a JOIN organizations o ON o.id = a.organization_id`

func scanAutomation(row rowScanner) (*growthdesk.Automation, error) {
	var a growthdesk.Automation
	var next sql.NullTime
	var last any
	if err := row.Scan(&a.ID, &a.OrganizationID, &a.OrganizationName, &a.Name, &a.Description, &a.Type, &a.Status, &next,
		&a.MinutesSavedPerRun, &a.HourlyCostCents, &a.CreatedAt, &a.UpdatedAt, &a.TotalRuns, &a.SuccessfulRuns, &last); err != nil {
		return nil, err
	}
	a.NextRun = nullTime(next)
	t, err := scanTimeValue(last)
	if err != nil {
		return nil, err
	}
	a.LastRun = t
	if a.TotalRuns > 0 {
		a.SuccessRate = math.Round(float64(a.SuccessfulRuns)/float64(a.TotalRuns)*1000) / 10
	}
	a.CreatedAt, a.UpdatedAt = a.CreatedAt.UTC(), a.UpdatedAt.UTC()
	return &a, nil
}

// scanTimeValue reads a timestamp that came back as a time (PostgreSQL, typed columns) or as
// text (an SQLite expression), nil for NULL.
func scanTimeValue(v any) (*time.Time, error) {
	switch t := v.(type) {
	case nil:
		return nil, nil
	case time.Time:
		u := t.UTC()
		return &u, nil
	case []byte:
		return scanTimeValue(string(t))
	case string:
		for _, layout := range []string{"2006-01-02 15:04:05.999999999-07:00", "2006-01-02 15:04:05.999999999Z07:00", time.RFC3339Nano, "2006-01-02 15:04:05.999999999", "2006-01-02T15:04:05.999999999"} {
			if p, err := time.Parse(layout, t); err == nil {
				u := p.UTC()
				return &u, nil
			}
		}
		return nil, fmt.Errorf("read time %q: unknown format", t)
	}
	return nil, fmt.Errorf("read time: unexpected %T", v)
}

// ListAutomations returns the automations scope reaches, newest first.
func (s *AutomationStore) ListAutomations(ctx context.Context, scope growthdesk.Scope, f growthdesk.AutomationFilter) ([]*growthdesk.Automation, error) {
	where, args := scopeWhere(scope, "a.organization_id")
	if f.Type != "" {
		where += " AND a.type = ?"
		args = append(args, f.Type)
	}
	if f.Status != "" {
		where += " AND a.status = ?"
		args = append(args, f.Status)
	}
	rows, err := s.db.query(ctx, automationSelect+" WHERE "+where+" ORDER BY a.created_at DESC, a.id", args...)
	if err != nil {
		return nil, err
	}
	return scanRows(rows, scanAutomation)
}

// GetAutomation returns an automation within scope.
func (s *AutomationStore) GetAutomation(ctx context.Context, scope growthdesk.Scope, id string) (*growthdesk.Automation, error) {
	where, args := scopeWhere(scope, "a.organization_id")
	a, err := scanAutomation(s.db.queryRow(ctx, automationSelect+" WHERE a.id = ? AND "+where, append([]any{id}, args...)...))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoAutomation
	}
	return a, err
}

// CreateAutomation stores an automation with the hash of its token and the audit entry.
func (s *AutomationStore) CreateAutomation(ctx context.Context, scope growthdesk.Scope, a *growthdesk.Automation, tokenHash, createdBy string, audit growthdesk.AuditEntry) (*growthdesk.Automation, error) {
	if err := s.db.inTx(ctx, func(tx *Tx) error {
		if ok, err := tx.organizationExists(ctx, a.OrganizationID); err != nil {
			return err
		} else if !ok || !scope.Allows(a.OrganizationID) {
			return errNoSuchOrganization
		}
		var by any
		if createdBy != "" {
			by = createdBy
		}
		if _, err := tx.exec(ctx, `INSERT INTO automations (id, organization_id, name, description, type, status, next_run,
		minutes_saved_per_run, hourly_cost_cents, token_hash, created_by, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			a.ID, a.OrganizationID, a.Name, a.Description, a.Type, a.Status, a.NextRun, a.MinutesSavedPerRun, a.HourlyCostCents,
			tokenHash, by, tx.now, tx.now); err != nil {
			return err
		}
		return tx.writeAudit(ctx, audit)
	}); err != nil {
		return nil, err
	}
	return s.GetAutomation(ctx, scope, a.ID)
}

// lockAutomation reads the organization of an automation within scope, locking its row.
func (tx *Tx) lockAutomation(ctx context.Context, scope growthdesk.Scope, id string) (orgID, status string, err error) {
	where, args := scopeWhere(scope, "organization_id")
	err = tx.queryRow(ctx, "SELECT organization_id, status FROM automations WHERE id = ? AND "+where+tx.forUpdate(),
		append([]any{id}, args...)...).Scan(&orgID, &status)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", errNoAutomation
	}
	return orgID, status, err
}

// UpdateAutomation replaces an automation's editable fields.
func (s *AutomationStore) UpdateAutomation(ctx context.Context, scope growthdesk.Scope, id string, in growthdesk.AutomationInput, audit growthdesk.AuditEntry) (*growthdesk.Automation, error) {
	return s.change(ctx, scope, id, audit, func(tx *Tx) error {
		_, err := tx.exec(ctx, `UPDATE automations SET name = ?, description = ?, type = ?, status = ?, next_run = ?,
			minutes_saved_per_run = ?, hourly_cost_cents = ?, updated_at = ? WHERE id = ?`,
			in.Name, in.Description, in.Type, in.Status, in.NextRun, in.MinutesSavedPerRun, in.HourlyCostCents, tx.now, id)
		return err
	}, "")
}

// change runs one write of an automation within scope with its audit entry, after checking
// (when from is set) that the automation's status is from; it answers the automation after.
func (s *AutomationStore) change(ctx context.Context, scope growthdesk.Scope, id string, audit growthdesk.AuditEntry, write func(*Tx) error, from string) (*growthdesk.Automation, error) {
	if err := s.db.inTx(ctx, func(tx *Tx) error {
		_, status, err := tx.lockAutomation(ctx, scope, id)
		if err != nil {
			return err
		}
		if from != "" && status != from {
			if from == growthdesk.AutomationStatusActive {
				return growthdesk.Errorf(growthdesk.EConflict, "Only an active automation can be paused; this one is %s.", status)
			}
			return growthdesk.Errorf(growthdesk.EConflict, "Only a paused automation can be resumed; this one is %s.", status)
		}
		if err := write(tx); err != nil {
			return err
		}
		return tx.writeAudit(ctx, audit)
	}); err != nil {
		return nil, err
	}
	return s.GetAutomation(ctx, scope, id)
}

// DeleteAutomation removes an automation and its runs.
func (s *AutomationStore) DeleteAutomation(ctx context.Context, scope growthdesk.Scope, id string, audit growthdesk.AuditEntry) error {
	return s.db.inTx(ctx, func(tx *Tx) error {
		var name string
		where, args := scopeWhere(scope, "organization_id")
		if err := tx.queryRow(ctx, "SELECT name FROM automations WHERE id = ? AND "+where, append([]any{id}, args...)...).Scan(&name); errors.Is(err, sql.ErrNoRows) {
			return errNoAutomation
		} else if err != nil {
			return err
		}
		for _, q := range []string{"DELETE FROM automation_runs WHERE automation_id = ?", "DELETE FROM automations WHERE id = ?"} {
			if _, err := tx.exec(ctx, q, id); err != nil {
				return err
			}
		}
		audit.Details = map[string]any{"name": name}
		return tx.writeAudit(ctx, audit)
	})
}

// SetAutomationStatus moves an automation within scope from one status to another.
func (s *AutomationStore) SetAutomationStatus(ctx context.Context, scope growthdesk.Scope, id, from, to string, audit growthdesk.AuditEntry) (*growthdesk.Automation, error) {
	return s.change(ctx, scope, id, audit, func(tx *Tx) error {
		_, err := tx.exec(ctx, "UPDATE automations SET status = ?, updated_at = ? WHERE id = ?", to, tx.now, id)
		return err
	}, from)
}

// SetAutomationToken replaces the hash of an automation's ingestion token.
func (s *AutomationStore) SetAutomationToken(ctx context.Context, scope growthdesk.Scope, id, tokenHash string, audit growthdesk.AuditEntry) (*growthdesk.Automation, error) {
	return s.change(ctx, scope, id, audit, func(tx *Tx) error {
		_, err := tx.exec(ctx, "UPDATE automations SET token_hash = ?, updated_at = ? WHERE id = ?", tokenHash, tx.now, id)
		return err
	}, "")
}

// AutomationTokenHash returns what the ingestion endpoint checks a token against.
func (s *AutomationStore) AutomationTokenHash(ctx context.Context, id string) (orgID, status, tokenHash string, err error) {
	err = s.db.queryRow(ctx, "SELECT organization_id, status, token_hash FROM automations WHERE id = ?", id).Scan(&orgID, &status, &tokenHash)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", "", errNoAutomation
	}
	return orgID, status, tokenHash, err
}

// AddRun stores a run of an automation of the one organization of scope (ENotFound for a
// scope of all or none).
func (s *AutomationStore) AddRun(ctx context.Context, scope growthdesk.Scope, run *growthdesk.AutomationRun) (*growthdesk.AutomationRun, error) {
	orgID := scope.Organization()
	if orgID == "" {
		return nil, errNoAutomation
	}
	return inTxResult(ctx, s.db, func(tx *Tx) (*growthdesk.AutomationRun, error) {
		if _, err := tx.exec(ctx, `INSERT INTO automation_runs (id, automation_id, organization_id, started_at, finished_at,
		outcome, items_processed, message, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			run.ID, run.AutomationID, orgID, run.StartedAt, run.FinishedAt, run.Outcome, run.ItemsProcessed, run.Message, tx.now); err != nil {
			return nil, err
		}
		run.CreatedAt = tx.now
		return run, nil
	})
}

// ListRuns returns the newest runs of an automation within scope and how many it has.
func (s *AutomationStore) ListRuns(ctx context.Context, scope growthdesk.Scope, automationID string, limit int) (*growthdesk.RunList, error) {
	if _, err := s.GetAutomation(ctx, scope, automationID); err != nil {
		return nil, err
	}
	list := &growthdesk.RunList{Items: []*growthdesk.AutomationRun{}}
	if err := s.db.queryRow(ctx, "SELECT COUNT(*) FROM automation_runs WHERE automation_id = ?", automationID).Scan(&list.Total); err != nil {
		return nil, err
	}
	runs, err := queryRows(ctx, s.db, `SELECT id, automation_id, started_at, finished_at, outcome, items_processed, message, created_at
		FROM automation_runs WHERE automation_id = ? ORDER BY started_at DESC, id`+limitClause(limit), []any{automationID},
		func(row rowScanner) (*growthdesk.AutomationRun, error) {
			var r growthdesk.AutomationRun
			var fin sql.NullTime
			if err := row.Scan(&r.ID, &r.AutomationID, &r.StartedAt, &fin, &r.Outcome, &r.ItemsProcessed, &r.Message, &r.CreatedAt); err != nil {
				return nil, err
			}
			r.StartedAt, r.CreatedAt, r.FinishedAt = r.StartedAt.UTC(), r.CreatedAt.UTC(), nullTime(fin)
			return &r, nil
		})
	if err != nil {
		return nil, err
	}
	list.Items = append(list.Items, runs...)
	return list, nil
}
