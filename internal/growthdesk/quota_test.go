package growthdesk

import "testing"

func TestUnderQuota_EveryAccountButStaff(t *testing.T) {
	impersonating := caller("c", RoleCustomer, ApprovalApproved)
	impersonating.Actor = &Profile{ID: "e", Role: RoleEmployee, ApprovalStatus: ApprovalApproved}
	for _, tc := range []struct {
		name string
		c    *Caller
		want bool
	}{
		{"customer", caller("c", RoleCustomer, ApprovalApproved), true},
		{"pending customer", caller("p", RoleCustomer, ApprovalPending), true},
		{"employee", caller("e", RoleEmployee, ApprovalApproved), false},
		{"admin", caller("a", RoleAdmin, ApprovalApproved), false},
		{"staff acting as a customer", impersonating, true},
		{"nobody", nil, false},
	} {
		if got := UnderQuota(tc.c); got != tc.want {
			t.Errorf("%s: UnderQuota = %v, want %v", tc.name, got, tc.want)
		}
	}
}
