package auth_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/auth"
	"github.com/growthdesk/growthdesk/internal/store"
)

func TestCORS_PreflightAllowsWhatAuthJSSends(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	res := h.do("OPTIONS", "/token?grant_type=password", nil,
		header("Origin", "http://localhost:5173"),
		header("Access-Control-Request-Method", "POST"),
		header("Access-Control-Request-Headers", "apikey,authorization,content-type,x-client-info,x-supabase-api-version")).expect(204)
	if got := res.Header.Get("Access-Control-Allow-Origin"); got != "http://localhost:5173" {
		t.Fatalf("Allow-Origin = %q", got)
	}
	allowed := strings.ToLower(res.Header.Get("Access-Control-Allow-Headers"))
	for _, h := range []string{"apikey", "authorization", "x-client-info", "x-supabase-api-version", "content-type"} {
		if !strings.Contains(allowed, h) {
			t.Errorf("Allow-Headers lacks %s: %s", h, allowed)
		}
	}
	for _, m := range []string{"GET", "POST", "PUT", "DELETE"} {
		if !strings.Contains(res.Header.Get("Access-Control-Allow-Methods"), m) {
			t.Errorf("Allow-Methods lacks %s", m)
		}
	}
	// Real answers expose the version header, without which auth-js sees no error codes.
	res = h.do("POST", "/token?grant_type=password", map[string]any{"email": "x@example.com", "password": "secret123"}, header("Origin", "http://localhost:5173"))
	if !strings.Contains(res.Header.Get("Access-Control-Expose-Headers"), "X-Supabase-Api-Version") {
		t.Fatalf("Expose-Headers = %q", res.Header.Get("Access-Control-Expose-Headers"))
	}
}

func TestErrors_FormatFollowsTheRequestedAPIVersion(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	bad := map[string]any{"email": "x@example.com", "password": "wrong-pass"}
	res := h.do("POST", "/token?grant_type=password", bad)
	res.expectError(400, "invalid_credentials")
	if res.Header.Get("X-Supabase-Api-Version") != "2024-01-01" {
		t.Fatal("version header not echoed")
	}
	if _, ok := res.JSON()["error_code"]; ok {
		t.Fatal("2024 body carries legacy fields")
	}

	res = h.do("POST", "/token?grant_type=password", bad, legacyErrors()).expect(400)
	body := res.JSON()
	if body["code"] != float64(400) || body["error_code"] != "invalid_credentials" || body["msg"] != "Invalid login credentials" {
		t.Fatalf("legacy body = %s", res.Body)
	}
	if res.Header.Get("X-Supabase-Api-Version") != "" || res.Header.Get("x-sb-error-code") != "invalid_credentials" {
		t.Fatalf("legacy headers = %v", res.Header)
	}
	// An older dated version also gets the legacy body.
	res = h.do("POST", "/token?grant_type=password", bad, header("X-Supabase-Api-Version", "2023-06-01")).expect(400)
	if res.JSON()["error_code"] != "invalid_credentials" {
		t.Fatalf("body = %s", res.Body)
	}
	// Weak passwords carry their reasons in both formats.
	res = h.do("POST", "/signup", map[string]any{"email": "w@example.com", "password": "1"}, legacyErrors()).expect(422)
	if res.JSON()["weak_password"].(map[string]any)["reasons"].([]any)[0] != "length" {
		t.Fatalf("legacy weak password = %s", res.Body)
	}
}

func TestBodies_MalformedOnesGetA4xx(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.do("POST", "/signup", nil, rawBody(`{"email": "a@example.com",`)).expectError(400, "bad_json")
	h.do("POST", "/signup", nil, rawBody(`["not", "an", "object"]`)).expectError(400, "bad_json")
	h.do("POST", "/signup", nil, rawBody(`{"email": 5, "password": "secret123"}`)).expectError(400, "bad_json")
	h.do("POST", "/signup", nil, rawBody(`{"email": "a@example.com", "password": "secret123", "data": "not an object"}`)).expectError(400, "bad_json")
	h.do("POST", "/token?grant_type=password", nil, rawBody(`{"email": ["a"], "password": true}`)).expectError(400, "bad_json")
	h.do("PUT", "/user", nil, rawBody(`{`)).expectError(401, "no_authorization")
	huge := `{"email":"a@example.com","password":"secret123","data":{"x":"` + strings.Repeat("a", 1<<20) + `"}}`
	h.do("POST", "/signup", nil, rawBody(huge)).expectError(413, "request_entity_too_large")
	// Unknown fields and nulls are fine, as from auth-js.
	h.do("POST", "/signup", nil, rawBody(`{"email":"ok@example.com","password":"secret123","data":null,"code_challenge":null,
		"code_challenge_method":null,"gotrue_meta_security":{"captcha_token":null},"channel":null,"something_new":[1,2]}`)).expect(200)
	// An empty body is an empty object.
	h.do("POST", "/recover", nil, rawBody(``)).expectError(400, "validation_failed")
}

