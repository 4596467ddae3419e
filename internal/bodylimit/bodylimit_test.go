package bodylimit_test

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/growthdesk/growthdesk/internal/bodylimit"
)

// readAll serves one request through Wrap(limit) with a handler that reads its body with
// Reader(endpoint), and reports what the handler read and the error it got.
func readAll(t *testing.T, body string, chunked bool, limit, endpoint int64) (string, error) {
	t.Helper()
	var got []byte
	var gotErr error
	h := bodylimit.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var rd io.Reader = r.Body
		if endpoint > 0 {
			rd = bodylimit.Reader(r, endpoint)
		}
		got, gotErr = io.ReadAll(rd)
		w.WriteHeader(http.StatusNoContent)
	}), limit)
	srv := httptest.NewServer(h)
	defer srv.Close()
	var rd io.Reader = strings.NewReader(body)
	if chunked {
		rd = io.MultiReader(rd) // hides the length: sent chunked
	}
	res, err := http.Post(srv.URL, "application/json", rd)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return string(got), gotErr
}

func TestWrap_BoundsTheBody(t *testing.T) {
	for _, chunked := range []bool{false, true} {
		if got, err := readAll(t, strings.Repeat("a", 100), chunked, 100, 0); err != nil || len(got) != 100 {
			t.Errorf("chunked=%v: exactly the limit: %d bytes, %v", chunked, len(got), err)
		}
		got, err := readAll(t, strings.Repeat("a", 101), chunked, 100, 0)
		var tooLarge *http.MaxBytesError
		if !errors.As(err, &tooLarge) || tooLarge.Limit != 100 || len(got) > 100 {
			t.Errorf("chunked=%v: one byte over: %d bytes, %v", chunked, len(got), err)
		}
	}
	// A declared length over the limit fails before anything is read.
	if got, err := readAll(t, strings.Repeat("a", 5000), false, 100, 0); err == nil || got != "" {
		t.Errorf("declared over the limit: %d bytes, %v", len(got), err)
	}
}

func TestReader_EndpointDeclaresItsOwnBound(t *testing.T) {
	body := strings.Repeat("a", 1000)
	if got, err := readAll(t, body, false, 100, 2000); err != nil || got != body {
		t.Errorf("raised bound: %d bytes, %v", len(got), err)
	}
	if _, err := readAll(t, body, true, 5000, 500); err == nil {
		t.Error("lowered bound: no error")
	}
}

func TestReader_WithoutWrapStillBounds(t *testing.T) {
	r := httptest.NewRequest("POST", "/", strings.NewReader(strings.Repeat("a", 101)))
	if _, err := io.ReadAll(bodylimit.Reader(r, 100)); err == nil {
		t.Fatal("no error over the bound")
	}
	r = httptest.NewRequest("POST", "/", strings.NewReader(strings.Repeat("a", 100)))
	if b, err := io.ReadAll(bodylimit.Reader(r, 100)); err != nil || len(b) != 100 {
		t.Fatalf("%d bytes, %v", len(b), err)
	}
}
