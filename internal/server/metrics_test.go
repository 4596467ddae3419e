package server_test

import (
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/growthdesk/growthdesk/internal/server"
	"github.com/growthdesk/growthdesk/internal/site"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

func TestMetrics_CountRequestsByRouteAndMailByStatus(t *testing.T) {
	t.Parallel()
	db := storetest.SQLite(t)
	outbox := store.NewMailOutbox(db)
	metrics := server.NewMetrics(outbox)
	pub := newPublicEnv(t, db)
	h, err := server.New(server.Config{SiteURL: testSiteURL}, server.Deps{
		DB: db, Leads: pub.leads, Newsletter: pub.newsletter, Limiter: store.NewRateLimiter(db),
		Site: site.Config{Name: "Growthdesk", Email: "hello@example.com"}, Dist: testDist(), Metrics: metrics,
	})
	if err != nil {
		t.Fatal(err)
	}
	env := &testEnv{srv: httptest.NewServer(h)}
	defer env.srv.Close()
	env.do(t, "GET", "/", "", "")
	env.do(t, "GET", "/no/such/page", "", "")
	env.do(t, "POST", "/api/v1/newsletter", "application/json", `{"email":"bad"}`)
	env.do(t, "GET", "/api/v1/profile/x1", "", "")
	env.do(t, "GET", "/api/v1/profile/x2", "", "")

	rec := httptest.NewRecorder()
	metrics.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	body, _ := io.ReadAll(rec.Body)
	text := string(body)
	for _, want := range []string{
		`growthdesk_http_requests_total{code="200",method="GET",route="/"} 1`,
		`growthdesk_http_requests_total{code="302",method="GET",route="/"} 1`,
		`growthdesk_http_requests_total{code="422",method="POST",route="POST /api/v1/newsletter"} 1`,
		`growthdesk_http_requests_total{code="404",method="GET",route="/api/"} 2`,
		`growthdesk_http_request_duration_seconds_bucket{route="/",le="`,
		`growthdesk_mail_outbox_messages{status="pending"} 0`,
		`go_goroutines`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	if strings.Contains(text, "x1") || strings.Contains(text, "no/such") {
		t.Error("a raw path became a label")
	}
}
