package growthdesk

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"
)

// Limits of account fields, in characters. The web's forms read the same constants from the
// generated TypeScript (docs/api-types.md), so the browser and the server agree on them.
const (
	// FullNameMax bounds a full name wherever it is set: sign-up and the profile.
	FullNameMax = 100
	// AvatarURLMax bounds the profile's avatar URL.
	AvatarURLMax = 2048
	// OrganizationNameMax bounds an organization's name.
	OrganizationNameMax = 120
	// FactorNameMax bounds the name of a two-factor device (and the issuer its app shows).
	FactorNameMax = 100
	// PasswordMinLength is the shortest password the auth service accepts unless configured
	// otherwise.
	PasswordMinLength = 6
	// AccountSearchMax bounds the staff's account search text.
	AccountSearchMax = 200
)

// NotificationPrefs are a user's e-mail notification choices, all on by default.
type NotificationPrefs struct {
	Email         bool `json:"email"`
	TicketUpdates bool `json:"ticket_updates"`
	ForumReplies  bool `json:"forum_replies"`
}

// NotificationPrefsInput is the body of PUT /api/v1/profile/notifications: every choice,
// each true or false (a missing one is refused, so a client cannot reset one by omission).
type NotificationPrefsInput struct {
	Email         *bool `json:"email"`
	TicketUpdates *bool `json:"ticket_updates"`
	ForumReplies  *bool `json:"forum_replies"`
}

// Prefs returns the choices, or EInvalid naming each missing one.
func (in NotificationPrefsInput) Prefs() (NotificationPrefs, error) {
	missing := map[string]string{}
	for name, v := range map[string]*bool{"email": in.Email, "ticket_updates": in.TicketUpdates, "forum_replies": in.ForumReplies} {
		if v == nil {
			missing[name] = "Send true or false."
		}
	}
	if len(missing) > 0 {
		return NotificationPrefs{}, Invalid(missing)
	}
	return NotificationPrefs{Email: *in.Email, TicketUpdates: *in.TicketUpdates, ForumReplies: *in.ForumReplies}, nil
}

// OrganizationInput is the body of POST /api/v1/admin/organizations.
type OrganizationInput struct {
	Name string `json:"name"`
}

