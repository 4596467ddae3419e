package growthdesk

import (
	"context"
	"strings"
	"testing"
	"time"
)

type fakeOutbox []OutboxMail

func (f fakeOutbox) ListMail(_ context.Context, limit int) ([]OutboxMail, error) {
	if limit < len(f) {
		return f[:limit], nil
	}
	return f, nil
}

func TestMailLog_StaffReadRedactedMailOnly(t *testing.T) {
	const text = "Reset your password: https://www.example.com/auth/v1/verify?token=abcdefabcdefabcdefabcdef&type=recovery\nOr enter 482913."
	log := &MailLog{Store: fakeOutbox{{ID: "m1", Email: Email{Kind: "recovery", To: "admin@example.com", Subject: "Your code 482913",
		Text: text, HTML: "<a href=\"https://www.example.com/x?token=abc\">x</a>"}, Status: MailPending, CreatedAt: time.Now(),
		LastError: "550 rejected 482913"}}}

	for _, c := range []*Caller{caller("c", RoleCustomer, ApprovalApproved), caller("p", RoleEmployee, ApprovalPending), nil} {
		if _, err := log.List(context.Background(), c, 10); err == nil {
			t.Fatalf("%+v read the mail log", c)
		}
	}
	for _, c := range []*Caller{caller("e", RoleEmployee, ApprovalApproved), caller("a", RoleAdmin, ApprovalApproved)} {
		list, err := log.List(context.Background(), c, 10)
		if err != nil || len(list) != 1 {
			t.Fatalf("%s: %v %v", c.Profile.Role, list, err)
		}
		e := list[0]
		for _, s := range []string{e.Subject, e.Text, e.LastError} {
			if strings.Contains(s, "482913") || strings.Contains(s, "abcdefabcdef") || strings.Contains(s, "https://") {
				t.Fatalf("a secret is left in %q", s)
			}
		}
		if e.To != "admin@example.com" || e.Kind != "recovery" || !strings.Contains(e.Text, "[link removed]") || !strings.Contains(e.Text, "[code removed]") {
			t.Fatalf("entry %+v", e)
		}
	}
}
