package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// LeadStore keeps the contact page's discovery-call requests.
type LeadStore struct{ db *DB }

// NewLeadStore returns a LeadStore on db.
func NewLeadStore(db *DB) *LeadStore { return &LeadStore{db: db} }

var _ growthdesk.LeadStore = (*LeadStore)(nil)

// CreateLead stores a lead made of in, which the caller has validated, and enqueues the
// message notify renders for it (if notify is not nil) in the same transaction, so staff
// hear of each lead exactly once.
func (s *LeadStore) CreateLead(ctx context.Context, in growthdesk.LeadInput, notify func(*growthdesk.Lead) (*growthdesk.Email, error)) (*growthdesk.Lead, error) {
	return inTxResult(ctx, s.db, func(tx *Tx) (*growthdesk.Lead, error) {
		lead := &growthdesk.Lead{
			ID:             growthdesk.NewID(),
			Name:           in.Name,
			Email:          in.Email,
			Company:        in.Company,
			Phone:          in.Phone,
			AutomationGoal: in.AutomationGoal,
			PreferredTime:  in.PreferredTime,
			CreatedAt:      tx.now,
		}
		if _, err := tx.exec(ctx, `INSERT INTO leads (id, name, email, company, phone, automation_goal, preferred_time, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			lead.ID, lead.Name, lead.Email, lead.Company, lead.Phone, lead.AutomationGoal, lead.PreferredTime, lead.CreatedAt); err != nil {
			return nil, fmt.Errorf("insert lead: %w", err)
		}
		if notify != nil {
			msg, err := notify(lead)
			if err != nil {
				return nil, fmt.Errorf("render lead notification: %w", err)
			}
			if err := tx.enqueueMail(ctx, msg); err != nil {
				return nil, err
			}
		}
		return lead, nil
	})
}

const leadColumns = `l.id, l.name, l.email, l.company, l.phone, l.automation_goal, l.preferred_time, l.created_at, l.handled_at,
	COALESCE(NULLIF(hp.full_name, ''), hp.email, '')`

const leadFrom = ` FROM leads l LEFT JOIN profiles hp ON hp.id = l.handled_by`

func scanLead(row rowScanner) (*growthdesk.Lead, error) {
	var (
		l       growthdesk.Lead
		handled sql.NullTime
	)
	if err := row.Scan(&l.ID, &l.Name, &l.Email, &l.Company, &l.Phone, &l.AutomationGoal, &l.PreferredTime, &l.CreatedAt, &handled,
		&l.HandledByName); err != nil {
		return nil, err
	}
	l.CreatedAt = l.CreatedAt.UTC()
	l.HandledAt = nullTime(handled)
	return &l, nil
}

// leadOrders are the ORDER BY of each sort of the lead list, ascending; the id breaks ties so
// that pages never overlap.
var leadOrders = map[string]string{
	growthdesk.LeadSortReceived: "l.created_at %[1]s, l.id %[1]s",
	growthdesk.LeadSortName:     "LOWER(l.name) %[1]s, l.created_at DESC, l.id",
	growthdesk.LeadSortCompany:  "LOWER(l.company) %[1]s, l.created_at DESC, l.id",
}

// ListLeads returns one page of the leads f matches, in its order, and how many match.
func (s *LeadStore) ListLeads(ctx context.Context, f growthdesk.LeadFilter) (*growthdesk.LeadList, error) {
	where, args := "1 = 1", []any{}
	switch f.Status {
	case growthdesk.LeadStatusOpen:
		where += " AND l.handled_at IS NULL"
	case growthdesk.LeadStatusHandled:
		where += " AND l.handled_at IS NOT NULL"
	}
	if f.Search != "" {
		like := likePattern(f.Search)
		where += ` AND (LOWER(l.name) LIKE ? ESCAPE '\' OR LOWER(l.email) LIKE ? ESCAPE '\' OR LOWER(l.company) LIKE ? ESCAPE '\')`
		args = append(args, like, like, like)
	}
	list := &growthdesk.LeadList{}
	if err := s.db.queryRow(ctx, "SELECT COUNT(*) FROM leads l WHERE "+where, args...).Scan(&list.Total); err != nil {
		return nil, err
	}
	rows, err := s.db.query(ctx, "SELECT "+leadColumns+leadFrom+" WHERE "+where+
		orderedPage(leadOrders, f.Sort, growthdesk.LeadSortReceived, f.Desc, f.Limit, f.Offset), args...)
	if err != nil {
		return nil, err
	}
	list.Items, err = orEmpty(scanRows(rows, scanLead))
	if err != nil {
		return nil, err
	}
	return list, nil
}

// GetLead returns one lead; ENotFound for an unknown id.
func (s *LeadStore) GetLead(ctx context.Context, id string) (*growthdesk.Lead, error) {
	return getLead(ctx, s.db.queryRow, id)
}

func getLead(ctx context.Context, queryRow func(context.Context, string, ...any) *sql.Row, id string) (*growthdesk.Lead, error) {
	l, err := scanLead(queryRow(ctx, "SELECT "+leadColumns+leadFrom+" WHERE l.id = ?", id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, growthdesk.Errorf(growthdesk.ENotFound, "There is no such lead.")
	}
	return l, err
}

// SetLeadHandled marks a lead handled by byID at the transaction's time, or open again, with
// the audit entry.
func (s *LeadStore) SetLeadHandled(ctx context.Context, id string, handled bool, byID string, audit growthdesk.AuditEntry) (*growthdesk.Lead, error) {
	return inTxResult(ctx, s.db, func(tx *Tx) (*growthdesk.Lead, error) {
		var at, by any
		if handled {
			at, by = tx.now, nullString(byID)
		}
		res, err := tx.exec(ctx, "UPDATE leads SET handled_at = ?, handled_by = ? WHERE id = ?", at, by, id)
		if err != nil {
			return nil, err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil, growthdesk.Errorf(growthdesk.ENotFound, "There is no such lead.")
		}
		if err := tx.writeAudit(ctx, audit); err != nil {
			return nil, err
		}
		return getLead(ctx, tx.queryRow, id)
	})
}
