package auth_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/auth"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/identity"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// The database adapter implements the auth service's store.
var _ auth.Store = (*store.AuthStore)(nil)

const siteURL = "https://portal.example.com"

// fakeRenderer renders a message as its data, so tests can read links and codes back.
type fakeRenderer struct{}

func (fakeRenderer) Render(kind, to string, data growthdesk.EmailData) (*growthdesk.Email, error) {
	return &growthdesk.Email{
		Kind:    kind,
		To:      to,
		Subject: kind + " for " + data.FullName,
		Text:    "link=" + data.ActionURL + "\ncode=" + data.Code,
	}, nil
}

// sentMail is a message the store committed to the outbox.
type sentMail struct {
	Kind, To, FullName, Link, Code string
}

// recordingStore is the real store, watched: it remembers the messages of the writes that
// committed, which is what the outbox received.
type recordingStore struct {
	auth.Store
	mu     sync.Mutex
	sent   []sentMail
	issued []identity.OneTimeToken
}

func (s *recordingStore) record(m *growthdesk.Email) {
	if m == nil {
		return
	}
	var link, code string
	for _, line := range strings.Split(m.Text, "\n") {
		if v, ok := strings.CutPrefix(line, "link="); ok {
			link = v
		} else if v, ok := strings.CutPrefix(line, "code="); ok {
			code = v
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sent = append(s.sent, sentMail{Kind: m.Kind, To: m.To, FullName: strings.TrimPrefix(m.Subject, m.Kind+" for "), Link: link, Code: code})
}

func (s *recordingStore) CreateUser(ctx context.Context, p identity.NewUser, mail *growthdesk.Email) (*identity.User, error) {
	u, err := s.Store.CreateUser(ctx, p, mail)
	if err == nil {
		s.record(mail)
		if p.Token != nil {
			s.mu.Lock()
			s.issued = append(s.issued, *p.Token)
			s.mu.Unlock()
		}
	}
	return u, err
}

func (s *recordingStore) IssueOneTimeToken(ctx context.Context, t identity.OneTimeToken, flow *identity.FlowState, mail *growthdesk.Email, minInterval time.Duration) error {
	err := s.Store.IssueOneTimeToken(ctx, t, flow, mail, minInterval)
	if err == nil {
		s.record(mail)
		s.mu.Lock()
		s.issued = append(s.issued, t)
		s.mu.Unlock()
	}
	return err
}

func (s *recordingStore) RedeemRecoveryCode(ctx context.Context, r identity.RecoveryCodeRedemption, mail *growthdesk.Email) (int, error) {
	left, err := s.Store.RedeemRecoveryCode(ctx, r, mail)
	if err == nil {
		s.record(mail)
	}
	return left, err
}

func (s *recordingStore) mails() []sentMail {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]sentMail(nil), s.sent...)
}

// harness is the auth service on a fresh SQLite database, called in-process.
type harness struct {
	t       *testing.T
	db      *store.DB
	store   *recordingStore
	svc     *auth.Service
	handler http.Handler
	clock   *storetest.Clock
	cfg     auth.Config
}

func newHarness(t *testing.T, configure ...func(*auth.Config)) *harness {
	t.Helper()
	db := storetest.SQLite(t)
	return newHarnessOn(t, db, configure...)
}

func newHarnessOn(t *testing.T, db *store.DB, configure ...func(*auth.Config)) *harness {
	t.Helper()
	clock := storetest.NewClock(time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC))
	db.Now = clock.Now
	cfg := auth.Config{
		SiteURL:          siteURL,
		SiteName:         "Growthdesk",
		PasswordHashCost: 4,
		Clock:            clock.Now,
		Version:          "test",
	}
	for _, c := range configure {
		c(&cfg)
	}
	rs := &recordingStore{Store: store.NewAuthStore(db)}
	svc, err := auth.New(cfg, auth.Deps{Store: rs, Mailer: fakeRenderer{}, Limiter: store.NewRateLimiter(db)})
	if err != nil {
		t.Fatalf("auth.New: %v", err)
	}
	return &harness{t: t, db: db, store: rs, svc: svc, handler: svc.Handler(), clock: clock, cfg: cfg}
}

// response is one answer of the service.
type response struct {
	t      *testing.T
	Status int
	Header http.Header
	Body   []byte
}

// JSON decodes the body as an object.
func (r *response) JSON() map[string]any {
	r.t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.Body, &m); err != nil {
		r.t.Fatalf("body is not a JSON object: %v\n%s", err, r.Body)
	}
	return m
}

// expect fails unless the status is want.
func (r *response) expect(want int) *response {
	r.t.Helper()
	if r.Status != want {
		r.t.Fatalf("status = %d, want %d; body: %s", r.Status, want, r.Body)
	}
	return r
}

