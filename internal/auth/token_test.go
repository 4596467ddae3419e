package auth_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/growthdesk/growthdesk/internal/auth"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// decodeClaims reads a JWT's payload without verifying it.
func decodeClaims(t *testing.T, token string) map[string]any {
	t.Helper()
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		t.Fatalf("not a JWT: %q", token)
	}
	raw, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// jwksKey returns the public key with kid from the JWKS document.
func (h *harness) jwksKey(kid string) *ecdsa.PublicKey {
	h.t.Helper()
	keys := h.do("GET", "/.well-known/jwks.json", nil).expect(200).JSON()["keys"].([]any)
	for _, k := range keys {
		m := k.(map[string]any)
		if m["kid"] != kid {
			continue
		}
		x, _ := base64.RawURLEncoding.DecodeString(m["x"].(string))
		y, _ := base64.RawURLEncoding.DecodeString(m["y"].(string))
		return &ecdsa.PublicKey{Curve: elliptic.P256(), X: new(big.Int).SetBytes(x), Y: new(big.Int).SetBytes(y)}
	}
	h.t.Fatalf("kid %s not in the JWKS", kid)
	return nil
}

func TestPasswordGrant_ReturnsASessionWithAVerifiableES256Token(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("lee@example.com", "secret123")
	h.clock.Advance(time.Second)
	s := h.signIn("LEE@example.com ", "secret123", header("User-Agent", "test-agent/1.0"))

	if s["token_type"] != "bearer" || s["expires_in"] != float64(3600) {
		t.Fatalf("session = %v", s)
	}
	now := h.clock.Now()
	if s["expires_at"] != float64(now.Add(time.Hour).Unix()) {
		t.Fatalf("expires_at = %v", s["expires_at"])
	}
	if len(refreshToken(s)) < 22 {
		t.Fatalf("refresh token %q is too short to hold 128 bits", refreshToken(s))
	}
	user := s["user"].(map[string]any)
	if user["email"] != "lee@example.com" || user["last_sign_in_at"] == nil {
		t.Fatalf("user = %v", user)
	}

	// The token verifies with the JWKS key its kid names, as auth-js's getClaims does.
	tok, err := jwt.Parse(accessToken(s), func(t *jwt.Token) (any, error) {
		return h.jwksKey(t.Header["kid"].(string)), nil
	}, jwt.WithValidMethods([]string{"ES256"}), jwt.WithTimeFunc(h.clock.Now))
	if err != nil || !tok.Valid {
		t.Fatalf("token does not verify with the JWKS: %v", err)
	}
	if tok.Header["typ"] != "JWT" {
		t.Fatalf("header = %v", tok.Header)
	}
	c := decodeClaims(t, accessToken(s))
	want := map[string]any{
		"iss": siteURL + "/auth/v1", "sub": user["id"], "aud": "authenticated", "email": "lee@example.com", "phone": "",
		"role": "authenticated", "aal": "aal1", "is_anonymous": false,
		"exp": float64(now.Add(time.Hour).Unix()), "iat": float64(now.Unix()),
	}
	for k, v := range want {
		if c[k] != v {
			t.Errorf("claim %s = %v, want %v", k, c[k], v)
		}
	}
	if c["session_id"] == nil || c["app_metadata"].(map[string]any)["provider"] != "email" || c["user_metadata"].(map[string]any)["full_name"] != "Test User" {
		t.Fatalf("claims = %v", c)
	}
	amr := c["amr"].([]any)
	if len(amr) != 1 || amr[0].(map[string]any)["method"] != "password" || amr[0].(map[string]any)["timestamp"] != float64(now.Unix()) {
		t.Fatalf("amr = %v", amr)
	}
	// The session is listed for the settings page with its client details.
	// (The first session is the one confirming the address opened.)
	list, err := h.svc.ListSessions(t.Context(), str(user["id"]))
	if err != nil || len(list) != 2 {
		t.Fatalf("sessions = %+v, %v", list, err)
	}
	if x := list[0]; x.ID != c["session_id"] || x.UserAgent != "test-agent/1.0" || x.IP != "203.0.113.7" || x.AAL != "aal1" || !x.CreatedAt.Equal(now) {
		t.Fatalf("newest session = %+v", x)
	}
}

