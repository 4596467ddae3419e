package auth_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/growthdesk/growthdesk/internal/auth"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

func TestGetUser_ReturnsTheSignedInUser(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("me@example.com", "secret123")
	s := h.signIn("me@example.com", "secret123")
	u := h.do("GET", "/user", nil, bearer(accessToken(s))).expect(200).JSON()
	if u["id"] != s["user"].(map[string]any)["id"] || u["email"] != "me@example.com" {
		t.Fatalf("user = %v", u)
	}
	if _, ok := u["factors"]; ok {
		t.Fatal("factors present without any factor")
	}
}

func TestUpdateUser_MergesDataAndNullDeletesAKey(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("meta@example.com", "secret123")
	tok := accessToken(h.signIn("meta@example.com", "secret123"))
	u := h.do("PUT", "/user", map[string]any{"data": map[string]any{"company": "Acme", "full_name": "Meta Person"},
		"code_challenge": nil, "code_challenge_method": nil}, bearer(tok)).expect(200).JSON()
	meta := u["user_metadata"].(map[string]any)
	if meta["company"] != "Acme" || meta["full_name"] != "Meta Person" || meta["email"] != "meta@example.com" {
		t.Fatalf("user_metadata = %v", meta)
	}
	u = h.do("PUT", "/user", map[string]any{"data": map[string]any{"company": nil}}, bearer(tok)).expect(200).JSON()
	meta = u["user_metadata"].(map[string]any)
	if _, ok := meta["company"]; ok || meta["full_name"] != "Meta Person" {
		t.Fatalf("user_metadata after null = %v", meta)
	}
	// The identity's keys are not the user's to change.
	u = h.do("PUT", "/user", map[string]any{"data": map[string]any{"email_verified": false, "email": "x@evil.example", "sub": nil}}, bearer(tok)).expect(200).JSON()
	meta = u["user_metadata"].(map[string]any)
	if meta["email_verified"] != true || meta["email"] != "meta@example.com" || meta["sub"] != u["id"] {
		t.Fatalf("identity keys changed: %v", meta)
	}
	h.do("PUT", "/user", map[string]any{"data": map[string]any{"blob": strings.Repeat("x", 17<<10)}}, bearer(tok)).expectError(422, "validation_failed")
	// The next token carries the new metadata.
	s := h.signIn("meta@example.com", "secret123")
	if decodeClaims(t, accessToken(s))["user_metadata"].(map[string]any)["full_name"] != "Meta Person" {
		t.Fatal("token does not carry the updated metadata")
	}
}

func TestUpdateUser_RefusesEmailPhoneAndAppMetadataChanges(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("fixed@example.com", "secret123")
	tok := accessToken(h.signIn("fixed@example.com", "secret123"))
	body := h.do("PUT", "/user", map[string]any{"email": "new@example.com"}, bearer(tok)).expectError(422, "validation_failed")
	if body["message"] != "Email cannot be changed" {
		t.Fatalf("message = %v", body["message"])
	}
	h.do("PUT", "/user", map[string]any{"email": "Fixed@Example.com"}, bearer(tok)).expect(200)
	h.do("PUT", "/user", map[string]any{"phone": "+13175550100"}, bearer(tok)).expectError(422, "phone_provider_disabled")
	h.do("PUT", "/user", map[string]any{"app_metadata": map[string]any{"role": "admin"}}, bearer(tok)).expectError(403, "not_admin")
}

