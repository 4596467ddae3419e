package server

import (
	"net/http"
	"strings"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// routes lists every route the server answers.
func (s *Server) routes() http.Handler {
	api := &apiMux{ServeMux: http.NewServeMux()}
	api.handle("POST", "/api/v1/leads", s.rateLimited("leads", s.cfg.LeadLimit, s.handleCreateLead()))
	api.handle("POST", "/api/v1/newsletter", s.rateLimited("newsletter", s.cfg.NewsletterLimit, s.handleSubscribe()))
	api.HandleFunc("/api/", api.notFound)

	mux := http.NewServeMux()
	mux.Handle("/api/", api)
	mux.HandleFunc("GET /healthz", s.handleHealthz)
	mux.HandleFunc("GET /readyz", s.handleReadyz)
	mux.HandleFunc("GET /robots.txt", s.handleRobots)
	mux.HandleFunc("GET /sitemap.xml", s.handleSitemap)
	mux.HandleFunc("GET /blog/rss.xml", s.handleRSS)
	mux.Handle("/", s.pages) // prerendered pages, assets; anything unknown redirects to /
	return mux
}

// apiMux answers unknown API paths and wrong methods with JSON errors instead of the
// standard mux's plain text.
type apiMux struct {
	*http.ServeMux
	methods map[string][]string // path → allowed methods
}

func (m *apiMux) handle(method, path string, h http.Handler) {
	if m.methods == nil {
		m.methods = map[string][]string{}
	}
	m.methods[path] = append(m.methods[path], method)
	m.Handle(method+" "+path, h)
}

func (m *apiMux) notFound(w http.ResponseWriter, r *http.Request) {
	if allowed, ok := m.methods[r.URL.Path]; ok {
		w.Header().Set("Allow", strings.Join(allowed, ", "))
		writeJSON(w, http.StatusMethodNotAllowed, errorBody{
			Code:    growthdesk.EMethod,
			Message: "This endpoint accepts " + strings.Join(allowed, ", ") + " only.",
		})
		return
	}
	writeJSON(w, http.StatusNotFound, errorBody{Code: growthdesk.ENotFound, Message: "There is no such API endpoint."})
}
