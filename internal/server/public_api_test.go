package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/server"
	"github.com/growthdesk/growthdesk/internal/site"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// links returns the confirm and unsubscribe tokens of the last newsletter message rendered.
func (e *testEnv) links(t *testing.T) (confirm, unsubscribe string) {
	t.Helper()
	e.mail.mu.Lock()
	defer e.mail.mu.Unlock()
	if len(e.mail.data) == 0 {
		t.Fatal("no message was rendered")
	}
	d := e.mail.data[len(e.mail.data)-1]
	tok := func(raw, path string) string {
		u, err := url.Parse(raw)
		if err != nil || u.Path != path || !strings.HasPrefix(raw, testSiteURL) {
			t.Fatalf("link %q is not %s%s?token=…", raw, testSiteURL, path)
		}
		return u.Query().Get("token")
	}
	return tok(d.ActionURL, "/newsletter/confirm"), tok(d.UnsubscribeURL, "/newsletter/unsubscribe")
}

func (e *testEnv) subscriberStatus(t *testing.T, email string) string {
	t.Helper()
	list, err := e.newsletterStore.ListSubscribers(context.Background(), 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range list {
		if s.Email == email {
			return s.Status
		}
	}
	return "(absent)"
}

func tokenBody(tok string) string {
	b, _ := json.Marshal(map[string]string{"token": tok})
	return string(b)
}

func TestNewsletter_SubscribeQueuesTheConfirmationWithListUnsubscribe(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db, server.Config{})
		res := env.do(t, "POST", "/api/v1/newsletter", "application/json", `{"email":"Reader@Example.com","source":"blog"}`)
		if res.status != 201 || res.body != `{"status":"confirmation_sent"}`+"\n" {
			t.Fatalf("subscribe: %d %q", res.status, res.body)
		}
		if got := env.subscriberStatus(t, "reader@example.com"); got != growthdesk.SubscriberPending {
			t.Fatalf("status %s, want pending", got)
		}
		msgs, err := store.NewMailOutbox(db).ListMail(context.Background(), 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(msgs) != 1 || msgs[0].Email.Kind != growthdesk.EmailNewsletterConfirm || msgs[0].Email.To != "reader@example.com" {
			t.Fatalf("outbox = %+v", msgs)
		}
		confirm, unsubscribe := env.links(t)
		if !strings.Contains(msgs[0].Email.Text, "/newsletter/confirm?token="+url.QueryEscape(confirm)) ||
			!strings.Contains(msgs[0].Email.Text, "/newsletter/unsubscribe?token="+url.QueryEscape(unsubscribe)) {
			t.Fatalf("the queued message lacks its links:\n%s", msgs[0].Email.Text)
		}
		if msgs[0].Email.ListUnsubscribe != testSiteURL+"/newsletter/unsubscribe?token="+url.QueryEscape(unsubscribe) {
			t.Fatalf("List-Unsubscribe = %q", msgs[0].Email.ListUnsubscribe)
		}
	})
}

func TestNewsletter_ConfirmThenUnsubscribeThroughTheLinks(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db, server.Config{NewsletterLimit: growthdesk.Limit{Requests: 100, Window: time.Minute}})
		env.do(t, "POST", "/api/v1/newsletter", "application/json", `{"email":"reader@example.com"}`)
		confirm, unsubscribe := env.links(t)

		for i := 0; i < 2; i++ {
			res := env.do(t, "POST", "/api/v1/newsletter/confirm", "application/json", tokenBody(confirm))
			if res.status != 200 || res.body != `{"email":"reader@example.com","status":"confirmed"}`+"\n" {
				t.Fatalf("confirm %d: %d %s", i+1, res.status, res.body)
			}
			if res.header.Get("Cache-Control") != "no-store" {
				t.Fatalf("Cache-Control = %q", res.header.Get("Cache-Control"))
			}
		}
		if got := env.subscriberStatus(t, "reader@example.com"); got != growthdesk.SubscriberConfirmed {
			t.Fatalf("status after confirming = %s", got)
		}
		res := env.do(t, "POST", "/api/v1/newsletter", "application/json", `{"email":"reader@example.com"}`)
		if res.status != 200 || !strings.Contains(res.body, `"status":"already_subscribed"`) {
			t.Fatalf("subscribe when confirmed: %d %s", res.status, res.body)
		}

		// Unsubscribing is idempotent.
		for i := 0; i < 3; i++ {
			res := env.do(t, "POST", "/api/v1/newsletter/unsubscribe", "application/json", tokenBody(unsubscribe))
			if res.status != 200 || res.body != `{"email":"reader@example.com","status":"unsubscribed"}`+"\n" {
				t.Fatalf("unsubscribe %d: %d %s", i+1, res.status, res.body)
			}
		}
		if got := env.subscriberStatus(t, "reader@example.com"); got != growthdesk.SubscriberUnsubscribed {
			t.Fatalf("status after unsubscribing = %s", got)
		}
	})
}

