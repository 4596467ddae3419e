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

	// Signed in, in any approval state.
	api.handle("GET", "/api/v1/profile", s.withCaller(true, s.handleGetProfile))
	api.handle("PATCH", "/api/v1/profile", s.withCaller(true, s.handleUpdateProfile))
	// Signed in and approved; the service applies the policy of each action.
	api.handle("GET", "/api/v1/profile/notifications", s.withCaller(false, s.handleGetNotifications))
	api.handle("PUT", "/api/v1/profile/notifications", s.withCaller(false, s.handlePutNotifications))
	api.handle("GET", "/api/v1/sessions", s.withCaller(false, s.handleListSessions))
	api.handle("DELETE", "/api/v1/sessions/{id}", s.withCaller(false, s.handleRevokeSession))
	// Staff.
	api.handle("GET", "/api/v1/admin/users", s.withCaller(false, s.handleListAccounts))
	api.handle("POST", "/api/v1/admin/users/{id}/approve", s.withCaller(false, s.handleApprove))
	api.handle("POST", "/api/v1/admin/users/{id}/reject", s.withCaller(false, s.handleReject))
	api.handle("PATCH", "/api/v1/admin/users/{id}", s.withCaller(false, s.handleChangeAccount))
	api.handle("GET", "/api/v1/admin/organizations", s.withCaller(false, s.handleListOrganizations))
	api.handle("POST", "/api/v1/admin/organizations", s.withCaller(false, s.handleCreateOrganization))
	api.handle("GET", "/api/v1/admin/audit-log", s.withCaller(false, s.handleAuditLog))
	api.handle("GET", "/api/v1/admin/leads", s.withCaller(false, s.handleListLeads))
	api.handle("GET", "/api/v1/admin/emails", s.withCaller(false, s.handleListMail))
	api.HandleFunc("/api/", api.notFound)

	mux := http.NewServeMux()
	mux.Handle("/api/", s.afterWrites(api))
	if s.deps.AuthHandler != nil {
		mux.Handle("/auth/v1/", s.afterWrites(http.StripPrefix("/auth/v1", s.deps.AuthHandler)))
	}
	mux.HandleFunc("GET /healthz", s.handleHealthz)
	mux.HandleFunc("GET /readyz", s.handleReadyz)
	mux.HandleFunc("GET /robots.txt", s.handleRobots)
	mux.HandleFunc("GET /sitemap.xml", s.handleSitemap)
	mux.HandleFunc("GET /blog/rss.xml", s.handleRSS)
	mux.Handle("/", s.pages) // prerendered pages, assets; anything unknown redirects to /
	return mux
}

// afterWrites calls deps.AfterWrite once a write request has been answered with success.
func (s *Server) afterWrites(next http.Handler) http.Handler {
	if s.deps.AfterWrite == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		if r.Method != http.MethodGet && r.Method != http.MethodHead && r.Method != http.MethodOptions && rec.status < 400 {
			s.deps.AfterWrite()
		}
	})
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
