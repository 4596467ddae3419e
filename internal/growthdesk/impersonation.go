package growthdesk

import (
	"context"
	"strings"
	"time"
)

// ImpersonationDuration is how long an impersonation lasts at most; it ends by itself after.
const ImpersonationDuration = 60 * time.Minute

// Why an impersonation record stopped.
const (
	ImpersonationEnded     = "ended"      // the staff member ended it
	ImpersonationReplaced  = "replaced"   // the staff member started another one
	ImpersonationSignedOut = "signed_out" // the staff session ended
	ImpersonationExpired   = "expired"    // ImpersonationDuration passed
)

// Impersonation is a record of a staff member acting as another account. It applies only to
// the staff session that started it, and only while active and before ExpiresAt.
type Impersonation struct {
	ID           string     `json:"id"`
	AdminID      string     `json:"admin_id"`
	TargetUserID string     `json:"target_user_id"`
	IsActive     bool       `json:"is_active"`
	StartedAt    time.Time  `json:"started_at"`
	ExpiresAt    time.Time  `json:"expires_at"`
	EndedAt      *time.Time `json:"ended_at"`
	// SessionID is the staff session the record applies to; never sent to the browser.
	SessionID string `json:"-"`
	// Target is the account acted as, for the page to name it.
	Target *ImpersonationTarget `json:"target,omitempty"`
}

// ImpersonationTarget is an account as the impersonation page lists it.
type ImpersonationTarget struct {
	ID               string `json:"id"`
	FullName         string `json:"full_name"`
	Email            string `json:"email"`
	Role             Role   `json:"role"`
	OrganizationName string `json:"organization_name"`
}

// ImpersonationStart is the body of a start request.
type ImpersonationStart struct {
	TargetUserID string `json:"target_user_id"`
}

// ImpersonationStore keeps impersonation records. A record counts as active only while
// is_active, its session exists and now is before its expiry; the store ends the others when
// it meets them.
type ImpersonationStore interface {
	// ActiveForSession returns the record applying to a session now, or nil.
	ActiveForSession(ctx context.Context, sessionID string, now time.Time) (*Impersonation, error)
	// ActiveForAdmin returns the staff member's record applying to any of their sessions now,
	// or nil; records that no longer apply are ended on the way.
	ActiveForAdmin(ctx context.Context, adminID string, now time.Time) (*Impersonation, error)
	// StartImpersonation ends every active record of rec.AdminID (reason replaced) and
	// inserts rec, with the audit entry, in one transaction.
	StartImpersonation(ctx context.Context, rec *Impersonation, audit AuditEntry) (*Impersonation, error)
	// EndImpersonation ends the staff member's active records; ENotFound when none applies.
	EndImpersonation(ctx context.Context, adminID, reason string, audit AuditEntry) (*Impersonation, error)
}

