package server_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/growthdesk/growthdesk/internal/auth"
	"github.com/growthdesk/growthdesk/internal/server"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// probeMethods are the methods tried on every declared path.
var probeMethods = []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}

// standardMux is Go's own ServeMux given exactly the declared routes and nothing else: the
// oracle of which method a path takes and of the Allow header its 405 carries.
type standardMux struct{ *http.ServeMux }

func newStandardMux(routes []server.Route) standardMux {
	mux := http.NewServeMux()
	for _, r := range routes {
		mux.Handle(r.Method+" "+r.Path, http.NotFoundHandler())
	}
	return standardMux{mux}
}

// answer reports whether the mux routes method on path to a declared route and, when it does
// not, the Allow header it answers with ("" when no declared path matches: a 404).
func (m standardMux) answer(method, path string) (routed bool, allow string) {
	req := httptest.NewRequest(method, path, nil)
	if _, pattern := m.Handler(req); pattern != "" {
		return true, ""
	}
	rec := httptest.NewRecorder()
	m.ServeHTTP(rec, req)
	return false, rec.Header().Get("Allow")
}

// wrongMethod returns a method the declared routes do not take on path (one with a body in
// its answer: not HEAD) and the Allow header its 405 must carry.
func (m standardMux) wrongMethod(path string) (method, allow string) {
	for _, method := range probeMethods {
		if routed, allow := m.answer(method, path); !routed && method != "HEAD" {
			return method, allow
		}
	}
	return "", ""
}

func fillPath(pattern string) string {
	return pathParam.ReplaceAllString(pattern, "00000000-0000-4000-8000-000000000000")
}

// TestMethodNotAllowed_EveryDeclaredPath tries every method on every declared path of
// /api/v1, /functions/v1 and /auth/v1. A method the path does not take answers 405 with an
// Allow header listing the methods it does take, in the surface's own error format, before
// anything checks who is calling. /api/v1 and /functions/v1 take HEAD wherever they take
// GET, as Go's ServeMux routes them; the auth service takes HEAD nowhere (a link checker's
// HEAD must not use up an e-mailed link). A path nothing declares is still a 404.
func TestMethodNotAllowed_EveryDeclaredPath(t *testing.T) {
	t.Parallel()
	env := newPortalEnv(t, storetest.SQLite(t))
	checked := 0

	for _, surface := range []struct {
		name   string
		routes []server.Route
	}{{"api", server.APIRoutes()}, {"functions", server.FunctionRoutes()}} {
		std := newStandardMux(surface.routes)
		seen := map[string]bool{}
		for _, r := range surface.routes {
			path := fillPath(r.Path)
			if seen[path] {
				continue
			}
			seen[path] = true
			for _, method := range probeMethods {
				routed, allow := std.answer(method, path)
				if routed {
					continue
				}
				checked++
				if allow == "" || (strings.Contains(allow, "GET") && !strings.Contains(allow, "HEAD")) {
					t.Fatalf("%s %s: the standard mux answers Allow %q", method, r.Path, allow)
				}
				res := env.do(t, method, path, "", "")
				if res.status != http.StatusMethodNotAllowed || res.header.Get("Allow") != allow {
					t.Errorf("%s %s: %d, Allow %q, want 405 with Allow %q: %s", method, r.Path, res.status, res.header.Get("Allow"), allow, res.body)
					continue
				}
				if method == "HEAD" {
					continue
				}
				var body struct{ Code, Message, Error string }
				if err := json.Unmarshal([]byte(res.body), &body); err != nil || body.Code != "method_not_allowed" ||
					!strings.Contains(body.Message, method) || !strings.Contains(body.Message, allow) {
					t.Errorf("%s %s: body %s", method, r.Path, res.body)
				}
				if surface.name == "functions" && body.Error != body.Message {
					t.Errorf("%s %s: a function's error carries its message as error too: %s", method, r.Path, res.body)
				}
			}
		}
	}

	byPath := map[string][]string{}
	for _, r := range auth.Routes() {
		byPath[r.Path] = append(byPath[r.Path], r.Method)
	}
	for p, methods := range byPath {
		slices.Sort(methods)
		path := "/auth/v1" + fillPath(p)
		for _, method := range probeMethods {
			if slices.Contains(methods, method) || method == "OPTIONS" { // OPTIONS is the CORS preflight
				continue
			}
			checked++
			res := env.do(t, method, path, "", "")
			if res.status != http.StatusMethodNotAllowed || res.header.Get("Allow") != strings.Join(methods, ", ") {
				t.Errorf("%s /auth/v1%s: %d, Allow %q, want 405 with Allow %q: %s", method, p, res.status, res.header.Get("Allow"), strings.Join(methods, ", "), res.body)
				continue
			}
			var body struct {
				Code      int    `json:"code"`
				ErrorCode string `json:"error_code"`
				Msg       string `json:"msg"`
			}
			if method != "HEAD" && (json.Unmarshal([]byte(res.body), &body) != nil || body.Code != 405 || body.ErrorCode != "method_not_allowed" || !strings.Contains(body.Msg, method)) {
				t.Errorf("%s /auth/v1%s: body %s", method, p, res.body)
			}
		}
	}
	if checked < 300 {
		t.Fatalf("only %d wrong methods tried", checked)
	}

	for _, tc := range []struct{ method, path, code string }{
		{"GET", "/api/v1/nothing", `"code":"not_found"`},
		{"PATCH", "/api/v1/projects/00000000-0000-4000-8000-000000000000/nothing", `"code":"not_found"`},
		{"DELETE", "/api/v2/projects", `"code":"not_found"`},
		{"GET", "/functions/v1/nothing", `"code":"not_found"`},
		{"POST", "/functions/v1/test-checkout", `"code":"not_found"`},
		{"GET", "/auth/v1/nothing", `"error_code":"not_found"`},
	} {
		res := env.do(t, tc.method, tc.path, "", "")
		if res.status != http.StatusNotFound || res.header.Get("Allow") != "" || !strings.Contains(res.body, tc.code) {
			t.Errorf("%s %s: %d, Allow %q, %s; want 404", tc.method, tc.path, res.status, res.header.Get("Allow"), res.body)
		}
	}
}
