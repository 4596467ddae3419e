package growthdesk

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strings"
	"time"
)

// AutomationType is what kind of automation it is (an alias of string).
type AutomationType = string

// Automation types.
const (
	AutomationTypeChatbot        AutomationType = "chatbot"
	AutomationTypeWorkflow       AutomationType = "workflow"
	AutomationTypeEmail          AutomationType = "email"
	AutomationTypeDataProcessing AutomationType = "data_processing"
	AutomationTypeIntegration    AutomationType = "integration"
)

// AutomationStatus is whether an automation runs (an alias of string).
type AutomationStatus = string

// Automation statuses.
const (
	AutomationStatusActive AutomationStatus = "active"
	AutomationStatusPaused AutomationStatus = "paused"
	AutomationStatusError  AutomationStatus = "error"
	AutomationStatusDraft  AutomationStatus = "draft"
)

// RunOutcome is how a run ended (an alias of string).
type RunOutcome = string

// Run outcomes.
const (
	RunOutcomeSuccess RunOutcome = "success"
	RunOutcomeFailure RunOutcome = "failure"
)

var (
	automationTypes    = []string{AutomationTypeChatbot, AutomationTypeWorkflow, AutomationTypeEmail, AutomationTypeDataProcessing, AutomationTypeIntegration}
	automationStatuses = []string{AutomationStatusActive, AutomationStatusPaused, AutomationStatusError, AutomationStatusDraft}
)

// Limits of automations and runs.
const (
	RunMessageMax       = 2000
	MinutesSavedMax     = 10000
	HourlyCostCentsMax  = 10000000
	RunItemsMax         = 1000000000
	AutomationTokenSize = 32
)

// Automation is an automation the company runs for an organization. SuccessRate, TotalRuns
// and LastRun are computed from its runs.
type Automation struct {
	ID                 string           `json:"id"`
	OrganizationID     string           `json:"organization_id"`
	OrganizationName   string           `json:"organization_name"`
	Name               string           `json:"name"`
	Description        string           `json:"description"`
	Type               AutomationType   `json:"type"`
	Status             AutomationStatus `json:"status"`
	LastRun            *time.Time       `json:"last_run"`
	NextRun            *time.Time       `json:"next_run"`
	SuccessRate        float64          `json:"success_rate"`
	TotalRuns          int              `json:"total_runs"`
	SuccessfulRuns     int              `json:"successful_runs"`
	MinutesSavedPerRun int              `json:"minutes_saved_per_run"`
	HourlyCostCents    int64            `json:"hourly_cost_cents"`
	CreatedAt          time.Time        `json:"created_at"`
	UpdatedAt          time.Time        `json:"updated_at"`
}

// AutomationList is one answer of GET /api/v1/automations.
type AutomationList struct {
	Items []*Automation `json:"items" tstype:"Automation[]"`
	Total int           `json:"total"`
}

// AutomationFilter narrows a list of automations; empty fields match everything.
type AutomationFilter struct {
	Organization string
	Type         string
	Status       string
}

// AutomationInput is what staff send to create or change an automation; OrganizationID is
// read on creation only.
type AutomationInput struct {
	OrganizationID     string           `json:"organization_id"`
	Name               string           `json:"name"`
	Description        string           `json:"description"`
	Type               AutomationType   `json:"type"`
	Status             AutomationStatus `json:"status"`
	NextRun            *time.Time       `json:"next_run"`
	MinutesSavedPerRun int              `json:"minutes_saved_per_run"`
	HourlyCostCents    int64            `json:"hourly_cost_cents"`
}

// AutomationSecret answers the creation of an automation and the rotation of its token: the
// ingestion token is shown this once and never stored.
type AutomationSecret struct {
	Automation *Automation `json:"automation" tstype:"Automation,required"`
	Token      string      `json:"token"`
}

// Normalize trims the texts.
func (in *AutomationInput) Normalize() {
	in.OrganizationID = strings.TrimSpace(in.OrganizationID)
	in.Name = strings.TrimSpace(in.Name)
	in.Description = strings.TrimSpace(in.Description)
	if in.NextRun != nil {
		t := in.NextRun.UTC().Truncate(time.Second)
		in.NextRun = &t
	}
}