func TestPasswordGrant_RefusesWithGoTrueCodes(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("ok@example.com", "secret123")
	h.signUp("pending@example.com", "secret123", nil).expect(200)
	cases := []struct {
		name, grant string
		body        map[string]any
		status      int
		code, msg   string
	}{
		{"wrong password", "password", map[string]any{"email": "ok@example.com", "password": "wrong-one"}, 400, "invalid_credentials", "Invalid login credentials"},
		{"unknown user", "password", map[string]any{"email": "nobody@example.com", "password": "secret123"}, 400, "invalid_credentials", "Invalid login credentials"},
		{"unconfirmed", "password", map[string]any{"email": "pending@example.com", "password": "secret123"}, 400, "email_not_confirmed", "Email not confirmed"},
		{"unconfirmed, wrong password", "password", map[string]any{"email": "pending@example.com", "password": "nope-nope"}, 400, "invalid_credentials", ""},
		{"no email", "password", map[string]any{"password": "secret123"}, 400, "validation_failed", "missing email or phone"},
		{"phone", "password", map[string]any{"phone": "+13175550100", "password": "secret123"}, 400, "phone_provider_disabled", ""},
		{"id_token", "id_token", map[string]any{"provider": "google", "id_token": "x"}, 400, "provider_disabled", ""},
		{"web3", "web3", map[string]any{}, 400, "web3_provider_disabled", ""},
		{"unknown grant", "client_credentials", map[string]any{}, 400, "invalid_credentials", "unsupported_grant_type"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			body := h.do("POST", "/token?grant_type="+tc.grant, tc.body).expectError(tc.status, tc.code)
			if tc.msg != "" && body["message"] != tc.msg {
				t.Fatalf("message = %v, want %q", body["message"], tc.msg)
			}
		})
	}
}

func TestPasswordGrant_LocksTheAccountAfterTenWrongPasswords(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("target@example.com", "secret123")
	for i := 0; i < 10; i++ {
		// Each guess from another address: the per-address limit does not stop this.
		h.do("POST", "/token?grant_type=password", map[string]any{"email": "target@example.com", "password": fmt.Sprintf("guess-%d", i)},
			fromIP(fmt.Sprintf("198.51.100.%d", i+1))).expectError(400, "invalid_credentials")
	}
	res := h.do("POST", "/token?grant_type=password", map[string]any{"email": "target@example.com", "password": "secret123"}, fromIP("198.51.100.200"))
	res.expectError(429, "over_request_rate_limit")
	if res.Header.Get("Retry-After") == "" {
		t.Fatal("429 without Retry-After")
	}
	// Another account is not affected.
	h.newUser("other@example.com", "secret123")
	h.signIn("other@example.com", "secret123")
	// After the window the owner gets in.
	h.clock.Advance(16 * time.Minute)
	h.signIn("target@example.com", "secret123")
}

func TestTokenEndpoint_IsLimitedPerClientAddress(t *testing.T) {
	t.Parallel()
	h := newHarness(t, func(c *auth.Config) { c.TokenLimit = growthdesk.Limit{Requests: 3, Window: 5 * time.Minute} })
	body := map[string]any{"email": "nobody@example.com", "password": "secret123"}
	for i := 0; i < 3; i++ {
		h.do("POST", "/token?grant_type=password", body).expectError(400, "invalid_credentials")
	}
	res := h.do("POST", "/token?grant_type=password", body)
	if b := res.expectError(429, "over_request_rate_limit"); b["message"] != "Request rate limit reached" {
		t.Fatalf("message = %v", b["message"])
	}
	h.do("POST", "/token?grant_type=password", body, fromIP("192.0.2.99")).expectError(400, "invalid_credentials")
	h.clock.Advance(5 * time.Minute)
	h.do("POST", "/token?grant_type=password", body).expectError(400, "invalid_credentials")
}

