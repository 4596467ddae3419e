package server_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"

	"github.com/growthdesk/growthdesk/internal/auth"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// expectUnavailable fails unless res is a 503 with Retry-After and a JSON error body.
func expectUnavailable(t *testing.T, what string, res response, code string) {
	t.Helper()
	if res.status != http.StatusServiceUnavailable {
		t.Fatalf("%s: %d %s, want 503", what, res.status, res.body)
	}
	if ra := res.header.Get("Retry-After"); ra == "" || ra == "0" {
		t.Fatalf("%s: Retry-After = %q", what, ra)
	}
	var body map[string]any
	if err := json.Unmarshal([]byte(res.body), &body); err != nil {
		t.Fatalf("%s: body is not JSON: %s", what, res.body)
	}
	got := body["code"]
	if ec, ok := body["error_code"]; ok { // the auth service's legacy format
		got = ec
	}
	if got != code {
		t.Fatalf("%s: code %v, want %s: %s", what, got, code, res.body)
	}
}

func TestFailClosed_RateLimiterFaultRefusesWith503(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newGuardEnv(t, db, guardOptions{limiter: faultyLimiter{}})
		ctx := context.Background()

		expectUnavailable(t, "lead", env.do(t, "POST", "/api/v1/leads", "application/json", goodLead), "unavailable")
		if n := env.leadCount(t); n != 0 {
			t.Fatalf("stored %d leads", n)
		}
		expectUnavailable(t, "newsletter", env.do(t, "POST", "/api/v1/newsletter", "application/json", `{"email":"reader@example.com"}`), "unavailable")
		if n, err := env.newsletterStore.CountSubscribers(ctx, "reader@example.com"); err != nil || n != 0 {
			t.Fatalf("subscribers: %d %v", n, err)
		}

		res := env.do(t, "POST", "/auth/v1/token?grant_type=password", "application/json",
			fmt.Sprintf(`{"email":"customer@example.com","password":%q}`, testPassword))
		expectUnavailable(t, "sign-in", res, "unexpected_failure")
		if strings.Contains(res.body, "access_token") {
			t.Fatalf("a token was issued: %s", res.body)
		}
		if sessions, err := env.auth.ListSessions(ctx, env.ids["customer"]); err != nil || len(sessions) != 0 {
			t.Fatalf("sessions after a refused sign-in: %v %v", sessions, err)
		}

		res = env.do(t, "POST", "/auth/v1/signup", "application/json",
			fmt.Sprintf(`{"email":"new@example.com","password":%q}`, testPassword), "X-Supabase-Api-Version", "2024-01-01")
		expectUnavailable(t, "sign-up", res, "unexpected_failure")
		if res.header.Get("x-sb-error-code") != "unexpected_failure" {
			t.Fatalf("sign-up: x-sb-error-code %q", res.header.Get("x-sb-error-code"))
		}
		expectUnavailable(t, "recover", env.do(t, "POST", "/auth/v1/recover", "application/json", `{"email":"customer@example.com"}`), "unexpected_failure")
		if mails, err := env.outbox.ListMail(ctx, 10); err != nil || len(mails) != 0 {
			t.Fatalf("mail sent while the limiter was down: %d %v", len(mails), err)
		}
		// The address is still free: the refused sign-up created nobody.
		if _, err := env.auth.CreateUser(ctx, auth.CreateUserParams{Email: "new@example.com", Password: testPassword, Confirmed: true}); err != nil {
			t.Fatalf("the refused sign-up created new@example.com: %v", err)
		}

		// An e-mailed link is a browser visit: the refusal is a redirect carrying the error.
		link := env.do(t, "GET", "/auth/v1/verify?type=signup&token=abc", "", "")
		if link.status != http.StatusSeeOther || !strings.Contains(link.header.Get("Location"), "error_code=unexpected_failure") {
			t.Fatalf("verify link: %d %v", link.status, link.header)
		}
	})
}

// faultyFailures is the real auth store whose failure log (the lockout's counter) breaks:
// counting and recording when fault is set, recording only when recordFault is set.
type faultyFailures struct {
	auth.Store
	fault, recordFault atomic.Bool
}

var errFailureLog = errors.New("auth failure log: disk I/O error")

func (s *faultyFailures) CountAuthFailures(ctx context.Context, userID, kind string, since time.Time) (int, error) {
	if s.fault.Load() {
		return 0, errFailureLog
	}
	return s.Store.CountAuthFailures(ctx, userID, kind, since)
}

func (s *faultyFailures) RecordAuthFailure(ctx context.Context, userID, kind, ip string) error {
	if s.fault.Load() || s.recordFault.Load() {
		return errFailureLog
	}
	return s.Store.RecordAuthFailure(ctx, userID, kind, ip)
}

