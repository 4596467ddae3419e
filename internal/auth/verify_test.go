package auth_test

import (
	"fmt"
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/auth"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/identity"
)

// TestVerify_LinkMessagesIssueNoCode: the messages of a sign-up, a password reset and a sign-in
// link carry a link and no code (no page lets anyone type one), so no 6-digit code is issued
// for them: a code nobody receives could only be guessed. /verify with {email, token} finds
// nothing for them, whatever the code; the link's token works.
func TestVerify_LinkMessagesIssueNoCode(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.signUp("code@example.com", "secret123", nil).expect(200)
	h.newUser("known@example.com", "secret123")
	h.do("POST", "/recover", map[string]any{"email": "known@example.com"}).expect(200)
	h.clock.Advance(time.Minute)
	h.do("POST", "/otp", map[string]any{"email": "known@example.com"}).expect(200)
	for _, m := range h.mails() {
		if m.Code != "" || m.Link == "" {
			t.Fatalf("%s to %s carries code %q, link %q", m.Kind, m.To, m.Code, m.Link)
		}
	}
	h.store.mu.Lock()
	issued := append([]identity.OneTimeToken(nil), h.store.issued...)
	h.store.mu.Unlock()
	if len(issued) < 2 {
		t.Fatalf("issued %d tokens", len(issued))
	}
	for _, tok := range issued {
		if tok.OTPHash != "" {
			t.Fatalf("a %s token has a code nobody was sent", tok.Type)
		}
	}
	for _, typ := range []string{"signup", "recovery", "magiclink", "email"} {
		body := h.do("POST", "/verify", map[string]any{"type": typ, "email": "known@example.com", "token": "123456"}).expectError(403, "otp_expired")
		if body["message"] != "Token has expired or is invalid" {
			t.Fatalf("message = %v", body["message"])
		}
	}
	// The sign-up's link signs in and confirms, once.
	token := linkParams(t, h.lastMail("code@example.com").Link).Get("token")
	s := h.do("POST", "/verify", map[string]any{"type": "signup", "token_hash": token}).expect(200).JSON()
	if s["user"].(map[string]any)["email_confirmed_at"] == nil || s["refresh_token"] == nil {
		t.Fatalf("session = %v", s)
	}
	h.do("POST", "/verify", map[string]any{"type": "signup", "token_hash": token}).expectError(403, "otp_expired")
}

func TestVerify_LinksExpire(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.signUp("slow@example.com", "secret123", nil).expect(200)
	token := linkParams(t, h.lastMail("slow@example.com").Link).Get("token")
	h.clock.Advance(24*time.Hour + time.Second)
	body := h.do("POST", "/verify", map[string]any{"type": "signup", "token_hash": token}).expectError(403, "otp_expired")
	if body["message"] != "Email link is invalid or has expired" {
		t.Fatalf("message = %v", body["message"])
	}

	h.newUser("rec@example.com", "secret123")
	h.do("POST", "/recover", map[string]any{"email": "rec@example.com"}).expect(200)
	rec := linkParams(t, h.lastMail("rec@example.com").Link).Get("token")
	h.clock.Advance(time.Hour + time.Second)
	h.do("POST", "/verify", map[string]any{"type": "recovery", "token_hash": rec}).expectError(403, "otp_expired")
}

func TestVerify_TypeMustMatchTheToken(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("typ@example.com", "secret123")
	h.do("POST", "/recover", map[string]any{"email": "typ@example.com"}).expect(200)
	token := linkParams(t, h.lastMail("typ@example.com").Link).Get("token")
	h.do("POST", "/verify", map[string]any{"type": "magiclink", "token_hash": token}).expectError(403, "otp_expired")
	h.do("POST", "/verify", map[string]any{"type": "recovery", "token_hash": token}).expect(200)
}

