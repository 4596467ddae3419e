package mailer

import (
	"strings"
	"testing"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

func TestRender_PaymentFailedAsksForANewCard(t *testing.T) {
	t.Parallel()
	r := testRenderer(t)
	m, err := r.Render(growthdesk.EmailPaymentFailed, "casey@example.com", growthdesk.EmailData{
		FullName: "Casey", ActionURL: "https://growthdesk.example/portal/billing",
		Details: []growthdesk.EmailDetail{{Label: "Amount due", Value: "$1.00"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if m.Subject != "Your Growthdesk payment did not go through" {
		t.Errorf("subject %q", m.Subject)
	}
	for part, body := range map[string]string{"text": m.Text, "HTML": m.HTML} {
		for _, want := range []string{"Casey", "past due", "Amount due", "$1.00", "https://growthdesk.example/portal/billing", "Update your payment method"} {
			if !strings.Contains(body, want) {
				t.Errorf("%s part lacks %q", part, want)
			}
		}
	}
}
