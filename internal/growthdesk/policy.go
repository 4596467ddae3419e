package growthdesk

// Policy: who may do what. Pure functions of the caller's and the target's profiles,
// applied by the services on every call; the browser only hides what these refuse.

var (
	errSignIn        = &Error{Code: EUnauthorized, Message: "Sign in to continue."}
	errPending       = &Error{Code: EForbidden, Message: "Your account is waiting for approval."}
	errMFAPending    = &Error{Code: EForbidden, Message: "Enter the code from your authenticator app to continue."}
	errStaffOnly     = &Error{Code: EForbidden, Message: "Only staff can do this."}
	errAdminOnly     = &Error{Code: EForbidden, Message: "Only administrators can change roles."}
	errOwnRole       = &Error{Code: EForbidden, Message: "You cannot change your own role."}
	errHigherAccount = &Error{Code: EForbidden, Message: "Only administrators can change an administrator's account."}
	errOwnApproval   = &Error{Code: EForbidden, Message: "You cannot change the approval of your own account."}
)

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

// CanManageAccounts allows approved staff to list accounts, approve, reject and assign
// organizations.
func CanManageAccounts(c *Caller) error {
	if err := CanUsePortal(c); err != nil {
		return err
	}
	if !c.Profile.IsStaff() {
		return errStaffOnly
	}
	return nil
}

// CanChangeApproval lets staff approve or reject others' accounts; employees cannot
// act on administrators' accounts.
func CanChangeApproval(c *Caller, target *Profile) error {
	if err := CanManageAccounts(c); err != nil {
		return err
	}
	if target.ID == c.Profile.ID {
		return errOwnApproval
	}
	if target.Role == RoleAdmin && c.Profile.Role != RoleAdmin {
		return errHigherAccount
	}
	return nil
}

// CanSetOrganization lets staff assign anyone's organization except an administrator's,
// which only administrators may change.
func CanSetOrganization(c *Caller, target *Profile) error {
	if err := CanManageAccounts(c); err != nil {
		return err
	}
	if target.Role == RoleAdmin && c.Profile.Role != RoleAdmin {
		return errHigherAccount
	}
	return nil
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
