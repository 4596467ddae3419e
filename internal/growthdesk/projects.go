package growthdesk

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// ProjectStatus is where a project stands (an alias of string).
type ProjectStatus = string

// Project statuses.
const (
	ProjectStatusPlanning   ProjectStatus = "planning"
	ProjectStatusInProgress ProjectStatus = "in_progress"
	ProjectStatusTesting    ProjectStatus = "testing"
	ProjectStatusCompleted  ProjectStatus = "completed"
	ProjectStatusOnHold     ProjectStatus = "on_hold"
)

// ProjectPriority is how urgent a project is (an alias of string).
type ProjectPriority = string

// Project priorities, most urgent first.
const (
	ProjectPriorityUrgent ProjectPriority = "urgent"
	ProjectPriorityHigh   ProjectPriority = "high"
	ProjectPriorityMedium ProjectPriority = "medium"
	ProjectPriorityLow    ProjectPriority = "low"
)

var (
	projectStatuses   = []string{ProjectStatusPlanning, ProjectStatusInProgress, ProjectStatusTesting, ProjectStatusCompleted, ProjectStatusOnHold}
	projectPriorities = []string{ProjectPriorityUrgent, ProjectPriorityHigh, ProjectPriorityMedium, ProjectPriorityLow}
)

// Limits of the workspace's texts, shared by the forms and the server.
const (
	WorkspaceNameMax        = 120
	WorkspaceDescriptionMax = 4000
	ProjectUpdateMax        = 4000
	ProjectAssigneesMax     = 20
)

// PersonRef names a person on a card (a project's creator, an update's author).
type PersonRef struct {
	ID       string `json:"id"`
	FullName string `json:"full_name"`
}

// Project is an AI project the company runs for an organization.
type Project struct {
	ID               string          `json:"id"`
	OrganizationID   string          `json:"organization_id"`
	OrganizationName string          `json:"organization_name"`
	Name             string          `json:"name"`
	Description      string          `json:"description"`
	Status           ProjectStatus   `json:"status"`
	Priority         ProjectPriority `json:"priority"`
	Progress         int             `json:"progress"`
	// StartDate and EndDate are calendar days, YYYY-MM-DD.
	StartDate  string     `json:"start_date"`
	EndDate    *string    `json:"end_date"`
	CreatedBy  *string    `json:"created_by"`
	Creator    *PersonRef `json:"creator"`
	AssignedTo []string   `json:"assigned_to" tstype:"string[]"`
	// Assignees names the people of AssignedTo that still have an account, in its order, so
	// that a card can show who works on the project.
	Assignees []PersonRef `json:"assignees" tstype:"PersonRef[]"`
	CreatedAt time.Time   `json:"created_at"`
	UpdatedAt time.Time   `json:"updated_at"`
	// Updates are the progress updates, newest first; only the single-project answer has them.
	Updates []*ProjectUpdate `json:"updates,omitempty" tstype:"ProjectUpdate[]"`
}

// ProjectUpdate is a progress note staff post on a project.
type ProjectUpdate struct {
	ID        string     `json:"id"`
	ProjectID string     `json:"project_id"`
	Content   string     `json:"content"`
	Progress  *int       `json:"progress"`
	Author    *PersonRef `json:"author"`
	CreatedAt time.Time  `json:"created_at"`
}

// ProjectList is one answer of GET /api/v1/projects.
type ProjectList struct {
	Items []*Project `json:"items" tstype:"Project[]"`
	Total int        `json:"total"`
}

// ProjectFilter narrows a list of projects; empty fields match everything.
type ProjectFilter struct {
	Organization string
	Search       string
	Status       string
	Priority     string
}

// ProjectInput is what staff send to create or change a project. OrganizationID is read on
// creation only: a project never moves to another organization.
type ProjectInput struct {
	OrganizationID string          `json:"organization_id"`
	Name           string          `json:"name"`
	Description    string          `json:"description"`
	Status         ProjectStatus   `json:"status"`
	Priority       ProjectPriority `json:"priority"`
	Progress       int             `json:"progress"`
	StartDate      string          `json:"start_date"`
	EndDate        string          `json:"end_date"`
	AssignedTo     []string        `json:"assigned_to"`
}

// ProjectUpdateInput is a progress update; Progress, when set, becomes the project's.
type ProjectUpdateInput struct {
	Content  string `json:"content"`
	Progress *int   `json:"progress"`
}

