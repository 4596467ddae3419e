package auth_test

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"github.com/growthdesk/growthdesk/internal/auth"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// totpCode computes the code an authenticator app shows at t.
func totpCode(t *testing.T, secret string, at time.Time) string {
	t.Helper()
	code, err := totp.GenerateCodeCustom(secret, at, totp.ValidateOpts{Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		t.Fatal(err)
	}
	return code
}

// enroll adds a TOTP factor and returns the enrollment answer.
func (h *harness) enroll(token, name string) map[string]any {
	h.t.Helper()
	return h.do("POST", "/factors", map[string]any{"factor_type": "totp", "friendly_name": name}, bearer(token)).expect(200).JSON()
}

func (h *harness) challenge(token, factorID string) string {
	h.t.Helper()
	return h.do("POST", "/factors/"+factorID+"/challenge", map[string]any{"factorId": factorID}, bearer(token)).expect(200).JSON()["id"].(string)
}

// enrollAndVerifyTOTP turns MFA on for the token's user and returns the aal2 session and
// the factor's secret.
func (h *harness) enrollAndVerifyTOTP(token string) (map[string]any, string, string) {
	h.t.Helper()
	f := h.enroll(token, "Authenticator")
	id, secret := f["id"].(string), f["totp"].(map[string]any)["secret"].(string)
	ch := h.challenge(token, id)
	s := h.do("POST", "/factors/"+id+"/verify", map[string]any{"challenge_id": ch, "code": totpCode(h.t, secret, h.clock.Now())}, bearer(token)).expect(200).JSON()
	return s, id, secret
}

func TestEnroll_ReturnsSecretURIAndQRCode(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("mfa@example.com", "secret123")
	tok := accessToken(h.signIn("mfa@example.com", "secret123"))
	f := h.enroll(tok, "My phone")
	if f["type"] != "totp" || f["friendly_name"] != "My phone" || f["id"] == "" {
		t.Fatalf("enroll = %v", f)
	}
	tp := f["totp"].(map[string]any)
	secret, uri, qr := tp["secret"].(string), tp["uri"].(string), tp["qr_code"].(string)
	if !regexp.MustCompile(`^[A-Z2-7]{32}$`).MatchString(secret) {
		t.Fatalf("secret = %q, want 32 base32 characters (160 bits)", secret)
	}
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "otpauth" || u.Host != "totp" || u.Path != "/Growthdesk:mfa@example.com" {
		t.Fatalf("uri = %q", uri)
	}
	q := u.Query()
	if q.Get("secret") != secret || q.Get("issuer") != "Growthdesk" || q.Get("algorithm") != "SHA1" || q.Get("digits") != "6" || q.Get("period") != "30" {
		t.Fatalf("uri params = %v", q)
	}
	if !strings.HasPrefix(qr, "<svg") || !strings.HasSuffix(qr, "</svg>") || strings.ContainsAny(qr, "#%") {
		t.Fatalf("qr_code is not plain SVG fit for a data: URL: %.120s", qr)
	}
	// The factor is listed, unverified, in the user.
	user := h.do("GET", "/user", nil, bearer(tok)).expect(200).JSON()
	factors := user["factors"].([]any)
	fac := factors[0].(map[string]any)
	if len(factors) != 1 || fac["status"] != "unverified" || fac["factor_type"] != "totp" || fac["friendly_name"] != "My phone" || fac["phone"] != "" {
		t.Fatalf("factors = %v", factors)
	}
	if _, ok := fac["last_challenged_at"]; !ok {
		t.Fatal("last_challenged_at must be present (null)")
	}
	// The issuer may be chosen by the client.
	f2 := h.do("POST", "/factors", map[string]any{"factor_type": "totp", "issuer": "Acme Portal"}, bearer(tok)).expect(200).JSON()
	if !strings.Contains(f2["totp"].(map[string]any)["uri"].(string), "issuer=Acme") {
		t.Fatalf("issuer not used: %v", f2)
	}
}

func TestEnroll_RefusesBadRequests(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("bad@example.com", "secret123")
	tok := accessToken(h.signIn("bad@example.com", "secret123"))
	h.enroll(tok, "Phone")
	h.do("POST", "/factors", map[string]any{"factor_type": "totp", "friendly_name": "Phone"}, bearer(tok)).expectError(422, "mfa_factor_name_conflict")
	h.do("POST", "/factors", map[string]any{"factor_type": "phone", "phone": "+1"}, bearer(tok)).expectError(422, "mfa_phone_enroll_not_enabled")
	h.do("POST", "/factors", map[string]any{"factor_type": "webauthn"}, bearer(tok)).expectError(422, "mfa_webauthn_enroll_not_enabled")
	h.do("POST", "/factors", map[string]any{"factor_type": "sms"}, bearer(tok)).expectError(400, "validation_failed")
	h.do("POST", "/factors", map[string]any{"factor_type": "totp", "friendly_name": strings.Repeat("n", 101)}, bearer(tok)).expectError(422, "validation_failed")
	h.do("POST", "/factors", map[string]any{"factor_type": "totp", "issuer": strings.Repeat("i", 2000)}, bearer(tok)).expectError(422, "validation_failed")
	for i := 0; i < 9; i++ {
		h.enroll(tok, fmt.Sprintf("f%d", i))
	}
	h.do("POST", "/factors", map[string]any{"factor_type": "totp", "friendly_name": "eleventh"}, bearer(tok)).expectError(422, "too_many_enrolled_mfa_factors")
	// Unverified factors expire after five minutes and make room.
	h.clock.Advance(301 * time.Second)
	h.enroll(tok, "eleventh")
}

func TestMFA_ChallengeAndVerifyRaisesTheSessionToAAL2(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("two@example.com", "secret123")
	s := h.signIn("two@example.com", "secret123")
	other := h.signIn("two@example.com", "secret123")
	tok := accessToken(s)
	f := h.enroll(tok, "App")
	id, secret := f["id"].(string), f["totp"].(map[string]any)["secret"].(string)

	ch := h.do("POST", "/factors/"+id+"/challenge", map[string]any{"factorId": id}, bearer(tok)).expect(200).JSON()
	if ch["type"] != "totp" || ch["expires_at"] != float64(h.clock.Now().Add(300*time.Second).Unix()) {
		t.Fatalf("challenge = %v", ch)
	}
	chID := ch["id"].(string)
	body := h.do("POST", "/factors/"+id+"/verify", map[string]any{"challenge_id": chID, "code": wrongCode(t, secret, h.clock.Now())}, bearer(tok)).expectError(422, "mfa_verification_failed")
	if body["message"] != "Invalid TOTP code entered" {
		t.Fatalf("message = %v", body["message"])
	}
	h.clock.Advance(20 * time.Second)
	v := h.do("POST", "/factors/"+id+"/verify", map[string]any{"challenge_id": chID, "code": totpCode(t, secret, h.clock.Now())}, bearer(tok)).expect(200).JSON()

	c := decodeClaims(t, accessToken(v))
	amr := c["amr"].([]any)
	if c["aal"] != "aal2" || c["session_id"] != decodeClaims(t, tok)["session_id"] || len(amr) != 2 ||
		amr[0].(map[string]any)["method"] != "totp" || amr[1].(map[string]any)["method"] != "password" {
		t.Fatalf("claims = %v", c)
	}
	if refreshToken(v) == refreshToken(s) {
		t.Fatal("MFA verification kept the aal1 refresh token")
	}
	factors := v["user"].(map[string]any)["factors"].([]any)
	if len(factors) != 1 || factors[0].(map[string]any)["status"] != "verified" || factors[0].(map[string]any)["last_challenged_at"] == nil {
		t.Fatalf("factors = %v", factors)
	}
	// The aal1 refresh token can no longer mint tokens; the refreshed aal2 one keeps aal2.
	h.refresh(refreshToken(s)).expectError(400, "refresh_token_not_found")
	r := h.refresh(refreshToken(v)).expect(200).JSON()
	if decodeClaims(t, accessToken(r))["aal"] != "aal2" {
		t.Fatal("refresh lost aal2")
	}
	// The user's other aal1 session was ended.
	h.do("GET", "/user", nil, bearer(accessToken(other))).expectError(403, "session_not_found")
	// The same challenge cannot be used twice.
	h.do("POST", "/factors/"+id+"/verify", map[string]any{"challenge_id": chID, "code": totpCode(t, secret, h.clock.Now())}, bearer(accessToken(v))).
		expectError(422, "mfa_ip_address_mismatch")

	// Signing in again gives aal1 until the factor is verified again.
	s2 := h.signIn("two@example.com", "secret123")
	if decodeClaims(t, accessToken(s2))["aal"] != "aal1" {
		t.Fatal("password sign-in of an MFA user is not aal1")
	}
	// The code already used cannot be replayed, even on a new challenge (RFC 6238 §5.2) ...
	ch2 := h.challenge(accessToken(s2), id)
	h.do("POST", "/factors/"+id+"/verify", map[string]any{"challenge_id": ch2, "code": totpCode(t, secret, h.clock.Now())}, bearer(accessToken(s2))).
		expectError(422, "mfa_verification_failed")
	// ... but the next code is accepted.
	h.clock.Advance(30 * time.Second)
	ch2 = h.challenge(accessToken(s2), id)
	v2 := h.do("POST", "/factors/"+id+"/verify", map[string]any{"challenge_id": ch2, "code": totpCode(t, secret, h.clock.Now())}, bearer(accessToken(s2))).expect(200).JSON()
	if decodeClaims(t, accessToken(v2))["aal"] != "aal2" {
		t.Fatal("second verification did not reach aal2")
	}
}

func TestMFA_VerifyRefusesExpiredForeignAndMisplacedChallenges(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("ch@example.com", "secret123")
	tok := accessToken(h.signIn("ch@example.com", "secret123"))
	f := h.enroll(tok, "App")
	id, secret := f["id"].(string), f["totp"].(map[string]any)["secret"].(string)
	verify := func(ch string, opts ...option) *response {
		return h.do("POST", "/factors/"+id+"/verify", map[string]any{"challenge_id": ch, "code": totpCode(t, secret, h.clock.Now())}, append(opts, bearer(tok))...)
	}

	ch := h.challenge(tok, id)
	verify(ch, fromIP("198.51.100.50")).expectError(422, "mfa_ip_address_mismatch")
	h.clock.Advance(301 * time.Second)
	verify(ch).expectError(422, "mfa_challenge_expired")
	verify("00000000-0000-4000-8000-000000000000").expectError(422, "mfa_factor_not_found")
	verify("not-a-uuid").expectError(422, "mfa_factor_not_found")
	h.do("POST", "/factors/"+id+"/verify", map[string]any{"challenge_id": h.challenge(tok, id), "code": ""}, bearer(tok)).expectError(400, "validation_failed")

	// Someone else's factor does not exist for this user.
	h.newUser("intruder@example.com", "secret123")
	other := accessToken(h.signIn("intruder@example.com", "secret123"))
	h.do("POST", "/factors/"+id+"/challenge", map[string]any{}, bearer(other)).expectError(404, "mfa_factor_not_found")
	h.do("DELETE", "/factors/"+id, nil, bearer(other)).expectError(404, "mfa_factor_not_found")
	h.do("POST", "/factors/nope/challenge", map[string]any{}, bearer(tok)).expectError(404, "validation_failed")
}

func TestMFA_CodesOneStepOffAreAcceptedTwoAreNot(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("skew@example.com", "secret123")
	tok := accessToken(h.signIn("skew@example.com", "secret123"))
	f := h.enroll(tok, "App")
	id, secret := f["id"].(string), f["totp"].(map[string]any)["secret"].(string)
	old := totpCode(t, secret, h.clock.Now().Add(-60*time.Second))
	h.do("POST", "/factors/"+id+"/verify", map[string]any{"challenge_id": h.challenge(tok, id), "code": old}, bearer(tok)).expectError(422, "mfa_verification_failed")
	prev := totpCode(t, secret, h.clock.Now().Add(-30*time.Second))
	h.do("POST", "/factors/"+id+"/verify", map[string]any{"challenge_id": h.challenge(tok, id), "code": prev}, bearer(tok)).expect(200)
}

func TestMFA_SecondFactorAndUnenrollNeedAAL2(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("gate@example.com", "secret123")
	s, id, _ := h.enrollAndVerifyTOTP(accessToken(h.signIn("gate@example.com", "secret123")))
	aal1 := accessToken(h.signIn("gate@example.com", "secret123"))
	h.do("POST", "/factors", map[string]any{"factor_type": "totp", "friendly_name": "Second"}, bearer(aal1)).expectError(403, "insufficient_aal")
	h.do("DELETE", "/factors/"+id, nil, bearer(aal1)).expectError(422, "insufficient_aal")

	aal2 := accessToken(s)
	second := h.enroll(aal2, "Second")
	// An unverified factor may go at aal1.
	h.do("DELETE", "/factors/"+second["id"].(string), nil, bearer(aal1)).expect(200)
	res := h.do("DELETE", "/factors/"+id, nil, bearer(aal2)).expect(200).JSON()
	if res["id"] != id {
		t.Fatalf("unenroll = %v", res)
	}
	// The session that the factor raised is aal1 again, at once.
	ident, err := h.svc.Authenticate(t.Context(), aal2)
	if err != nil || ident.AAL != "aal1" {
		t.Fatalf("after unenroll: %+v, %v", ident, err)
	}
	u := h.do("GET", "/user", nil, bearer(aal2)).expect(200).JSON()
	if _, ok := u["factors"]; ok {
		t.Fatalf("factors after unenroll: %v", u["factors"])
	}
	h.do("DELETE", "/factors/"+id, nil, bearer(aal2)).expectError(404, "mfa_factor_not_found")
}

func TestMFA_ChallengeAndVerifyAreLimitedPerClient(t *testing.T) {
	t.Parallel()
	h := newHarness(t, func(c *auth.Config) { c.MFALimit = growthdesk.Limit{Requests: 3, Window: time.Minute} })
	h.newUser("lim@example.com", "secret123")
	tok := accessToken(h.signIn("lim@example.com", "secret123"))
	id := h.enroll(tok, "App")["id"].(string)
	for i := 0; i < 3; i++ {
		h.challenge(tok, id)
	}
	h.do("POST", "/factors/"+id+"/challenge", map[string]any{}, bearer(tok)).expectError(429, "over_request_rate_limit")
	h.clock.Advance(time.Minute)
	h.challenge(tok, id)
}

func TestMFA_WrongCodesLockTheFactorForTheAccount(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("brute@example.com", "secret123")
	tok := accessToken(h.signIn("brute@example.com", "secret123"))
	f := h.enroll(tok, "App")
	id, secret := f["id"].(string), f["totp"].(map[string]any)["secret"].(string)
	for i := 0; i < 10; i++ {
		h.do("POST", "/factors/"+id+"/verify", map[string]any{"challenge_id": h.challenge(tok, id), "code": wrongCode(t, secret, h.clock.Now())}, bearer(tok)).
			expectError(422, "mfa_verification_failed")
		h.clock.Advance(10 * time.Second) // stay under the per-client limit
	}
	// From a fresh address, so that only the account's lockout can refuse it.
	ch := h.do("POST", "/factors/"+id+"/challenge", map[string]any{}, bearer(tok), fromIP("192.0.2.200")).expect(200).JSON()["id"]
	h.do("POST", "/factors/"+id+"/verify", map[string]any{"challenge_id": ch, "code": totpCode(t, secret, h.clock.Now())}, bearer(tok), fromIP("192.0.2.200")).
		expectError(429, "over_request_rate_limit")
}

// wrongCode returns a code that is valid at no step within the skew.
func wrongCode(t *testing.T, secret string, at time.Time) string {
	valid := map[string]bool{}
	for _, d := range []time.Duration{-30 * time.Second, 0, 30 * time.Second} {
		valid[totpCode(t, secret, at.Add(d))] = true
	}
	for i := 0; ; i++ {
		if c := fmt.Sprintf("%06d", i); !valid[c] {
			return c
		}
	}
}