// Impersonations lets staff act as an account of a lower role. The server asks ActingAs for
// every request, so that an active record makes the staff session act as the target.
type Impersonations struct {
	Store    ImpersonationStore
	Accounts AccountStore
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

var (
	errImpersonateSelf     = &Error{Code: EForbidden, Message: "You cannot impersonate yourself."}
	errImpersonateLower    = &Error{Code: EForbidden, Message: "You can impersonate only accounts of a lower role: administrators impersonate employees and customers, employees impersonate customers."}
	errImpersonateApproved = &Error{Code: EForbidden, Message: "Only approved accounts can be impersonated."}
	errNoImpersonation     = &Error{Code: ENotFound, Message: "No active impersonation session"}
	// ErrWhileImpersonating refuses changes to credentials, sessions and payments while a staff
	// member acts as someone else.
	ErrWhileImpersonating = &Error{Code: EForbidden, Message: "This is not available while impersonating: passwords, e-mail, two-factor devices, sessions and payments can only be changed by the account's owner."}
)

func roleRank(r Role) int {
	switch r {
	case RoleAdmin:
		return 2
	case RoleEmployee:
		return 1
	}
	return 0
}

// CanImpersonate lets an approved staff member act as an approved account of a lower role:
// admins as employees and customers, employees as customers; never as themselves.
func CanImpersonate(c *Caller, target *Profile) error {
	if err := RequireStaff(c); err != nil {
		return err
	}
	if target.ID == c.Profile.ID {
		return errImpersonateSelf
	}
	if roleRank(target.Role) >= roleRank(c.Profile.Role) {
		return errImpersonateLower
	}
	if target.ApprovalStatus != ApprovalApproved {
		return errImpersonateApproved
	}
	return nil
}

// NotImpersonating refuses the action while the caller acts as someone else: credentials,
// sessions and payments belong to the account's owner.
func NotImpersonating(c *Caller) error {
	if c.Impersonating() {
		return ErrWhileImpersonating
	}
	return nil
}

// Self is the caller as the account acting: the staff member while impersonating, the caller
// itself otherwise. The impersonation endpoints act on it.
func (c *Caller) Self() *Caller {
	if !c.Impersonating() {
		return c
	}
	self := *c
	self.Profile, self.Actor = c.Actor, nil
	return &self
}

func (m *Impersonations) now() time.Time {
	if m.Now != nil {
		return m.Now().UTC()
	}
	return time.Now().UTC()
}

// ActingAs returns the account the signed-in staff member acts as in this session, or nil.
// A record whose target may no longer be impersonated (rejected, promoted) is ended.
func (m *Impersonations) ActingAs(ctx context.Context, self *Caller) (*Profile, error) {
	if self == nil || self.Profile == nil || !self.Profile.IsStaff() || self.SessionID == "" {
		return nil, nil
	}
	rec, err := m.Store.ActiveForSession(ctx, self.SessionID, m.now())
	if err != nil || rec == nil || rec.AdminID != self.Profile.ID {
		return nil, err
	}
	target, err := m.Accounts.GetProfile(ctx, rec.TargetUserID)
	if ErrorCode(err) == ENotFound || (err == nil && CanImpersonate(self, target) != nil) {
		_, endErr := m.Store.EndImpersonation(ctx, self.Profile.ID, ImpersonationEnded,
			self.Audit(AuditImpersonationEnd, "user", rec.TargetUserID, map[string]any{"reason": "target no longer allowed"}))
		if endErr != nil && ErrorCode(endErr) != ENotFound {
			return nil, endErr
		}
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return target, nil
}

// Current returns the record the staff member's current session acts under, or nil.
func (m *Impersonations) Current(ctx context.Context, c *Caller) (*Impersonation, error) {
	self := c.Self()
	if err := RequireStaff(self); err != nil {
		return nil, err
	}
	rec, err := m.Store.ActiveForSession(ctx, self.SessionID, m.now())
	if err != nil || rec == nil || rec.AdminID != self.Profile.ID {
		return nil, err
	}
	return rec, nil
}

// Candidates lists the approved accounts the staff member may impersonate, matching search.
func (m *Impersonations) Candidates(ctx context.Context, c *Caller, search string) ([]*ImpersonationTarget, error) {
	self := c.Self()
	if err := RequireStaff(self); err != nil {
		return nil, err
	}
	search = strings.TrimSpace(search)
	if len([]rune(search)) > AccountSearchMax {
		return nil, Invalid(map[string]string{"search": "The search text is too long."})
	}
	accounts, err := m.Accounts.ListAccounts(ctx, AccountFilter{Search: search, Approval: ApprovalApproved, Limit: 500})
	if err != nil {
		return nil, err
	}
	out := []*ImpersonationTarget{}
	for _, a := range accounts {
		if CanImpersonate(self, &a.Profile) == nil {
			out = append(out, targetOf(&a.Profile))
		}
	}
	return out, nil
}

func targetOf(p *Profile) *ImpersonationTarget {
	return &ImpersonationTarget{ID: p.ID, FullName: p.FullName, Email: p.Email, Role: p.Role, OrganizationName: p.OrganizationName}
}

// Start makes the staff member's current session act as the target, ending any record they
// had active.
func (m *Impersonations) Start(ctx context.Context, c *Caller, in ImpersonationStart) (*Impersonation, error) {
	self := c.Self()
	if err := RequireStaff(self); err != nil {
		return nil, err
	}
	id := strings.TrimSpace(in.TargetUserID)
	if id == "" {
		return nil, Invalid(map[string]string{"target_user_id": "Choose an account to impersonate."})
	}
	target, err := m.Accounts.GetProfile(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := CanImpersonate(self, target); err != nil {
		return nil, err
	}
	if self.SessionID == "" {
		return nil, Errorf(EForbidden, "Impersonation needs a signed-in session.")
	}
	now := m.now()
	rec := &Impersonation{AdminID: self.Profile.ID, TargetUserID: target.ID, IsActive: true, StartedAt: now,
		ExpiresAt: now.Add(ImpersonationDuration), SessionID: self.SessionID, Target: targetOf(target)}
	return m.Store.StartImpersonation(ctx, rec, self.Audit(AuditImpersonationStart, "user", target.ID,
		map[string]any{"target_role": target.Role, "expires_at": rec.ExpiresAt}))
}

// End stops the staff member's active impersonation; ENotFound ('No active impersonation
// session') when there is none.
func (m *Impersonations) End(ctx context.Context, c *Caller) (*Impersonation, error) {
	self := c.Self()
	if err := RequireStaff(self); err != nil {
		return nil, err
	}
	cur, err := m.Store.ActiveForAdmin(ctx, self.Profile.ID, m.now())
	if err != nil {
		return nil, err
	}
	if cur == nil {
		return nil, errNoImpersonation
	}
	audit := self.Audit(AuditImpersonationEnd, "user", cur.TargetUserID, map[string]any{"reason": ImpersonationEnded})
	if c.Impersonating() {
		audit.ActedAsID = c.Profile.ID
	}
	return m.Store.EndImpersonation(ctx, self.Profile.ID, ImpersonationEnded, audit)
}

// SessionImpersonating reports whether a session acts as another account now; the auth
// service asks it before a change of credentials or factors.
func (m *Impersonations) SessionImpersonating(ctx context.Context, sessionID string) (bool, error) {
	rec, err := m.Store.ActiveForSession(ctx, sessionID, m.now())
	return rec != nil, err
}
