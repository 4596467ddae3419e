package auth_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/auth"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// recoveryCodes reads the codes out of a generate or regenerate answer.
func recoveryCodes(t *testing.T, body map[string]any) []string {
	t.Helper()
	raw, _ := body["codes"].([]any)
	codes := make([]string, len(raw))
	for i, c := range raw {
		codes[i] = c.(string)
	}
	return codes
}

func amrMethods(t *testing.T, token string) []string {
	t.Helper()
	claims := decodeClaims(t, token)
	var out []string
	for _, e := range claims["amr"].([]any) {
		out = append(out, e.(map[string]any)["method"].(string))
	}
	return out
}

func TestRecoveryCodes_ShownOnceUsableOnceRegenerated(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		h := newHarnessOn(t, db)
		h.newUser("codes@example.com", "secret123")
		aal1 := accessToken(h.signIn("codes@example.com", "secret123"))

		// No authenticator app yet: no codes.
		h.do("POST", "/factors/recovery-codes", nil, bearer(aal1)).expectError(422, "mfa_recovery_codes_sole_factor")
		h.do("POST", "/factors/recovery-codes/regenerate", nil, bearer(aal1)).expectError(422, "mfa_recovery_codes_sole_factor")
		s, _, _ := h.enrollAndVerifyTOTP(aal1)
		aal2 := accessToken(s)

		// A password alone (an aal1 session of an account with the app) cannot make codes.
		other := accessToken(h.signIn("codes@example.com", "secret123"))
		h.do("POST", "/factors/recovery-codes", nil, bearer(other)).expectError(403, "insufficient_aal")

		h.do("POST", "/factors/recovery-codes/regenerate", nil, bearer(aal2)).expectError(404, "mfa_factor_not_found")
		gen := h.do("POST", "/factors/recovery-codes", nil, bearer(aal2)).expect(200).JSON()
		codes := recoveryCodes(t, gen)
		if gen["type"] != "recovery_code" || gen["total"] != float64(10) || len(codes) != 10 || gen["id"] == "" {
			t.Fatalf("generate = %v", gen)
		}
		seen := map[string]bool{}
		for _, c := range codes {
			if !regexp.MustCompile(`^[2-9a-hjkmnp-z]{10}$`).MatchString(c) || seen[c] {
				t.Fatalf("code %q: not 10 lowercase letters and digits without 0, 1, i, l, o, or repeated", c)
			}
			seen[c] = true
		}
		// Shown once: a second generate is refused, and the status never carries codes.
		h.do("POST", "/factors/recovery-codes", nil, bearer(aal2)).expectError(422, "mfa_verified_factor_exists")
		st := h.do("GET", "/factors/recovery-codes", nil, bearer(aal2)).expect(200).JSON()
		if st["id"] != gen["id"] || st["total"] != float64(10) || st["remaining"] != float64(10) || st["codes"] != nil {
			t.Fatalf("status = %v", st)
		}

		// At the second-factor step a code (any case, spaces, no dash) raises the session to aal2.
		pending := accessToken(h.signIn("codes@example.com", "secret123"))
		typed := " " + strings.ToUpper(codes[0][:5]+"-"+codes[0][5:7]+" "+codes[0][7:]) + " "
		raised := h.do("POST", "/factors/recovery-codes/verify", map[string]any{"code": typed}, bearer(pending)).expect(200).JSON()
		tok := accessToken(raised)
		if c := decodeClaims(t, tok); c["aal"] != "aal2" {
			t.Fatalf("aal after a recovery code = %v", c["aal"])
		}
		if m := amrMethods(t, tok); m[0] != "mfa/recovery_code" || m[1] != "password" {
			t.Fatalf("amr = %v", m)
		}
		// The account is told, with a link to its security settings.
		if m := h.lastMail("codes@example.com"); m.Kind != growthdesk.EmailRecoveryCodeUsed || m.Link != siteURL+"/portal/settings?tab=security" {
			t.Fatalf("notice = %+v", m)
		}
		if st := h.do("GET", "/factors/recovery-codes", nil, bearer(tok)).expect(200).JSON(); st["remaining"] != float64(9) {
			t.Fatalf("remaining after one use = %v", st["remaining"])
		}
		// The new session's refresh token stays aal2.
		if c := decodeClaims(t, accessToken(h.refresh(refreshToken(raised)).expect(200).JSON())); c["aal"] != "aal2" {
			t.Fatalf("aal after refresh = %v", c["aal"])
		}

		// The same code a second time is refused.
		again := accessToken(h.signIn("codes@example.com", "secret123"))
		h.do("POST", "/factors/recovery-codes/verify", map[string]any{"code": codes[0]}, bearer(again)).expectError(422, "mfa_verification_failed")
		notices := 0
		for _, m := range h.mails() {
			if m.Kind == growthdesk.EmailRecoveryCodeUsed {
				notices++
			}
		}
		if notices != 1 {
			t.Fatalf("notices after a refused code = %d, want still 1", notices)
		}

		// Regenerating needs aal2 and replaces the set: old codes stop working, new ones work.
		h.do("POST", "/factors/recovery-codes/regenerate", nil, bearer(again)).expectError(403, "insufficient_aal")
		regen := h.do("POST", "/factors/recovery-codes/regenerate", nil, bearer(tok)).expect(200).JSON()
		fresh := recoveryCodes(t, regen)
		if len(fresh) != 10 || regen["id"] != gen["id"] || seen[fresh[0]] {
			t.Fatalf("regenerate = %v", regen)
		}
		h.do("POST", "/factors/recovery-codes/verify", map[string]any{"code": codes[1]}, bearer(again)).expectError(422, "mfa_verification_failed")
		h.do("POST", "/factors/recovery-codes/verify", map[string]any{"code": fresh[0]}, bearer(again)).expect(200)
		h.do("POST", "/factors/recovery-codes/verify", map[string]any{"code": " "}, bearer(again)).expectError(422, "mfa_verification_failed")
	})
}