func TestNewsletterLinks_RefuseBadTokensAndChangeNothing(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db, server.Config{NewsletterLimit: growthdesk.Limit{Requests: 1000, Window: time.Minute}})
		env.do(t, "POST", "/api/v1/newsletter", "application/json", `{"email":"reader@example.com"}`)
		confirm, unsubscribe := env.links(t)
		parts := strings.Split(confirm, ".")
		forgedMAC := strings.Join(append(parts[:4:4], strings.Repeat("A", len(parts[4]))), ".")
		otherAddress := strings.Join([]string{parts[0], parts[1], parts[2], "ZXZpbEBleGFtcGxlLmNvbQ", parts[4]}, ".")
		longer := strings.Join([]string{parts[0], parts[1], "99999999999", parts[3], parts[4]}, ".")

		type tc struct {
			name, path, body string
			status           int
			code, message    string
		}
		const invalidMsg, expiredMsg = "This link is not valid", "This link has expired"
		cases := []tc{
			{"unsubscribe token to confirm", "/api/v1/newsletter/confirm", tokenBody(unsubscribe), 422, "validation_failed", invalidMsg},
			{"confirm token to unsubscribe", "/api/v1/newsletter/unsubscribe", tokenBody(confirm), 422, "validation_failed", invalidMsg},
			{"forged signature", "/api/v1/newsletter/confirm", tokenBody(forgedMAC), 422, "validation_failed", invalidMsg},
			{"another address", "/api/v1/newsletter/confirm", tokenBody(otherAddress), 422, "validation_failed", invalidMsg},
			{"later expiry", "/api/v1/newsletter/confirm", tokenBody(longer), 422, "validation_failed", invalidMsg},
			{"empty token", "/api/v1/newsletter/unsubscribe", `{"token":""}`, 422, "validation_failed", invalidMsg},
			{"no token", "/api/v1/newsletter/confirm", `{}`, 422, "validation_failed", invalidMsg},
			{"token of the wrong type", "/api/v1/newsletter/confirm", `{"token":42}`, 422, "validation_failed", "highlighted"},
			{"malformed JSON", "/api/v1/newsletter/unsubscribe", `{"token":`, 400, "bad_json", ""},
			{"huge token", "/api/v1/newsletter/confirm", tokenBody(strings.Repeat("x", 5000)), 422, "validation_failed", invalidMsg},
		}
		run := func(cases []tc) {
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					res := env.do(t, "POST", c.path, "application/json", c.body)
					if res.status != c.status || !strings.Contains(res.body, `"code":"`+c.code+`"`) || !strings.Contains(res.body, c.message) {
						t.Fatalf("%d %s; want %d %s %q", res.status, res.body, c.status, c.code, c.message)
					}
					if c.status == 422 && c.message != "highlighted" && !strings.Contains(res.body, `"fields":{"token":"`) {
						t.Fatalf("the token field is not named: %s", res.body)
					}
				})
			}
		}
		run(cases)
		if got := env.subscriberStatus(t, "reader@example.com"); got != growthdesk.SubscriberPending {
			t.Fatalf("refused tokens changed the status to %s", got)
		}

		// Seven days on, the confirm link has expired; the unsubscribe link still works.
		env.clock.Advance(growthdesk.NewsletterConfirmTTL + time.Second)
		run([]tc{{"expired confirm token", "/api/v1/newsletter/confirm", tokenBody(confirm), 422, "validation_failed", expiredMsg}})
		if got := env.subscriberStatus(t, "reader@example.com"); got != growthdesk.SubscriberPending {
			t.Fatalf("an expired token changed the status to %s", got)
		}
		if res := env.do(t, "POST", "/api/v1/newsletter/unsubscribe", "application/json", tokenBody(unsubscribe)); res.status != 200 {
			t.Fatalf("unsubscribe after a week: %d %s", res.status, res.body)
		}
		env.clock.Advance(growthdesk.NewsletterUnsubscribeTTL)
		run([]tc{{"expired unsubscribe token", "/api/v1/newsletter/unsubscribe", tokenBody(unsubscribe), 422, "validation_failed", expiredMsg}})
	})
}

