package server

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// FuzzMethodNotAllowed checks the API's answer to what no route takes against Go's own
// ServeMux given exactly the declared routes: for any method and path under /api/ or
// /functions/, the API routes the request where the standard mux does, and otherwise answers
// 405 with the same Allow header when the standard mux would, 404 when it would.
func FuzzMethodNotAllowed(f *testing.F) {
	f.Add(uint8(4), "/api/v1/projects/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b")
	f.Add(uint8(3), "/api/v1/tickets/summary")
	f.Add(uint8(0), "/api/v1/sessions/%73")
	f.Add(uint8(1), "/api/v1/calendar/x%2Fy.ics")
	f.Add(uint8(2), "/functions/v1/test-checkout/x")
	f.Add(uint8(5), "/api/v1/projects/")
	f.Add(uint8(6), "/api/v1//profile")
	methods := []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND"}

	s := &Server{}
	api := &apiMux{ServeMux: http.NewServeMux(), s: s}
	s.apiRoutes(api)
	api.HandleFunc("/api/", api.notFound)
	fn := &apiMux{ServeMux: http.NewServeMux(), s: s, fail: func(w http.ResponseWriter, r *http.Request, err error) {
		writeFunctionError(w, r, s, err)
	}}
	s.functionRoutes(fn)
	fn.HandleFunc("/functions/", fn.notFound)
	standard := func(routes []Route) *http.ServeMux {
		mux := http.NewServeMux()
		for _, r := range routes {
			mux.Handle(r.Method+" "+r.Path, http.NotFoundHandler())
		}
		return mux
	}
	muxes := []struct {
		ours     *apiMux
		std      *http.ServeMux
		catchAll string
	}{{api, standard(api.routes), "/api/"}, {fn, standard(fn.routes), "/functions/"}}

	f.Fuzz(func(t *testing.T, m uint8, target string) {
		u, err := url.ParseRequestURI(target)
		if err != nil {
			return
		}
		for _, mux := range muxes {
			if !strings.HasPrefix(u.Path, mux.catchAll) {
				continue // the server's own mux sends nothing else here
			}
			req := &http.Request{Method: methods[int(m)%len(methods)], URL: u, Host: "example.com", Header: http.Header{}}
			_, ours := mux.ours.Handler(req)
			_, std := mux.std.Handler(req)
			if ours != mux.catchAll {
				if ours != std {
					t.Fatalf("%s %s: routed to %q, the standard mux to %q", req.Method, target, ours, std)
				}
				continue
			}
			if std != "" {
				t.Fatalf("%s %s: not routed, the standard mux routes it to %q", req.Method, target, std)
			}
			want, got := httptest.NewRecorder(), httptest.NewRecorder()
			mux.std.ServeHTTP(want, req)
			mux.ours.ServeHTTP(got, req)
			if got.Code != want.Code || got.Header().Get("Allow") != want.Header().Get("Allow") {
				t.Fatalf("%s %s: %d, Allow %q; the standard mux %d, Allow %q", req.Method, target,
					got.Code, got.Header().Get("Allow"), want.Code, want.Header().Get("Allow"))
			}
			// An unclean path is the mux's own redirect to the clean one, in both.
			if ct := got.Header().Get("Content-Type"); (got.Code == 404 || got.Code == 405) && !strings.HasPrefix(ct, "application/json") {
				t.Fatalf("%s %s: %d answered as %q", req.Method, target, got.Code, got.Header().Get("Content-Type"))
			}
		}
	})
}