func TestUpdateUser_PasswordChangeNeedsTheCurrentPassword(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("pw@example.com", "secret123")
	s1 := h.signIn("pw@example.com", "secret123")
	s2 := h.signIn("pw@example.com", "secret123")
	tok := accessToken(s1)

	h.do("PUT", "/user", map[string]any{"password": "newsecret1"}, bearer(tok)).expectError(400, "current_password_required")
	h.do("PUT", "/user", map[string]any{"password": "newsecret1", "current_password": "wrong-one"}, bearer(tok)).expectError(400, "current_password_invalid")
	h.do("PUT", "/user", map[string]any{"password": "secret123", "current_password": "secret123"}, bearer(tok)).expectError(422, "same_password")
	body := h.do("PUT", "/user", map[string]any{"password": "123", "current_password": "secret123"}, bearer(tok)).expectError(422, "weak_password")
	if body["weak_password"] == nil {
		t.Fatalf("weak password without reasons: %v", body)
	}
	h.do("PUT", "/user", map[string]any{"password": "newsecret1", "current_password": "secret123"}, bearer(tok)).expect(200)

	// The current session lives on, every other session is signed out.
	h.do("GET", "/user", nil, bearer(tok)).expect(200)
	h.refresh(refreshToken(s1)).expect(200)
	h.do("GET", "/user", nil, bearer(accessToken(s2))).expectError(403, "session_not_found")
	h.do("POST", "/token?grant_type=password", map[string]any{"email": "pw@example.com", "password": "secret123"}).expectError(400, "invalid_credentials")
	h.signIn("pw@example.com", "newsecret1")
}

func TestUpdateUser_WrongCurrentPasswordsLockTheAccount(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("guess@example.com", "secret123")
	tok := accessToken(h.signIn("guess@example.com", "secret123"))
	for i := 0; i < 10; i++ {
		h.do("PUT", "/user", map[string]any{"password": "newsecret1", "current_password": "guess"}, bearer(tok)).expectError(400, "current_password_invalid")
	}
	h.do("PUT", "/user", map[string]any{"password": "newsecret1", "current_password": "secret123"}, bearer(tok)).expectError(429, "over_request_rate_limit")
}

func TestUpdateUser_NonceFromReauthenticateProvesAPasswordChange(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("nonce@example.com", "secret123")
	tok := accessToken(h.signIn("nonce@example.com", "secret123"))
	h.do("GET", "/reauthenticate", nil, bearer(tok)).expect(200)
	m := h.lastMail("nonce@example.com")
	if m.Kind != growthdesk.EmailReauth || len(m.Code) != 6 || m.Link != "" {
		t.Fatalf("reauthentication mail = %+v", m)
	}
	h.do("GET", "/reauthenticate", nil, bearer(tok)).expectError(429, "over_email_send_rate_limit")
	h.do("PUT", "/user", map[string]any{"password": "newsecret1", "nonce": "000000"}, bearer(tok)).expectError(422, "reauthentication_not_valid")
	u := h.do("PUT", "/user", map[string]any{"password": "newsecret1", "nonce": m.Code}, bearer(tok)).expect(200).JSON()
	if u["reauthentication_sent_at"] == nil {
		t.Fatalf("user = %v", u)
	}
	// A nonce works once.
	h.do("PUT", "/user", map[string]any{"password": "newsecret2", "nonce": m.Code}, bearer(tok)).expectError(422, "reauthentication_not_valid")
	h.signIn("nonce@example.com", "newsecret1")
}

func TestUpdateUser_RecoverySessionSetsAPasswordWithoutTheOldOne(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("forgot@example.com", "secret123")
	h.do("POST", "/recover", map[string]any{"email": "forgot@example.com"}).expect(200)
	m := h.lastMail("forgot@example.com")
	if m.Kind != growthdesk.EmailRecovery || linkParams(t, m.Link).Get("type") != "recovery" {
		t.Fatalf("mail = %+v", m)
	}
	s := h.do("POST", "/verify", map[string]any{"type": "recovery", "token_hash": linkParams(t, m.Link).Get("token")}).expect(200).JSON()
	if decodeClaims(t, accessToken(s))["amr"].([]any)[0].(map[string]any)["method"] != "recovery" {
		t.Fatal("recovery session does not say so in amr")
	}
	h.do("PUT", "/user", map[string]any{"password": "brandnew1"}, bearer(accessToken(s))).expect(200)
	h.signIn("forgot@example.com", "brandnew1")
}

func TestUpdateUser_PasswordChangeNeedsAAL2OnceMFAIsOn(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("mfapw@example.com", "secret123")
	s := h.signIn("mfapw@example.com", "secret123")
	h.enrollAndVerifyTOTP(accessToken(s))
	aal1 := h.signIn("mfapw@example.com", "secret123")
	body := h.do("PUT", "/user", map[string]any{"password": "newsecret1", "current_password": "secret123"}, bearer(accessToken(aal1))).
		expectError(401, "insufficient_aal")
	if !strings.Contains(str(body["message"]), "AAL2") {
		t.Fatalf("message = %v", body["message"])
	}
	// Metadata is not sensitive: aal1 may change it.
	h.do("PUT", "/user", map[string]any{"data": map[string]any{"k": "v"}}, bearer(accessToken(aal1))).expect(200)
}