func TestRefresh_RotatesOnEveryUse(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("rot@example.com", "secret123")
	s := h.signIn("rot@example.com", "secret123")
	a := refreshToken(s)
	h.clock.Advance(time.Minute)
	s2 := h.refresh(a).expect(200).JSON()
	b := refreshToken(s2)
	if b == a {
		t.Fatal("refresh token did not rotate")
	}
	c1, c2 := decodeClaims(t, accessToken(s)), decodeClaims(t, accessToken(s2))
	if c1["session_id"] != c2["session_id"] || c2["iat"] != float64(h.clock.Now().Unix()) {
		t.Fatalf("refreshed claims = %v", c2)
	}
	// amr keeps the original sign-in method.
	if c2["amr"].([]any)[0].(map[string]any)["method"] != "password" {
		t.Fatalf("amr = %v", c2["amr"])
	}
	h.do("GET", "/user", nil, bearer(accessToken(s2))).expect(200)
	h.clock.Advance(time.Minute)
	c := refreshToken(h.refresh(b).expect(200).JSON())
	if c == a || c == b {
		t.Fatal("third token repeats an earlier one")
	}
}

func TestRefresh_ParentOfTheCurrentTokenGetsTheCurrentTokenBack(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("lost@example.com", "secret123")
	a := refreshToken(h.signIn("lost@example.com", "secret123"))
	b := refreshToken(h.refresh(a).expect(200).JSON())
	// The client never stored b and tries a again, even much later.
	h.clock.Advance(time.Hour)
	again := h.refresh(a).expect(200).JSON()
	if refreshToken(again) != b {
		t.Fatalf("parent got %q, want the current token %q", refreshToken(again), b)
	}
	h.refresh(b).expect(200)
}

func TestRefresh_ReuseWithinTheIntervalMintsAChild(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("tabs@example.com", "secret123")
	a := refreshToken(h.signIn("tabs@example.com", "secret123"))
	b := refreshToken(h.refresh(a).expect(200).JSON())
	c := refreshToken(h.refresh(b).expect(200).JSON())
	// a is no longer the parent of the current token; within 10 s it still works (two tabs).
	h.clock.Advance(5 * time.Second)
	d := refreshToken(h.refresh(a).expect(200).JSON())
	if d == b || d == c || d == a {
		t.Fatal("reuse within the interval did not mint a new token")
	}
	h.refresh(d).expect(200)
}

func TestRefresh_ReuseAfterTheIntervalRevokesTheWholeSession(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("stolen@example.com", "secret123")
	s := h.signIn("stolen@example.com", "secret123")
	a := refreshToken(s)
	b := refreshToken(h.refresh(a).expect(200).JSON())
	cur := h.refresh(b).expect(200).JSON()
	h.clock.Advance(11 * time.Second)
	body := h.refresh(a).expectError(400, "refresh_token_already_used")
	if body["message"] != "Invalid Refresh Token: Already Used" {
		t.Fatalf("message = %v", body["message"])
	}
	// The session is gone: its current refresh token and its access tokens stop working.
	h.refresh(refreshToken(cur)).expectError(400, "refresh_token_not_found")
	h.do("GET", "/user", nil, bearer(accessToken(cur))).expectError(403, "session_not_found")
	h.do("GET", "/user", nil, bearer(accessToken(s))).expectError(403, "session_not_found")
}

func TestRefresh_RefusesBadTokens(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.refresh("short").expectError(400, "validation_failed")
	h.refresh("").expectError(400, "validation_failed")
	body := h.refresh(strings.Repeat("x", 43)).expectError(400, "refresh_token_not_found")
	if body["message"] != "Invalid Refresh Token: Refresh Token Not Found" {
		t.Fatalf("message = %v", body["message"])
	}
}

