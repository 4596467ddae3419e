package auth_test

import (
	"strings"
	"testing"
)

func TestControlCharacters_RefusedWithValidationFailedNamingTheField(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	body := h.do("POST", "/signup", map[string]any{"email": "new@example.com", "password": "a-long-password",
		"data": map[string]any{"full_name": "New\x00Person"}}).expectError(422, "validation_failed")
	if msg := body["message"].(string); !strings.HasPrefix(msg, "data.full_name: ") {
		t.Fatalf("message %q does not name data.full_name", msg)
	}
	if n := h.mailCount("new@example.com"); n != 0 {
		t.Fatalf("%d mails sent", n)
	}
	// Query parameters are checked the same way, before the handler runs.
	body = h.do("GET", "/verify?type=signup&token=a%00b", nil).expectError(422, "validation_failed")
	if msg := body["message"].(string); !strings.Contains(msg, "token") {
		t.Fatalf("message %q does not name token", msg)
	}
	h.do("POST", "/factors/%00/challenge", map[string]any{}).expectError(404, "not_found")
}
