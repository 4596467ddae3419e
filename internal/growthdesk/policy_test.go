package growthdesk

import "testing"

func caller(id, role, approval string) *Caller {
	return &Caller{Identity: Identity{UserID: id}, Profile: &Profile{ID: id, Role: role, ApprovalStatus: approval}}
}

func TestPolicy_RoleByAction(t *testing.T) {
	admin := caller("a", RoleAdmin, ApprovalApproved)
	employee := caller("e", RoleEmployee, ApprovalApproved)
	customer := caller("c", RoleCustomer, ApprovalApproved)
	pendingStaff := caller("p", RoleEmployee, ApprovalPending)
	secondFactorDue := caller("m", RoleAdmin, ApprovalApproved)
	secondFactorDue.MFAPending = true
	otherCustomer := &Profile{ID: "x", Role: RoleCustomer, ApprovalStatus: ApprovalPending}
	otherAdmin := &Profile{ID: "y", Role: RoleAdmin, ApprovalStatus: ApprovalApproved}

	type check func() error
	cases := []struct {
		name string
		run  check
		code string // "" = allowed
	}{
		{"nobody uses the portal", func() error { return CanUsePortal(nil) }, EUnauthorized},
		{"pending cannot use the portal", func() error { return CanUsePortal(pendingStaff) }, EForbidden},
		{"customer uses the portal", func() error { return CanUsePortal(customer) }, ""},
		{"a session short of its second factor cannot use the portal", func() error { return CanUsePortal(secondFactorDue) }, EForbidden},
		{"nor manage accounts", func() error { return CanManageAccounts(secondFactorDue) }, EForbidden},
		{"customer cannot manage accounts", func() error { return CanManageAccounts(customer) }, EForbidden},
		{"pending staff cannot manage accounts", func() error { return CanManageAccounts(pendingStaff) }, EForbidden},
		{"employee manages accounts", func() error { return CanManageAccounts(employee) }, ""},
		{"admin manages accounts", func() error { return CanManageAccounts(admin) }, ""},
		{"employee approves a customer", func() error { return CanChangeApproval(employee, otherCustomer) }, ""},
		{"employee cannot reject an admin", func() error { return CanChangeApproval(employee, otherAdmin) }, EForbidden},
		{"admin rejects an admin", func() error { return CanChangeApproval(admin, otherAdmin) }, ""},
		{"nobody changes own approval", func() error { return CanChangeApproval(admin, admin.Profile) }, EForbidden},
		{"customer cannot approve", func() error { return CanChangeApproval(customer, otherCustomer) }, EForbidden},
		{"employee assigns a customer's organization", func() error { return CanSetOrganization(employee, otherCustomer) }, ""},
		{"employee cannot move an admin", func() error { return CanSetOrganization(employee, otherAdmin) }, EForbidden},
		{"customer cannot assign organizations", func() error { return CanSetOrganization(customer, otherCustomer) }, EForbidden},
		{"admin makes a customer an employee", func() error { return CanChangeRole(admin, otherCustomer, RoleEmployee) }, ""},
		{"admin makes someone admin", func() error { return CanChangeRole(admin, otherCustomer, RoleAdmin) }, ""},
		{"admin cannot change own role", func() error { return CanChangeRole(admin, admin.Profile, RoleCustomer) }, EForbidden},
		{"admin cannot set an unknown role", func() error { return CanChangeRole(admin, otherCustomer, "owner") }, EInvalid},
		{"employee cannot make an admin", func() error { return CanChangeRole(employee, otherCustomer, RoleAdmin) }, EForbidden},
		{"employee cannot change any role", func() error { return CanChangeRole(employee, otherCustomer, RoleCustomer) }, EForbidden},
		{"customer cannot change roles", func() error { return CanChangeRole(customer, otherCustomer, RoleEmployee) }, EForbidden},
	}
	for _, tc := range cases {
		if got := ErrorCode(tc.run()); got != tc.code {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.code)
		}
	}
}