func TestRecoveryCodes_WrongCodesCountWithWrongTOTPCodes(t *testing.T) {
	t.Parallel()
	h := newHarness(t, func(c *auth.Config) { c.MFALimit = growthdesk.Limit{Requests: 100, Window: time.Minute} })
	h.newUser("guess@example.com", "secret123")
	s, _, _ := h.enrollAndVerifyTOTP(accessToken(h.signIn("guess@example.com", "secret123")))
	codes := recoveryCodes(t, h.do("POST", "/factors/recovery-codes", nil, bearer(accessToken(s))).expect(200).JSON())
	tok := accessToken(h.signIn("guess@example.com", "secret123"))
	for i := 0; i < 10; i++ {
		h.do("POST", "/factors/recovery-codes/verify", map[string]any{"code": "aaaaa-aaaaa"}, bearer(tok)).expectError(422, "mfa_verification_failed")
	}
	// Locked for the window, even with a right code, from a fresh address.
	h.do("POST", "/factors/recovery-codes/verify", map[string]any{"code": codes[0]}, bearer(tok), fromIP("192.0.2.201")).
		expectError(429, "mfa_recovery_codes_locked")
	h.clock.Advance(16 * time.Minute)
	h.do("POST", "/factors/recovery-codes/verify", map[string]any{"code": codes[0]}, bearer(tok)).expect(200)
}

func TestRecoveryCodes_GoWithTheAuthenticatorApp(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("gone@example.com", "secret123")
	s, id, _ := h.enrollAndVerifyTOTP(accessToken(h.signIn("gone@example.com", "secret123")))
	aal2 := accessToken(s)
	h.do("POST", "/factors/recovery-codes", nil, bearer(aal2)).expect(200)
	h.do("DELETE", "/factors/"+id, nil, bearer(aal2)).expect(200)
	h.do("GET", "/factors/recovery-codes", nil, bearer(aal2)).expectError(404, "mfa_factor_not_found")
}

func TestRecoveryCodes_RemovingNeedsAAL2(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.newUser("drop@example.com", "secret123")
	s, _, _ := h.enrollAndVerifyTOTP(accessToken(h.signIn("drop@example.com", "secret123")))
	aal2 := accessToken(s)
	gen := h.do("POST", "/factors/recovery-codes", nil, bearer(aal2)).expect(200).JSON()
	aal1 := accessToken(h.signIn("drop@example.com", "secret123"))
	h.do("DELETE", "/factors/recovery-codes", nil, bearer(aal1)).expectError(422, "insufficient_aal")
	if got := h.do("DELETE", "/factors/recovery-codes", nil, bearer(aal2)).expect(200).JSON(); got["id"] != gen["id"] {
		t.Fatalf("delete = %v", got)
	}
	h.do("DELETE", "/factors/recovery-codes", nil, bearer(aal2)).expectError(404, "mfa_factor_not_found")
}
