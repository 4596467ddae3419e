package auth_test

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/growthdesk/growthdesk/internal/auth"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
)

func TestSignup_CreatesUnconfirmedUserAndSendsTheConfirmationMail(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	res := h.do("POST", "/signup?redirect_to="+url.QueryEscape(siteURL+"/portal/login"),
		map[string]any{"email": "  Dana@Example.COM ", "password": "secret123", "data": map[string]any{"full_name": "Dana Whitfield"},
			"gotrue_meta_security": map[string]any{}, "code_challenge": nil, "code_challenge_method": nil}).expect(200)
	u := res.JSON()

	// The bare user, as GoTrue answers a sign-up that still needs confirming.
	for _, k := range []string{"id", "aud", "role", "email", "phone", "app_metadata", "user_metadata", "identities", "created_at", "updated_at", "is_anonymous", "confirmation_sent_at"} {
		if _, ok := u[k]; !ok {
			t.Errorf("user lacks %q: %s", k, res.Body)
		}
	}
	for _, k := range []string{"email_confirmed_at", "confirmed_at", "last_sign_in_at", "factors", "access_token"} {
		if _, ok := u[k]; ok {
			t.Errorf("unconfirmed user has %q: %s", k, res.Body)
		}
	}
	if u["email"] != "dana@example.com" || u["aud"] != "authenticated" || u["role"] != "authenticated" || u["phone"] != "" || u["is_anonymous"] != false {
		t.Fatalf("user = %s", res.Body)
	}
	meta := u["user_metadata"].(map[string]any)
	if meta["full_name"] != "Dana Whitfield" || meta["email_verified"] != false || meta["sub"] != u["id"] || meta["email"] != "dana@example.com" {
		t.Fatalf("user_metadata = %v", meta)
	}
	app := u["app_metadata"].(map[string]any)
	if app["provider"] != "email" || len(app["providers"].([]any)) != 1 {
		t.Fatalf("app_metadata = %v", app)
	}
	ids := u["identities"].([]any)
	if len(ids) != 1 {
		t.Fatalf("identities = %v", ids)
	}
	id := ids[0].(map[string]any)
	if id["provider"] != "email" || id["user_id"] != u["id"] || id["id"] != u["id"] || id["email"] != "dana@example.com" || id["identity_id"] == "" {
		t.Fatalf("identity = %v", id)
	}
	if _, err := time.Parse(time.RFC3339Nano, str(u["created_at"])); err != nil {
		t.Fatalf("created_at %v: %v", u["created_at"], err)
	}

	// The mail: the confirmation kind, greeting by name, a link in GoTrue's format and no
	// code (no page lets anyone type one).
	m := h.lastMail("dana@example.com")
	if m.Kind != growthdesk.EmailConfirmation || m.FullName != "Dana Whitfield" {
		t.Fatalf("mail = %+v", m)
	}
	if m.Code != "" {
		t.Fatalf("code = %q", m.Code)
	}
	if !strings.HasPrefix(m.Link, siteURL+"/auth/v1/verify?") {
		t.Fatalf("link = %s", m.Link)
	}
	q := linkParams(t, m.Link)
	if q.Get("type") != "signup" || q.Get("redirect_to") != siteURL+"/portal/login" || len(q.Get("token")) < 43 {
		t.Fatalf("link params = %v", q)
	}

	// Pending users can sign in only after confirming.
	h.do("POST", "/token?grant_type=password", map[string]any{"email": "dana@example.com", "password": "secret123"}).
		expectError(400, "email_not_confirmed")
	h.confirm("dana@example.com")
	s := h.signIn("dana@example.com", "secret123")
	user := s["user"].(map[string]any)
	if user["email_confirmed_at"] == nil || user["confirmed_at"] == nil || user["user_metadata"].(map[string]any)["email_verified"] != true {
		t.Fatalf("confirmed user = %v", user)
	}
}

func TestSignup_ResignupOfUnconfirmedAddressResendsWithinThePerUserWindow(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	first := h.signUp("ray@example.com", "secret123", nil).expect(200).JSON()
	oldToken := linkParams(t, h.lastMail("ray@example.com").Link).Get("token")

	h.signUp("ray@example.com", "secret123", nil).expectError(429, "over_email_send_rate_limit")
	if n := h.mailCount("ray@example.com"); n != 1 {
		t.Fatalf("mails = %d, want 1", n)
	}
	h.clock.Advance(61 * time.Second)
	again := h.signUp("ray@example.com", "another-password", nil).expect(200).JSON()
	if again["id"] != first["id"] {
		t.Fatalf("re-signup made another user: %v vs %v", again["id"], first["id"])
	}
	if n := h.mailCount("ray@example.com"); n != 2 {
		t.Fatalf("mails = %d, want 2", n)
	}
	// The first link was replaced; the re-signup did not change the password.
	h.do("POST", "/verify", map[string]any{"type": "signup", "token_hash": oldToken}).expectError(403, "otp_expired")
	h.confirm("ray@example.com")
	h.signIn("ray@example.com", "secret123")
}

