package growthdesk

import (
	"testing"
	"time"
)

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

// The tax line splits what the provider charged at the operator's rate: subtotal and tax add
// up to the total to the cent, and a 0% rate still shows its line.
func TestInvoiceDocument_TaxSplitsTheTotal(t *testing.T) {
	start := time.Date(2026, 3, 3, 0, 0, 0, 0, time.UTC)
	end := start.AddDate(0, 1, 0)
	rec := &InvoiceRecord{Invoice: Invoice{ID: "i", Amount: 10825, Currency: "usd", PeriodStart: &start, PeriodEnd: &end, CreatedAt: end},
		OrganizationName: "Acme", PlanName: "Chatbot Setup"}
	for _, tc := range []struct {
		rate, subtotal int64
		label          string
	}{{0, 10825, "0%"}, {825, 10000, "8.25%"}, {2000, 9021, "20%"}, {1050, 9796, "10.5%"}} {
		b := &Billing{Tax: InvoiceTax{Label: "Sales tax", RateBasisPt: tc.rate}, Seller: InvoiceParty{Name: "Growthdesk LLC"}}
		doc := b.document(rec)
		if doc.Subtotal != tc.subtotal || doc.Subtotal+doc.TaxAmount != doc.Total || doc.Total != 10825 || len(doc.Lines) != 1 ||
			doc.Lines[0].Amount != tc.subtotal || doc.Lines[0].Description != "Chatbot Setup, Mar 3, 2026 to Apr 3, 2026" ||
			doc.Buyer.Name != "Acme" || doc.Seller.Name != "Growthdesk LLC" || doc.Seller.Address == nil || doc.Buyer.Address == nil ||
			!doc.IssuedAt.Equal(start) {
			t.Errorf("rate %d: %+v", tc.rate, doc)
		}
		if got := TaxRateLabel(tc.rate); got != tc.label {
			t.Errorf("TaxRateLabel(%d) = %q, want %q", tc.rate, got, tc.label)
		}
	}
	rec.PlanName, rec.Invoice.PeriodStart = "", nil
	if doc := (&Billing{}).document(rec); doc.Lines[0].Description != "Services" || doc.Tax.Label != "Tax" {
		t.Errorf("without a plan or period: %+v", doc)
	}
	if got := invoiceFilename("NW/0001 ☕"); got != "invoice-NW-0001--.pdf" {
		t.Errorf("invoiceFilename = %q", got)
	}
}
