package growthdesk

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// Limits of the discovery-call form, shared by the browser's checks and ours.
const (
	LeadNameMax      = 100
	LeadCompanyMax   = 200
	LeadPhoneMax     = 40
	LeadGoalMin      = 10
	LeadGoalMax      = 2000
	NewsletterSrcMax = 40
)

// PreferredTime is a call window a visitor picks on the contact page (an alias of string).
type PreferredTime = string

// Call windows of the contact page.
const (
	PreferredTimeMorning   PreferredTime = "morning"
	PreferredTimeAfternoon PreferredTime = "afternoon"
	PreferredTimeEvening   PreferredTime = "evening"
	PreferredTimeAnytime   PreferredTime = "anytime"
)

// PreferredTimes are the call windows a visitor may pick on the contact page.
var PreferredTimes = []string{PreferredTimeMorning, PreferredTimeAfternoon, PreferredTimeEvening, PreferredTimeAnytime}

// Lead is a request for a discovery call sent from the contact page.
type Lead struct {
	ID             string        `json:"id"`
	Name           string        `json:"name"`
	Email          string        `json:"email"`
	Company        string        `json:"company"`
	Phone          string        `json:"phone"`
	AutomationGoal string        `json:"automation_goal"`
	PreferredTime  PreferredTime `json:"preferred_time"`
	CreatedAt      time.Time     `json:"created_at"`
	// HandledAt is when staff marked the lead handled; null while it is open.
	HandledAt *time.Time `json:"handled_at"`
	// HandledByName names who marked it handled (empty while open, or once that account is gone).
	HandledByName string `json:"handled_by_name,omitempty"`
}

// Lead states a staff list filters by.
const (
	LeadStatusAll     = "all"
	LeadStatusOpen    = "open"
	LeadStatusHandled = "handled"
)

// Orders of the staff's lead list.
const (
	LeadSortReceived = "received"
	LeadSortName     = "name"
	LeadSortCompany  = "company"
)

// LeadSearchMax bounds the staff's lead search text.
const LeadSearchMax = 200

// LeadFilter narrows and orders the staff's lead list (GET /api/v1/admin/leads).
type LeadFilter struct {
	// Search matches name, e-mail and company, case-insensitively.
	Search string
	// Status is all (or empty), open or handled.
	Status string
	// Sort is received, name or company, ascending unless Desc; empty is received, newest
	// first.
	Sort   string
	Desc   bool
	Limit  int
	Offset int
}

// LeadList is one page of leads with the number of all that match.
type LeadList struct {
	Items []*Lead `json:"items" tstype:"Lead[]"`
	Total int     `json:"total"`
}

// LeadChange is the body of PATCH /api/v1/admin/leads/{id}.
type LeadChange struct {
	Handled *bool `json:"handled"`
}

// LeadCreated is the answer to the contact form (POST /api/v1/leads): the stored lead's id.
type LeadCreated struct {
	ID string `json:"id"`
}

// LeadInput is what the contact form sends.
type LeadInput struct {
	Name           string        `json:"name"`
	Email          string        `json:"email"`
	Company        string        `json:"company"`
	Phone          string        `json:"phone"`
	AutomationGoal string        `json:"automation_goal"`
	PreferredTime  PreferredTime `json:"preferred_time"`
}

// Normalize trims every field and lower-cases the e-mail address.
func (in *LeadInput) Normalize() {
	in.Name = strings.TrimSpace(in.Name)
	in.Email = NormalizeEmail(in.Email)
	in.Company = strings.TrimSpace(in.Company)
	in.Phone = strings.TrimSpace(in.Phone)
	in.AutomationGoal = strings.TrimSpace(in.AutomationGoal)
	in.PreferredTime = strings.TrimSpace(in.PreferredTime)
}

// Validate returns an EInvalid error listing every problem, or nil.
func (in LeadInput) Validate() error {
	c := fieldCheck{}
	if c.required("name", in.Name, "Please enter your name.") {
		c.maxLen("name", in.Name, LeadNameMax, fmt.Sprintf("Name must be at most %d characters.", LeadNameMax))
	}
	if c.required("email", in.Email, "Please enter your email address.") && !ValidEmail(in.Email) {
		c.add("email", "Enter a valid email address.")
	}
	if c.required("company", in.Company, "Please enter your company name.") {
		c.maxLen("company", in.Company, LeadCompanyMax, fmt.Sprintf("Company must be at most %d characters.", LeadCompanyMax))
	}
	c.maxLen("phone", in.Phone, LeadPhoneMax, fmt.Sprintf("Phone must be at most %d characters.", LeadPhoneMax))
	if in.Phone != "" && strings.Trim(in.Phone, "0123456789+-(). ext") != "" {
		c.add("phone", "Enter a valid phone number.")
	}
	if c.required("automation_goal", in.AutomationGoal, "Tell us what you would like to automate.") {
		n := utf8.RuneCountInString(in.AutomationGoal)
		if n < LeadGoalMin || n > LeadGoalMax {
			c.add("automation_goal", fmt.Sprintf("Please describe it in %d to %d characters.", LeadGoalMin, LeadGoalMax))
		}
	}
	if c.required("preferred_time", in.PreferredTime, "Choose a preferred time for the call.") && !contains(PreferredTimes, in.PreferredTime) {
		c.add("preferred_time", "Choose one of the offered times.")
	}
	return c.err()
}

