package growthdesk

import (
	"context"
	"time"
)

// Roles. Any role other than admin and employee is treated as a customer.
const (
	RoleAdmin    = "admin"
	RoleEmployee = "employee"
	RoleCustomer = "customer"
)

// Approval states of an account; only approved accounts use the portal.
const (
	ApprovalPending  = "pending"
	ApprovalApproved = "approved"
	ApprovalRejected = "rejected"
)

// Profile is the portal's view of a user, created with the user at sign-up.
type Profile struct {
	ID               string     `json:"id"`
	Email            string     `json:"email"`
	FullName         string     `json:"full_name"`
	AvatarURL        string     `json:"avatar_url"`
	Role             string     `json:"role"`
	ApprovalStatus   string     `json:"approval_status"`
	OrganizationID   *string    `json:"organization_id"`
	OrganizationName string     `json:"organization_name,omitempty"`
	CreatedAt        time.Time  `json:"created_at"`
	UpdatedAt        time.Time  `json:"updated_at"`
	ApprovedAt       *time.Time `json:"approved_at,omitempty"`
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

// Caller is an authenticated request's identity with its profile: what every permission
// decision is made on.
type Caller struct {
	Identity
	Profile *Profile
}

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
