package growthdesk

import (
	"strings"
	"testing"
	"time"
)

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
	otherEmployee := &Profile{ID: "z", Role: RoleEmployee, ApprovalStatus: ApprovalApproved}

	forumNow := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	freshPost := &ForumPost{Author: ForumAuthor{ID: "c"}, CreatedAt: forumNow.Add(-ForumEditWindow)}
	oldPost := &ForumPost{Author: ForumAuthor{ID: "c"}, CreatedAt: forumNow.Add(-ForumEditWindow - time.Second)}

	type check func() error
	cases := []struct {
		name string
		run  check
		code string // "" = allowed
	}{
		{"nobody uses the portal", func() error { return CanUsePortal(nil) }, EUnauthorized},
		{"employee reads the admin dashboard", func() error { return CanViewAdminDashboard(employee) }, ""},
		{"customer cannot read the admin dashboard", func() error { return CanViewAdminDashboard(customer) }, EForbidden},
		{"admin sees revenue", func() error { return CanSeeRevenue(admin) }, ""},
		{"employee does not see revenue", func() error { return CanSeeRevenue(employee) }, EForbidden},
		{"admin sees billing's audit entries", func() error { return CanSeeBillingAudit(admin) }, ""},
		{"employee does not see billing's audit entries", func() error { return CanSeeBillingAudit(employee) }, EForbidden},
		{"customer uses the forum", func() error { return CanUseForum(customer) }, ""},
		{"pending cannot use the forum", func() error { return CanUseForum(pendingStaff) }, EForbidden},
		{"customer cannot moderate the forum", func() error { return CanModerateForum(customer) }, EForbidden},
		{"employee moderates the forum", func() error { return CanModerateForum(employee) }, ""},
		{"author edits a fresh post", func() error { return CanEditForumPost(customer, freshPost, forumNow) }, ""},
		{"author cannot edit after 15 minutes", func() error { return CanEditForumPost(customer, oldPost, forumNow) }, EForbidden},
		{"staff cannot edit someone else's post", func() error { return CanEditForumPost(admin, freshPost, forumNow) }, EForbidden},
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
		{"employee cannot reject another employee", func() error { return CanChangeApproval(employee, otherEmployee) }, EForbidden},
		{"employee cannot change own approval", func() error { return CanChangeApproval(employee, employee.Profile) }, EForbidden},
		{"admin rejects an employee", func() error { return CanChangeApproval(admin, otherEmployee) }, ""},
		{"admin approves a customer", func() error { return CanChangeApproval(admin, otherCustomer) }, ""},
		{"employee cannot move themselves", func() error { return CanSetOrganization(employee, employee.Profile) }, EForbidden},
		{"employee cannot move another employee", func() error { return CanSetOrganization(employee, otherEmployee) }, EForbidden},
		{"admin cannot move themselves", func() error { return CanSetOrganization(admin, admin.Profile) }, EForbidden},
		{"admin moves an employee", func() error { return CanSetOrganization(admin, otherEmployee) }, ""},
		{"admin moves an admin", func() error { return CanSetOrganization(admin, otherAdmin) }, ""},
		{"employee cannot change own role", func() error { return CanChangeRole(employee, employee.Profile, RoleAdmin) }, EForbidden},
		{"staff list leads", func() error { return CanListLeads(employee) }, ""},
		{"customers cannot list leads", func() error { return CanListLeads(customer) }, EForbidden},
		{"staff handle leads", func() error { return CanHandleLeads(employee) }, ""},
		{"customers cannot handle leads", func() error { return CanHandleLeads(customer) }, EForbidden},
		{"staff read the mail log", func() error { return CanReadMailLog(employee) }, ""},
		{"customers cannot read the mail log", func() error { return CanReadMailLog(customer) }, EForbidden},
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

func TestCheckAccess_RoleByLevel(t *testing.T) {
	pending := caller("p", RoleCustomer, ApprovalPending)
	rejected := caller("r", RoleCustomer, ApprovalRejected)
	mfaDue := caller("m", RoleAdmin, ApprovalApproved)
	mfaDue.MFAPending = true
	callers := []struct {
		name string
		c    *Caller
		want [5]string // public, signed in, approved, staff, admin
	}{
		{"visitor", nil, [5]string{"", EUnauthorized, EUnauthorized, EUnauthorized, EUnauthorized}},
		{"pending", pending, [5]string{"", "", EForbidden, EForbidden, EForbidden}},
		{"rejected", rejected, [5]string{"", "", EForbidden, EForbidden, EForbidden}},
		{"second factor due", mfaDue, [5]string{"", "", EForbidden, EForbidden, EForbidden}},
		{"customer", caller("c", RoleCustomer, ApprovalApproved), [5]string{"", "", "", EForbidden, EForbidden}},
		{"unknown role counts as customer", caller("o", "owner", ApprovalApproved), [5]string{"", "", "", EForbidden, EForbidden}},
		{"employee", caller("e", RoleEmployee, ApprovalApproved), [5]string{"", "", "", "", EForbidden}},
		{"admin", caller("a", RoleAdmin, ApprovalApproved), [5]string{"", "", "", "", ""}},
	}
	levels := []Access{AccessPublic, AccessSignedIn, AccessApproved, AccessStaff, AccessAdmin}
	for _, tc := range callers {
		for i, level := range levels {
			if got := ErrorCode(CheckAccess(tc.c, level)); got != tc.want[i] {
				t.Errorf("%s at %s: got %q, want %q", tc.name, level, got, tc.want[i])
			}
		}
	}
}

func TestScope_CustomersReachOnlyTheirOrganization(t *testing.T) {
	org := "org-1"
	customer := caller("c", RoleCustomer, ApprovalApproved)
	customer.Profile.OrganizationID = &org
	lone := caller("l", RoleCustomer, ApprovalApproved)
	employee := caller("e", RoleEmployee, ApprovalApproved)

	if s := customer.Scope(); !s.Allows(org) || s.Allows("org-2") || s.All() || s.Empty() {
		t.Errorf("customer scope = %+v", s)
	}
	if s := customer.Scope().Narrow("org-2"); s.Organization() != org {
		t.Errorf("a customer's scope must ignore another organization filter, got %+v", s)
	}
	if s := lone.Scope(); !s.Empty() || s.Allows("") || s.Allows(org) {
		t.Errorf("a customer without an organization must reach none, got %+v", s)
	}
	if s := employee.Scope(); !s.All() || !s.Allows(org) || !s.Allows("org-2") {
		t.Errorf("staff scope = %+v", s)
	}
	if s := employee.Scope().Narrow("org-2"); s.All() || !s.Allows("org-2") || s.Allows(org) {
		t.Errorf("staff narrowed to org-2 = %+v", s)
	}
	var nobody *Caller
	if s := nobody.Scope(); !s.Empty() {
		t.Errorf("no caller must reach nothing, got %+v", s)
	}
}

func TestScope_TheSystemActingNamesItself(t *testing.T) {
	if s := SystemScope("report-worker"); !s.All() || s.System() != "report-worker" {
		t.Errorf("system scope = %+v", s)
	}
	if s := Operator("cli").Scope(); !s.All() || s.System() != "cli" {
		t.Errorf("the command line's scope = %+v, want every organization, named cli", s)
	}
	if s := caller("e", RoleEmployee, ApprovalApproved).Scope(); s.System() != "" {
		t.Errorf("a staff member's scope names the system: %+v", s)
	}
}

func TestCaller_AuditRecordsBothAccountsWhileImpersonating(t *testing.T) {
	staff := &Profile{ID: "staff", Role: RoleAdmin, ApprovalStatus: ApprovalApproved}
	target := &Profile{ID: "cust", Role: RoleCustomer, ApprovalStatus: ApprovalApproved}
	c := &Caller{Profile: target, Actor: staff, RequestID: "req-1", ClientIP: "203.0.113.9"}
	e := c.Audit("ticket.create", "ticket", "t1", nil)
	if e.ActorID != "staff" || e.ActedAsID != "cust" || e.RequestID != "req-1" || e.IP != "203.0.113.9" {
		t.Fatalf("audit entry = %+v", e)
	}
	self := &Caller{Profile: staff, RequestID: "req-2"}
	if e := self.Audit("x", "", "", nil); e.ActorID != "staff" || e.ActedAsID != "" {
		t.Fatalf("audit entry without impersonation = %+v", e)
	}
	if e := Operator("cli").Audit("x", "", "", nil); e.ActorID != "" || e.RequestID != "cli" {
		t.Fatalf("operator audit entry = %+v", e)
	}
}

func TestRedactSecrets_RemovesLinksCodesAndTokens(t *testing.T) {
	in := "Hi Pat,\nReset: https://example.com/auth/v1/verify?token=abc123&type=recovery\nOr enter 482913 or 482 913.\n" +
		"Token: eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiIxIn0.sig_part-XYZ\nCall us at 317-555-0100 on 2026-11-24."
	out := RedactSecrets(in)
	for _, secret := range []string{"abc123", "482913", "482 913", "eyJhbGciOiJFUzI1NiJ9", "https://"} {
		if strings.Contains(out, secret) {
			t.Errorf("redacted text still holds %q: %s", secret, out)
		}
	}
	for _, kept := range []string{"Hi Pat,", "[link removed]", "[code removed]", "[token removed]", "317-555-0100", "2026-11-24"} {
		if !strings.Contains(out, kept) {
			t.Errorf("redacted text lacks %q: %s", kept, out)
		}
	}
}