func TestLogout_ScopesEndTheRightSessions(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("out@example.com", "secret123")
	s1 := h.signIn("out@example.com", "secret123")
	s2 := h.signIn("out@example.com", "secret123")
	s3 := h.signIn("out@example.com", "secret123")

	res := h.do("POST", "/logout?scope=others", nil, bearer(accessToken(s1))).expect(204)
	if len(res.Body) != 0 {
		t.Fatalf("204 with a body: %s", res.Body)
	}
	h.do("GET", "/user", nil, bearer(accessToken(s1))).expect(200)
	h.do("GET", "/user", nil, bearer(accessToken(s2))).expectError(403, "session_not_found")
	h.do("PUT", "/user", map[string]any{"data": map[string]any{"x": 1}}, bearer(accessToken(s3))).expectError(403, "session_not_found")
	h.refresh(refreshToken(s2)).expectError(400, "refresh_token_not_found")

	h.do("POST", "/logout?scope=local", nil, bearer(accessToken(s1))).expect(204)
	h.do("GET", "/user", nil, bearer(accessToken(s1))).expectError(403, "session_not_found")
	h.do("POST", "/logout", nil, bearer(accessToken(s1))).expectError(403, "session_not_found")

	s4 := h.signIn("out@example.com", "secret123")
	s5 := h.signIn("out@example.com", "secret123")
	h.do("POST", "/logout?scope=sideways", nil, bearer(accessToken(s4))).expectError(400, "validation_failed")
	h.do("POST", "/logout", nil, bearer(accessToken(s4))).expect(204) // global by default
	h.do("GET", "/factors", nil, bearer(accessToken(s5))).expect(405)
	h.do("POST", "/factors", map[string]any{"factor_type": "totp"}, bearer(accessToken(s5))).expectError(403, "session_not_found")
	h.refresh(refreshToken(s5)).expectError(400, "refresh_token_not_found")
	h.do("POST", "/logout", nil).expectError(401, "no_authorization")
}

