package growthdesk

// Policy: who may do what. Pure functions of the caller's and the target's profiles,
// applied by the services on every call; the browser only hides what these refuse.

import (
	"fmt"
	"time"
)

var (
	errSignIn        = &Error{Code: EUnauthorized, Message: "Sign in to continue."}
	errPending       = &Error{Code: EForbidden, Message: "Your account is waiting for approval."}
	errMFAPending    = &Error{Code: EForbidden, Message: "Enter the code from your authenticator app to continue."}
	errStaffOnly     = &Error{Code: EForbidden, Message: "Only staff can do this."}
	errAdminOnly     = &Error{Code: EForbidden, Message: "Only administrators can change roles."}
	errOwnRole       = &Error{Code: EForbidden, Message: "You cannot change your own role."}
	errHigherAccount = &Error{Code: EForbidden, Message: "Only administrators can change an administrator's account."}
	errOwnApproval   = &Error{Code: EForbidden, Message: "You cannot change the approval of your own account."}
	errOwnOrg        = &Error{Code: EForbidden, Message: "You cannot change your own organization."}
	errCustomersOnly = &Error{Code: EForbidden, Message: "Employees can manage customer accounts only."}
	errAdminsOnly    = &Error{Code: EForbidden, Message: "Only administrators can do this."}
)

// Access is who may call a route. Each route declares one, and the server checks it before
// the handler runs; the services then apply the policy of each action as a second wall.
type Access int

// The access levels, each including the ones after it.
const (
	AccessPublic   Access = iota // anyone, signed in or not
	AccessSignedIn               // any signed-in account, approved or not: its own profile only
	AccessApproved               // approved accounts: customers and staff
	AccessStaff                  // approved employees and admins
	AccessAdmin                  // approved admins
)

func (a Access) String() string {
	return [...]string{"public", "signed in", "approved", "staff", "admin"}[a]
}

// CheckAccess decides whether the caller (nil: not signed in) may call a route declared
// with access a.
func CheckAccess(c *Caller, a Access) error {
	switch a {
	case AccessPublic:
		return nil
	case AccessSignedIn:
		if c == nil || c.Profile == nil {
			return errSignIn
		}
		return nil
	case AccessApproved:
		return CanUsePortal(c)
	case AccessStaff:
		return RequireStaff(c)
	default:
		return RequireAdmin(c)
	}
}

// RequireStaff allows approved employees and admins.
func RequireStaff(c *Caller) error {
	if err := CanUsePortal(c); err != nil {
		return err
	}
	if !c.Profile.IsStaff() {
		return errStaffOnly
	}
	return nil
}

// RequireAdmin allows approved admins.
func RequireAdmin(c *Caller) error {
	if err := CanUsePortal(c); err != nil {
		return err
	}
	if c.Profile.Role != RoleAdmin {
		return errAdminsOnly
	}
	return nil
}

// IsValidRole reports whether role is one the product assigns.
func IsValidRole(role string) bool {
	return role == RoleAdmin || role == RoleEmployee || role == RoleCustomer
}

// CanUsePortal allows approved accounts only.
func CanUsePortal(c *Caller) error {
	if c == nil || c.Profile == nil {
		return errSignIn
	}
	if c.Profile.ApprovalStatus != ApprovalApproved {
		return errPending
	}
	if c.MFAPending {
		return errMFAPending
	}
	return nil
}

// CanManageAccounts allows approved staff to list accounts and organizations and to read
// the audit log.
func CanManageAccounts(c *Caller) error { return RequireStaff(c) }

// canManageTarget is the rule every change to someone else's account follows: employees
// manage customers; admins manage everyone; nobody manages their own account this way.
func canManageTarget(c *Caller, target *Profile, own *Error) error {
	if err := CanManageAccounts(c); err != nil {
		return err
	}
	if target.ID == c.Profile.ID {
		return own
	}
	if c.Profile.Role != RoleAdmin && target.IsStaff() {
		if target.Role == RoleAdmin {
			return errHigherAccount
		}
		return errCustomersOnly
	}
	return nil
}

// CanChangeApproval lets employees approve or reject customers and admins anyone else.
func CanChangeApproval(c *Caller, target *Profile) error {
	return canManageTarget(c, target, errOwnApproval)
}

// CanSetOrganization lets employees move customers between organizations and admins anyone
// else.
func CanSetOrganization(c *Caller, target *Profile) error {
	return canManageTarget(c, target, errOwnOrg)
}

// CanChangeRole lets administrators change other people's roles. Nobody changes their own
// role, and since only administrators change roles, an employee can never make an admin.
func CanChangeRole(c *Caller, target *Profile, newRole string) error {
	if err := CanManageAccounts(c); err != nil {
		return err
	}
	if c.Profile.Role != RoleAdmin {
		return errAdminOnly
	}
	if target.ID == c.Profile.ID {
		return errOwnRole
	}
	if !IsValidRole(newRole) {
		return Invalid(map[string]string{"role": "Choose admin, employee or customer."})
	}
	return nil
}

// CanListLeads lets approved staff read the contact form's leads: names, addresses and
// phone numbers of prospects are for the company's eyes only.
func CanListLeads(c *Caller) error { return RequireStaff(c) }

// CanHandleLeads lets approved staff mark a lead handled or reopen it: whoever may read the
// leads answers them.
func CanHandleLeads(c *Caller) error { return RequireStaff(c) }

// CanListSubscribers lets approved staff read the newsletter list.
func CanListSubscribers(c *Caller) error { return RequireStaff(c) }

// CanReadMailLog lets staff see what was sent and whether it was delivered; the answer never
// carries a message's codes, tokens or links.
func CanReadMailLog(c *Caller) error { return RequireStaff(c) }

// CanViewTeam lets approved accounts see the members of their organization (staff: of any).
func CanViewTeam(c *Caller) error { return CanUsePortal(c) }

// Staff tools: the admin dashboard and the community forum.

// CanViewAdminDashboard lets approved staff read the admin dashboard's figures.
func CanViewAdminDashboard(c *Caller) error { return RequireStaff(c) }

// CanSeeRevenue lets approved admins read revenue figures; employees see the other tiles.
func CanSeeRevenue(c *Caller) error { return RequireAdmin(c) }

// CanSeeBillingAudit lets approved admins read the billing actions of the audit log and of
// Recent Activity; employees see every other action.
func CanSeeBillingAudit(c *Caller) error { return RequireAdmin(c) }

// CanUseForum lets every approved account read the forum, start topics and reply.
func CanUseForum(c *Caller) error { return CanUsePortal(c) }

// CanModerateForum lets approved staff pin, lock and delete topics and delete replies.
func CanModerateForum(c *Caller) error { return RequireStaff(c) }

var (
	errNotYourPost    = &Error{Code: EForbidden, Message: "You can edit only your own posts."}
	errEditWindowOver = &Error{Code: EForbidden, Message: fmt.Sprintf("Posts can be edited for %d minutes after posting.", ForumEditMinutes)}
)

// CanEditForumPost lets the author of a post change its text within ForumEditWindow of
// posting; nobody else edits another person's words (staff delete instead).
func CanEditForumPost(c *Caller, post *ForumPost, now time.Time) error {
	if err := CanUseForum(c); err != nil {
		return err
	}
	if post.Author.ID != c.Profile.ID {
		return errNotYourPost
	}
	if now.After(post.CreatedAt.Add(ForumEditWindow)) {
		return errEditWindowOver
	}
	return nil
}
