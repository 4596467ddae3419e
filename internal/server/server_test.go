package server_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/growthdesk/growthdesk/internal/app"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/mailer"
	"github.com/growthdesk/growthdesk/internal/server"
	"github.com/growthdesk/growthdesk/internal/site"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

const testSiteURL = "https://www.example.com"

// testDist is a miniature web build with the same shapes the real one has.
func testDist() fstest.MapFS {
	page := func(title, extra string) *fstest.MapFile {
		return &fstest.MapFile{Data: []byte(`<!DOCTYPE html><html><head><meta name="growthdesk-config" content="__GROWTHDESK_CONFIG__"/>` +
			`<title>` + title + `</title><link rel="canonical" href="https://growthdesk.invalid/x"/>` + extra + `</head><body><h1>` + title + `</h1>` +
			`<script>window.__ctx = {"url":"https://growthdesk.invalid/x"};</script>` +
			`<script type="module" src="/assets/app-abc123.js"></script>` + strings.Repeat("<p>filler text for compression</p>", 40) + `</body></html>`)}
	}
	return fstest.MapFS{
		"index.html":                  page("Home", ""),
		"blog/index.html":             page("Blog", ""),
		"blog/first-post/index.html":  page("First post", ""),
		"blog/first-post.data":        {Data: []byte(`{"url":"https://growthdesk.invalid/blog/first-post"}`)},
		"checkout/success/index.html": page("Payment", `<meta name="robots" content="noindex"/>`),
		"__spa-fallback.html":         page("Loading", ""),
		"assets/app-abc123.js":        {Data: []byte(strings.Repeat("console.log('growthdesk');", 100))},
		"favicon.svg":                 {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"></svg>`)},
	}
}

type testEnv struct {
	srv             *httptest.Server
	db              *store.DB
	leads           *growthdesk.Leads
	newsletter      *growthdesk.Newsletter
	leadStore       *store.LeadStore
	newsletterStore *store.NewsletterStore
	// app is every service on db, built by app.New as cmd/growthdesk builds them.
	app *app.App
	// mail records what the services rendered, so tests can follow e-mailed links.
	mail *recordingRenderer
	// clock is the services' clock (link tokens, announcements, impersonations); the
	// database keeps its own.
	clock *storetest.Clock
}

// recordingRenderer renders with the real templates and remembers each message's data.
type recordingRenderer struct {
	real *mailer.Renderer
	mu   sync.Mutex
	data []growthdesk.EmailData
}

func (r *recordingRenderer) Render(kind, to string, d growthdesk.EmailData) (*growthdesk.Email, error) {
	r.mu.Lock()
	r.data = append(r.data, d)
	r.mu.Unlock()
	return r.real.Render(kind, to, d)
}

// testSite is the site configuration of the services in tests.
var testSite = site.Config{Name: "Growthdesk", Email: "hello@example.com"}

// newPublicEnv builds the services on db with app.New, the way cmd/growthdesk does, with
// the test's clock and a renderer that records what it renders.
func newPublicEnv(t *testing.T, db *store.DB) *testEnv {
	t.Helper()
	return newAppEnv(t, db, app.Options{})
}

// newAppEnv is newPublicEnv with what a test varies in o; DB, SiteURL, Site, Renderer and
// Clock are the test's.
func newAppEnv(t *testing.T, db *store.DB, o app.Options) *testEnv {
	t.Helper()
	clock := storetest.NewClock(time.Now().UTC())
	real, err := mailer.NewRenderer(testSite, testSiteURL)
	if err != nil {
		t.Fatal(err)
	}
	rec := &recordingRenderer{real: real}
	o.DB, o.SiteURL, o.Site, o.Renderer, o.Clock = db, testSiteURL, testSite, rec, clock.Now
	a, err := app.New(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	return &testEnv{db: db, app: a, leads: a.Deps.Leads, newsletter: a.Deps.Newsletter,
		leadStore: store.NewLeadStore(db), newsletterStore: store.NewNewsletterStore(db), mail: rec, clock: clock}
}

func newTestEnv(t *testing.T, db *store.DB, cfg server.Config) *testEnv {
	t.Helper()
	if cfg.SiteURL == "" {
		cfg.SiteURL = testSiteURL
	}
	env := newPublicEnv(t, db)
	h, err := server.New(cfg, server.Deps{
		DB:         db,
		Leads:      env.leads,
		Newsletter: env.newsletter,
		Limiter:    store.NewRateLimiter(db),
		Site:       site.Config{Name: "Growthdesk", Email: "hello@example.com", Description: "AI automation"},
		Posts: []site.Post{{
			Slug: "first-post", Title: "First & best", Excerpt: "Why <automation> pays", Author: "Jordan",
			PublishDate: time.Date(2025, 3, 15, 0, 0, 0, 0, time.UTC), Category: "AI Technology",
		}},
		Dist: testDist(),
	})
	if err != nil {
		t.Fatal(err)
	}
	env.srv = httptest.NewServer(h)
	t.Cleanup(env.srv.Close)
	return env
}

type response struct {
	status int
	header http.Header
	body   string
}

func (e *testEnv) do(t *testing.T, method, path, contentType, body string, headers ...string) response {
	t.Helper()
	req, err := http.NewRequest(method, e.srv.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return response{status: res.StatusCode, header: res.Header, body: string(b)}
}

// leadItems is the leads of one page of the list.
func leadItems(list *growthdesk.LeadList, err error) ([]*growthdesk.Lead, error) {
	if err != nil {
		return nil, err
	}
	return list.Items, nil
}

func (e *testEnv) leadCount(t *testing.T) int {
	t.Helper()
	leads, err := leadItems(e.leadStore.ListLeads(context.Background(), growthdesk.LeadFilter{Limit: 1000}))
	if err != nil {
		t.Fatal(err)
	}
	return len(leads)
}

const goodLead = `{"name":"Dana Whitfield","email":"dana@example.com","company":"Whitfield Dental","phone":"317-555-0100","automation_goal":"Answer patient questions after hours","preferred_time":"morning"}`

func TestCreateLead_StoresAValidLead(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db, server.Config{})
		res := env.do(t, "POST", "/api/v1/leads", "application/json", goodLead)
		if res.status != http.StatusCreated || !strings.Contains(res.body, `"id":"`) {
			t.Fatalf("status %d body %s", res.status, res.body)
		}
		leads, _ := leadItems(env.leadStore.ListLeads(context.Background(), growthdesk.LeadFilter{Limit: 10}))
		if len(leads) != 1 || leads[0].Company != "Whitfield Dental" || leads[0].Email != "dana@example.com" {
			t.Fatalf("stored leads = %+v", leads)
		}
	})
}