// otherKeyToken signs claims with a key the service does not know.
func otherKeyToken(t *testing.T, claims jwt.MapClaims, kid string) string {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tok := jwt.NewWithClaims(jwt.SigningMethodES256, claims)
	tok.Header["kid"] = kid
	s, err := tok.SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestAuthenticatedEndpoints_RefuseMissingExpiredAndForgedTokens(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("jwt@example.com", "secret123")
	s := h.signIn("jwt@example.com", "secret123")
	good := accessToken(s)
	claims := jwt.MapClaims{}
	for k, v := range decodeClaims(t, good) {
		claims[k] = v
	}
	realKid := decodeHeader(t, good)["kid"].(string)

	h.do("GET", "/user", nil).expectError(401, "no_authorization")
	h.do("GET", "/user", nil, header("Authorization", "Basic abc")).expectError(401, "no_authorization")
	h.do("GET", "/user", nil, bearer("not-a-jwt")).expectError(403, "bad_jwt")
	h.do("GET", "/user", nil, bearer(otherKeyToken(t, claims, realKid))).expectError(403, "bad_jwt")
	h.do("GET", "/user", nil, bearer(otherKeyToken(t, claims, "unknown-kid"))).expectError(403, "bad_jwt")
	hs := jwt.NewWithClaims(jwt.SigningMethodHS256, claims)
	hs.Header["kid"] = realKid
	hsToken, _ := hs.SignedString([]byte("guessed-secret"))
	h.do("GET", "/user", nil, bearer(hsToken)).expectError(403, "bad_jwt")
	// Tampering with the payload breaks the signature.
	parts := strings.Split(good, ".")
	claims["sub"] = "00000000-0000-4000-8000-000000000000"
	payload, _ := json.Marshal(claims)
	h.do("GET", "/user", nil, bearer(parts[0]+"."+base64.RawURLEncoding.EncodeToString(payload)+"."+parts[2])).expectError(403, "bad_jwt")

	h.do("GET", "/user", nil, bearer(good)).expect(200)
	h.clock.Advance(time.Hour + time.Second)
	body := h.do("GET", "/user", nil, bearer(good)).expectError(403, "bad_jwt")
	if !strings.Contains(str(body["message"]), "token is expired") {
		t.Fatalf("message = %v", body["message"])
	}
}

func decodeHeader(t *testing.T, token string) map[string]any {
	t.Helper()
	raw, err := base64.RawURLEncoding.DecodeString(strings.Split(token, ".")[0])
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestAuthenticate_VouchesOnlyForLiveSessions(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("api@example.com", "secret123")
	s := h.signIn("api@example.com", "secret123")
	ctx := t.Context()
	id, err := h.svc.Authenticate(ctx, accessToken(s))
	c := decodeClaims(t, accessToken(s))
	if err != nil || id.UserID != c["sub"] || id.SessionID != c["session_id"] || id.Email != "api@example.com" || id.AAL != "aal1" {
		t.Fatalf("Authenticate = %+v, %v", id, err)
	}
	if _, err := h.svc.Authenticate(ctx, "Bearer "+accessToken(s)); err != nil {
		t.Fatalf("with the scheme: %v", err)
	}
	for name, tok := range map[string]string{"empty": "", "garbage": "abc.def.ghi"} {
		if _, err := h.svc.Authenticate(ctx, tok); growthdesk.ErrorCode(err) != growthdesk.EUnauthorized {
			t.Fatalf("%s: err = %v, want EUnauthorized", name, err)
		}
	}
	if err := h.svc.SignOutUser(ctx, id.UserID, ""); err != nil {
		t.Fatal(err)
	}
	_, err = h.svc.Authenticate(ctx, accessToken(s))
	if growthdesk.ErrorCode(err) != growthdesk.EUnauthorized || growthdesk.ErrorMessage(err) == "" {
		t.Fatalf("after sign-out: %v", err)
	}
	s2 := h.signIn("api@example.com", "secret123")
	h.clock.Advance(2 * time.Hour)
	if _, err := h.svc.Authenticate(ctx, accessToken(s2)); growthdesk.ErrorCode(err) != growthdesk.EUnauthorized {
		t.Fatalf("expired: %v", err)
	}
}

func TestSignOutUser_KeepsTheGivenSession(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("keep@example.com", "secret123")
	s1 := h.signIn("keep@example.com", "secret123")
	s2 := h.signIn("keep@example.com", "secret123")
	c := decodeClaims(t, accessToken(s1))
	if err := h.svc.SignOutUser(t.Context(), str(c["sub"]), str(c["session_id"])); err != nil {
		t.Fatal(err)
	}
	h.do("GET", "/user", nil, bearer(accessToken(s1))).expect(200)
	h.do("GET", "/user", nil, bearer(accessToken(s2))).expectError(403, "session_not_found")
}

func TestSessionMaxAge_EndsTheSessionHoweverOftenRefreshed(t *testing.T) {
	t.Parallel()
	h := newHarness(t, func(c *auth.Config) { c.SessionMaxAge = 48 * time.Hour })
	h.newUser("old@example.com", "secret123")
	s := h.signIn("old@example.com", "secret123")
	for i := 0; i < 3; i++ {
		h.clock.Advance(15 * time.Hour)
		s = h.refresh(refreshToken(s)).expect(200).JSON()
	}
	h.clock.Advance(150 * time.Minute) // 47.5 hours after sign-in: still inside the limit
	s = h.refresh(refreshToken(s)).expect(200).JSON()
	h.clock.Advance(40 * time.Minute) // 48 h 10 min: the access token has not expired, the session has
	h.do("GET", "/user", nil, bearer(accessToken(s))).expectError(403, "session_not_found")
	h.refresh(refreshToken(s)).expectError(400, "session_expired")
}