// syncBuffer is a log destination the server's goroutines and the test share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func newClientErrorEnv(t *testing.T, limit growthdesk.Limit) (*testEnv, *syncBuffer) {
	t.Helper()
	db := storetest.SQLite(t)
	env := newPublicEnv(t, db)
	logs := &syncBuffer{}
	h, err := server.New(server.Config{SiteURL: testSiteURL, ClientErrorLimit: limit}, server.Deps{
		Logger: slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
		DB:     db, Leads: env.leads, Newsletter: env.newsletter, Limiter: store.NewRateLimiter(db),
		Site: site.Config{Name: "Growthdesk", Email: "hello@example.com"}, Dist: testDist(),
	})
	if err != nil {
		t.Fatal(err)
	}
	env.srv = httptest.NewServer(h)
	t.Cleanup(env.srv.Close)
	return env, logs
}

const goodClientError = `{"message":"TypeError: x is undefined","stack":"TypeError: x is undefined\n    at render (https://www.example.com/assets/app.js:1:2)","url":"https://www.example.com/blog","kind":"error"}`

func TestClientErrors_AreLoggedAtWarnWithTheRequestID(t *testing.T) {
	t.Parallel()
	env, logs := newClientErrorEnv(t, growthdesk.Limit{Requests: 100, Window: time.Minute})
	res := env.do(t, "POST", "/api/v1/client-errors", "application/json", goodClientError)
	if res.status != http.StatusNoContent || res.body != "" {
		t.Fatalf("%d %q", res.status, res.body)
	}
	reqID := res.header.Get("X-Request-Id")
	if reqID == "" {
		t.Fatal("no X-Request-Id")
	}
	var entry map[string]any
	for _, line := range strings.Split(logs.String(), "\n") {
		if strings.Contains(line, `"msg":"client error"`) {
			if err := json.Unmarshal([]byte(line), &entry); err != nil {
				t.Fatal(err)
			}
		}
	}
	if entry == nil {
		t.Fatalf("no client error in the log:\n%s", logs.String())
	}
	want := map[string]string{
		"level": "WARN", "kind": "error", "message": "TypeError: x is undefined", "url": "https://www.example.com/blog", "request_id": reqID,
	}
	for k, v := range want {
		if entry[k] != v {
			t.Errorf("log %s = %v, want %q", k, entry[k], v)
		}
	}
	if s, _ := entry["stack"].(string); !strings.Contains(s, "at render") {
		t.Errorf("log stack = %v", entry["stack"])
	}
}