// Normalize trims the texts.
func (in *ProjectInput) Normalize() {
	in.OrganizationID = strings.TrimSpace(in.OrganizationID)
	in.Name = strings.TrimSpace(in.Name)
	in.Description = strings.TrimSpace(in.Description)
	in.StartDate = strings.TrimSpace(in.StartDate)
	in.EndDate = strings.TrimSpace(in.EndDate)
	if in.AssignedTo == nil {
		in.AssignedTo = []string{}
	}
}

// Validate returns an EInvalid error listing every problem, or nil. creating asks for the
// organization too.
func (in ProjectInput) Validate(creating bool) error {
	c := fieldCheck{}
	if creating {
		c.required("organization_id", in.OrganizationID, "Choose an organization.")
	}
	if c.required("name", in.Name, "Enter a project name.") {
		c.maxLen("name", in.Name, WorkspaceNameMax, fmt.Sprintf("Name must be at most %d characters.", WorkspaceNameMax))
	}
	c.maxLen("description", in.Description, WorkspaceDescriptionMax, fmt.Sprintf("Description must be at most %d characters.", WorkspaceDescriptionMax))
	if !contains(projectStatuses, in.Status) {
		c.add("status", "Choose planning, in progress, testing, completed or on hold.")
	}
	if !contains(projectPriorities, in.Priority) {
		c.add("priority", "Choose urgent, high, medium or low.")
	}
	if in.Progress < 0 || in.Progress > 100 {
		c.add("progress", "Progress must be between 0 and 100.")
	}
	start, okStart := parseDay(in.StartDate)
	if c.required("start_date", in.StartDate, "Enter a start date.") && !okStart {
		c.add("start_date", "Enter a date as YYYY-MM-DD.")
	}
	if in.EndDate != "" {
		end, ok := parseDay(in.EndDate)
		switch {
		case !ok:
			c.add("end_date", "Enter a date as YYYY-MM-DD.")
		case okStart && end.Before(start):
			c.add("end_date", "The end date cannot be before the start date.")
		}
	}
	if len(in.AssignedTo) > ProjectAssigneesMax {
		c.add("assigned_to", fmt.Sprintf("Assign at most %d people.", ProjectAssigneesMax))
	}
	return c.err()
}

// Validate returns an EInvalid error listing every problem, or nil.
func (in *ProjectUpdateInput) Validate() error {
	in.Content = strings.TrimSpace(in.Content)
	c := fieldCheck{}
	if c.required("content", in.Content, "Write the update.") {
		c.maxLen("content", in.Content, ProjectUpdateMax, fmt.Sprintf("An update must be at most %d characters.", ProjectUpdateMax))
	}
	if in.Progress != nil && (*in.Progress < 0 || *in.Progress > 100) {
		c.add("progress", "Progress must be between 0 and 100.")
	}
	return c.err()
}

func parseDay(s string) (time.Time, bool) {
	t, err := time.Parse(time.DateOnly, s)
	return t, err == nil && t.Format(time.DateOnly) == s
}

// ProjectStore keeps projects. Reads and writes of one project find nothing (ENotFound)
// outside scope.
type ProjectStore interface {
	ListProjects(ctx context.Context, scope Scope, f ProjectFilter) ([]*Project, error)
	// GetProject returns the project with its updates, newest first.
	GetProject(ctx context.Context, scope Scope, id string) (*Project, error)
	// CreateProject stores p (its ID set) after checking that the organization exists inside
	// scope and the assignees are staff or members of it (EInvalid otherwise), with the audit
	// entry.
	CreateProject(ctx context.Context, scope Scope, p *Project, audit AuditEntry) (*Project, error)
	// UpdateProject replaces the editable fields of the project id.
	UpdateProject(ctx context.Context, scope Scope, id string, in ProjectInput, audit AuditEntry) (*Project, error)
	DeleteProject(ctx context.Context, scope Scope, id string, audit AuditEntry) error
	// AddProjectUpdate stores u and, when u.Progress is set, the project's new progress.
	AddProjectUpdate(ctx context.Context, scope Scope, u *ProjectUpdate, authorID string, audit AuditEntry) (*ProjectUpdate, error)
	// RecentProjectUpdates returns the newest updates of the organizations scope reaches.
	RecentProjectUpdates(ctx context.Context, scope Scope, limit int) ([]Activity, error)
}

// Projects runs the organization's AI projects: customers read theirs, staff manage all.
type Projects struct {
	Store ProjectStore
}