// LeadStore keeps leads.
type LeadStore interface {
	// CreateLead stores a lead made of in (already validated) and, in the same transaction,
	// enqueues the message notify renders for it; notify may be nil.
	CreateLead(ctx context.Context, in LeadInput, notify func(*Lead) (*Email, error)) (*Lead, error)
	// ListLeads returns one page of the leads f matches (already checked) and their number.
	ListLeads(ctx context.Context, f LeadFilter) (*LeadList, error)
	// GetLead returns ENotFound for an unknown id.
	GetLead(ctx context.Context, id string) (*Lead, error)
	// SetLeadHandled marks the lead handled by byID (or open, when handled is false) with the
	// audit entry, in one transaction.
	SetLeadHandled(ctx context.Context, id string, handled bool, byID string, audit AuditEntry) (*Lead, error)
}

// Leads takes the contact page's discovery-call requests and shows them to staff.
type Leads struct {
	Store LeadStore
	// Notify renders the message that tells the company about a new lead; nil sends none.
	// It is enqueued in the lead's transaction, so staff hear of each lead exactly once.
	Notify func(*Lead) (*Email, error)
}

// Create validates in and stores it with its notification. Anyone may call it (the route is
// rate-limited). Returns EInvalid for bad input.
func (s *Leads) Create(ctx context.Context, in LeadInput) (*Lead, error) {
	in.Normalize()
	if err := in.Validate(); err != nil {
		return nil, err
	}
	return s.Store.CreateLead(ctx, in, s.Notify)
}

// List returns one page of leads for staff, newest first unless f orders them otherwise.
// Returns EUnauthorized or EForbidden for others, EInvalid naming the bad parameter.
func (s *Leads) List(ctx context.Context, c *Caller, f LeadFilter) (*LeadList, error) {
	if err := CanListLeads(c); err != nil {
		return nil, err
	}
	f.Search = strings.TrimSpace(f.Search)
	bad := fieldCheck{}
	bad.maxLen("search", f.Search, LeadSearchMax, "The search is too long.")
	switch f.Status {
	case "":
		f.Status = LeadStatusAll
	case LeadStatusAll, LeadStatusOpen, LeadStatusHandled:
	default:
		bad.add("status", "Use all, open or handled.")
	}
	switch f.Sort {
	case "":
		f.Sort, f.Desc = LeadSortReceived, true
	case LeadSortReceived, LeadSortName, LeadSortCompany:
	default:
		bad.add("sort", "Use received, name or company.")
	}
	if f.Offset < 0 {
		bad.add("offset", "Use a number of 0 or more.")
	}
	f.Limit = listLimit(f.Limit)
	if err := bad.err(); err != nil {
		return nil, err
	}
	return s.Store.ListLeads(ctx, f)
}

// Get returns one lead for staff; ENotFound for an unknown id.
func (s *Leads) Get(ctx context.Context, c *Caller, id string) (*Lead, error) {
	if err := CanListLeads(c); err != nil {
		return nil, err
	}
	return s.Store.GetLead(ctx, id)
}

// SetHandled marks a lead handled by the caller, or reopens it, audited; a lead already in
// that state is answered as it is.
func (s *Leads) SetHandled(ctx context.Context, c *Caller, id string, ch LeadChange) (*Lead, error) {
	if err := CanHandleLeads(c); err != nil {
		return nil, err
	}
	if ch.Handled == nil {
		return nil, Invalid(map[string]string{"handled": "Send true or false."})
	}
	lead, err := s.Store.GetLead(ctx, id)
	if err != nil {
		return nil, err
	}
	if (lead.HandledAt != nil) == *ch.Handled {
		return lead, nil
	}
	action := AuditLeadHandled
	if !*ch.Handled {
		action = AuditLeadReopened
	}
	return s.Store.SetLeadHandled(ctx, id, *ch.Handled, c.Profile.ID,
		c.Audit(action, "lead", id, map[string]any{"name": lead.Name, "company": lead.Company}))
}

// MaxListLimit is the most rows one list call of the public forms' data returns (the CLI's
// --limit allows as many; the HTTP API asks for at most 500).
const MaxListLimit = 10000

func listLimit(n int) int {
	switch {
	case n <= 0:
		return 100
	case n > MaxListLimit:
		return MaxListLimit
	}
	return n
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