func TestJWKS_PublishesTheSigningKeyForCaching(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	res := h.do("GET", "/.well-known/jwks.json", nil, legacyErrors()).expect(200)
	if res.Header.Get("Cache-Control") != "public, max-age=600" {
		t.Fatalf("Cache-Control = %q", res.Header.Get("Cache-Control"))
	}
	keys := res.JSON()["keys"].([]any)
	if len(keys) != 1 {
		t.Fatalf("keys = %v", keys)
	}
	k := keys[0].(map[string]any)
	if k["kty"] != "EC" || k["crv"] != "P-256" || k["alg"] != "ES256" || k["use"] != "sig" || k["kid"] == "" || k["d"] != nil {
		t.Fatalf("key = %v", k)
	}
	if ops := k["key_ops"].([]any); len(ops) != 1 || ops[0] != "verify" {
		t.Fatalf("key_ops = %v", ops)
	}
}

func TestSettingsAndHealth(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	s := h.do("GET", "/settings", nil).expect(200).JSON()
	ext := s["external"].(map[string]any)
	if ext["email"] != true || ext["phone"] != false || ext["google"] != false || s["mailer_autoconfirm"] != false || s["disable_signup"] != false {
		t.Fatalf("settings = %v", s)
	}
	hl := h.do("GET", "/health", nil).expect(200).JSON()
	if hl["name"] != "GoTrue" || hl["version"] != "test" || hl["description"] == "" {
		t.Fatalf("health = %v", hl)
	}
}

func TestUnsupportedFeatures_AnswerAClear4xx(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("feat@example.com", "secret123")
	tok := accessToken(h.signIn("feat@example.com", "secret123"))
	cases := []struct {
		method, path string
		status       int
		code         string
	}{
		{"POST", "/sso", 400, "saml_provider_disabled"},
		{"GET", "/authorize?provider=google", 400, "provider_disabled"},
		{"GET", "/callback", 400, "provider_disabled"},
		{"GET", "/user/identities/authorize?provider=github", 404, "manual_linking_disabled"},
		{"DELETE", "/user/identities/" + "00000000-0000-4000-8000-000000000000", 422, "single_identity_not_deletable"},
		{"GET", "/admin/users", 403, "not_admin"},
		{"POST", "/invite", 403, "not_admin"},
		{"GET", "/no/such/thing", 404, "not_found"},
		{"GET", "/signup", 405, "method_not_allowed"},
		{"DELETE", "/token", 405, "method_not_allowed"},
	}
	for _, tc := range cases {
		t.Run(tc.method+" "+tc.path, func(t *testing.T) {
			res := h.do(tc.method, tc.path, nil, bearer(tok))
			res.expectError(tc.status, tc.code)
			if tc.status == 405 && res.Header.Get("Allow") == "" {
				t.Fatal("405 without Allow")
			}
		})
	}
	body := h.do("POST", "/sso", map[string]any{"domain": "example.com"}).expectError(400, "saml_provider_disabled")
	if body["message"] != "SAML 2.0 is disabled" {
		t.Fatalf("message = %v", body["message"])
	}
}

func TestKeyRotation_OldTokensKeepVerifying(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("rot@example.com", "secret123")
	before := h.signIn("rot@example.com", "secret123")
	oldKid := decodeHeader(t, accessToken(before))["kid"]

	if err := h.svc.RotateSigningKey(t.Context()); err != nil {
		t.Fatal(err)
	}
	after := h.signIn("rot@example.com", "secret123")
	newKid := decodeHeader(t, accessToken(after))["kid"]
	if newKid == oldKid {
		t.Fatal("rotation did not change the signing key")
	}
	h.do("GET", "/user", nil, bearer(accessToken(before))).expect(200)
	h.do("GET", "/user", nil, bearer(accessToken(after))).expect(200)
	keys := h.do("GET", "/.well-known/jwks.json", nil).expect(200).JSON()["keys"].([]any)
	if len(keys) != 2 || keys[0].(map[string]any)["kid"] != newKid || keys[1].(map[string]any)["kid"] != oldKid {
		t.Fatalf("jwks after rotation = %v", keys)
	}

	// Another instance on the same database: it uses the stored keys (no new one) and
	// verifies both generations.
	other := newHarnessOn(t, h.db)
	other.clock.Set(h.clock.Now())
	other.do("GET", "/user", nil, bearer(accessToken(before))).expect(200)
	third := other.signIn("rot@example.com", "secret123")
	if decodeHeader(t, accessToken(third))["kid"] != newKid {
		t.Fatal("second instance signs with another key")
	}
	if n := len(other.do("GET", "/.well-known/jwks.json", nil).JSON()["keys"].([]any)); n != 2 {
		t.Fatalf("second instance has %d keys", n)
	}
}