// List returns the projects of the caller's organization (staff: of every organization, or
// of f.Organization), newest first, filtered.
func (s *Projects) List(ctx context.Context, c *Caller, f ProjectFilter) (*ProjectList, error) {
	if err := CanViewWorkspace(c); err != nil {
		return nil, err
	}
	scope := c.Scope().Narrow(f.Organization)
	if scope.Empty() {
		return nil, errNoOrganization
	}
	if f.Status != "" && !contains(projectStatuses, f.Status) {
		return nil, Invalid(map[string]string{"status": "Unknown status."})
	}
	if f.Priority != "" && !contains(projectPriorities, f.Priority) {
		return nil, Invalid(map[string]string{"priority": "Unknown priority."})
	}
	f.Search = strings.TrimSpace(f.Search)
	items, err := s.Store.ListProjects(ctx, scope, f)
	if err != nil {
		return nil, err
	}
	return &ProjectList{Items: nonNil(items), Total: len(items)}, nil
}

// Get returns one project with its updates. ENotFound outside the caller's organization.
func (s *Projects) Get(ctx context.Context, c *Caller, id string) (*Project, error) {
	if err := CanViewWorkspace(c); err != nil {
		return nil, err
	}
	return s.Store.GetProject(ctx, c.Scope(), id)
}

// Create stores a new project for the organization staff chose.
func (s *Projects) Create(ctx context.Context, c *Caller, in ProjectInput) (*Project, error) {
	in.Normalize()
	if err := in.Validate(true); err != nil {
		return nil, err
	}
	if err := CanManageWorkspace(c); err != nil {
		return nil, err
	}
	p := &Project{ID: NewID(), OrganizationID: in.OrganizationID, Name: in.Name, Description: in.Description,
		Status: in.Status, Priority: in.Priority, Progress: in.Progress, StartDate: in.StartDate,
		AssignedTo: in.AssignedTo}
	if in.EndDate != "" {
		p.EndDate = &in.EndDate
	}
	if id := c.ActorID(); id != "" {
		p.CreatedBy = &id
	}
	return s.Store.CreateProject(ctx, c.Scope(), p, c.Audit(AuditProjectCreate, "project", p.ID,
		map[string]any{"name": p.Name, "organization_id": p.OrganizationID}))
}

// Update changes a project's fields.
func (s *Projects) Update(ctx context.Context, c *Caller, id string, in ProjectInput) (*Project, error) {
	in.Normalize()
	if err := in.Validate(false); err != nil {
		return nil, err
	}
	if err := CanManageWorkspace(c); err != nil {
		return nil, err
	}
	return s.Store.UpdateProject(ctx, c.Scope(), id, in, c.Audit(AuditProjectUpdate, "project", id,
		map[string]any{"name": in.Name, "status": in.Status, "progress": in.Progress}))
}

// Delete removes a project and its updates.
func (s *Projects) Delete(ctx context.Context, c *Caller, id string) error {
	if err := CanManageWorkspace(c); err != nil {
		return err
	}
	return s.Store.DeleteProject(ctx, c.Scope(), id, c.Audit(AuditProjectDelete, "project", id, nil))
}

// PostUpdate adds a progress update that the organization's customers see on the project.
func (s *Projects) PostUpdate(ctx context.Context, c *Caller, projectID string, in ProjectUpdateInput) (*ProjectUpdate, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	if err := CanManageWorkspace(c); err != nil {
		return nil, err
	}
	u := &ProjectUpdate{ID: NewID(), ProjectID: projectID, Content: in.Content, Progress: in.Progress}
	details := map[string]any{"update_id": u.ID}
	if in.Progress != nil {
		details["progress"] = *in.Progress
	}
	return s.Store.AddProjectUpdate(ctx, c.Scope(), u, c.ActorID(), c.Audit(AuditProjectPostUpdate, "project", projectID, details))
}

// RecentActivity returns the newest progress updates of the caller's organization, for the
// dashboard's Recent Activity (newest first, at most limit).
func (s *Projects) RecentActivity(ctx context.Context, c *Caller, limit int) ([]Activity, error) {
	if err := CanViewWorkspace(c); err != nil {
		return nil, err
	}
	scope := c.Scope()
	if scope.Empty() {
		return []Activity{}, nil
	}
	return s.Store.RecentProjectUpdates(ctx, scope, limit)
}

func nonNil[T any](list []T) []T {
	if list == nil {
		return []T{}
	}
	return list
}