func TestCreateLead_BadInputGetsA4xxAndStoresNothing(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db, server.Config{LeadLimit: growthdesk.Limit{Requests: 1000, Window: time.Minute}})
		cases := []struct {
			name        string
			method      string
			contentType string
			body        string
			status      int
			code        string
			contains    []string
		}{
			{"malformed JSON", "POST", "application/json", `{"name": "Dana",`, 400, "bad_json", []string{"not valid JSON"}},
			{"empty body", "POST", "application/json", ``, 400, "bad_json", []string{"empty"}},
			{"array instead of object", "POST", "application/json", `[1,2]`, 400, "bad_json", nil},
			{"two objects", "POST", "application/json", goodLead + goodLead, 400, "bad_json", []string{"single JSON object"}},
			{"wrong type", "POST", "application/json", `{"name": 42}`, 422, "validation_failed", []string{`"name":"Must be a string."`}},
			{"wrong type for bool-ish", "POST", "application/json", `{"email": true}`, 422, "validation_failed", []string{`"email":"Must be a string."`}},
			{"missing fields", "POST", "application/json", `{}`, 422, "validation_failed", []string{`"name":`, `"email":`, `"company":`, `"automation_goal":`, `"preferred_time":`}},
			{"invalid email", "POST", "application/json", strings.Replace(goodLead, "dana@example.com", "dana@example", 1), 422, "validation_failed", []string{`"email":"Enter a valid email address."`}},
			{"oversized field", "POST", "application/json", strings.Replace(goodLead, "Whitfield Dental", strings.Repeat("W", 201), 1), 422, "validation_failed", []string{`"company":`}},
			{"unknown preferred time", "POST", "application/json", strings.Replace(goodLead, "morning", "midnight", 1), 422, "validation_failed", []string{`"preferred_time":`}},
			{"oversized body", "POST", "application/json", `{"name":"` + strings.Repeat("x", 70<<10) + `"}`, 413, "payload_too_large", nil},
			{"wrong content type", "POST", "text/plain", goodLead, 415, "unsupported_media_type", nil},
			{"wrong method", "GET", "", "", 405, "method_not_allowed", []string{"POST"}},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				res := env.do(t, tc.method, "/api/v1/leads", tc.contentType, tc.body)
				if res.status != tc.status {
					t.Fatalf("status %d, want %d; body %s", res.status, tc.status, res.body)
				}
				if !strings.Contains(res.body, `"code":"`+tc.code+`"`) || !strings.Contains(res.body, `"message":"`) {
					t.Fatalf("body %s lacks code %s and a message", res.body, tc.code)
				}
				for _, want := range tc.contains {
					if !strings.Contains(res.body, want) {
						t.Errorf("body %s lacks %s", res.body, want)
					}
				}
			})
		}
		if n := env.leadCount(t); n != 0 {
			t.Fatalf("bad requests stored %d leads", n)
		}
	})
}