func TestSignup_ConfirmedAddressGetsAnObfuscatedUserAndNoMail(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("kim@example.com", "secret123")
	before := h.mailCount("kim@example.com")
	real := h.signIn("kim@example.com", "secret123")["user"].(map[string]any)

	u := h.signUp("kim@example.com", "whatever1", map[string]any{"full_name": "Someone"}).expect(200).JSON()
	if u["id"] == real["id"] || u["email"] != "kim@example.com" {
		t.Fatalf("obfuscated user = %v", u)
	}
	if ids := u["identities"].([]any); len(ids) != 0 {
		t.Fatalf("identities = %v, want []", ids)
	}
	if _, ok := u["email_confirmed_at"]; ok {
		t.Fatal("obfuscated user looks confirmed")
	}
	if h.mailCount("kim@example.com") != before {
		t.Fatal("a mail went to a confirmed address")
	}
	// The real account is untouched.
	h.signIn("kim@example.com", "secret123")
}

func TestSignup_AutoConfirmReturnsASessionAndRefusesDuplicates(t *testing.T) {
	t.Parallel()
	h := newHarness(t, func(c *auth.Config) { c.AutoConfirm = true })
	s := h.signUp("auto@example.com", "secret123", nil).expect(200).JSON()
	if s["access_token"] == nil || s["refresh_token"] == nil || s["expires_in"] != float64(3600) {
		t.Fatalf("session = %v", s)
	}
	claims := decodeClaims(t, accessToken(s))
	if amr := claims["amr"].([]any); amr[0].(map[string]any)["method"] != "password" {
		t.Fatalf("amr = %v", amr)
	}
	if h.mailCount("auto@example.com") != 0 {
		t.Fatal("autoconfirm sent a confirmation mail")
	}
	body := h.signUp("auto@example.com", "secret123", nil).expectError(422, "user_already_exists")
	if body["message"] != "User already registered" {
		t.Fatalf("message = %v", body["message"])
	}
}

func TestSignup_RefusesBadInputWithGoTrueCodes(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	cases := []struct {
		name    string
		body    map[string]any
		status  int
		code    string
		message string
	}{
		{"short password", map[string]any{"email": "a@example.com", "password": "12345"}, 422, "weak_password", "Password should be at least 6 characters."},
		{"no password", map[string]any{"email": "a@example.com"}, 400, "validation_failed", "Signup requires a valid password"},
		{"long password", map[string]any{"email": "a@example.com", "password": strings.Repeat("p", 73)}, 400, "validation_failed", "Password cannot be longer than 72 characters"},
		{"bad email", map[string]any{"email": "not-an-address", "password": "secret123"}, 400, "validation_failed", "Unable to validate email address: invalid format"},
		{"phone", map[string]any{"phone": "+13175550100", "password": "secret123"}, 422, "phone_provider_disabled", ""},
		{"anonymous", map[string]any{"data": map[string]any{}}, 422, "anonymous_provider_disabled", "Anonymous sign-ins are disabled"},
		{"email and phone", map[string]any{"email": "a@example.com", "phone": "+13175550100", "password": "secret123"}, 400, "validation_failed", ""},
		{"challenge without method", map[string]any{"email": "a@example.com", "password": "secret123", "code_challenge": strings.Repeat("c", 43)}, 400, "validation_failed", ""},
		{"short challenge", map[string]any{"email": "a@example.com", "password": "secret123", "code_challenge": "abc", "code_challenge_method": "s256"}, 400, "validation_failed", ""},
		{"huge metadata", map[string]any{"email": "a@example.com", "password": "secret123", "data": map[string]any{"x": strings.Repeat("x", 17<<10)}}, 422, "validation_failed", ""},
		{"bad challenge method", map[string]any{"email": "a@example.com", "password": "secret123", "code_challenge": strings.Repeat("c", 43), "code_challenge_method": "md5"}, 400, "validation_failed", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			body := h.do("POST", "/signup", tc.body).expectError(tc.status, tc.code)
			if tc.message != "" && body["message"] != tc.message {
				t.Fatalf("message = %q, want %q", body["message"], tc.message)
			}
			if tc.code == "weak_password" {
				wp := body["weak_password"].(map[string]any)
				if r := wp["reasons"].([]any); len(r) != 1 || r[0] != "length" {
					t.Fatalf("weak_password = %v", wp)
				}
			}
		})
	}
	if len(h.mails()) != 0 {
		t.Fatalf("refused sign-ups sent mail: %v", h.mails())
	}
}

