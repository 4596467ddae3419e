package growthdesk

import (
	"context"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"
)

// Limits of profile fields.
const (
	FullNameMax         = 100
	AvatarURLMax        = 2048
	OrganizationNameMax = 120
)

// NotificationPrefs are a user's e-mail notification choices, all on by default.
type NotificationPrefs struct {
	Email         bool `json:"email"`
	TicketUpdates bool `json:"ticket_updates"`
	ForumReplies  bool `json:"forum_replies"`
}

// ProfileUpdate holds the fields a user may change on their own profile; nil leaves one as is.
type ProfileUpdate struct {
	FullName  *string `json:"full_name"`
	AvatarURL *string `json:"avatar_url"`
}

// Normalize trims the fields.
func (u *ProfileUpdate) Normalize() {
	if u.FullName != nil {
		v := strings.TrimSpace(*u.FullName)
		u.FullName = &v
	}
	if u.AvatarURL != nil {
		v := strings.TrimSpace(*u.AvatarURL)
		u.AvatarURL = &v
	}
}

// Validate returns an EInvalid error listing every problem, or nil.
func (u ProfileUpdate) Validate() error {
	c := fieldCheck{}
	if u.FullName != nil {
		if c.required("full_name", *u.FullName, "Please enter your full name.") {
			c.maxLen("full_name", *u.FullName, FullNameMax, "Full name must be at most 100 characters.")
		}
	}
	if u.AvatarURL != nil && *u.AvatarURL != "" {
		parsed, err := url.Parse(*u.AvatarURL)
		if err != nil || (parsed.Scheme != "https" && parsed.Scheme != "http") || parsed.Host == "" {
			c.add("avatar_url", "Enter a full image URL starting with https://.")
		}
		c.maxLen("avatar_url", *u.AvatarURL, AvatarURLMax, "The URL is too long.")
	}
	return c.err()
}

// Account is a profile as staff see it when managing accounts.
type Account struct {
	Profile
	EmailConfirmedAt *time.Time `json:"email_confirmed_at"`
	LastSignInAt     *time.Time `json:"last_sign_in_at"`
}

// AccountFilter narrows the staff's account list.
type AccountFilter struct {
	Search   string // matched against full name and e-mail, case-insensitively
	Approval string // "", "all", or one approval status
	Limit    int
}

// OrganizationSummary is an organization with its member count.
type OrganizationSummary struct {
	Organization
	MemberCount int `json:"member_count"`
}

// AuditEntry records who did what to whom, and when.
type AuditEntry struct {
	ID          string         `json:"id"`
	ActorID     string         `json:"actor_id"`
	ActorEmail  string         `json:"actor_email"`
	Action      string         `json:"action"`
	TargetType  string         `json:"target_type"`
	TargetID    string         `json:"target_id"`
	TargetEmail string         `json:"target_email"`
	Details     map[string]any `json:"details"`
	IP          string         `json:"ip"`
	CreatedAt   time.Time      `json:"created_at"`
}

// Audit actions.
const (
	AuditApprove            = "account.approve"
	AuditReject             = "account.reject"
	AuditRoleChange         = "account.role_change"
	AuditOrganizationChange = "account.organization_change"
	AuditOrganizationCreate = "organization.create"
)

// AccountStore keeps profiles, organizations and the audit log. Writes that are audited
// take the entry and write it in the same transaction.
type AccountStore interface {
	// GetProfile returns ENotFound for an unknown id.
	GetProfile(ctx context.Context, id string) (*Profile, error)
	UpdateProfile(ctx context.Context, id string, upd ProfileUpdate) (*Profile, error)
	GetNotificationPrefs(ctx context.Context, id string) (*NotificationPrefs, error)
	SetNotificationPrefs(ctx context.Context, id string, prefs NotificationPrefs) (*NotificationPrefs, error)

	ListAccounts(ctx context.Context, f AccountFilter) ([]*Account, error)
	// GetAccount returns ENotFound for an unknown id.
	GetAccount(ctx context.Context, id string) (*Account, error)
	// SetApproval changes the approval status and enqueues mail (may be nil) with the audit entry.
	SetApproval(ctx context.Context, id, status string, mail *Email, audit AuditEntry) (*Account, error)
	SetRole(ctx context.Context, id, role string, audit AuditEntry) (*Account, error)
	// SetOrganization returns ENotFound when orgID names no organization.
	SetOrganization(ctx context.Context, id string, orgID *string, audit AuditEntry) (*Account, error)

	ListOrganizations(ctx context.Context) ([]*OrganizationSummary, error)
	// CreateOrganization returns EConflict when the name is taken (case-insensitively).
	CreateOrganization(ctx context.Context, name string, audit AuditEntry) (*Organization, error)
	ListAudit(ctx context.Context, limit int) ([]*AuditEntry, error)
}