// Validate returns an EInvalid error listing every problem, or nil.
func (in AutomationInput) Validate(creating bool) error {
	c := fieldCheck{}
	if creating {
		c.required("organization_id", in.OrganizationID, "Choose an organization.")
	}
	if c.required("name", in.Name, "Enter an automation name.") {
		c.maxLen("name", in.Name, WorkspaceNameMax, fmt.Sprintf("Name must be at most %d characters.", WorkspaceNameMax))
	}
	c.maxLen("description", in.Description, WorkspaceDescriptionMax, fmt.Sprintf("Description must be at most %d characters.", WorkspaceDescriptionMax))
	if !contains(automationTypes, in.Type) {
		c.add("type", "Choose chatbot, workflow, email, data processing or integration.")
	}
	if !contains(automationStatuses, in.Status) {
		c.add("status", "Choose active, paused, error or draft.")
	}
	if in.MinutesSavedPerRun < 0 || in.MinutesSavedPerRun > MinutesSavedMax {
		c.add("minutes_saved_per_run", fmt.Sprintf("Minutes saved per run must be between 0 and %d.", MinutesSavedMax))
	}
	if in.HourlyCostCents < 0 || in.HourlyCostCents > HourlyCostCentsMax {
		c.add("hourly_cost_cents", "The hourly cost must be between $0 and $100,000.")
	}
	return c.err()
}

// AutomationRun is one run of an automation, as its engine reported it.
type AutomationRun struct {
	ID             string     `json:"id"`
	AutomationID   string     `json:"automation_id"`
	StartedAt      time.Time  `json:"started_at"`
	FinishedAt     *time.Time `json:"finished_at"`
	Outcome        RunOutcome `json:"outcome"`
	ItemsProcessed int        `json:"items_processed"`
	Message        string     `json:"message"`
	CreatedAt      time.Time  `json:"created_at"`
}

// RunList is one answer of GET /api/v1/automations/{id}/runs: the newest runs and how many
// there are in all.
type RunList struct {
	Items []*AutomationRun `json:"items" tstype:"AutomationRun[]"`
	Total int              `json:"total"`
}

// RunInput is what an automation engine posts for one run. StartedAt defaults to now.
type RunInput struct {
	StartedAt      *time.Time `json:"started_at"`
	FinishedAt     *time.Time `json:"finished_at"`
	Outcome        RunOutcome `json:"outcome"`
	ItemsProcessed int        `json:"items_processed"`
	Message        string     `json:"message"`
}

// Validate returns an EInvalid error listing every problem, or nil; now bounds the times.
func (in *RunInput) Validate(now time.Time) error {
	in.Message = strings.TrimSpace(in.Message)
	c := fieldCheck{}
	if in.Outcome != RunOutcomeSuccess && in.Outcome != RunOutcomeFailure {
		c.add("outcome", `Send "success" or "failure".`)
	}
	if in.StartedAt == nil {
		t := now
		in.StartedAt = &t
	}
	start := in.StartedAt.UTC().Truncate(time.Microsecond)
	in.StartedAt = &start
	if start.After(now.Add(5 * time.Minute)) {
		c.add("started_at", "The start of a run cannot be in the future.")
	}
	if start.Before(now.AddDate(-2, 0, 0)) {
		c.add("started_at", "The start of a run must be within the last two years.")
	}
	if in.FinishedAt != nil {
		end := in.FinishedAt.UTC().Truncate(time.Microsecond)
		in.FinishedAt = &end
		if end.Before(start) {
			c.add("finished_at", "A run cannot finish before it starts.")
		}
	}
	if in.ItemsProcessed < 0 || in.ItemsProcessed > RunItemsMax {
		c.add("items_processed", "Items processed must be zero or more.")
	}
	c.maxLen("message", in.Message, RunMessageMax, fmt.Sprintf("The message must be at most %d characters.", RunMessageMax))
	return c.err()
}

