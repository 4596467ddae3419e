package growthdesk

import (
	"context"
	"strings"
	"time"
)

// ImpersonationDuration is how long an impersonation lasts at most; it ends by itself after.
const ImpersonationDuration = 60 * time.Minute

// Why an impersonation record stopped; each end is in the audit log (impersonation.end, the
// reason in its details), attributed to the staff member.
const (
	ImpersonationEnded        = "ended"          // the staff member ended it
	ImpersonationReplaced     = "replaced"       // the staff member started another one
	ImpersonationSignedOut    = "signed_out"     // the staff member signed the session out
	ImpersonationSessionEnded = "session_ended"  // the session went another way (password change, rejection, token reuse)
	ImpersonationExpired      = "expired"        // ImpersonationDuration passed
	ImpersonationTargetGone   = "target_revoked" // the target may no longer be impersonated (rejected, role changed)
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
// is_active, its session exists and now is before its expiry. Every record that stops, for
// whatever reason, gets an impersonation.end audit entry in the transaction that ends it.
type ImpersonationStore interface {
	// ActiveForSession returns the record applying to a session now, or nil; a record met
	// past its expiry is ended on the way.
	ActiveForSession(ctx context.Context, sessionID string, now time.Time) (*Impersonation, error)
	// StartImpersonation ends every active record of rec.AdminID (reason replaced, or expired
	// and session_ended for those that no longer applied) and inserts rec, with the audit
	// entry, in one transaction.
	StartImpersonation(ctx context.Context, rec *Impersonation, audit AuditEntry) (*Impersonation, error)
	// EndImpersonation ends the record id with the audit entry; ENotFound when it is no
	// longer active.
	EndImpersonation(ctx context.Context, id, reason string, audit AuditEntry) (*Impersonation, error)
	// EndStale ends every record past its expiry or without a session.
	EndStale(ctx context.Context, now time.Time) error
	// RecordRequest writes the audit entry of one request made while impersonating.
	RecordRequest(ctx context.Context, audit AuditEntry) error
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
	// errStaffToolsWhileImpersonating refuses the staff tools that would still work at the
	// staff member's own level while their session acts as someone else.
	errStaffToolsWhileImpersonating = &Error{Code: EForbidden, Message: "End the impersonation first: while you act as someone else, staff tools work only as far as that account may use them."}
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
		_, endErr := m.Store.EndImpersonation(ctx, rec.ID, ImpersonationTargetGone,
			self.Audit(AuditImpersonationEnd, "user", rec.TargetUserID, map[string]any{"reason": ImpersonationTargetGone}))
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

// RecordRequest leaves an audit entry, naming the staff member and the account acted as, of a
// request made while impersonating: every request, reads and downloads included, so that what
// a staff member saw as someone else is on record as well as what they changed. Nothing is
// written for a caller who is not impersonating. The server answers the request only once
// the entry is written: an error here refuses it.
func (m *Impersonations) RecordRequest(ctx context.Context, c *Caller, method, path string) error {
	if !c.Impersonating() {
		return nil
	}
	return m.Store.RecordRequest(ctx, c.Audit(AuditImpersonationRequest, "user", c.Profile.ID,
		map[string]any{"method": method, "path": clip(path, 500)}))
}

// Current returns the record the staff member's current session acts under, or nil. Like
// End, it looks at this session only: another session of the same staff member, which does
// not act as the target, has no impersonation to show or end.
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
// While the session acts as someone else it is refused: it is a staff tool, and a staff tool
// that answered at the staff member's own level would break the rule that an impersonating
// session may do what the target may, nothing more. Starting another impersonation (POST)
// stays possible; the page lists candidates again once the current one has ended.
func (m *Impersonations) Candidates(ctx context.Context, c *Caller, search string) ([]*ImpersonationTarget, error) {
	self := c.Self()
	if err := RequireStaff(self); err != nil {
		return nil, err
	}
	if c.Impersonating() {
		return nil, errStaffToolsWhileImpersonating
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

// End stops the impersonation of the staff member's current session; ENotFound ('No active
// impersonation session') when this session acts as nobody, even if another session of theirs
// does (that one ends on its own 'End Impersonation', its sign-out or its expiry).
func (m *Impersonations) End(ctx context.Context, c *Caller) (*Impersonation, error) {
	cur, err := m.Current(ctx, c)
	if err != nil {
		return nil, err
	}
	if cur == nil {
		return nil, errNoImpersonation
	}
	audit := c.Self().Audit(AuditImpersonationEnd, "user", cur.TargetUserID, map[string]any{"reason": ImpersonationEnded})
	if c.Impersonating() {
		audit.ActedAsID = c.Profile.ID
	}
	return m.Store.EndImpersonation(ctx, cur.ID, ImpersonationEnded, audit)
}

// EndStale ends, with their audit entries, the records that no longer apply: past their
// expiry or whose session is gone. Requests end such records when they meet them; the server
// also calls this every minute so that the log shows the end of an impersonation nobody
// came back to.
func (m *Impersonations) EndStale(ctx context.Context) error {
	return m.Store.EndStale(ctx, m.now())
}

// SessionImpersonating reports whether a session acts as another account now; the auth
// service asks it before a change of credentials or factors.
func (m *Impersonations) SessionImpersonating(ctx context.Context, sessionID string) (bool, error) {
	rec, err := m.Store.ActiveForSession(ctx, sessionID, m.now())
	return rec != nil, err
}
