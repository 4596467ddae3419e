package store

import (
	"context"
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

// ListLeads returns the newest leads first, at most limit of them.
func (s *LeadStore) ListLeads(ctx context.Context, limit int) ([]*growthdesk.Lead, error) {
	rows, err := s.db.query(ctx, `SELECT id, name, email, company, phone, automation_goal, preferred_time, created_at
		FROM leads ORDER BY created_at DESC, id DESC`+limitClause(limit))
	if err != nil {
		return nil, err
	}
	return scanRows(rows, func(row rowScanner) (*growthdesk.Lead, error) {
		var l growthdesk.Lead
		if err := row.Scan(&l.ID, &l.Name, &l.Email, &l.Company, &l.Phone, &l.AutomationGoal, &l.PreferredTime, &l.CreatedAt); err != nil {
			return nil, err
		}
		l.CreatedAt = l.CreatedAt.UTC()
		return &l, nil
	})
}