// SessionRevoker ends a user's sessions on the auth service.
type SessionRevoker interface {
	// SignOutUser deletes every session of userID except exceptSessionID (if not empty).
	SignOutUser(ctx context.Context, userID, exceptSessionID string) error
}

// Accounts applies the policy to every account operation and audits staff actions.
type Accounts struct {
	Store    AccountStore
	Mail     EmailRenderer
	Sessions SessionRevoker
	// LoginURL is where the approval e-mail sends the user.
	LoginURL string
}

// Profile returns the caller's own profile, in any approval state.
func (a *Accounts) Profile(ctx context.Context, c *Caller) (*Profile, error) {
	if c == nil || c.Profile == nil {
		return nil, errSignIn
	}
	return c.Profile, nil
}

// UpdateProfile changes the caller's own full name and avatar URL.
func (a *Accounts) UpdateProfile(ctx context.Context, c *Caller, upd ProfileUpdate) (*Profile, error) {
	if c == nil || c.Profile == nil {
		return nil, errSignIn
	}
	if c.MFAPending {
		return nil, errMFAPending
	}
	upd.Normalize()
	if err := upd.Validate(); err != nil {
		return nil, err
	}
	return a.Store.UpdateProfile(ctx, c.Profile.ID, upd)
}

// NotificationPrefs returns the caller's notification choices.
func (a *Accounts) NotificationPrefs(ctx context.Context, c *Caller) (*NotificationPrefs, error) {
	if err := CanUsePortal(c); err != nil {
		return nil, err
	}
	return a.Store.GetNotificationPrefs(ctx, c.Profile.ID)
}

// SetNotificationPrefs saves the caller's notification choices.
func (a *Accounts) SetNotificationPrefs(ctx context.Context, c *Caller, p NotificationPrefs) (*NotificationPrefs, error) {
	if err := CanUsePortal(c); err != nil {
		return nil, err
	}
	return a.Store.SetNotificationPrefs(ctx, c.Profile.ID, p)
}

// ListAccounts lists accounts for staff.
func (a *Accounts) ListAccounts(ctx context.Context, c *Caller, f AccountFilter) ([]*Account, error) {
	if err := CanManageAccounts(c); err != nil {
		return nil, err
	}
	switch f.Approval {
	case "", "all", ApprovalPending, ApprovalApproved, ApprovalRejected:
	default:
		return nil, Invalid(map[string]string{"approval": "Use all, pending, approved or rejected."})
	}
	f.Search = strings.TrimSpace(f.Search)
	if utf8.RuneCountInString(f.Search) > 200 {
		return nil, Invalid(map[string]string{"search": "The search is too long."})
	}
	return a.Store.ListAccounts(ctx, f)
}

func (a *Accounts) target(ctx context.Context, c *Caller, id string) (*Account, error) {
	if err := CanManageAccounts(c); err != nil {
		return nil, err
	}
	return a.Store.GetAccount(ctx, id)
}

func (c *Caller) audit(action string, target *Account, details map[string]any, ip string) AuditEntry {
	return AuditEntry{ActorID: c.Profile.ID, Action: action, TargetType: "user", TargetID: target.ID, Details: details, IP: ip}
}

// Approve approves an account and e-mails its owner.
func (a *Accounts) Approve(ctx context.Context, c *Caller, id, ip string) (*Account, error) {
	target, err := a.target(ctx, c, id)
	if err != nil {
		return nil, err
	}
	if err := CanChangeApproval(c, &target.Profile); err != nil {
		return nil, err
	}
	if target.ApprovalStatus == ApprovalApproved {
		return target, nil
	}
	mail, err := a.Mail.Render(EmailApproval, target.Email, EmailData{FullName: target.FullName, ActionURL: a.LoginURL})
	if err != nil {
		return nil, err
	}
	return a.Store.SetApproval(ctx, id, ApprovalApproved, mail,
		c.audit(AuditApprove, target, map[string]any{"from": target.ApprovalStatus, "to": ApprovalApproved}, ip))
}