func pkceChallenge(verifier string) string {
	sum := sha256.Sum256([]byte(verifier))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

func TestSignup_PKCELinkComesBackWithACodeToExchange(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	verifier := strings.Repeat("v3rifier-", 6)
	h.do("POST", "/signup?redirect_to="+url.QueryEscape(siteURL+"/portal"), map[string]any{
		"email": "pk@example.com", "password": "secret123", "code_challenge": pkceChallenge(verifier), "code_challenge_method": "s256",
	}).expect(200)
	link := h.lastMail("pk@example.com").Link
	token := linkParams(t, link).Get("token")
	if !strings.HasPrefix(token, "pkce_") {
		t.Fatalf("PKCE link token = %q", token)
	}
	h.clock.Advance(10 * time.Minute) // following the link late is fine: the exchange clock starts then
	loc := h.followLink(link)
	if loc.Fragment != "" || loc.Query().Get("code") == "" || loc.Path != "/portal" {
		t.Fatalf("redirect = %s", loc)
	}
	code := loc.Query().Get("code")
	h.do("POST", "/token?grant_type=pkce", map[string]any{"auth_code": code, "code_verifier": "wrong-verifier"}).expectError(400, "bad_code_verifier")
	s := h.do("POST", "/token?grant_type=pkce", map[string]any{"auth_code": code, "code_verifier": verifier}).expect(200).JSON()
	claims := decodeClaims(t, accessToken(s))
	if m := claims["amr"].([]any)[0].(map[string]any)["method"]; m != "email/signup" {
		t.Fatalf("amr method = %v", m)
	}
	if s["user"].(map[string]any)["email_confirmed_at"] == nil {
		t.Fatal("following the link did not confirm the address")
	}
	h.do("POST", "/token?grant_type=pkce", map[string]any{"auth_code": code, "code_verifier": verifier}).expectError(404, "flow_state_not_found")
	h.do("POST", "/token?grant_type=pkce", map[string]any{"auth_code": code}).expectError(400, "validation_failed")
}

func TestPKCE_CodeExpiresAfterFiveMinutes(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("late@example.com", "secret123")
	verifier := strings.Repeat("x", 50)
	h.do("POST", "/recover", map[string]any{"email": "late@example.com", "code_challenge": verifier, "code_challenge_method": "plain"}).expect(200)
	loc := h.followLink(h.lastMail("late@example.com").Link)
	h.clock.Advance(301 * time.Second)
	h.do("POST", "/token?grant_type=pkce", map[string]any{"auth_code": loc.Query().Get("code"), "code_verifier": verifier}).expectError(422, "flow_state_expired")
}

// followLink does what the browser does with an e-mailed link: GET it and read the 303.
func (h *harness) followLink(link string) *url.URL {
	h.t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		h.t.Fatal(err)
	}
	res := h.do("GET", strings.TrimPrefix(u.Path, auth.MountPath)+"?"+u.RawQuery, nil)
	if res.Status != http.StatusSeeOther {
		h.t.Fatalf("GET %s = %d, want 303: %s", link, res.Status, res.Body)
	}
	loc, err := url.Parse(res.Header.Get("Location"))
	if err != nil {
		h.t.Fatal(err)
	}
	return loc
}

func TestSignup_ClipsTheFullNameToTheProfileLimit(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	for i, letter := range []string{"a", "é"} {
		email := fmt.Sprintf("long%d@example.com", i)
		u := h.signUp(email, "secret123", map[string]any{"full_name": strings.Repeat(letter, growthdesk.FullNameMax+20)}).expect(200).JSON()
		p, err := store.NewAccountStore(h.db).GetProfile(t.Context(), str(u["id"]))
		if err != nil {
			t.Fatal(err)
		}
		if want := strings.Repeat(letter, growthdesk.FullNameMax); p.FullName != want {
			t.Errorf("%q: profile full name has %d characters, want %d", letter, utf8.RuneCountInString(p.FullName), growthdesk.FullNameMax)
		}
		// The profile accepts what sign-up stored: the two limits are one.
		if err := (growthdesk.ProfileUpdate{FullName: &p.FullName}).Validate(); err != nil {
			t.Errorf("%q: the profile refuses the sign-up name: %v", letter, err)
		}
	}
}