// ProfileUpdate holds the fields a user may change on their own profile; nil leaves one as is.
type ProfileUpdate struct {
	FullName  *string `json:"full_name,omitempty"`
	AvatarURL *string `json:"avatar_url,omitempty"`
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
			c.maxLen("full_name", *u.FullName, FullNameMax, fmt.Sprintf("Full name must be at most %d characters.", FullNameMax))
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

// AccountFilter narrows, orders and pages the staff's account list.
type AccountFilter struct {
	Search   string // matched against full name and e-mail, case-insensitively
	Approval string // "", "all", or one approval status
	Limit    int
	Offset   int
	// Sort is name (the default), role, organization or last_sign_in, ascending unless Desc;
	// accounts without an organization or a sign-in come last either way.
	Sort string
	Desc bool
}

// Orders of the staff's account list.
const (
	AccountSortName         = "name"
	AccountSortRole         = "role"
	AccountSortOrganization = "organization"
	AccountSortLastSignIn   = "last_sign_in"
)

// OrganizationSummary is an organization with its member count.
type OrganizationSummary struct {
	Organization
	MemberCount int `json:"member_count"`
}

// AuditEntry records who did what to whom, and when.
type AuditEntry struct {
	ID string `json:"id"`
	// ActorID is the account acting (a staff member even while impersonating).
	ActorID    string `json:"actor_id"`
	ActorEmail string `json:"actor_email"`
	ActorName  string `json:"actor_name"`
	// ActedAsID is the account acted as while impersonating; empty otherwise.
	ActedAsID    string         `json:"acted_as_id,omitempty"`
	ActedAsEmail string         `json:"acted_as_email,omitempty"`
	Action       string         `json:"action"`
	TargetType   string         `json:"target_type"`
	TargetID     string         `json:"target_id"`
	TargetEmail  string         `json:"target_email"`
	Details      map[string]any `json:"details"`
	TargetName   string         `json:"target_name"`
	IP           string         `json:"ip"`
	RequestID    string         `json:"request_id,omitempty"`
	CreatedAt    time.Time      `json:"created_at"`
}

// AccountStore keeps profiles, organizations and the audit log. Writes that are audited
// take the entry and write it in the same transaction.
type AccountStore interface {
	// GetProfile returns ENotFound for an unknown id.
	GetProfile(ctx context.Context, id string) (*Profile, error)
	// UpdateProfile and SetNotificationPrefs write the audit entry in the same transaction.
	UpdateProfile(ctx context.Context, id string, upd ProfileUpdate, audit AuditEntry) (*Profile, error)
	GetNotificationPrefs(ctx context.Context, id string) (*NotificationPrefs, error)
	SetNotificationPrefs(ctx context.Context, id string, prefs NotificationPrefs, audit AuditEntry) (*NotificationPrefs, error)

	ListAccounts(ctx context.Context, f AccountFilter) ([]*Account, error)
	// CountMatchingAccounts counts the accounts f's search and approval match (not its page).
	CountMatchingAccounts(ctx context.Context, f AccountFilter) (int, error)
	// GetAccount returns ENotFound for an unknown id.
	GetAccount(ctx context.Context, id string) (*Account, error)
	// SetApproval changes the approval status and, in the same transaction, enqueues mail
	// (may be nil), writes the audit entry and, when endSessions, ends every session of the
	// account, so that a rejected account is never left signed in.
	SetApproval(ctx context.Context, id, status string, mail *Email, endSessions bool, audit AuditEntry) (*Account, error)
	SetRole(ctx context.Context, id, role string, audit AuditEntry) (*Account, error)
	// SetOrganization returns ENotFound when orgID names no organization.
	SetOrganization(ctx context.Context, id string, orgID *string, audit AuditEntry) (*Account, error)
	// ApproveInOrganization moves the account to orgID and approves it in one transaction,
	// enqueueing mail and writing both audit entries; ENotFound when orgID names no
	// organization, and then nothing changes. With create, the organization is created first
	// (its id is orgID) in the same transaction: EConflict naming new_organization_name when
	// the name is taken.
	ApproveInOrganization(ctx context.Context, id, orgID string, create *NewOrganization, mail *Email, orgAudit, approveAudit AuditEntry) (*Account, error)

	ListOrganizations(ctx context.Context) ([]*OrganizationSummary, error)
	// CreateOrganization returns EConflict when the name is taken (case-insensitively).
	CreateOrganization(ctx context.Context, name string, audit AuditEntry) (*Organization, error)
	// ListAudit returns the newest audit entries that the filter does not leave out.
	ListAudit(ctx context.Context, limit int, hidden AuditFilter) ([]*AuditEntry, error)
}

// Accounts applies the policy to every account operation and audits staff actions.
type Accounts struct {
	Store AccountStore
	Mail  EmailRenderer
	// LoginURL is where the approval e-mail sends the user.
	LoginURL string
}

// Caller builds the caller of a request made as the account id.UserID: the Identity a
// verified access token gives, or only its UserID when a secret URL authorizes the request
// (a calendar feed); its profile, whatever its approval state (the route's access level
// decides what that state may do); and the request id and client address that every service
// call and audit entry carries. Returns ENotFound when the account no longer exists.
func (a *Accounts) Caller(ctx context.Context, id Identity, requestID, clientIP string) (*Caller, error) {
	p, err := a.Store.GetProfile(ctx, id.UserID)
	if err != nil {
		return nil, err
	}
	return &Caller{Identity: id, Profile: p, RequestID: requestID, ClientIP: clientIP}, nil
}

// Profile returns the caller's own profile, in any approval state.
func (a *Accounts) Profile(ctx context.Context, c *Caller) (*Profile, error) {
	if c == nil || c.Profile == nil {
		return nil, errSignIn
	}
	if c.Impersonating() {
		p, actor := *c.Profile, *c.Actor
		p.Impersonator = &actor
		return &p, nil
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
	details := map[string]any{}
	if upd.FullName != nil {
		details["full_name"] = *upd.FullName
	}
	if upd.AvatarURL != nil {
		details["avatar_url"] = *upd.AvatarURL
	}
	return a.Store.UpdateProfile(ctx, c.Profile.ID, upd, c.Audit(AuditProfileUpdate, "user", c.Profile.ID, details))
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
	return a.Store.SetNotificationPrefs(ctx, c.Profile.ID, p, c.Audit(AuditNotificationsUpdate, "user", c.Profile.ID,
		map[string]any{"email": p.Email, "ticket_updates": p.TicketUpdates, "forum_replies": p.ForumReplies}))
}

// ListAccounts lists accounts for staff.
func (a *Accounts) ListAccounts(ctx context.Context, c *Caller, f AccountFilter) ([]*Account, error) {
	if err := CanManageAccounts(c); err != nil {
		return nil, err
	}
	f.Search = strings.TrimSpace(f.Search)
	bad := fieldCheck{}
	switch f.Approval {
	case "", "all", ApprovalPending, ApprovalApproved, ApprovalRejected:
	default:
		bad.add("approval", "Use all, pending, approved or rejected.")
	}
	if utf8.RuneCountInString(f.Search) > AccountSearchMax {
		bad.add("search", "The search is too long.")
	}
	switch f.Sort {
	case "", AccountSortName, AccountSortRole, AccountSortOrganization, AccountSortLastSignIn:
	default:
		bad.add("sort", "Use name, role, organization or last_sign_in.")
	}
	if f.Offset < 0 {
		bad.add("offset", "Use a number of 0 or more.")
	}
	if err := bad.err(); err != nil {
		return nil, err
	}
	return a.Store.ListAccounts(ctx, f)
}

// AccountPage is ListAccounts with the number of all the accounts the filter matches, for a
// list that pages.
func (a *Accounts) AccountPage(ctx context.Context, c *Caller, f AccountFilter) ([]*Account, int, error) {
	list, err := a.ListAccounts(ctx, c, f)
	if err != nil {
		return nil, 0, err
	}
	f.Search = strings.TrimSpace(f.Search)
	total, err := a.Store.CountMatchingAccounts(ctx, f)
	return list, total, err
}

func (a *Accounts) target(ctx context.Context, c *Caller, id string) (*Account, error) {
	if err := CanManageAccounts(c); err != nil {
		return nil, err
	}
	return a.Store.GetAccount(ctx, id)
}

// Approve approves an account and e-mails its owner.
func (a *Accounts) Approve(ctx context.Context, c *Caller, id string) (*Account, error) {
	return a.ApproveInto(ctx, c, id, ApprovalRequest{})
}

// ApproveInto approves an account and e-mails its owner. The request may name the organization
// to approve the account into (organization_id) or one to create for it (new_organization_name);
// either way the organization change, the approval and their audit entries are one transaction,
// each change checked and audited as on its own. A customer is only approved into an
// organization: one without any, given none, is refused, since the portal has nothing to show
// them. Staff need none.
func (a *Accounts) ApproveInto(ctx context.Context, c *Caller, id string, req ApprovalRequest) (*Account, error) {
	if err := req.normalize(); err != nil {
		return nil, err
	}
	target, err := a.target(ctx, c, id)
	if err != nil {
		return nil, err
	}
	if err := CanChangeApproval(c, &target.Profile); err != nil {
		return nil, err
	}
	orgID := req.OrganizationID
	var create *NewOrganization
	if req.NewOrganizationName != nil {
		if target.ApprovalStatus == ApprovalApproved {
			return nil, &Error{Code: EConflict, Message: "This account has already been approved.",
				Fields: map[string]string{"new_organization_name": "This account has already been approved; create the organization under Organizations."}}
		}
		create = &NewOrganization{ID: NewID(), Name: *req.NewOrganizationName}
		create.Audit = c.Audit(AuditOrganizationCreate, "organization", create.ID, map[string]any{"name": create.Name})
		orgID = &create.ID
	}
	moving := orgID != nil && !sameOrg(orgID, target.OrganizationID)
	if moving {
		if err := CanSetOrganization(c, &target.Profile); err != nil {
			return nil, err
		}
	}
	if target.ApprovalStatus == ApprovalApproved && !moving {
		return target, nil
	}
	// An operator at the command line has no organization to choose and is not held to this.
	if target.Role == RoleCustomer && orgID == nil && target.OrganizationID == nil && c.Profile.ID != "" {
		return nil, Invalid(map[string]string{"organization_id": ErrApproveWithoutOrganization})
	}
	if target.ApprovalStatus == ApprovalApproved {
		return a.Store.SetOrganization(ctx, id, orgID,
			c.Audit(AuditOrganizationChange, "user", target.ID, map[string]any{"from": target.OrganizationID, "to": orgID}))
	}
	mail, err := a.Mail.Render(EmailApproval, target.Email, EmailData{FullName: target.FullName, ActionURL: a.LoginURL})
	if err != nil {
		return nil, err
	}
	approval := c.Audit(AuditApprove, "user", target.ID, map[string]any{"from": target.ApprovalStatus, "to": ApprovalApproved})
	if !moving {
		return a.Store.SetApproval(ctx, id, ApprovalApproved, mail, false, approval)
	}
	return a.Store.ApproveInOrganization(ctx, id, *orgID, create, mail,
		c.Audit(AuditOrganizationChange, "user", target.ID, map[string]any{"from": target.OrganizationID, "to": orgID}), approval)
}

// ErrApproveWithoutOrganization is the refusal of a customer's approval without an organization.
const ErrApproveWithoutOrganization = "Choose an organization for this customer before approving."

// Reject rejects an account and signs its owner out everywhere, in one transaction.
func (a *Accounts) Reject(ctx context.Context, c *Caller, id string) (*Account, error) {
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
	return a.Store.SetApproval(ctx, id, ApprovalRejected, nil, true,
		c.Audit(AuditReject, "user", target.ID, map[string]any{"from": target.ApprovalStatus, "to": ApprovalRejected}))
}

// ApprovalRequest is the optional body of POST /api/v1/admin/users/{id}/approve: the
// organization a customer is approved into, in the same step: an existing one
// (organization_id) or a new one of that name (new_organization_name), not both.
type ApprovalRequest struct {
	OrganizationID      *string `json:"organization_id,omitempty"`
	NewOrganizationName *string `json:"new_organization_name,omitempty"`
}

// normalize treats empty fields as absent, folds the new name's white space, and refuses both
// fields at once or a name that is too long, naming the field.
func (r *ApprovalRequest) normalize() error {
	if r.OrganizationID != nil && *r.OrganizationID == "" {
		r.OrganizationID = nil
	}
	if r.NewOrganizationName != nil {
		name := strings.Join(strings.Fields(*r.NewOrganizationName), " ")
		r.NewOrganizationName = &name
		if name == "" {
			r.NewOrganizationName = nil
		}
	}
	fc := fieldCheck{}
	if r.OrganizationID != nil && r.NewOrganizationName != nil {
		fc.add("new_organization_name", "Choose an existing organization or name a new one, not both.")
	} else if r.NewOrganizationName != nil {
		fc.maxLen("new_organization_name", *r.NewOrganizationName, OrganizationNameMax,
			fmt.Sprintf("The name must be at most %d characters.", OrganizationNameMax))
	}
	return fc.err()
}

// NewOrganization is an organization created in the transaction that approves a customer into
// it, with the audit entry of its creation.
type NewOrganization struct {
	ID, Name string
	Audit    AuditEntry
}

// AccountChange is what staff may change on someone's account in one request, the body of
// PATCH /api/v1/admin/users/{id}: role, organization_id, or both. organization_id null takes
// the account out of its organization, so the handler reads the body as raw JSON to tell null
// from absent (SetOrganization); the tags are the wire format.
type AccountChange struct {
	Role *Role `json:"role,omitempty"`
	// Organization is set when the request names organization_id (null clears it).
	Organization    *string `json:"organization_id,omitempty" tstype:"string | null"`
	SetOrganization bool    `json:"-"`
}

// ChangeAccount applies a role and/or organization change, each checked and audited.
func (a *Accounts) ChangeAccount(ctx context.Context, c *Caller, id string, ch AccountChange) (*Account, error) {
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
			c.Audit(AuditRoleChange, "user", target.ID, map[string]any{"from": target.Role, "to": *ch.Role})); err != nil {
			return nil, err
		}
	}
	if ch.SetOrganization && !sameOrg(ch.Organization, target.OrganizationID) {
		if acct, err = a.Store.SetOrganization(ctx, id, ch.Organization,
			c.Audit(AuditOrganizationChange, "user", target.ID, map[string]any{"from": target.OrganizationID, "to": ch.Organization})); err != nil {
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
func (a *Accounts) CreateOrganization(ctx context.Context, c *Caller, name string) (*Organization, error) {
	if err := CanManageAccounts(c); err != nil {
		return nil, err
	}
	name = strings.Join(strings.Fields(name), " ")
	fc := fieldCheck{}
	if fc.required("name", name, "Please enter the organization's name.") {
		fc.maxLen("name", name, OrganizationNameMax, fmt.Sprintf("The name must be at most %d characters.", OrganizationNameMax))
	}
	if err := fc.err(); err != nil {
		return nil, err
	}
	return a.Store.CreateOrganization(ctx, name, c.Audit(AuditOrganizationCreate, "organization", "", map[string]any{"name": name}))
}

func clampLimit(n int) int {
	if n <= 0 || n > 500 {
		return 100
	}
	return n
}