func TestCreateLead_TooManyRequestsFromOneClient(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db, server.Config{LeadLimit: growthdesk.Limit{Requests: 2, Window: time.Hour}})
		for i := 0; i < 2; i++ {
			if res := env.do(t, "POST", "/api/v1/leads", "application/json", goodLead); res.status != 201 {
				t.Fatalf("request %d: status %d", i+1, res.status)
			}
		}
		res := env.do(t, "POST", "/api/v1/leads", "application/json", goodLead)
		if res.status != http.StatusTooManyRequests || !strings.Contains(res.body, `"code":"rate_limited"`) {
			t.Fatalf("status %d body %s", res.status, res.body)
		}
		if ra := res.header.Get("Retry-After"); ra == "" || ra == "0" {
			t.Fatalf("Retry-After = %q", ra)
		}
		if n := env.leadCount(t); n != 2 {
			t.Fatalf("stored %d leads, want 2", n)
		}
	})
}

func TestSubscribe_StoresOnceAndRejectsBadAddresses(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db, server.Config{})
		res := env.do(t, "POST", "/api/v1/newsletter", "application/json", `{"email":"Reader@Example.com","source":"blog"}`)
		if res.status != 201 || !strings.Contains(res.body, `"status":"confirmation_sent"`) {
			t.Fatalf("first: %d %s", res.status, res.body)
		}
		res = env.do(t, "POST", "/api/v1/newsletter", "application/json", `{"email":"reader@example.com"}`)
		if res.status != 200 || !strings.Contains(res.body, `"status":"confirmation_sent"`) {
			t.Fatalf("second: %d %s", res.status, res.body)
		}
		for body, want := range map[string]int{
			`{"email":"nope"}`:     422,
			`{"email":""}`:         422,
			`{"email":["a@b.co"]}`: 422,
			`{"email":"a@b.co","source":` + `"` + strings.Repeat("s", 41) + `"}`: 422,
			`not json`: 400,
		} {
			if res := env.do(t, "POST", "/api/v1/newsletter", "application/json", body); res.status != want {
				t.Errorf("%s: status %d, want %d (%s)", body, res.status, want, res.body)
			}
		}
		for _, addr := range []string{"reader@example.com", "nope", "a@b.co"} {
			n, err := env.newsletterStore.CountSubscribers(context.Background(), addr)
			want := 0
			if addr == "reader@example.com" {
				want = 1
			}
			if err != nil || n != want {
				t.Errorf("%s stored %d times, want %d", addr, n, want)
			}
		}
	})
}

func TestSubscribe_TooManyRequests(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newTestEnv(t, db, server.Config{NewsletterLimit: growthdesk.Limit{Requests: 1, Window: time.Hour}})
		env.do(t, "POST", "/api/v1/newsletter", "application/json", `{"email":"one@example.com"}`)
		res := env.do(t, "POST", "/api/v1/newsletter", "application/json", `{"email":"two@example.com"}`)
		if res.status != 429 {
			t.Fatalf("status %d", res.status)
		}
		if n, _ := env.newsletterStore.CountSubscribers(context.Background(), "two@example.com"); n != 0 {
			t.Fatal("a refused request was stored")
		}
	})
}

func TestUnknownAPIPath_IsAJSON404(t *testing.T) {
	t.Parallel()
	env := newTestEnv(t, storetest.SQLite(t), server.Config{})
	res := env.do(t, "GET", "/api/v1/nothing-here", "", "")
	if res.status != 404 || !strings.Contains(res.body, `"code":"not_found"`) {
		t.Fatalf("%d %s", res.status, res.body)
	}
}

func TestHealthAndReadiness(t *testing.T) {
	t.Parallel()
	env := newTestEnv(t, storetest.SQLite(t), server.Config{Version: "1.2.3"})
	if res := env.do(t, "GET", "/healthz", "", ""); res.status != 200 || !strings.Contains(res.body, `"version":"1.2.3"`) {
		t.Fatalf("healthz: %d %s", res.status, res.body)
	}
	if res := env.do(t, "GET", "/readyz", "", ""); res.status != 200 {
		t.Fatalf("readyz: %d %s", res.status, res.body)
	}
	env.db.Close()
	if res := env.do(t, "GET", "/readyz", "", ""); res.status != 503 {
		t.Fatalf("readyz with a closed database: %d %s", res.status, res.body)
	}
}

func TestReadiness_WaitsForStartupWork(t *testing.T) {
	t.Parallel()
	var seeding atomic.Bool
	seeding.Store(true)
	h, err := server.New(server.Config{SiteURL: testSiteURL}, server.Deps{
		DB: storetest.SQLite(t), Dist: testDist(),
		Pending: func() string {
			if seeding.Load() {
				return "seeding the demo data"
			}
			return ""
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	env := &testEnv{srv: httptest.NewServer(h)}
	t.Cleanup(env.srv.Close)
	if res := env.do(t, "GET", "/readyz", "", ""); res.status != 503 || !strings.Contains(res.body, "seeding the demo data") {
		t.Fatalf("readyz while seeding: %d %s", res.status, res.body)
	}
	if res := env.do(t, "GET", "/", "", ""); res.status != 200 {
		t.Fatalf("the site does not answer while seeding: %d", res.status)
	}
	seeding.Store(false)
	if res := env.do(t, "GET", "/readyz", "", ""); res.status != 200 {
		t.Fatalf("readyz once seeded: %d %s", res.status, res.body)
	}
}
