//go:build bench

package bench

import (
	"context"
	"net/http/httptest"
	"testing"
	"testing/fstest"
	"time"

	"github.com/growthdesk/growthdesk/internal/app"
	"github.com/growthdesk/growthdesk/internal/auth"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/server"
	"github.com/growthdesk/growthdesk/internal/site"
	"github.com/growthdesk/growthdesk/internal/store"
)

const benchSiteURL = "http://bench.invalid"

// benchApp is every service on db, built by app.New as the binary builds them, with the auth
// service's rate limits out of the way and a cheap password hash.
func benchApp(t *testing.T, db *store.DB) *app.App {
	t.Helper()
	lots := growthdesk.Limit{Requests: 1 << 30, Window: time.Minute}
	a, err := app.New(context.Background(), app.Options{
		DB: db, SiteURL: benchSiteURL, Site: site.Config{Name: "Growthdesk", Email: "hello@example.com"},
		Auth: auth.Config{PasswordHashCost: 4, TokenLimit: lots, VerifyLimit: lots, EmailLimit: lots, MFALimit: lots},
	})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// benchServer serves a's services with a one-page web build and returns its address.
func benchServer(t *testing.T, a *app.App) string {
	t.Helper()
	page := []byte(`<!DOCTYPE html><html><head><meta name="growthdesk-config" content="__GROWTHDESK_CONFIG__"/></head><body></body></html>`)
	deps := a.Deps
	deps.Dist = fstest.MapFS{"index.html": {Data: page}, "__spa-fallback.html": {Data: page}}
	h, err := server.New(server.Config{SiteURL: benchSiteURL}, deps)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}