func TestKeyRotation_ByAnotherInstanceIsPickedUpOnAnUnknownKid(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("peer@example.com", "secret123")
	other := newHarnessOn(t, h.db)
	if err := other.svc.RotateSigningKey(t.Context()); err != nil {
		t.Fatal(err)
	}
	s := other.signIn("peer@example.com", "secret123")
	// h has never seen the new key; it re-reads the keys and accepts the token.
	h.do("GET", "/user", nil, bearer(accessToken(s))).expect(200)
}

func ecJWK(t *testing.T, kid string, ops ...string) (map[string]any, *ecdsa.PrivateKey) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	d, _ := key.Bytes()
	pub, _ := key.PublicKey.Bytes()
	b := base64.RawURLEncoding
	return map[string]any{"kty": "EC", "crv": "P-256", "alg": "ES256", "kid": kid, "key_ops": ops,
		"d": b.EncodeToString(d), "x": b.EncodeToString(pub[1:33]), "y": b.EncodeToString(pub[33:])}, key
}

func TestConfiguredKeys_SignWithTheSignKeyAndPublishAll(t *testing.T) {
	t.Parallel()
	signer, _ := ecJWK(t, "primary", "sign", "verify")
	standby, _ := ecJWK(t, "standby", "verify")
	raw, _ := json.Marshal([]any{signer, standby})
	h := newHarness(t, func(c *auth.Config) { c.SigningKeysJSON = string(raw) })
	h.newUser("conf@example.com", "secret123")
	s := h.signIn("conf@example.com", "secret123")
	if decodeHeader(t, accessToken(s))["kid"] != "primary" {
		t.Fatal("not signed with the configured key")
	}
	keys := h.do("GET", "/.well-known/jwks.json", nil).JSON()["keys"].([]any)
	if len(keys) != 2 || keys[0].(map[string]any)["kid"] != "primary" {
		t.Fatalf("jwks = %v", keys)
	}
	if err := h.svc.RotateSigningKey(t.Context()); err == nil {
		t.Fatal("rotating configured keys should fail")
	}
}

func TestNew_RefusesBadConfiguration(t *testing.T) {
	t.Parallel()
	db := store.NewAuthStore(nil)
	cases := map[string]auth.Config{
		"no site URL":      {},
		"relative site":    {SiteURL: "/portal"},
		"bad hash cost":    {SiteURL: siteURL, PasswordHashCost: 99},
		"two signing keys": {SiteURL: siteURL, SigningKeysJSON: `[` + mustJSON(t, "a", "sign") + `,` + mustJSON(t, "b", "sign") + `]`},
		"not JSON keys":    {SiteURL: siteURL, SigningKeysJSON: `nope`},
	}
	for name, cfg := range cases {
		if _, err := auth.New(cfg, auth.Deps{Store: db, Mailer: fakeRenderer{}, Limiter: store.NewRateLimiter(nil)}); err == nil {
			t.Errorf("%s: New accepted it", name)
		}
	}
	if _, err := auth.New(auth.Config{SiteURL: siteURL}, auth.Deps{}); err == nil || !strings.Contains(err.Error(), "store") {
		t.Errorf("missing deps: %v", err)
	}
}

func mustJSON(t *testing.T, kid string, ops ...string) string {
	k, _ := ecJWK(t, kid, ops...)
	b, _ := json.Marshal(k)
	return string(b)
}

func TestAccessTokenLifetimeIsConfigurable(t *testing.T) {
	t.Parallel()
	h := newHarness(t, func(c *auth.Config) { c.JWTExpiry = 10 * time.Minute })
	h.newUser("short@example.com", "secret123")
	s := h.signIn("short@example.com", "secret123")
	if s["expires_in"] != float64(600) {
		t.Fatalf("expires_in = %v", s["expires_in"])
	}
	h.clock.Advance(11 * time.Minute)
	h.do("GET", "/user", nil, bearer(accessToken(s))).expectError(403, "bad_jwt")
	h.refresh(refreshToken(s)).expect(200)
}