func TestFailClosed_LockoutFaultRefusesWith503(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		var faulty *faultyFailures
		env := newGuardEnv(t, db, guardOptions{authStore: func(s auth.Store) auth.Store {
			faulty = &faultyFailures{Store: s}
			return faulty
		}})
		ctx := context.Background()
		token := env.signIn(t, "customer@example.com")
		bearer := "Bearer " + token
		enroll := env.do(t, "POST", "/auth/v1/factors", "application/json", `{"factor_type":"totp","friendly_name":"Phone"}`, "Authorization", bearer)
		var factor struct {
			ID   string
			TOTP struct{ Secret string }
		}
		if err := json.Unmarshal([]byte(enroll.body), &factor); err != nil || factor.ID == "" {
			t.Fatalf("enroll: %d %s", enroll.status, enroll.body)
		}
		challenge := func() string {
			res := env.do(t, "POST", "/auth/v1/factors/"+factor.ID+"/challenge", "application/json", `{}`, "Authorization", bearer)
			var c struct{ ID string }
			if err := json.Unmarshal([]byte(res.body), &c); err != nil || c.ID == "" {
				t.Fatalf("challenge: %d %s", res.status, res.body)
			}
			return c.ID
		}
		ch1, ch2 := challenge(), challenge()
		// A reauthentication code for the customer's password change, from the outbox.
		if res := env.do(t, "GET", "/auth/v1/reauthenticate", "", "", "Authorization", bearer); res.status != http.StatusOK {
			t.Fatalf("reauthenticate: %d %s", res.status, res.body)
		}
		nonce := ""
		if mails, err := env.outbox.ListMail(ctx, 10); err == nil && len(mails) > 0 {
			nonce = regexp.MustCompile(`\b\d{6}\b`).FindString(mails[0].Email.Text)
		}
		if nonce == "" {
			t.Fatal("no reauthentication code in the outbox")
		}
		sessionsBefore, err := env.auth.ListSessions(ctx, env.ids["customer"])
		if err != nil {
			t.Fatal(err)
		}

		faulty.fault.Store(true)
		// An e-mailed code: refused before it is compared, whatever it is.
		res := env.do(t, "POST", "/auth/v1/verify", "application/json", `{"type":"recovery","email":"customer@example.com","token":"123456"}`)
		expectUnavailable(t, "verify code", res, "unexpected_failure")
		// The right reauthentication code: refused too, the password stays.
		res = env.do(t, "PUT", "/auth/v1/user", "application/json", fmt.Sprintf(`{"password":"a-brand-new-password","nonce":%q}`, nonce), "Authorization", bearer)
		expectUnavailable(t, "password change with the reauthentication code", res, "unexpected_failure")
		// The right password: the failures cannot be counted, so it is not even compared.
		res = env.do(t, "POST", "/auth/v1/token?grant_type=password", "application/json",
			fmt.Sprintf(`{"email":"customer@example.com","password":%q}`, testPassword))
		expectUnavailable(t, "sign-in with the right password", res, "unexpected_failure")
		if strings.Contains(res.body, "access_token") {
			t.Fatalf("a token was issued: %s", res.body)
		}
		// The right TOTP code: refused too, the factor stays unverified.
		code, err := totp.GenerateCode(factor.TOTP.Secret, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		res = env.do(t, "POST", "/auth/v1/factors/"+factor.ID+"/verify", "application/json",
			fmt.Sprintf(`{"challenge_id":%q,"code":%q}`, ch1, code), "Authorization", bearer)
		expectUnavailable(t, "factor verify", res, "unexpected_failure")
		// The right current password for a password change: refused, the password stays.
		res = env.do(t, "PUT", "/auth/v1/user", "application/json",
			fmt.Sprintf(`{"password":"a-brand-new-password","current_password":%q}`, testPassword), "Authorization", bearer)
		expectUnavailable(t, "password change", res, "unexpected_failure")
		sessionsAfter, err := env.auth.ListSessions(ctx, env.ids["customer"])
		if err != nil || len(sessionsAfter) != len(sessionsBefore) {
			t.Fatalf("sessions: %d before, %d after (%v)", len(sessionsBefore), len(sessionsAfter), err)
		}

		// With the log back, a wrong code is an ordinary wrong code, and nothing was verified.
		faulty.fault.Store(false)
		if res := env.do(t, "POST", "/auth/v1/factors/"+factor.ID+"/verify", "application/json",
			fmt.Sprintf(`{"challenge_id":%q,"code":"000000"}`, ch2), "Authorization", bearer); res.status != http.StatusUnprocessableEntity {
			t.Fatalf("wrong code with a working log: %d %s", res.status, res.body)
		}
		user := env.do(t, "GET", "/auth/v1/user", "", "", "Authorization", bearer)
		if !strings.Contains(user.body, `"status":"unverified"`) {
			t.Fatalf("the factor was verified while the lockout was down: %s", user.body)
		}
		env.signIn(t, "customer@example.com") // the password did not change
	})
}

