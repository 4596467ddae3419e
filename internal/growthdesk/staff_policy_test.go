package growthdesk

import (
	"slices"
	"strings"
	"testing"
	"time"
)

func TestPolicy_StaffTools(t *testing.T) {
	admin := caller("a", RoleAdmin, ApprovalApproved)
	employee := caller("e", RoleEmployee, ApprovalApproved)
	customer := caller("c", RoleCustomer, ApprovalApproved)
	pendingStaff := caller("p", RoleEmployee, ApprovalPending)
	approved := func(id, role string) *Profile { return &Profile{ID: id, Role: role, ApprovalStatus: ApprovalApproved} }
	impersonating := &Caller{Profile: approved("c", RoleCustomer), Actor: approved("a", RoleAdmin)}

	cases := []struct {
		name string
		err  error
		code string // "" = allowed
	}{
		{"admin impersonates a customer", CanImpersonate(admin, approved("x", RoleCustomer)), ""},
		{"admin impersonates an employee", CanImpersonate(admin, approved("x", RoleEmployee)), ""},
		{"admin cannot impersonate another admin", CanImpersonate(admin, approved("x", RoleAdmin)), EForbidden},
		{"admin cannot impersonate themselves", CanImpersonate(admin, approved("a", RoleAdmin)), EForbidden},
		{"employee impersonates a customer", CanImpersonate(employee, approved("x", RoleCustomer)), ""},
		{"employee cannot impersonate an employee", CanImpersonate(employee, approved("x", RoleEmployee)), EForbidden},
		{"employee cannot impersonate an admin", CanImpersonate(employee, approved("x", RoleAdmin)), EForbidden},
		{"nobody impersonates a pending account", CanImpersonate(admin, &Profile{ID: "x", Role: RoleCustomer, ApprovalStatus: ApprovalPending}), EForbidden},
		{"nor a rejected one", CanImpersonate(employee, &Profile{ID: "x", Role: RoleCustomer, ApprovalStatus: ApprovalRejected}), EForbidden},
		{"customer cannot impersonate", CanImpersonate(customer, approved("x", RoleCustomer)), EForbidden},
		{"pending staff cannot impersonate", CanImpersonate(pendingStaff, approved("x", RoleCustomer)), EForbidden},
		{"staff manage announcements", CanManageAnnouncements(employee), ""},
		{"customers do not manage announcements", CanManageAnnouncements(customer), EForbidden},
		{"customers see announcements", CanSeeAnnouncements(customer), ""},
		{"pending accounts do not", CanSeeAnnouncements(pendingStaff), EForbidden},
		{"owners change their credentials", NotImpersonating(admin), ""},
		{"nobody changes them while impersonating", NotImpersonating(impersonating), EForbidden},
		{"admins manage the plan catalogue", CanManagePlans(admin), ""},
		{"so does the operator's command line", CanManagePlans(Operator("cli")), ""},
		{"employees do not", CanManagePlans(employee), EForbidden},
		{"customers do not", CanManagePlans(customer), EForbidden},
	}
	for _, tc := range cases {
		if got := ErrorCode(tc.err); (tc.code == "" && tc.err != nil) || (tc.code != "" && got != tc.code) {
			t.Errorf("%s: %v, want %q", tc.name, tc.err, tc.code)
		}
	}
	if self := impersonating.Self(); self.Profile.ID != "a" || self.Actor != nil || impersonating.Profile.ID != "c" {
		t.Errorf("Self: %+v", self.Profile)
	}
}

func TestAnnouncementInput_Validate(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	past, future := now.Add(-time.Minute), now.Add(time.Minute)
	cases := []struct {
		in     AnnouncementInput
		fields string
	}{
		{AnnouncementInput{Title: "T", Content: "C"}, ""},
		{AnnouncementInput{Title: " ", Content: "C"}, "title"},
		{AnnouncementInput{Title: "T", Content: "C", Type: "loud"}, "type"},
		{AnnouncementInput{Title: "T", Content: "C", ShowUntil: &past}, "show_until"},
		{AnnouncementInput{Title: "T", Content: "C", ShowUntil: &future, Type: "error"}, ""},
		{AnnouncementInput{Title: strings.Repeat("x", AnnouncementTitleMax+1), Content: ""}, "content title"},
	}
	for _, tc := range cases {
		tc.in.Normalize()
		err := tc.in.Validate(now)
		var got []string
		if e, ok := err.(*Error); ok {
			for f := range e.Fields {
				got = append(got, f)
			}
		}
		slices.Sort(got)
		if strings.Join(got, " ") != tc.fields {
			t.Errorf("%+v: fields %v, want %q", tc.in, got, tc.fields)
		}
	}
	in := AnnouncementInput{Title: "", Content: "x"}
	if err := in.Validate(now); err.(*Error).Message != "Please fill in all required fields" {
		t.Errorf("message: %v", err)
	}
}
