package growthdesk

import "time"

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
}

// Caller is an authenticated request's identity with its profile: what every permission
// decision is made on.
type Caller struct {
	Identity
	Profile *Profile
}