// expectError fails unless the answer is the error status and code (2024-01-01 format).
func (r *response) expectError(status int, code string) map[string]any {
	r.t.Helper()
	r.expect(status)
	body := r.JSON()
	if body["code"] != code {
		r.t.Fatalf("code = %v, want %s; body: %s", body["code"], code, r.Body)
	}
	if msg, _ := body["message"].(string); msg == "" {
		r.t.Fatalf("error without message: %s", r.Body)
	}
	if got := r.Header.Get("x-sb-error-code"); got != code {
		r.t.Fatalf("x-sb-error-code = %q, want %q", got, code)
	}
	return body
}

type request struct {
	method, path string
	body         io.Reader
	header       http.Header
	ip           string
}

type option func(*request)

func bearer(token string) option {
	return func(r *request) { r.header.Set("Authorization", "Bearer "+token) }
}

func header(k, v string) option { return func(r *request) { r.header.Set(k, v) } }

func fromIP(ip string) option { return func(r *request) { r.ip = ip } }

func rawBody(s string) option { return func(r *request) { r.body = strings.NewReader(s) } }

func legacyErrors() option { return func(r *request) { r.header.Del("X-Supabase-Api-Version") } }

// do sends a request the way auth-js does (X-Supabase-Api-Version: 2024-01-01, JSON body).
func (h *harness) do(method, path string, body any, opts ...option) *response {
	h.t.Helper()
	req := &request{method: method, path: path, header: http.Header{}, ip: "203.0.113.7"}
	req.header.Set("X-Supabase-Api-Version", "2024-01-01")
	req.header.Set("X-Client-Info", "gotrue-js/2.119.0")
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			h.t.Fatal(err)
		}
		req.body = bytes.NewReader(b)
		req.header.Set("Content-Type", "application/json;charset=UTF-8")
	}
	for _, o := range opts {
		o(req)
	}
	r := httptest.NewRequest(req.method, req.path, req.body)
	r.Header = req.header
	r.RemoteAddr = req.ip + ":41234"
	rec := httptest.NewRecorder()
	h.handler.ServeHTTP(rec, r)
	return &response{t: h.t, Status: rec.Code, Header: rec.Header(), Body: rec.Body.Bytes()}
}

func (h *harness) mails() []sentMail { return h.store.mails() }

// lastMail returns the newest message to the address.
func (h *harness) lastMail(to string) sentMail {
	h.t.Helper()
	m := h.mails()
	for i := len(m) - 1; i >= 0; i-- {
		if m[i].To == to {
			return m[i]
		}
	}
	h.t.Fatalf("no mail to %s", to)
	return sentMail{}
}

func (h *harness) mailCount(to string) int {
	n := 0
	for _, m := range h.mails() {
		if m.To == to {
			n++
		}
	}
	return n
}

// linkParams returns the query of an e-mailed link.
func linkParams(t *testing.T, link string) url.Values {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		t.Fatalf("bad link %q: %v", link, err)
	}
	return u.Query()
}

// signUp registers an address and returns the answer.
func (h *harness) signUp(email, password string, data map[string]any) *response {
	h.t.Helper()
	return h.do("POST", "/signup", map[string]any{"email": email, "password": password, "data": data,
		"gotrue_meta_security": map[string]any{}, "code_challenge": nil, "code_challenge_method": nil})
}

// confirm follows the newest confirmation link of the address.
func (h *harness) confirm(email string) {
	h.t.Helper()
	m := h.lastMail(email)
	q := linkParams(h.t, m.Link)
	h.do("POST", "/verify", map[string]any{"type": "signup", "token_hash": q.Get("token")}).expect(200)
}

// newUser signs up and confirms an address, signed out afterwards.
func (h *harness) newUser(email, password string) {
	h.t.Helper()
	h.signUp(email, password, map[string]any{"full_name": "Test User"}).expect(200)
	h.confirm(email)
}

// signIn signs in with a password and returns the session.
func (h *harness) signIn(email, password string, opts ...option) map[string]any {
	h.t.Helper()
	return h.do("POST", "/token?grant_type=password", map[string]any{"email": email, "password": password,
		"gotrue_meta_security": map[string]any{}}, opts...).expect(200).JSON()
}

func (h *harness) refresh(token string) *response {
	h.t.Helper()
	return h.do("POST", "/token?grant_type=refresh_token", map[string]any{"refresh_token": token})
}

func str(v any) string { return fmt.Sprint(v) }

func accessToken(session map[string]any) string  { return session["access_token"].(string) }
func refreshToken(session map[string]any) string { return session["refresh_token"].(string) }
