package growthdesk

import (
	"context"
	"time"
)

// Member is a person of an organization as the other members see them.
type Member struct {
	ID        string    `json:"id"`
	FullName  string    `json:"full_name"`
	Email     string    `json:"email"`
	Role      string    `json:"role"`
	CreatedAt time.Time `json:"created_at"`
}

// TeamStore reads organization membership.
type TeamStore interface {
	// ListMembers returns the approved accounts of the organizations scope reaches, by name.
	ListMembers(ctx context.Context, scope Scope) ([]*Member, error)
}

// Team answers who else belongs to an organization. It is the small worked example of
// docs/adding-a-feature.md: a tenant read that goes through the caller's Scope.
type Team struct {
	Store TeamStore
}

// errNoOrganization answers a customer who belongs to no organization yet on every route of
// their organization's workspace: the route exists, so a 404 would mislead; the account is
// in a state that a staff member resolves (409).
var errNoOrganization = &Error{Code: EConflict, Message: "Your account is not part of an organization yet. Contact support to be added to yours."}

// Members lists the approved members of the caller's organization. Staff, who belong to no
// organization, name one with orgID; for customers orgID is ignored.
func (t *Team) Members(ctx context.Context, c *Caller, orgID string) ([]*Member, error) {
	if err := CanViewTeam(c); err != nil {
		return nil, err
	}
	scope := c.Scope().Narrow(orgID)
	switch {
	case scope.All():
		return nil, Invalid(map[string]string{"organization": "Choose an organization."})
	case scope.Empty():
		return nil, errNoOrganization
	}
	return t.Store.ListMembers(ctx, scope)
}
