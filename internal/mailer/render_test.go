package mailer

import (
	"html"
	"strconv"
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
	t.Parallel()
	r := testRenderer(t)
	cases := []struct {
		kind, subject, link, code string
	}{
		{growthdesk.EmailConfirmation, "Confirm your email for Growthdesk", testLink, ""},
		{growthdesk.EmailRecovery, "Reset your Growthdesk password", testLink, ""},
		{growthdesk.EmailMagicLink, "Your Growthdesk sign-in link", testLink, ""},
		{growthdesk.EmailReauth, "Your Growthdesk verification code", "", "456789"},
		{growthdesk.EmailApproval, "Your Growthdesk account is approved", "", ""},
		{growthdesk.EmailRecoveryCodeUsed, "A recovery code was used to sign in to Growthdesk", "https://growthdesk.example/portal/settings?tab=security", ""},
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
			year := strconv.Itoa(time.Now().Year())
			branding := []string{"Growthdesk", "hello@growthdesk.io", "(317) 555-0142", "Indianapolis, IN", year + " Growthdesk LLC", "Hi Dana Whitfield,"}
			for _, want := range append(branding, wantLink, tc.code) {
				if !strings.Contains(m.Text, want) {
					t.Errorf("text part lacks %q:\n%s", want, m.Text)
				}
			}
			htmlWants := append(branding,
				`<html lang="en"`, `role="presentation"`, "<title>"+tc.subject+"</title>",
				`href="mailto:hello@growthdesk.io"`, `href="tel:3175550142"`, "&copy; "+year+" Growthdesk LLC",
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

func TestRender_CopyrightYearIsTheYearOfRendering(t *testing.T) {
	t.Parallel()
	r := testRenderer(t) // the site configuration names 2025
	r.now = func() time.Time { return time.Date(2031, time.January, 1, 0, 0, 1, 0, time.UTC) }
	m, err := r.Render(growthdesk.EmailApproval, "dana@example.com", growthdesk.EmailData{FullName: "Dana"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.HTML, "&copy; 2031 Growthdesk LLC") || !strings.Contains(m.Text, "(c) 2031 Growthdesk LLC") {
		t.Fatalf("the copyright line does not show the year of rendering:\n%s", m.Text)
	}
	if strings.Contains(m.Text, "2025") || strings.Contains(m.HTML, "2025") {
		t.Fatalf("the message still shows the configured year:\n%s", m.Text)
	}
}

func TestRender_EscapesUserDataInHTML(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
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
	t.Parallel()
	r := testRenderer(t)
	cases := map[string]struct {
		kind, to string
		data     growthdesk.EmailData
	}{
		"unknown kind":                        {"newsletter", "dana@example.com", growthdesk.EmailData{ActionURL: testLink}},
		"empty recipient":                     {growthdesk.EmailRecovery, "", growthdesk.EmailData{ActionURL: testLink}},
		"two recipients":                      {growthdesk.EmailRecovery, "a@example.com, b@example.com", growthdesk.EmailData{ActionURL: testLink}},
		"header injection":                    {growthdesk.EmailRecovery, "a@example.com\r\nBcc: b@example.com", growthdesk.EmailData{ActionURL: testLink}},
		"javascript link":                     {growthdesk.EmailRecovery, "dana@example.com", growthdesk.EmailData{ActionURL: "javascript:alert(1)"}},
		"relative link":                       {growthdesk.EmailRecovery, "dana@example.com", growthdesk.EmailData{ActionURL: "/auth/v1/verify"}},
		"no link nor code":                    {growthdesk.EmailMagicLink, "dana@example.com", growthdesk.EmailData{}},
		"reauth without code":                 {growthdesk.EmailReauth, "dana@example.com", growthdesk.EmailData{ActionURL: testLink}},
		"confirmation nothing":                {growthdesk.EmailConfirmation, "dana@example.com", growthdesk.EmailData{FullName: "Dana"}},
		"confirmation code only":              {growthdesk.EmailConfirmation, "dana@example.com", growthdesk.EmailData{Code: "123456"}},
		"newsletter without unsubscribe link": {growthdesk.EmailNewsletterConfirm, "dana@example.com", growthdesk.EmailData{ActionURL: testLink}},
		"newsletter with a relative unsubscribe link": {growthdesk.EmailNewsletterConfirm, "dana@example.com",
			growthdesk.EmailData{ActionURL: testLink, UnsubscribeURL: "/newsletter/unsubscribe?token=x"}},
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
	t.Parallel()
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
	t.Parallel()
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

// No page lets anyone type the code of a sign-up confirmation, a password reset or a sign-in
// link: those messages carry the link alone, even when handed a code.
func TestRender_LinkMessagesLeaveTheCodeOutAndKeepTheLink(t *testing.T) {
	t.Parallel()
	r := testRenderer(t)
	for _, kind := range []string{growthdesk.EmailConfirmation, growthdesk.EmailRecovery, growthdesk.EmailMagicLink} {
		m, err := r.Render(kind, "dana@example.com", growthdesk.EmailData{ActionURL: testLink, Code: "123456"})
		if err != nil {
			t.Fatal(err)
		}
		for part, body := range map[string]string{"text": m.Text, "HTML": m.HTML} {
			if strings.Contains(body, "123456") || strings.Contains(strings.ToLower(body), "code") {
				t.Errorf("%s: the %s part offers a code no page accepts:\n%s", kind, part, body)
			}
		}
		if !strings.Contains(m.Text, testLink) || !strings.Contains(m.HTML, `href="`+html.EscapeString(testLink)+`"`) {
			t.Fatalf("%s lost its link:\n%s", kind, m.Text)
		}
		if m.ListUnsubscribe != "" {
			t.Fatalf("%s has List-Unsubscribe %q", kind, m.ListUnsubscribe)
		}
	}
	if _, err := r.Render(growthdesk.EmailRecovery, "dana@example.com", growthdesk.EmailData{Code: "123456"}); err == nil {
		t.Fatal("a password reset with a code and no link rendered")
	}
}

func TestRender_NewsletterConfirmationCarriesBothLinksAndNothingElse(t *testing.T) {
	t.Parallel()
	r := testRenderer(t)
	tokens, err := growthdesk.NewLinkTokens([]byte(strings.Repeat("k", 32)))
	if err != nil {
		t.Fatal(err)
	}
	n := &growthdesk.Newsletter{Tokens: tokens, SiteURL: "https://growthdesk.example"}
	confirmTok := tokens.Sign(growthdesk.PurposeNewsletterConfirm, "dana@example.com", growthdesk.NewsletterConfirmTTL)
	unsubTok := tokens.Sign(growthdesk.PurposeNewsletterUnsubscribe, "dana@example.com", growthdesk.NewsletterUnsubscribeTTL)
	confirm, unsubscribe := n.ConfirmURL(confirmTok), n.UnsubscribeURL(unsubTok)
	m, err := r.Render(growthdesk.EmailNewsletterConfirm, "dana@example.com", growthdesk.EmailData{
		ActionURL: confirm, UnsubscribeURL: unsubscribe, Code: "123456",
	})
	if err != nil {
		t.Fatal(err)
	}
	if m.Subject != "Confirm your subscription to the Growthdesk newsletter" || m.Kind != growthdesk.EmailNewsletterConfirm {
		t.Fatalf("kind %q subject %q", m.Kind, m.Subject)
	}
	if m.ListUnsubscribe != unsubscribe {
		t.Fatalf("List-Unsubscribe = %q, want %q", m.ListUnsubscribe, unsubscribe)
	}
	// The text part: each link once, under its own words.
	if strings.Count(m.Text, confirm) != 1 || strings.Count(m.Text, unsubscribe) != 1 || !strings.Contains(m.Text, "Unsubscribe at any time") {
		t.Fatalf("text part:\n%s", m.Text)
	}
	// The HTML part: the confirm button and its raw link, and the unsubscribe link.
	if n := strings.Count(m.HTML, `href="`+html.EscapeString(confirm)+`"`); n != 2 {
		t.Errorf("HTML links to the confirmation %d times, want 2", n)
	}
	if n := strings.Count(m.HTML, `href="`+html.EscapeString(unsubscribe)+`"`); n != 1 {
		t.Errorf("HTML links to the unsubscribe page %d times, want 1", n)
	}
	// Each token appears only in the link of its own purpose: the text holds exactly two
	// tokens, and no code.
	for part, body := range map[string]string{"text": m.Text, "HTML": html.UnescapeString(m.HTML)} {
		if c := strings.Count(body, confirmTok); c != strings.Count(body, "/newsletter/confirm?token="+confirmTok) {
			t.Errorf("%s part: the confirm token appears outside its link", part)
		}
		if c := strings.Count(body, unsubTok); c != strings.Count(body, "/newsletter/unsubscribe?token="+unsubTok) {
			t.Errorf("%s part: the unsubscribe token appears outside its link", part)
		}
		if strings.Contains(body, "/newsletter/confirm?token="+unsubTok) || strings.Contains(body, "/newsletter/unsubscribe?token="+confirmTok) {
			t.Errorf("%s part: a token sits in the link of the other purpose", part)
		}
		if strings.Contains(body, "123456") {
			t.Errorf("%s part carries a code", part)
		}
	}
	if strings.Count(m.Text, "token=") != 2 {
		t.Errorf("text part holds %d tokens, want 2:\n%s", strings.Count(m.Text, "token="), m.Text)
	}
	if strings.Contains(m.HTML, "ZgotmplZ") {
		t.Error("html/template rejected a URL")
	}
}

func TestRender_OnlyListMessagesGetAnUnsubscribeLink(t *testing.T) {
	t.Parallel()
	r := testRenderer(t)
	m, err := r.Render(growthdesk.EmailRecovery, "dana@example.com", growthdesk.EmailData{ActionURL: testLink, UnsubscribeURL: "https://growthdesk.example/x"})
	if err != nil {
		t.Fatal(err)
	}
	if m.ListUnsubscribe != "" || strings.Contains(m.Text, "growthdesk.example/x") {
		t.Fatalf("a recovery message got an unsubscribe link: %q", m.ListUnsubscribe)
	}
}