// AutomationStore keeps automations and their runs. Reads and writes of one automation find
// nothing (ENotFound) outside scope.
type AutomationStore interface {
	ListAutomations(ctx context.Context, scope Scope, f AutomationFilter) ([]*Automation, error)
	GetAutomation(ctx context.Context, scope Scope, id string) (*Automation, error)
	// CreateAutomation stores a (its ID set) with the hash of its token; EInvalid when the
	// organization does not exist.
	CreateAutomation(ctx context.Context, scope Scope, a *Automation, tokenHash, createdBy string, audit AuditEntry) (*Automation, error)
	UpdateAutomation(ctx context.Context, scope Scope, id string, in AutomationInput, audit AuditEntry) (*Automation, error)
	DeleteAutomation(ctx context.Context, scope Scope, id string, audit AuditEntry) error
	// SetAutomationStatus moves the automation id within scope from one status to another;
	// EConflict when it is not in status from.
	SetAutomationStatus(ctx context.Context, scope Scope, id, from, to string, audit AuditEntry) (*Automation, error)
	SetAutomationToken(ctx context.Context, scope Scope, id, tokenHash string, audit AuditEntry) (*Automation, error)
	// AutomationTokenHash returns the organization, status and token hash of an automation
	// (ENotFound for an unknown id), for the ingestion endpoint: the token is the credential, and
	// the organization comes from the row it opens.
	AutomationTokenHash(ctx context.Context, id string) (orgID, status, tokenHash string, err error)
	// AddRun stores a run of an automation of scope's one organization.
	AddRun(ctx context.Context, scope Scope, run *AutomationRun) (*AutomationRun, error)
	ListRuns(ctx context.Context, scope Scope, automationID string, limit int) (*RunList, error)
}

// Automations runs the organizations' automations and records their runs.
type Automations struct {
	Store AutomationStore
	// Now is the clock that bounds reported run times; nil means time.Now.
	Now func() time.Time
}

func (s *Automations) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// List returns the automations of the caller's organization (staff: of all, or of
// f.Organization), newest first.
func (s *Automations) List(ctx context.Context, c *Caller, f AutomationFilter) (*AutomationList, error) {
	if err := CanViewWorkspace(c); err != nil {
		return nil, err
	}
	scope := c.Scope().Narrow(f.Organization)
	if scope.Empty() {
		return nil, errNoOrganization
	}
	if f.Type != "" && !contains(automationTypes, f.Type) {
		return nil, Invalid(map[string]string{"type": "Unknown automation type."})
	}
	if f.Status != "" && !contains(automationStatuses, f.Status) {
		return nil, Invalid(map[string]string{"status": "Unknown status."})
	}
	items, err := s.Store.ListAutomations(ctx, scope, f)
	if err != nil {
		return nil, err
	}
	return &AutomationList{Items: nonNil(items), Total: len(items)}, nil
}

// Get returns one automation. ENotFound outside the caller's organization.
func (s *Automations) Get(ctx context.Context, c *Caller, id string) (*Automation, error) {
	if err := CanViewWorkspace(c); err != nil {
		return nil, err
	}
	return s.Store.GetAutomation(ctx, c.Scope(), id)
}

// Create stores a new automation and returns it with its ingestion token, shown this once.
func (s *Automations) Create(ctx context.Context, c *Caller, in AutomationInput) (*AutomationSecret, error) {
	in.Normalize()
	if err := in.Validate(true); err != nil {
		return nil, err
	}
	if err := CanManageWorkspace(c); err != nil {
		return nil, err
	}
	token, hash := NewAutomationToken()
	a := &Automation{ID: NewID(), OrganizationID: in.OrganizationID, Name: in.Name, Description: in.Description,
		Type: in.Type, Status: in.Status, NextRun: in.NextRun, MinutesSavedPerRun: in.MinutesSavedPerRun,
		HourlyCostCents: in.HourlyCostCents}
	created, err := s.Store.CreateAutomation(ctx, c.Scope(), a, hash, c.ActorID(), c.Audit(AuditAutomationCreate, "automation", a.ID,
		map[string]any{"name": a.Name, "organization_id": a.OrganizationID}))
	if err != nil {
		return nil, err
	}
	return &AutomationSecret{Automation: created, Token: token}, nil
}

// Update changes an automation's fields, including the minutes saved per run and the hourly
// cost that reports use.
func (s *Automations) Update(ctx context.Context, c *Caller, id string, in AutomationInput) (*Automation, error) {
	in.Normalize()
	if err := in.Validate(false); err != nil {
		return nil, err
	}
	if err := CanManageWorkspace(c); err != nil {
		return nil, err
	}
	return s.Store.UpdateAutomation(ctx, c.Scope(), id, in, c.Audit(AuditAutomationUpdate, "automation", id,
		map[string]any{"name": in.Name, "status": in.Status, "minutes_saved_per_run": in.MinutesSavedPerRun, "hourly_cost_cents": in.HourlyCostCents}))
}

// Delete removes an automation and its runs.
func (s *Automations) Delete(ctx context.Context, c *Caller, id string) error {
	if err := CanManageWorkspace(c); err != nil {
		return err
	}
	return s.Store.DeleteAutomation(ctx, c.Scope(), id, c.Audit(AuditAutomationDelete, "automation", id, nil))
}

