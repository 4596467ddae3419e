package clientip

import (
	"net/http/httptest"
	"testing"
)

func TestOf(t *testing.T) {
	r := httptest.NewRequest("GET", "/", nil)
	r.RemoteAddr = "192.0.2.7:51000"
	r.Header.Set("X-Forwarded-For", "203.0.113.9, 10.0.0.1")
	if got := Of(r, false); got != "192.0.2.7" {
		t.Errorf("untrusted: %s", got)
	}
	if got := Of(r, true); got != "203.0.113.9" {
		t.Errorf("trusted: %s", got)
	}
	r.Header.Set("X-Forwarded-For", "not-an-ip")
	if got := Of(r, true); got != "192.0.2.7" {
		t.Errorf("garbage header: %s", got)
	}
}