func TestVerify_RefusesMalformedRequests(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	cases := []struct {
		name   string
		body   map[string]any
		status int
		code   string
	}{
		{"no type", map[string]any{"token_hash": "abc"}, 400, "validation_failed"},
		{"unknown type", map[string]any{"type": "bogus", "token_hash": "abc"}, 400, "validation_failed"},
		{"invite", map[string]any{"type": "invite", "token_hash": "abc"}, 400, "validation_failed"},
		{"sms", map[string]any{"type": "sms", "phone": "+1", "token": "123456"}, 422, "phone_provider_disabled"},
		{"hash and email", map[string]any{"type": "signup", "token_hash": "abc", "email": "a@example.com"}, 400, "validation_failed"},
		{"neither", map[string]any{"type": "signup"}, 400, "validation_failed"},
		{"token without email", map[string]any{"type": "signup", "token": "123456"}, 400, "validation_failed"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) { h.do("POST", "/verify", tc.body).expectError(tc.status, tc.code) })
	}
}

func TestVerifyLink_RedirectsWithTheSessionInTheFragment(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.do("POST", "/signup?redirect_to="+url.QueryEscape(siteURL+"/portal/welcome?x=1"), map[string]any{"email": "link@example.com", "password": "secret123"}).expect(200)
	// A link checker's HEAD does not use the link up.
	link, _ := url.Parse(h.lastMail("link@example.com").Link)
	h.do("HEAD", "/verify?"+link.RawQuery, nil).expect(405)
	loc := h.followLink(h.lastMail("link@example.com").Link)
	if loc.Scheme+"://"+loc.Host != siteURL || loc.Path != "/portal/welcome" || loc.Query().Get("x") != "1" {
		t.Fatalf("redirect = %s", loc)
	}
	frag, err := url.ParseQuery(loc.Fragment)
	if err != nil {
		t.Fatal(err)
	}
	if frag.Get("token_type") != "bearer" || frag.Get("type") != "signup" || frag.Get("refresh_token") == "" || frag.Get("expires_in") != "3600" || !frag.Has("sb") {
		t.Fatalf("fragment = %v", frag)
	}
	if exp, _ := strconv.ParseInt(frag.Get("expires_at"), 10, 64); exp != h.clock.Now().Add(time.Hour).Unix() {
		t.Fatalf("expires_at = %s", frag.Get("expires_at"))
	}
	u := h.do("GET", "/user", nil, bearer(frag.Get("access_token"))).expect(200).JSON()
	if u["email_confirmed_at"] == nil {
		t.Fatal("link did not confirm")
	}

	// Following it again: an error in the fragment, GoTrue's way.
	loc = h.followLink(h.lastMail("link@example.com").Link)
	frag, _ = url.ParseQuery(loc.Fragment)
	if frag.Get("error") != "access_denied" || frag.Get("error_code") != "otp_expired" || frag.Get("error_description") != "Email link is invalid or has expired" {
		t.Fatalf("error fragment = %v", frag)
	}
}

func TestVerifyLink_HonoursOnlyAllowedRedirects(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"https://evil.example.net/steal":          siteURL + "/portal",
		"https://portal.example.com:8443/x":       siteURL + "/portal",
		"http://portal.example.com/x":             siteURL + "/portal",
		"https://portal.example.com/portal/reset": "https://portal.example.com/portal/reset",
		"/portal/reset":                           siteURL + "/portal/reset",
		"//evil.example.net/x":                    siteURL + "/portal",
		"https://user@portal.example.com/x":       siteURL + "/portal",
		"javascript:alert(1)":                     siteURL + "/portal",
		// Judged on the decoded path, rebuilt from the parsed parts.
		"/%5Cevil.example.net/":                           siteURL + "/portal",
		"https://portal.example.com/%5Cevil.example.net/": siteURL + "/portal",
		"/%09/evil.example.net/":                          siteURL + "/portal",
		"/%2F%2Fevil.example.net/":                        siteURL + "/portal",
		"/portal/%2e%2e/%5Cevil.example.net/":             siteURL + "/portal",
		"/portal/a/../b/?x=a b&y=%5C":                     siteURL + "/portal/b?x=a%20b&y=%5C",
		"/portal/%5Cevil.example.net":                     siteURL + "/portal",
		// A session goes only to the portal, where the web app reads it.
		"/reset-password":               siteURL + "/portal",
		"/api/v1/profile":               siteURL + "/portal",
		"/auth/v1/verify?redirect_to=x": siteURL + "/portal",
		"/":                             siteURL + "/portal",
		"/portal/":                      siteURL + "/portal",
		"":                              siteURL + "/portal",
		siteURL:                         siteURL + "/portal",
	}
	h := newHarness(t)
	h.newUser("redir@example.com", "secret123")
	for target, want := range cases {
		h.clock.Advance(time.Minute)
		h.do("POST", "/recover?redirect_to="+url.QueryEscape(target), map[string]any{"email": "redir@example.com"}).expect(200)
		link := h.lastMail("redir@example.com").Link
		loc := h.followLink(link)
		loc.Fragment = ""
		if loc.String() != want {
			t.Errorf("redirect_to %q led to %q, want %q", target, loc.String(), want)
		}
	}
}