// Pause stops an active automation of the caller's organization; EConflict when it is not
// active.
func (s *Automations) Pause(ctx context.Context, c *Caller, id string) (*Automation, error) {
	if err := CanOperateAutomation(c); err != nil {
		return nil, err
	}
	return s.Store.SetAutomationStatus(ctx, c.Scope(), id, AutomationStatusActive, AutomationStatusPaused,
		c.Audit(AuditAutomationPause, "automation", id, nil))
}

// Resume restarts a paused automation of the caller's organization; EConflict when it is
// not paused.
func (s *Automations) Resume(ctx context.Context, c *Caller, id string) (*Automation, error) {
	if err := CanOperateAutomation(c); err != nil {
		return nil, err
	}
	return s.Store.SetAutomationStatus(ctx, c.Scope(), id, AutomationStatusPaused, AutomationStatusActive,
		c.Audit(AuditAutomationResume, "automation", id, nil))
}

// RotateToken replaces an automation's ingestion token and returns the new one, shown this
// once: only its hash is kept, so "show" means "issue a new one". The old token stops working.
func (s *Automations) RotateToken(ctx context.Context, c *Caller, id string) (*AutomationSecret, error) {
	if err := CanManageWorkspace(c); err != nil {
		return nil, err
	}
	token, hash := NewAutomationToken()
	a, err := s.Store.SetAutomationToken(ctx, c.Scope(), id, hash, c.Audit(AuditAutomationToken, "automation", id, nil))
	if err != nil {
		return nil, err
	}
	return &AutomationSecret{Automation: a, Token: token}, nil
}

// Runs returns the newest runs of an automation (at most limit) and their count.
func (s *Automations) Runs(ctx context.Context, c *Caller, id string, limit int) (*RunList, error) {
	if err := CanViewWorkspace(c); err != nil {
		return nil, err
	}
	return s.Store.ListRuns(ctx, c.Scope(), id, limit)
}

var errBadAutomationToken = &Error{Code: EUnauthorized, Message: "Send this automation's token as Authorization: Bearer <token>."}

// unknownAutomationHash stands in for the stored hash of an automation that does not exist,
// so that an unknown id costs the same hash and comparison as a wrong token.
var unknownAutomationHash = HashAutomationToken("gda_no-such-automation")

// Ingest records a run that an automation engine reports with the automation's token. An
// unknown automation and a missing or wrong token get the same EUnauthorized, after the same
// work (hash and constant-time comparison), so that the endpoint never tells whether an id
// exists; a run of a paused or draft automation is EConflict (the engine should not be
// running it), answered only to the token's holder.
func (s *Automations) Ingest(ctx context.Context, id, token string, in RunInput) (*AutomationRun, error) {
	orgID, status, hash, err := s.Store.AutomationTokenHash(ctx, id)
	known := err == nil
	if ErrorCode(err) == ENotFound {
		hash = unknownAutomationHash
	} else if err != nil {
		return nil, err
	}
	// Hash even an empty token: the work done must not depend on what was sent.
	match := constantTimeEqual(HashAutomationToken(token), hash)
	if !known || token == "" || hash == "" || !match {
		return nil, errBadAutomationToken
	}
	now := s.now()
	if err := in.Validate(now); err != nil {
		return nil, err
	}
	if status == AutomationStatusPaused || status == AutomationStatusDraft {
		return nil, Errorf(EConflict, "This automation is %s; runs are recorded only while it is active.", status)
	}
	run := &AutomationRun{ID: NewID(), AutomationID: id, StartedAt: *in.StartedAt, FinishedAt: in.FinishedAt,
		Outcome: in.Outcome, ItemsProcessed: in.ItemsProcessed, Message: in.Message}
	// The token established the organization: the run is the automation's own.
	return s.Store.AddRun(ctx, OrganizationScope(orgID), run)
}

// NewAutomationToken returns a new ingestion token and the hash kept in its place.
func NewAutomationToken() (token, hash string) {
	b := make([]byte, AutomationTokenSize)
	_, _ = rand.Read(b)
	token = "gda_" + base64.RawURLEncoding.EncodeToString(b)
	return token, HashAutomationToken(token)
}

// HashAutomationToken is the SHA-256 of a token in hex. The token is 256 random bits, so a
// fast hash is enough: nobody can guess it back.
func HashAutomationToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

func constantTimeEqual(a, b string) bool {
	return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}
