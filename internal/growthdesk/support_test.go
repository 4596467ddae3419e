package growthdesk

import (
	"strings"
	"testing"
	"time"
)

func TestSupportPolicy_RoleByAction(t *testing.T) {
	admin := caller("a", RoleAdmin, ApprovalApproved)
	employee := caller("e", RoleEmployee, ApprovalApproved)
	customer := caller("c", RoleCustomer, ApprovalApproved)
	pending := caller("p", RoleCustomer, ApprovalPending)
	cases := []struct {
		name string
		err  error
		code string
	}{
		{"customer views tickets", CanViewTickets(customer), ""},
		{"pending cannot view tickets", CanViewTickets(pending), EForbidden},
		{"nobody signed out views tickets", CanViewTickets(nil), EUnauthorized},
		{"customer cannot manage tickets", CanManageTickets(customer), EForbidden},
		{"employee manages tickets", CanManageTickets(employee), ""},
		{"admin manages tickets", CanManageTickets(admin), ""},
		{"customer cannot write a note", CanWriteInternalNote(customer), EForbidden},
		{"employee writes a note", CanWriteInternalNote(employee), ""},
		{"employee cannot manage categories", CanManageCategories(employee), EForbidden},
		{"admin manages categories", CanManageCategories(admin), ""},
	}
	for _, tc := range cases {
		if got := ErrorCode(tc.err); (tc.code == "" && tc.err != nil) || (tc.code != "" && got != tc.code) {
			t.Errorf("%s: %v, want %q", tc.name, tc.err, tc.code)
		}
	}
}

func TestSupport_InputRules(t *testing.T) {
	in := TicketInput{Title: "  Hi ", Description: " d "}
	in.Normalize()
	if in.Priority != TicketPriorityMedium || in.Title != "Hi" || in.Validate() != nil {
		t.Fatalf("normalized %+v: %v", in, in.Validate())
	}
	if err := (&TicketInput{Title: strings.Repeat("x", TicketTitleMax+1), Description: "d", Priority: "low"}).Validate(); err == nil {
		t.Fatal("a title over the limit passed")
	}
	for _, name := range []string{"a.png", "B.PDF", "sheet.xlsx", "notes.txt", "data.csv"} {
		if AttachmentType(name) == "" {
			t.Errorf("%s refused", name)
		}
	}
	for _, name := range []string{"a.html", "a.svg", "a.exe", "a.js", "noext"} {
		if AttachmentType(name) != "" {
			t.Errorf("%s allowed", name)
		}
	}
	if got := CleanFilename(`C:\Users\me\"evil"` + "\x00.png"); got != "evil.png" {
		t.Errorf("CleanFilename = %q", got)
	}
	for _, q := range []string{"T-1042", "t1042", "#1042", "1042"} {
		if m := codeQuery.FindStringSubmatch(q); m == nil || m[1] != "1042" {
			t.Errorf("%q is not read as ticket 1042", q)
		}
	}
	tk := &Ticket{ID: "x", CreatedAt: time.Now()}
	if _, id, ok := decodeCursor(encodeCursor(tk)); !ok || id != "x" {
		t.Fatal("cursor does not round-trip")
	}
	if _, _, ok := decodeCursor("nope"); ok {
		t.Fatal("a bad cursor decoded")
	}
}
