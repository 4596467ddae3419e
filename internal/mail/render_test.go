package mail

import (
	"html"
	"strings"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/site"
)

func testSite() site.Config {
	return site.Config{
		Name:          "Growthdesk",
		LegalName:     "Growthdesk LLC",
		Tagline:       "AI automation for growing businesses",
		Email:         "hello@growthdesk.io",
		Phone:         "(317) 555-0142",
		Location:      "Indianapolis, IN",
		CopyrightYear: 2025,
		Social:        []site.SocialProfile{{Name: "LinkedIn", URL: "https://www.linkedin.com/company/growthdesk"}},
	}
}

func testRenderer(t *testing.T) *Renderer {
	t.Helper()
	r, err := NewRenderer(testSite(), "https://growthdesk.example/")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

const testLink = "https://growthdesk.example/auth/v1/verify?token=abc123&type=signup&redirect_to=https%3A%2F%2Fgrowthdesk.example%2Fportal"

func TestRender_EveryKindCarriesLinkCodeAndBranding(t *testing.T) {
	r := testRenderer(t)
	cases := []struct {
		kind, subject, link, code string
	}{
		{growthdesk.EmailConfirmation, "Confirm your email for Growthdesk", testLink, "123456"},
		{growthdesk.EmailRecovery, "Reset your Growthdesk password", testLink, "234567"},
		{growthdesk.EmailMagicLink, "Your Growthdesk sign-in link", testLink, "345678"},
		{growthdesk.EmailReauth, "Your Growthdesk verification code", "", "456789"},
		{growthdesk.EmailApproval, "Your Growthdesk account is approved", "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.kind, func(t *testing.T) {
			m, err := r.Render(tc.kind, "dana@example.com", growthdesk.EmailData{FullName: "Dana Whitfield", ActionURL: tc.link, Code: tc.code})
			if err != nil {
				t.Fatal(err)
			}
			if m.Kind != tc.kind || m.To != "dana@example.com" || m.Subject != tc.subject {
				t.Fatalf("got kind %q to %q subject %q", m.Kind, m.To, m.Subject)
			}
			wantLink := tc.link
			if tc.kind == growthdesk.EmailApproval {
				wantLink = "https://growthdesk.example/portal/login"
			}
			branding := []string{"Growthdesk", "hello@growthdesk.io", "(317) 555-0142", "Indianapolis, IN", "2025 Growthdesk LLC", "Hi Dana Whitfield,"}
			for _, want := range append(branding, wantLink, tc.code) {
				if !strings.Contains(m.Text, want) {
					t.Errorf("text part lacks %q:\n%s", want, m.Text)
				}
			}
			htmlWants := append(branding,
				`<html lang="en"`, `role="presentation"`, "<title>"+tc.subject+"</title>",
				`href="mailto:hello@growthdesk.io"`, `href="tel:3175550142"`, "&copy; 2025 Growthdesk LLC",
				`href="https://www.linkedin.com/company/growthdesk"`, tc.code)
			if wantLink != "" {
				// The button and the raw link, both with the query string intact.
				htmlWants = append(htmlWants, `href="`+html.EscapeString(wantLink)+`"`)
				if n := strings.Count(m.HTML, `href="`+html.EscapeString(wantLink)+`"`); n != 2 {
					t.Errorf("HTML links to the action %d times, want 2 (button and raw link)", n)
				}
			}
			for _, want := range htmlWants {
				if !strings.Contains(m.HTML, want) {
					t.Errorf("HTML part lacks %q", want)
				}
			}
			if strings.Contains(m.HTML, "ZgotmplZ") {
				t.Error("html/template rejected a URL in the HTML part")
			}
			if strings.Contains(m.Text, "\n\n\n") {
				t.Errorf("text part has runs of blank lines:\n%s", m.Text)
			}
		})
	}
}

func TestRender_EscapesUserDataInHTML(t *testing.T) {
	r := testRenderer(t)
	m, err := r.Render(growthdesk.EmailApproval, "dana@example.com", growthdesk.EmailData{
		FullName: `<script>alert("x")</script> Dana & "Co"`,
	})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(m.HTML, "<script>") {
		t.Fatalf("HTML contains the raw script tag:\n%s", m.HTML)
	}
	if !strings.Contains(m.HTML, "Hi &lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; Dana &amp; &#34;Co&#34;,") {
		t.Fatalf("HTML does not greet with the escaped name:\n%s", m.HTML)
	}
	// The text part is not HTML: the name appears as typed.
	if !strings.Contains(m.Text, `Hi <script>alert("x")</script> Dana & "Co",`) {
		t.Fatalf("text part does not greet with the name:\n%s", m.Text)
	}
}