// Reject rejects an account and signs its owner out everywhere.
func (a *Accounts) Reject(ctx context.Context, c *Caller, id, ip string) (*Account, error) {
	target, err := a.target(ctx, c, id)
	if err != nil {
		return nil, err
	}
	if err := CanChangeApproval(c, &target.Profile); err != nil {
		return nil, err
	}
	if target.ApprovalStatus == ApprovalRejected {
		return target, nil
	}
	acct, err := a.Store.SetApproval(ctx, id, ApprovalRejected, nil,
		c.audit(AuditReject, target, map[string]any{"from": target.ApprovalStatus, "to": ApprovalRejected}, ip))
	if err != nil {
		return nil, err
	}
	if a.Sessions != nil {
		if err := a.Sessions.SignOutUser(ctx, id, ""); err != nil {
			return nil, err
		}
	}
	return acct, nil
}

// AccountChange is what staff may change on someone's account in one request.
type AccountChange struct {
	Role *string `json:"role"`
	// Organization is set when the request names organization_id (null clears it).
	Organization    *string `json:"-"`
	SetOrganization bool    `json:"-"`
}

// ChangeAccount applies a role and/or organization change, each checked and audited.
func (a *Accounts) ChangeAccount(ctx context.Context, c *Caller, id string, ch AccountChange, ip string) (*Account, error) {
	target, err := a.target(ctx, c, id)
	if err != nil {
		return nil, err
	}
	if ch.Role == nil && !ch.SetOrganization {
		return nil, Invalid(map[string]string{"role": "Send a role or an organization_id to change."})
	}
	if ch.Role != nil {
		if err := CanChangeRole(c, &target.Profile, *ch.Role); err != nil {
			return nil, err
		}
	}
	if ch.SetOrganization {
		if err := CanSetOrganization(c, &target.Profile); err != nil {
			return nil, err
		}
	}
	acct := target
	if ch.Role != nil && *ch.Role != target.Role {
		if acct, err = a.Store.SetRole(ctx, id, *ch.Role,
			c.audit(AuditRoleChange, target, map[string]any{"from": target.Role, "to": *ch.Role}, ip)); err != nil {
			return nil, err
		}
	}
	if ch.SetOrganization && !sameOrg(ch.Organization, target.OrganizationID) {
		if acct, err = a.Store.SetOrganization(ctx, id, ch.Organization,
			c.audit(AuditOrganizationChange, target, map[string]any{"from": target.OrganizationID, "to": ch.Organization}, ip)); err != nil {
			return nil, err
		}
	}
	return acct, nil
}

func sameOrg(a, b *string) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

// ListOrganizations lists every organization for staff.
func (a *Accounts) ListOrganizations(ctx context.Context, c *Caller) ([]*OrganizationSummary, error) {
	if err := CanManageAccounts(c); err != nil {
		return nil, err
	}
	return a.Store.ListOrganizations(ctx)
}

// CreateOrganization creates an organization for staff.
func (a *Accounts) CreateOrganization(ctx context.Context, c *Caller, name, ip string) (*Organization, error) {
	if err := CanManageAccounts(c); err != nil {
		return nil, err
	}
	name = strings.Join(strings.Fields(name), " ")
	fc := fieldCheck{}
	if fc.required("name", name, "Please enter the organization's name.") {
		fc.maxLen("name", name, OrganizationNameMax, "The name must be at most 120 characters.")
	}
	if err := fc.err(); err != nil {
		return nil, err
	}
	return a.Store.CreateOrganization(ctx, name, AuditEntry{
		ActorID: c.Profile.ID, Action: AuditOrganizationCreate, TargetType: "organization",
		Details: map[string]any{"name": name}, IP: ip,
	})
}

// AuditLog returns the newest audit entries for staff.
func (a *Accounts) AuditLog(ctx context.Context, c *Caller, limit int) ([]*AuditEntry, error) {
	if err := CanManageAccounts(c); err != nil {
		return nil, err
	}
	return a.Store.ListAudit(ctx, clampLimit(limit))
}

func clampLimit(n int) int {
	if n <= 0 || n > 500 {
		return 100
	}
	return n
}
