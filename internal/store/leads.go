package store

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// LeadService stores the contact page's discovery-call requests.
type LeadService struct {
	db *DB
	// notify renders the message that tells the company about a new lead; nil sends none.
	notify func(*growthdesk.Lead) (*growthdesk.Email, error)
}

// NewLeadService returns a LeadService on db.
func NewLeadService(db *DB) *LeadService { return &LeadService{db: db} }

// WithNotification makes every new lead enqueue the message notify renders, in the same
// transaction as the lead, so staff hear of each lead exactly once.
func (s *LeadService) WithNotification(notify func(*growthdesk.Lead) (*growthdesk.Email, error)) *LeadService {
	s.notify = notify
	return s
}

var _ growthdesk.LeadService = (*LeadService)(nil)

// CreateLead validates in and stores it. Returns EInvalid for bad input.
func (s *LeadService) CreateLead(ctx context.Context, in growthdesk.LeadInput) (*growthdesk.Lead, error) {
	in.Normalize()
	if err := in.Validate(); err != nil {
		return nil, err
	}
	tx, err := s.db.begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback() //nolint:errcheck
	lead := &growthdesk.Lead{
		ID:             newID(),
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
	if s.notify != nil {
		msg, err := s.notify(lead)
		if err != nil {
			return nil, fmt.Errorf("render lead notification: %w", err)
		}
		if err := tx.enqueueMail(ctx, msg); err != nil {
			return nil, err
		}
	}
	return lead, tx.Commit()
}

// ListLeads returns the newest leads first, at most limit of them.
func (s *LeadService) ListLeads(ctx context.Context, limit int) ([]*growthdesk.Lead, error) {
	rows, err := s.db.sql.QueryContext(ctx, s.db.rebind(`SELECT id, name, email, company, phone, automation_goal, preferred_time, created_at
		FROM leads ORDER BY created_at DESC, id DESC LIMIT ?`), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*growthdesk.Lead
	for rows.Next() {
		var l growthdesk.Lead
		if err := rows.Scan(&l.ID, &l.Name, &l.Email, &l.Company, &l.Phone, &l.AutomationGoal, &l.PreferredTime, &l.CreatedAt); err != nil {
			return nil, err
		}
		l.CreatedAt = l.CreatedAt.UTC()
		out = append(out, &l)
	}
	return out, rows.Err()
}

// newID returns a time-ordered UUID (version 7), so that ids sort by creation.
func newID() string {
	return uuid.Must(uuid.NewV7()).String()
}