func TestRender_NameCannotForgeLinesInText(t *testing.T) {
	r := testRenderer(t)
	m, err := r.Render(growthdesk.EmailApproval, "dana@example.com", growthdesk.EmailData{FullName: "Dana\r\n\r\nVisit https://evil.example"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Text, "Hi Dana Visit https://evil.example,") {
		t.Fatalf("name not flattened to one line:\n%s", m.Text)
	}
}

func TestRender_NoNameGreetsPolitely(t *testing.T) {
	r := testRenderer(t)
	m, err := r.Render(growthdesk.EmailMagicLink, "dana@example.com", growthdesk.EmailData{ActionURL: testLink})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Text, "Hello,") || !strings.Contains(m.HTML, "Hello,") {
		t.Fatal("no greeting without a name")
	}
	if strings.Contains(m.Text, "one-time code") || strings.Contains(m.HTML, "one-time code") {
		t.Fatal("a code section without a code")
	}
}

func TestRender_ApprovalUsesGivenLoginURL(t *testing.T) {
	r := testRenderer(t)
	m, err := r.Render(growthdesk.EmailApproval, "dana@example.com", growthdesk.EmailData{ActionURL: "https://portal.example/portal/login"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Text, "https://portal.example/portal/login") {
		t.Fatalf("approval does not link to the given URL:\n%s", m.Text)
	}
}

func TestRender_RejectsCallerMistakes(t *testing.T) {
	r := testRenderer(t)
	cases := map[string]struct {
		kind, to string
		data     growthdesk.EmailData
	}{
		"unknown kind":         {"newsletter", "dana@example.com", growthdesk.EmailData{ActionURL: testLink}},
		"empty recipient":      {growthdesk.EmailRecovery, "", growthdesk.EmailData{ActionURL: testLink}},
		"two recipients":       {growthdesk.EmailRecovery, "a@example.com, b@example.com", growthdesk.EmailData{ActionURL: testLink}},
		"header injection":     {growthdesk.EmailRecovery, "a@example.com\r\nBcc: b@example.com", growthdesk.EmailData{ActionURL: testLink}},
		"javascript link":      {growthdesk.EmailRecovery, "dana@example.com", growthdesk.EmailData{ActionURL: "javascript:alert(1)"}},
		"relative link":        {growthdesk.EmailRecovery, "dana@example.com", growthdesk.EmailData{ActionURL: "/auth/v1/verify"}},
		"no link nor code":     {growthdesk.EmailMagicLink, "dana@example.com", growthdesk.EmailData{}},
		"reauth without code":  {growthdesk.EmailReauth, "dana@example.com", growthdesk.EmailData{ActionURL: testLink}},
		"confirmation nothing": {growthdesk.EmailConfirmation, "dana@example.com", growthdesk.EmailData{FullName: "Dana"}},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			if m, err := r.Render(tc.kind, tc.to, tc.data); err == nil {
				t.Fatalf("rendered %+v, want an error", m)
			}
		})
	}
}

func TestNewRenderer_RejectsBadConfiguration(t *testing.T) {
	noEmail := testSite()
	noEmail.Email = ""
	if _, err := NewRenderer(noEmail, "https://growthdesk.example"); err == nil {
		t.Error("accepted a site without an email")
	}
	if _, err := NewRenderer(testSite(), "growthdesk.example"); err == nil {
		t.Error("accepted a site URL without a scheme")
	}
}

func TestLeadNotification_ListsTheLeadForTheCompany(t *testing.T) {
	r, err := NewRenderer(site.Config{Name: "Growthdesk", Email: "hello@example.com"}, "https://www.example.com")
	if err != nil {
		t.Fatal(err)
	}
	m, err := r.LeadNotification(&growthdesk.Lead{
		Name: "Dana <b>Whitfield</b>", Email: "dana@example.com", Company: "Whitfield Dental",
		AutomationGoal: "Answer questions\nafter hours", PreferredTime: "morning",
		CreatedAt: time.Date(2026, 3, 4, 5, 6, 0, 0, time.UTC),
	})
	if err != nil {
		t.Fatal(err)
	}
	if m.To != "hello@example.com" || m.Kind != growthdesk.EmailNewLead || !strings.Contains(m.Subject, "discovery call") {
		t.Fatalf("message = %+v", m)
	}
	for _, want := range []string{"Whitfield Dental", "dana@example.com", "Morning (9am–12pm ET)", "(not given)", "Answer questions\nafter hours", "Mar 4, 2026 05:06 UTC"} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("text lacks %q:\n%s", want, m.Text)
		}
	}
	if strings.Contains(m.HTML, "<b>Whitfield</b>") || !strings.Contains(m.HTML, "&lt;b&gt;Whitfield&lt;/b&gt;") {
		t.Error("the lead's name was not escaped in the HTML part")
	}
}