func TestUserWithoutPassword_SetsOneWithoutProof(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.do("POST", "/otp", map[string]any{"email": "magic@example.com"}).expect(200)
	token := linkParams(t, h.lastMail("magic@example.com").Link).Get("token")
	s := h.do("POST", "/verify", map[string]any{"type": "email", "token_hash": token}).expect(200).JSON()
	h.do("POST", "/token?grant_type=password", map[string]any{"email": "magic@example.com", "password": ""}).expectError(400, "invalid_credentials")
	h.do("PUT", "/user", map[string]any{"password": "firstpass1"}, bearer(accessToken(s))).expect(200)
	h.signIn("magic@example.com", "firstpass1")
}

func TestCreateUser_MakesAnAccountForTheOperator(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	ctx := t.Context()
	created, err := h.svc.CreateUser(ctx, auth.CreateUserParams{Email: "Admin@Example.com", FullName: "Ada Admin",
		Role: growthdesk.RoleAdmin, Approved: true, Confirmed: true})
	if err != nil {
		t.Fatal(err)
	}
	if created.Email != "admin@example.com" || len(created.GeneratedPassword) < 20 || created.ID == "" {
		t.Fatalf("created = %+v", created)
	}
	s := h.signIn("admin@example.com", created.GeneratedPassword)
	if s["user"].(map[string]any)["user_metadata"].(map[string]any)["full_name"] != "Ada Admin" {
		t.Fatalf("user = %v", s["user"])
	}
	if _, err := h.svc.CreateUser(ctx, auth.CreateUserParams{Email: "admin@example.com", Password: "secret123"}); growthdesk.ErrorCode(err) != growthdesk.EConflict {
		t.Fatalf("duplicate: %v", err)
	}
	_, err = h.svc.CreateUser(ctx, auth.CreateUserParams{Email: "bad", Password: "123", Role: "overlord"})
	var e *growthdesk.Error
	if !errors.As(err, &e) || e.Code != growthdesk.EInvalid || len(e.Fields) != 3 {
		t.Fatalf("invalid params: %v (%+v)", err, e)
	}
	given, err := h.svc.CreateUser(ctx, auth.CreateUserParams{Email: "emp@example.com", Password: "given-pass", Role: growthdesk.RoleEmployee, Confirmed: true})
	if err != nil || given.GeneratedPassword != "" {
		t.Fatalf("given password: %+v, %v", given, err)
	}
	h.signIn("emp@example.com", "given-pass")
	// Accounts that share a password can share its hash.
	hash, err := h.svc.HashPassword("shared-pass")
	if err != nil {
		t.Fatal(err)
	}
	for _, email := range []string{"one@example.com", "two@example.com"} {
		if _, err := h.svc.CreateUser(ctx, auth.CreateUserParams{Email: email, PasswordHash: hash, Confirmed: true}); err != nil {
			t.Fatal(err)
		}
		h.signIn(email, "shared-pass")
	}
	for _, p := range []auth.CreateUserParams{
		{Email: "nohash@example.com", PasswordHash: "not-a-bcrypt-hash"},
		{Email: "both@example.com", PasswordHash: hash, Password: "shared-pass"},
	} {
		if _, err := h.svc.CreateUser(ctx, p); growthdesk.ErrorCode(err) != growthdesk.EInvalid {
			t.Fatalf("%s: %v", p.Email, err)
		}
	}
	// Unconfirmed operator-made accounts cannot sign in until they confirm.
	if _, err := h.svc.CreateUser(ctx, auth.CreateUserParams{Email: "later@example.com", Password: "secret123"}); err != nil {
		t.Fatal(err)
	}
	h.do("POST", "/token?grant_type=password", map[string]any{"email": "later@example.com", "password": "secret123"}).expectError(400, "email_not_confirmed")
	if len(h.mails()) != 0 {
		t.Fatal("CreateUser sent mail")
	}
}