func TestVerifyLink_AnyPortOnLoopbackForLocalDevelopment(t *testing.T) {
	t.Parallel()
	h := newHarness(t, func(c *auth.Config) { c.SiteURL = "http://localhost:8080" })
	h.newUser("dev@example.com", "secret123")
	h.do("POST", "/recover?redirect_to="+url.QueryEscape("http://localhost:5173/portal"), map[string]any{"email": "dev@example.com"}).expect(200)
	link := h.lastMail("dev@example.com").Link
	if got := linkParams(t, link).Get("redirect_to"); got != "http://localhost:5173/portal" {
		t.Fatalf("redirect_to in the link = %q", got)
	}
	loc := h.followLink(link)
	if loc.Host != "localhost:5173" {
		t.Fatalf("redirect = %s", loc)
	}
}

func TestVerifyLink_PKCEErrorsAlsoGoInTheQuery(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	res := h.do("GET", "/verify?type=signup&token=pkce_deadbeef&redirect_to="+url.QueryEscape(siteURL+"/portal"), nil).expect(303)
	loc, _ := url.Parse(res.Header.Get("Location"))
	if loc.Query().Get("error_code") != "otp_expired" || loc.Query().Get("error") != "access_denied" {
		t.Fatalf("redirect = %s", loc)
	}
	res = h.do("GET", "/verify?type=bogus&token=x", nil).expect(303)
	loc, _ = url.Parse(res.Header.Get("Location"))
	frag, _ := url.ParseQuery(loc.Fragment)
	if frag.Get("error") != "invalid_request" || frag.Get("error_code") != "validation_failed" {
		t.Fatalf("redirect = %s", loc)
	}
}

func TestRecover_AnswersTheSameForUnknownAddresses(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("known@example.com", "secret123")
	before := len(h.mails())
	res := h.do("POST", "/recover", map[string]any{"email": "unknown@example.com", "gotrue_meta_security": map[string]any{}}).expect(200)
	if string(res.Body) != "{}\n" {
		t.Fatalf("body = %q", res.Body)
	}
	if len(h.mails()) != before {
		t.Fatal("mail to an unknown address")
	}
	h.do("POST", "/recover", map[string]any{"email": "known@example.com"}).expect(200)
	if h.lastMail("known@example.com").Kind != growthdesk.EmailRecovery {
		t.Fatal("no recovery mail")
	}
	// Asking again at once sends nothing and answers the same: a 429 would betray the account.
	h.do("POST", "/recover", map[string]any{"email": "known@example.com"}).expect(200)
	if h.mailCount("known@example.com") != 2 { // confirmation + one recovery
		t.Fatalf("mails = %d", h.mailCount("known@example.com"))
	}
	h.clock.Advance(61 * time.Second)
	h.do("POST", "/recover", map[string]any{"email": "known@example.com"}).expect(200)
	if h.mailCount("known@example.com") != 3 {
		t.Fatal("no recovery mail after the window")
	}
	h.do("POST", "/recover", map[string]any{"email": "bad"}).expectError(400, "validation_failed")
	h.do("POST", "/recover", map[string]any{}).expectError(400, "validation_failed")
}

