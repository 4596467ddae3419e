package growthdesk

import "testing"

func TestPolicy_Billing(t *testing.T) {
	org := "org-1"
	customer := caller("c", RoleCustomer, ApprovalApproved)
	customer.Profile.OrganizationID = &org
	lone := caller("l", RoleCustomer, ApprovalApproved)
	pending := caller("p", RoleCustomer, ApprovalPending)
	pending.Profile.OrganizationID = &org
	employee := caller("e", RoleEmployee, ApprovalApproved)
	admin := caller("a", RoleAdmin, ApprovalApproved)
	impersonated := caller("c", RoleCustomer, ApprovalApproved)
	impersonated.Profile.OrganizationID = &org
	impersonated.Actor = &Profile{ID: "a", Role: RoleAdmin, ApprovalStatus: ApprovalApproved}

	cases := []struct {
		name string
		err  error
		want string
	}{
		{"customer with an organization pays", CanManagePayments(customer), ""},
		{"customer without an organization", CanManagePayments(lone), EConflict},
		{"pending customer", CanManagePayments(pending), EForbidden},
		{"employee has no billing", CanManagePayments(employee), EConflict},
		{"admin has no billing", CanManagePayments(admin), EConflict},
		{"nobody pays while impersonating", CanManagePayments(impersonated), EForbidden},
		{"visitor", CanManagePayments(nil), EUnauthorized},
		{"customer reads own billing", CanViewBilling(customer), ""},
		{"pending cannot read billing", CanViewBilling(pending), EForbidden},
		{"admin sees the overview", CanViewBillingOverview(admin), ""},
		{"employee does not", CanViewBillingOverview(employee), EForbidden},
		{"customer does not", CanViewBillingOverview(customer), EForbidden},
		{"admin changes subscriptions", CanManageSubscriptions(admin), ""},
		{"employee does not change them", CanManageSubscriptions(employee), EForbidden},
	}
	for _, tc := range cases {
		if got := ErrorCode(tc.err); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	if msg := ErrorMessage(CanViewBillingOverview(employee)); msg != "Only administrators can access billing overview." {
		t.Errorf("overview refusal %q", msg)
	}
}

func TestBilling_ReturnURLsMustBePathsOfThisSite(t *testing.T) {
	b := &Billing{SiteURL: "https://www.example.com"}
	cases := map[string]string{
		"/portal/billing?success=true":                 "https://www.example.com/portal/billing?success=true",
		"https://www.example.com/checkout/success?x=1": "https://www.example.com/checkout/success?x=1",
		"https://evil.example/portal":                  "",
		"//evil.example/portal":                        "",
		"/\\evil.example":                              "",
		"javascript:alert(1)":                          "",
		"http://www.example.com/portal":                "",
		"portal/billing":                               "",
		"":                                             "",
		// Judged on the decoded path and rebuilt from the parts: an escaped backslash, tab
		// or pair of slashes that a later hop would decode into a host is refused.
		"/%5Cevil.example/":                        "",
		"/%5C%5Cevil.example/":                     "",
		"/%09/evil.example/":                       "",
		"/%2F%2Fevil.example/":                     "",
		"https://www.example.com/%5Cevil.example/": "",
		"/portal/%2e%2e/%5Cevil.example/":          "",
		"https://www.example.com@evil.example/":    "",
		"https://www.example.com.evil.example/":    "",
		"https:evil.example":                       "",
		"HTTPS://WWW.EXAMPLE.COM/portal/billing":   "https://www.example.com/portal/billing",
		"/portal/./billing/?q=a b&next=%2F%5Cx":    "https://www.example.com/portal/billing?q=a%20b&next=%2F%5Cx",
		"/%255Cevil.example/":                      "https://www.example.com/%255Cevil.example",
	}
	for in, want := range cases {
		if got := b.sitePath(in); got != want {
			t.Errorf("sitePath(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPlan_ValidateAndFormat(t *testing.T) {
	p := SeedPlan
	if err := p.Validate(); err != nil {
		t.Fatalf("seed plan invalid: %v", err)
	}
	bad := Plan{PriceID: "a b", Mode: "rent", Amount: -1, Currency: "dollars"}
	err := bad.Validate()
	e, _ := err.(*Error)
	if e == nil || len(e.Fields) != 5 {
		t.Fatalf("bad plan: %v", err)
	}
	if FormatMoney(100, "usd") != "$1.00" || FormatMoney(12345, "eur") != "123.45 EUR" {
		t.Fatal("FormatMoney")
	}
	if ProviderStatusRank("incomplete") >= ProviderStatusRank("active") || ProviderStatusRank("past_due") != ProviderStatusRank("active") ||
		ProviderStatusRank("canceled") <= ProviderStatusRank("unpaid") {
		t.Fatal("ProviderStatusRank")
	}
	if PortalStatus("trialing") != SubscriptionActive || PortalStatus("unpaid") != SubscriptionPastDue || PortalStatus("canceled") != SubscriptionCancelled {
		t.Fatal("PortalStatus")
	}
}