func TestFailClosed_UnrecordableFailureRefusesWith503(t *testing.T) {
	t.Parallel()
	var faulty *faultyFailures
	env := newGuardEnv(t, storetest.SQLite(t), guardOptions{authStore: func(s auth.Store) auth.Store {
		faulty = &faultyFailures{Store: s}
		return faulty
	}})
	// Counting works, recording does not: a wrong password would not count towards the lockout.
	faulty.recordFault.Store(true)
	res := env.do(t, "POST", "/auth/v1/token?grant_type=password", "application/json", `{"email":"customer@example.com","password":"wrong-password"}`)
	expectUnavailable(t, "wrong password", res, "unexpected_failure")
	res = env.do(t, "POST", "/auth/v1/verify", "application/json", `{"type":"magiclink","email":"customer@example.com","token":"123456"}`)
	expectUnavailable(t, "wrong e-mailed code", res, "unexpected_failure")
	faulty.recordFault.Store(false)
	res = env.do(t, "POST", "/auth/v1/verify", "application/json", `{"type":"magiclink","email":"customer@example.com","token":"123456"}`)
	if res.status != http.StatusForbidden || !strings.Contains(res.body, "otp_expired") {
		t.Fatalf("wrong code with a working log: %d %s", res.status, res.body)
	}
	res = env.do(t, "POST", "/auth/v1/token?grant_type=password", "application/json", `{"email":"customer@example.com","password":"wrong-password"}`)
	if res.status != http.StatusBadRequest || !strings.Contains(res.body, "invalid_credentials") {
		t.Fatalf("wrong password with a working log: %d %s", res.status, res.body)
	}
}

func TestFailClosed_QuotaCounterFaultRefusesWritesWith503(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newSupportEnvWith(t, db, guardOptions{quotaCounter: faultyLimiter{}})
		// Staff are not counted, so their writes go through while the counter is down.
		res := env.as(t, "employee", "POST", "/api/v1/tickets", `{"title":"By phone","description":"d","customer_id":"`+env.ids["customer"]+`"}`)
		if res.status != 201 {
			t.Fatalf("staff ticket: %d %s", res.status, res.body)
		}
		ticket := idOf.FindStringSubmatch(res.body)[1]
		res = env.as(t, "employee", "POST", "/api/v1/forum/topics", `{"category":"general","title":"Welcome","body":"b"}`)
		if res.status != 201 {
			t.Fatalf("staff topic: %d %s", res.status, res.body)
		}
		topic := idOf.FindStringSubmatch(res.body)[1]
		before := env.ticketTotal(t)

		expectUnavailable(t, "ticket", env.as(t, "customer", "POST", "/api/v1/tickets", `{"title":"T","description":"d"}`), "unavailable")
		expectUnavailable(t, "ticket reply", env.as(t, "customer", "POST", "/api/v1/tickets/"+ticket+"/responses", `{"content":"r"}`), "unavailable")
		expectUnavailable(t, "upload", env.upload(t, "customer", ticket, "", map[string][]byte{"a.txt": []byte("x")}), "unavailable")
		expectUnavailable(t, "forum topic", env.as(t, "customer", "POST", "/api/v1/forum/topics", `{"category":"general","title":"T","body":"b"}`), "unavailable")
		expectUnavailable(t, "forum reply", env.as(t, "customer", "POST", "/api/v1/forum/topics/"+topic+"/replies", `{"body":"r"}`), "unavailable")

		if after := env.ticketTotal(t); after != before {
			t.Fatalf("tickets: %d before, %d after", before, after)
		}
		if responses, files := env.thread(t, ticket); responses != 0 || files != 0 {
			t.Fatalf("the refused writes left %d responses and %d files", responses, files)
		}
		var thread struct{ Posts []json.RawMessage }
		_ = json.Unmarshal([]byte(env.as(t, "customer", "GET", "/api/v1/forum/topics/"+topic, "").body), &thread)
		var topics []json.RawMessage
		_ = json.Unmarshal([]byte(env.as(t, "customer", "GET", "/api/v1/forum/topics", "").body), &topics)
		if len(thread.Posts) != 1 || len(topics) != 1 {
			t.Fatalf("forum after the refused writes: %d posts, %d topics", len(thread.Posts), len(topics))
		}
	})
}