func TestClientErrors_BadReportsGet4xxAndAreNotLogged(t *testing.T) {
	t.Parallel()
	env, logs := newClientErrorEnv(t, growthdesk.Limit{Requests: 1000, Window: time.Minute})
	with := func(field, value string) string {
		var m map[string]any
		_ = json.Unmarshal([]byte(goodClientError), &m)
		m[field] = value
		b, _ := json.Marshal(m)
		return string(b)
	}
	cases := []struct {
		name, body string
		status     int
		field      string
	}{
		{"no message", with("message", " "), 422, "message"},
		{"message with a newline", with("message", "line one\nline two"), 422, "message"},
		{"long message", with("message", strings.Repeat("m", growthdesk.ClientErrorMessageMax+1)), 422, "message"},
		{"long stack", with("stack", strings.Repeat("s", growthdesk.ClientErrorStackMax+1)), 422, "stack"},
		{"NUL in the stack", with("stack", "at x\u0000"), 422, "stack"},
		{"relative url", with("url", "/blog"), 422, "url"},
		{"javascript url", with("url", "javascript:alert(1)"), 422, "url"},
		{"unknown kind", with("kind", "warning"), 422, "kind"},
		{"no kind", `{"message":"x","url":"https://www.example.com/"}`, 422, "kind"},
		{"wrong type", `{"message":1,"url":"https://www.example.com/","kind":"error"}`, 422, "message"},
		{"not JSON", `oops`, 400, ""},
		{"body over the limit", with("stack", strings.Repeat("s", growthdesk.ClientErrorBodyMax)), 413, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := env.do(t, "POST", "/api/v1/client-errors", "application/json", c.body)
			if res.status != c.status {
				t.Fatalf("%d %s, want %d", res.status, res.body, c.status)
			}
			if c.field != "" && !strings.Contains(res.body, `"`+c.field+`":"`) {
				t.Fatalf("the answer does not name %s: %s", c.field, res.body)
			}
		})
	}
	if strings.Contains(logs.String(), `"msg":"client error"`) {
		t.Fatalf("a refused report was logged:\n%s", logs.String())
	}
}

func TestClientErrors_TooManyReportsFromOneClient(t *testing.T) {
	t.Parallel()
	env, logs := newClientErrorEnv(t, growthdesk.Limit{Requests: 3, Window: time.Hour})
	for i := 0; i < 3; i++ {
		if res := env.do(t, "POST", "/api/v1/client-errors", "application/json", goodClientError); res.status != 204 {
			t.Fatalf("report %d: %d %s", i+1, res.status, res.body)
		}
	}
	res := env.do(t, "POST", "/api/v1/client-errors", "application/json", goodClientError)
	if res.status != http.StatusTooManyRequests || res.header.Get("Retry-After") == "" {
		t.Fatalf("4th report: %d %s", res.status, res.body)
	}
	if n := strings.Count(logs.String(), `"msg":"client error"`); n != 3 {
		t.Fatalf("%d reports logged, want 3", n)
	}
}

// TestRequestLog_AssetsAreSampledAPIAndErrorsAreNot: under load most requests are the same
// hashed asset; one successful asset request in a hundred is logged, while every page, API
// call and error keeps its line.
func TestRequestLog_AssetsAreSampledAPIAndErrorsAreNot(t *testing.T) {
	t.Parallel()
	env, logs := newClientErrorEnv(t, growthdesk.Limit{Requests: 100, Window: time.Minute})
	for i := 0; i < 250; i++ {
		if res := env.do(t, "GET", "/assets/app-abc123.js", "", ""); res.status != http.StatusOK {
			t.Fatalf("asset: %d", res.status)
		}
	}
	missing := env.do(t, "GET", "/assets/missing-000000.js", "", "")
	if missing.status < 400 {
		t.Fatalf("missing asset: %d", missing.status)
	}
	for i := 0; i < 3; i++ {
		env.do(t, "GET", "/", "", "")
	}
	env.do(t, "POST", "/api/v1/client-errors", "application/json", goodClientError)

	count := func(path string) int {
		n := 0
		for _, line := range strings.Split(logs.String(), "\n") {
			if strings.Contains(line, `"msg":"request"`) && strings.Contains(line, `"path":"`+path+`"`) {
				n++
			}
		}
		return n
	}
	if n := count("/assets/app-abc123.js"); n != 3 {
		t.Errorf("250 asset requests logged %d lines, want 3 (one in 100)", n)
	}
	if n := count("/assets/missing-000000.js"); n != 1 {
		t.Errorf("a failed asset request logged %d lines, want 1", n)
	}
	if n := count("/"); n != 3 {
		t.Errorf("3 page requests logged %d lines, want 3", n)
	}
	if n := count("/api/v1/client-errors"); n != 1 {
		t.Errorf("an API request logged %d lines, want 1", n)
	}
}