func TestOTP_SignsUpUnknownAddressesAndSendsMagicLinksToKnownOnes(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.do("POST", "/otp", map[string]any{"email": "New@Example.com", "data": map[string]any{"full_name": "Newt"}, "create_user": true}).expect(200)
	m := h.lastMail("new@example.com")
	if m.Kind != growthdesk.EmailConfirmation || m.FullName != "Newt" {
		t.Fatalf("mail = %+v", m)
	}
	h.confirm("new@example.com")

	h.clock.Advance(time.Minute)
	h.do("POST", "/otp", map[string]any{"email": "new@example.com"}).expect(200)
	m = h.lastMail("new@example.com")
	if m.Kind != growthdesk.EmailMagicLink || linkParams(t, m.Link).Get("type") != "magiclink" {
		t.Fatalf("mail = %+v", m)
	}
	n := h.mailCount("new@example.com")
	h.do("POST", "/otp", map[string]any{"email": "new@example.com"}).expect(200)
	if h.mailCount("new@example.com") != n {
		t.Fatal("a second magic link inside the resend window")
	}
	loc := h.followLink(m.Link)
	frag, _ := url.ParseQuery(loc.Fragment)
	h.do("GET", "/user", nil, bearer(frag.Get("access_token"))).expect(200)

	// create_user false: nothing happens for an unknown address, and nobody can tell.
	before := len(h.mails())
	h.do("POST", "/otp", map[string]any{"email": "ghost@example.com", "create_user": false}).expect(200)
	if len(h.mails()) != before {
		t.Fatal("create_user false sent mail")
	}
	h.do("POST", "/token?grant_type=password", map[string]any{"email": "ghost@example.com", "password": "x"}).expectError(400, "invalid_credentials")
	h.do("POST", "/otp", map[string]any{"phone": "+13175550100"}).expectError(422, "phone_provider_disabled")
	h.do("POST", "/otp", map[string]any{"email": "nope"}).expectError(400, "validation_failed")

	// The magic link's token works with type email too.
	h.clock.Advance(time.Minute)
	h.do("POST", "/otp", map[string]any{"email": "new@example.com"}).expect(200)
	h.do("POST", "/verify", map[string]any{"type": "email", "token_hash": linkParams(t, h.lastMail("new@example.com").Link).Get("token")}).expect(200)
}

func TestResend_OnlyForPendingSignups(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.signUp("pend@example.com", "secret123", nil).expect(200)
	h.newUser("done@example.com", "secret123")
	h.clock.Advance(time.Minute)
	before := len(h.mails())
	h.do("POST", "/resend", map[string]any{"type": "signup", "email": "done@example.com"}).expect(200)
	h.do("POST", "/resend", map[string]any{"type": "signup", "email": "nobody@example.com"}).expect(200)
	h.do("POST", "/resend", map[string]any{"type": "email_change", "email": "done@example.com"}).expect(200)
	if len(h.mails()) != before {
		t.Fatal("resend mailed a confirmed or unknown address")
	}
	h.do("POST", "/resend", map[string]any{"type": "signup", "email": "pend@example.com"}).expect(200)
	if h.mailCount("pend@example.com") != 2 {
		t.Fatal("no second confirmation")
	}
	h.do("POST", "/resend", map[string]any{"type": "signup", "email": "pend@example.com"}).expect(200)
	if h.mailCount("pend@example.com") != 2 {
		t.Fatal("resend inside the window sent mail")
	}
	h.do("POST", "/resend", map[string]any{"type": "recovery", "email": "pend@example.com"}).expectError(400, "validation_failed")
	h.do("POST", "/resend", map[string]any{"type": "sms", "phone": "+1"}).expectError(422, "phone_provider_disabled")
}

func TestEmailEndpoints_AreLimitedPerClientAddress(t *testing.T) {
	t.Parallel()
	h := newHarness(t, func(c *auth.Config) { c.EmailLimit = growthdesk.Limit{Requests: 2, Window: 5 * time.Minute} })
	h.do("POST", "/recover", map[string]any{"email": "a@example.com"}).expect(200)
	h.do("POST", "/otp", map[string]any{"email": "b@example.com", "create_user": false}).expect(200)
	res := h.do("POST", "/signup", map[string]any{"email": "c@example.com", "password": "secret123"})
	res.expectError(429, "over_request_rate_limit")
	if res.Header.Get("Retry-After") == "" {
		t.Fatal("no Retry-After")
	}
	h.do("POST", "/resend", map[string]any{"type": "signup", "email": "c@example.com"}, fromIP("192.0.2.1")).expect(200)
}

