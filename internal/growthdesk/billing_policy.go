package growthdesk

var (
	// A customer without an organization, or a staff account, has no organization to bill:
	// the request conflicts with the account's state (409), like Team's missing organization.
	errBillingNoOrg   = &Error{Code: EConflict, Message: "Your account is not part of an organization yet. Contact support to be added to yours before you buy a plan."}
	errBillingStaff   = &Error{Code: EConflict, Message: "Plans are bought by customers for their organization. Staff accounts have no billing of their own."}
	errImpersonatePay = &Error{Code: EForbidden, Message: "Payments cannot be changed while impersonating a user."}
	// The billing overview's refusal, word for word; the page puts 'Access Denied: ' before it.
	errBillingOverview = &Error{Code: EForbidden, Message: "Only administrators can access billing overview."}
)

// CanManagePayments allows approved customers with an organization to check out, cancel,
// resume and change the payment method, never while a staff member impersonates them.
func CanManagePayments(c *Caller) error {
	if err := CanUsePortal(c); err != nil {
		return err
	}
	if c.Impersonating() {
		return errImpersonatePay
	}
	if c.Profile.IsStaff() {
		return errBillingStaff
	}
	if c.Profile.OrganizationID == nil || *c.Profile.OrganizationID == "" {
		return errBillingNoOrg
	}
	return nil
}

// CanViewBilling allows approved accounts to read their organization's billing.
func CanViewBilling(c *Caller) error { return CanUsePortal(c) }

// CanViewBillingOverview allows approved admins only.
func CanViewBillingOverview(c *Caller) error {
	if err := CanUsePortal(c); err != nil {
		return err
	}
	if c.Profile.Role != RoleAdmin {
		return errBillingOverview
	}
	return nil
}

// billingScope is the organizations whose billing records c may read: every organization
// for an admin; for anyone else, employees included, only their own organization, since
// other organizations' billing is admin-only.
func billingScope(c *Caller) Scope {
	if CanViewBillingOverview(c) == nil {
		return c.Scope()
	}
	if c.Profile.OrganizationID != nil {
		return OrganizationScope(*c.Profile.OrganizationID)
	}
	return Scope{}
}

// CanManageSubscriptions allows approved admins to change or delete subscriptions.
func CanManageSubscriptions(c *Caller) error { return CanViewBillingOverview(c) }

// CanManagePlans allows administrators (and the operator's command line) to read the whole
// catalogue and change it.
func CanManagePlans(c *Caller) error { return RequireAdmin(c) }
