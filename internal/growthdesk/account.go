package growthdesk

import (
	"context"
	"time"
)

// Role is what an account may do. It is an alias so that Go code keeps using plain strings
// while the generated TypeScript gets the union of the role constants.
type Role = string

// Roles. Any role other than admin and employee is treated as a customer.
const (
	RoleAdmin    Role = "admin"
	RoleEmployee Role = "employee"
	RoleCustomer Role = "customer"
)

// Approval is the approval state of an account (an alias of string, like Role).
type Approval = string

// Approval states of an account; only approved accounts use the portal.
const (
	ApprovalPending  Approval = "pending"
	ApprovalApproved Approval = "approved"
	ApprovalRejected Approval = "rejected"
)

// Profile is the portal's view of a user, created with the user at sign-up.
type Profile struct {
	ID               string     `json:"id"`
	Email            string     `json:"email"`
	FullName         string     `json:"full_name"`
	AvatarURL        string     `json:"avatar_url"`
	Role             Role       `json:"role"`
	ApprovalStatus   Approval   `json:"approval_status"`
	OrganizationID   *string    `json:"organization_id"`
	OrganizationName string     `json:"organization_name,omitempty"`
	CreatedAt        time.Time  `json:"created_at"`
	UpdatedAt        time.Time  `json:"updated_at"`
	ApprovedAt       *time.Time `json:"approved_at,omitempty"`
	// Impersonator is the staff member acting as this account, in the answer to the caller's
	// own profile while impersonating; absent otherwise.
	Impersonator *Profile `json:"impersonator,omitempty"`
}

// IsStaff reports whether the profile belongs to an employee or an admin.
func (p *Profile) IsStaff() bool { return p.Role == RoleAdmin || p.Role == RoleEmployee }

// Organization is a customer company; its members see its data.
type Organization struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// Identity is who a request comes from, as the auth service vouches for it.
type Identity struct {
	UserID    string
	SessionID string
	Email     string
	AAL       string
	// MFAPending is true when the user has a verified second factor but this session has
	// not passed it yet (aal1): such a session may read its own profile and nothing else.
	MFAPending bool
}

// Caller is who a request comes from, passed to every service method: the account acting,
// the account acted as, and where the request came from. Every permission decision is made
// on the account acted as (Profile); every audit entry records both accounts.
type Caller struct {
	Identity
	// Profile is the account acted as: the one whose data and permissions apply. It is the
	// signed-in account itself unless a staff member is impersonating someone.
	Profile *Profile
	// Actor is the account acting: the signed-in person. Nil means the same as Profile.
	Actor *Profile
	// RequestID names the request in the logs; ClientIP is the address it came from.
	RequestID string
	ClientIP  string
}

// ActorID is the id of the account acting ("" for none).
func (c *Caller) ActorID() string {
	switch {
	case c == nil:
		return ""
	case c.Actor != nil:
		return c.Actor.ID
	case c.Profile != nil:
		return c.Profile.ID
	}
	return c.UserID
}

// Impersonating reports whether the account acting is not the account acted as.
func (c *Caller) Impersonating() bool {
	return c != nil && c.Actor != nil && c.Profile != nil && c.Actor.ID != c.Profile.ID
}

// Audit returns an audit entry of action on a target, attributed to the account acting and,
// while impersonating, to the account acted as.
func (c *Caller) Audit(action, targetType, targetID string, details map[string]any) AuditEntry {
	e := AuditEntry{ActorID: c.ActorID(), Action: action, TargetType: targetType, TargetID: targetID,
		Details: details, IP: c.ClientIP, RequestID: c.RequestID}
	if c.Impersonating() {
		e.ActedAsID = c.Profile.ID
	}
	return e
}

// Operator is the caller of the operator's own tools (the command line): it may do what an
// administrator may, belongs to no account, and its audit entries name no actor and record
// where they came from in RequestID.
func Operator(via string) *Caller {
	return &Caller{
		Profile:   &Profile{FullName: "Operator", Role: RoleAdmin, ApprovalStatus: ApprovalApproved},
		RequestID: via,
	}
}

// Scope is the set of organizations whose data a caller's tenant queries may reach: every
// organization for staff, the caller's own for a customer, none for a customer without one.
// Every query of tenant data goes through a Scope (see store.scopeWhere), so that another
// organization's row is never read and its id answers ENotFound like an unknown id.
type Scope struct {
	all bool
	org string
	// system names the work of a SystemScope; "" in a caller's scope.
	system string
}

// Scope returns the organizations the caller may reach.
func (c *Caller) Scope() Scope {
	if c == nil || c.Profile == nil {
		return Scope{}
	}
	if c.Profile.IsStaff() {
		if c.Profile.ID == "" {
			// The operator's own tools (Operator) belong to no account: the system acting,
			// named after where it came from.
			return SystemScope(c.RequestID)
		}
		return Scope{all: true}
	}
	if c.Profile.OrganizationID != nil {
		return Scope{org: *c.Profile.OrganizationID}
	}
	return Scope{}
}

// OrganizationScope is the scope of one organization, for work the system does on an
// organization it has established itself (a provider's webhook names the customer, a
// background job its report's row, a service the organization it checked). Never build one
// from a caller's input: a caller's scope comes from Caller.Scope (and Narrow). "" reaches none.
func OrganizationScope(orgID string) Scope { return Scope{org: orgID} }

// SystemScope reaches every organization, for work the system does without a caller: a
// provider's webhook, a background job, the command line's own setup, demo seeding. who names
// that work ("stripe-webhook", "report-worker", "demo"), so that the system acting is never
// dressed up as a staff member's scope; a request always acts in its caller's Scope.
func SystemScope(who string) Scope { return Scope{all: true, system: who} }

// System names the work a SystemScope was made for; "" for a caller's scope.
func (s Scope) System() string { return s.system }

// Narrow restricts a scope of every organization to orgID (a staff member's organization
// filter); a customer's scope stays their own organization whatever orgID says.
func (s Scope) Narrow(orgID string) Scope {
	if s.all && orgID != "" {
		return Scope{org: orgID}
	}
	return s
}

// All reports whether the scope reaches every organization.
func (s Scope) All() bool { return s.all }

// Organization is the one organization the scope reaches ("" when it reaches all or none).
func (s Scope) Organization() string { return s.org }

// Empty reports whether the scope reaches no organization at all.
func (s Scope) Empty() bool { return !s.all && s.org == "" }

// Allows reports whether the scope reaches data of orgID.
func (s Scope) Allows(orgID string) bool { return s.all || (s.org != "" && s.org == orgID) }

// Authenticator verifies a bearer access token: signature, expiry, and that its session
// still exists. Returns EUnauthorized otherwise.
type Authenticator interface {
	Authenticate(ctx context.Context, token string) (*Identity, error)
}

// SessionInfo describes one of a user's signed-in sessions.
type SessionInfo struct {
	ID          string     `json:"id"`
	CreatedAt   time.Time  `json:"created_at"`
	RefreshedAt *time.Time `json:"refreshed_at"`
	UserAgent   string     `json:"user_agent"`
	IP          string     `json:"ip"`
	AAL         string     `json:"aal"`
	Current     bool       `json:"current"`
}

// SessionManager lists and ends a user's own sessions.
type SessionManager interface {
	ListSessions(ctx context.Context, userID string) ([]SessionInfo, error)
	// RevokeSession ends one session of userID; ENotFound when it is not theirs.
	RevokeSession(ctx context.Context, userID, sessionID string) error
}