func TestVerify_IsLimitedPerClientAddress(t *testing.T) {
	t.Parallel()
	h := newHarness(t, func(c *auth.Config) { c.VerifyLimit = growthdesk.Limit{Requests: 2, Window: 5 * time.Minute} })
	for i := 0; i < 2; i++ {
		h.do("POST", "/verify", map[string]any{"type": "signup", "token_hash": "guess"}).expectError(403, "otp_expired")
	}
	h.do("POST", "/verify", map[string]any{"type": "signup", "token_hash": "guess"}).expectError(429, "over_request_rate_limit")
	// Links are followed in a browser: the limit answers with a redirect there.
	res := h.do("GET", "/verify?type=signup&token=guess", nil).expect(303)
	loc, _ := url.Parse(res.Header.Get("Location"))
	frag, _ := url.ParseQuery(loc.Fragment)
	if frag.Get("error_code") != "over_request_rate_limit" {
		t.Fatalf("redirect = %s", loc)
	}
}

// TestVerifyCode_LocksTheAccountAfterTenWrongCodes: codes sent to /verify with the e-mail
// address count wrong guesses against the account, as passwords do, so that guessing from many
// client addresses stops too; other accounts are not affected, and the window ends it.
func TestVerifyCode_LocksTheAccountAfterTenWrongCodes(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("target@example.com", "secret123")
	h.newUser("other@example.com", "secret123")
	for i := 0; i < 10; i++ {
		// Each guess from another address: the per-address limit does not stop this.
		h.do("POST", "/verify", map[string]any{"type": "recovery", "email": "target@example.com", "token": fmt.Sprintf("%06d", i)},
			fromIP(fmt.Sprintf("198.51.100.%d", i+1))).expectError(403, "otp_expired")
	}
	res := h.do("POST", "/verify", map[string]any{"type": "magiclink", "email": "target@example.com", "token": "424242"}, fromIP("198.51.100.200"))
	res.expectError(429, "over_request_rate_limit")
	if res.Header.Get("Retry-After") == "" {
		t.Fatal("429 without Retry-After")
	}
	// Another account is not locked.
	h.do("POST", "/verify", map[string]any{"type": "recovery", "email": "other@example.com", "token": "424242"}).expectError(403, "otp_expired")
	// Wrong passwords and wrong codes are counted apart: the owner may still sign in.
	h.signIn("target@example.com", "secret123")
	// After the window, guesses are answered again (and counted anew).
	h.clock.Advance(16 * time.Minute)
	h.do("POST", "/verify", map[string]any{"type": "recovery", "email": "target@example.com", "token": "424242"}).expectError(403, "otp_expired")
}

// The reauthentication code a password change may use counts against the same lockout.
func TestReauthenticationCode_CountsTowardsTheLockout(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("nonce@example.com", "secret123")
	tok := accessToken(h.signIn("nonce@example.com", "secret123"))
	h.do("GET", "/reauthenticate", nil, bearer(tok)).expect(200)
	code := h.lastMail("nonce@example.com").Code
	for i := 0; i < 10; i++ {
		g := fmt.Sprintf("%06d", i)
		if g == code {
			g = "999999"
		}
		h.do("PUT", "/user", map[string]any{"password": "newsecret1", "nonce": g}, bearer(tok)).expectError(422, "reauthentication_not_valid")
	}
	h.do("PUT", "/user", map[string]any{"password": "newsecret1", "nonce": code}, bearer(tok)).expectError(429, "over_request_rate_limit")
	// /verify's codes count against the same lockout.
	h.do("POST", "/verify", map[string]any{"type": "recovery", "email": "nonce@example.com", "token": "424242"}).
		expectError(429, "over_request_rate_limit")
}
