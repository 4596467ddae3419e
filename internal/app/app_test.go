package app_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/growthdesk/growthdesk/internal/app"
	"github.com/growthdesk/growthdesk/internal/site"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// callerSets are the fields of server.Deps that only the caller of New has: the web build and
// posts, what serve runs beside the server, and the webhooks of a provider given in Options.
var callerSets = map[string]bool{
	"AccessLog": true, "AfterWrite": true, "Posts": true, "Dist": true, "Metrics": true, "Pending": true,
	"StripeWebhooks": true, "QuotaCounter": true,
}

// TestNew_SetsEveryService fails when server.Deps gains a service that New does not build, so
// that no caller has to wire it by hand.
func TestNew_SetsEveryService(t *testing.T) {
	db := storetest.SQLite(t)
	a, err := app.New(context.Background(), app.Options{DB: db, SiteURL: "https://www.example.com",
		Site: site.Config{Name: "Growthdesk", Email: "hello@example.com"}})
	if err != nil {
		t.Fatal(err)
	}
	v := reflect.ValueOf(a.Deps)
	for i := range v.NumField() {
		name := v.Type().Field(i).Name
		if callerSets[name] {
			continue
		}
		if v.Field(i).IsZero() {
			t.Errorf("app.New leaves server.Deps.%s unset", name)
		}
	}
	if a.Auth == nil || a.Outbox == nil || a.RateLimits == nil {
		t.Errorf("app.New leaves a field of App unset: %+v", a)
	}
}

func TestNew_RefusesOptionsWithoutADatabaseOrSiteURL(t *testing.T) {
	if _, err := app.New(context.Background(), app.Options{SiteURL: "https://www.example.com"}); err == nil {
		t.Error("no database: no error")
	}
	if _, err := app.New(context.Background(), app.Options{DB: storetest.SQLite(t)}); err == nil {
		t.Error("no site URL: no error")
	}
}
