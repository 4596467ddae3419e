package server

import (
	"maps"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// Who may call a route, as each route below declares it (growthdesk.CheckAccess decides).
const (
	signedIn = growthdesk.AccessSignedIn // any signed-in account, approved or not
	approved = growthdesk.AccessApproved // approved customers and staff
	staff    = growthdesk.AccessStaff    // approved employees and admins
	admin    = growthdesk.AccessAdmin    // approved admins
)

// apiRoutes declares every /api/v1 route with who may call it. The declared access is
// checked before the handler runs; the service applies the named policy of each action as a
// second wall.
func (s *Server) apiRoutes(api *apiMux) {
	// Public: anyone, rate-limited per client address.
	api.public("POST", "/api/v1/leads", s.rateLimited("leads", s.cfg.LeadLimit, s.handleCreateLead()))
	api.public("POST", "/api/v1/newsletter", s.rateLimited("newsletter", s.cfg.NewsletterLimit, s.handleSubscribe()))
	// The newsletter's e-mailed links: public, authorized by the signed token in the body.
	api.public("POST", "/api/v1/newsletter/confirm", s.rateLimited("newsletter-link", s.cfg.NewsletterLimit, s.handleNewsletterConfirm()))
	api.public("POST", "/api/v1/newsletter/unsubscribe", s.rateLimited("newsletter-link", s.cfg.NewsletterLimit, s.handleNewsletterUnsubscribe()))
	// The web app's reports of errors in the browser, logged at warn level.
	api.public("POST", "/api/v1/client-errors", s.rateLimited("client-errors", s.cfg.ClientErrorLimit, s.handleClientError()))

	// The caller's own account.
	api.handle("GET", "/api/v1/profile", signedIn, s.handleGetProfile)
	api.handle("PATCH", "/api/v1/profile", signedIn, s.handleUpdateProfile)
	api.handle("GET", "/api/v1/profile/notifications", approved, s.handleGetNotifications)
	api.handle("PUT", "/api/v1/profile/notifications", approved, s.handlePutNotifications)
	api.handle("GET", "/api/v1/sessions", approved, ownerOnly(s, s.handleListSessions))
	api.handle("DELETE", "/api/v1/sessions/{id}", approved, ownerOnly(s, s.handleRevokeSession))

	// The caller's organization.
	api.handle("GET", "/api/v1/organization/members", approved, s.handleListMembers)

	// Staff tools.
	api.handle("GET", "/api/v1/admin/users", staff, s.handleListAccounts)
	api.handle("POST", "/api/v1/admin/users/{id}/approve", staff, s.handleApprove)
	api.handle("POST", "/api/v1/admin/users/{id}/reject", staff, s.handleReject)
	api.handle("PATCH", "/api/v1/admin/users/{id}", staff, s.handleChangeAccount)
	api.handle("GET", "/api/v1/admin/organizations", staff, s.handleListOrganizations)
	api.handle("POST", "/api/v1/admin/organizations", staff, s.handleCreateOrganization)
	api.handle("GET", "/api/v1/admin/audit-log", staff, s.handleAuditLog)
	api.handle("GET", "/api/v1/admin/leads", staff, s.handleListLeads)
	api.handle("GET", "/api/v1/admin/leads/{id}", staff, s.handleGetLead)
	api.handle("PATCH", "/api/v1/admin/leads/{id}", staff, s.handleChangeLead)
	api.handle("GET", "/api/v1/admin/emails", staff, s.handleListMail)

	// The admin dashboard and the community forum. The forum is shared by every approved
	// account, across organizations (not tenant data).
	api.handle("GET", "/api/v1/admin/dashboard", staff, s.handleAdminDashboard)
	api.handle("GET", "/api/v1/forum/topics", approved, s.handleForumTopics)
	api.handle("POST", "/api/v1/forum/topics", approved, s.handleForumStartTopic)
	api.handle("GET", "/api/v1/forum/topics/{id}", approved, s.handleForumTopic)
	api.handle("PATCH", "/api/v1/forum/topics/{id}", staff, s.handleForumModerate)
	api.handle("DELETE", "/api/v1/forum/topics/{id}", staff, s.handleForumDeleteTopic)
	api.handle("POST", "/api/v1/forum/topics/{id}/replies", approved, s.handleForumReply)
	api.handle("PATCH", "/api/v1/forum/posts/{id}", approved, s.handleForumEditPost)
	api.handle("DELETE", "/api/v1/forum/posts/{id}", staff, s.handleForumDeletePost)

	// Announcements and impersonation. The announcement banners are for every approved
	// account; the impersonation routes act on the staff member even while their session
	// acts as someone else (handleAsActor).
	api.handle("GET", "/api/v1/announcements", approved, s.handleCurrentAnnouncements)
	api.handle("POST", "/api/v1/announcements/{id}/dismiss", approved, s.handleDismissAnnouncement)
	api.handle("GET", "/api/v1/admin/announcements", staff, s.handleListAnnouncements)
	api.handle("POST", "/api/v1/admin/announcements", staff, s.handleCreateAnnouncement)
	api.handle("PATCH", "/api/v1/admin/announcements/{id}", staff, s.handleUpdateAnnouncement)
	api.handle("DELETE", "/api/v1/admin/announcements/{id}", staff, s.handleDeleteAnnouncement)
	api.handleAsActor("GET", "/api/v1/impersonation", staff, s.handleGetImpersonation)
	api.handleAsActor("POST", "/api/v1/impersonation", staff, s.handleStartImpersonation)
	api.handleAsActor("DELETE", "/api/v1/impersonation", staff, s.handleEndImpersonation)
	api.handleAsActor("GET", "/api/v1/impersonation/candidates", staff, s.handleImpersonationCandidates)

	// Client workspace: meetings, calendars and the dashboard.
	api.handle("GET", "/api/v1/meetings", approved, s.handleListMeetings)
	api.handle("POST", "/api/v1/meetings", staff, s.handleCreateMeeting)
	api.handle("GET", "/api/v1/meetings/{id}", approved, s.handleGetMeeting)
	api.handle("PUT", "/api/v1/meetings/{id}", staff, s.handleUpdateMeeting)
	api.handle("POST", "/api/v1/meetings/{id}/complete", staff, s.handleCompleteMeeting)
	api.handle("POST", "/api/v1/meetings/{id}/cancel", approved, s.handleCancelMeeting)
	api.handle("GET", "/api/v1/meetings/{id}/meeting.ics", approved, s.handleMeetingICS)
	api.handle("GET", "/api/v1/profile/calendar-feed", approved, s.handleGetCalendarFeed)
	api.handle("POST", "/api/v1/profile/calendar-feed", approved, s.handleResetCalendarFeed)
	// The private calendar feed, /api/v1/calendar/{token}.ics: public, authorized by the
	// secret token in the URL (calendar apps send no bearer token), rate-limited per client.
	api.public("GET", "/api/v1/calendar/{feed}", s.rateLimited("calendar-feed", calendarFeedLimit, s.handleCalendarFeed()))
	api.handle("GET", "/api/v1/dashboard", approved, s.handleDashboard)

	// Support desk: tickets of the caller's organization, every organization's for
	// staff; categories managed by admins; files served as downloads to who may see them.
	api.handle("GET", "/api/v1/support/categories", approved, s.handleListCategories)
	api.handle("GET", "/api/v1/admin/support/categories", admin, s.handleAdminListCategories)
	api.handle("POST", "/api/v1/admin/support/categories", admin, s.handleCreateCategory)
	api.handle("PATCH", "/api/v1/admin/support/categories/{id}", admin, s.handleUpdateCategory)
	api.handle("GET", "/api/v1/tickets", approved, s.handleListTickets)
	api.handle("GET", "/api/v1/tickets/summary", staff, s.handleTicketSummary)
	api.handle("POST", "/api/v1/tickets", approved, s.handleCreateTicket)
	api.handle("GET", "/api/v1/tickets/{id}", approved, s.handleGetTicket)
	api.handle("PATCH", "/api/v1/tickets/{id}", staff, s.handleUpdateTicket)
	api.handle("DELETE", "/api/v1/tickets/{id}", staff, s.handleDeleteTicket)
	api.handle("POST", "/api/v1/tickets/{id}/responses", approved, s.handleRespond)
	api.handle("POST", "/api/v1/tickets/{id}/attachments", approved, s.handleAttach)
	api.handle("GET", "/api/v1/attachments/{id}", approved, s.handleAttachment)

	// Billing: the caller's organization's billing, the success page's check, and the
	// admins' overview (docs/api.md#billing). Checkout and the webhook are under /functions/v1.
	api.handle("GET", "/api/v1/billing/plans", approved, s.handleBillingPlans)
	api.handle("GET", "/api/v1/billing", approved, s.handleBillingAccount)
	api.handle("POST", "/api/v1/billing/portal-session", approved, s.handleBillingPortalSession)
	api.handle("POST", "/api/v1/billing/cancel", approved, s.handleBillingCancel(true))
	api.handle("POST", "/api/v1/billing/resume", approved, s.handleBillingCancel(false))
	api.handle("GET", "/api/v1/billing/checkout-sessions/{id}", approved, s.handleCheckoutSession)
	api.handle("PUT", "/api/v1/billing/address", approved, s.handleBillingAddress)
	api.handle("GET", "/api/v1/billing/invoices/{id}", approved, s.handleInvoice)
	api.handle("GET", "/api/v1/billing/invoices/{id}/pdf", approved, s.handleInvoicePDF)
	// The overview's routes refuse with the overview's own message (CanViewBillingOverview).
	overview := growthdesk.CanViewBillingOverview
	api.handlePolicy("GET", "/api/v1/admin/billing/subscriptions", admin, overview, s.handleListSubscriptions)
	api.handlePolicy("GET", "/api/v1/admin/billing/subscriptions.csv", admin, overview, s.handleSubscriptionsCSV)
	api.handlePolicy("PATCH", "/api/v1/admin/billing/subscriptions/{id}", admin, overview, s.handleChangeSubscription)
	api.handlePolicy("DELETE", "/api/v1/admin/billing/subscriptions/{id}", admin, overview, s.handleDeleteSubscription)
	api.handlePolicy("GET", "/api/v1/admin/billing/summary", admin, overview, s.handleBillingSummary)

	// Client workspace: projects, automations and their runs, reports.
	api.handle("GET", "/api/v1/projects", approved, s.handleListProjects)
	api.handle("POST", "/api/v1/projects", staff, s.handleCreateProject)
	api.handle("GET", "/api/v1/projects/{id}", approved, s.handleGetProject)
	api.handle("PUT", "/api/v1/projects/{id}", staff, s.handleUpdateProject)
	api.handle("DELETE", "/api/v1/projects/{id}", staff, s.handleDeleteProject)
	api.handle("POST", "/api/v1/projects/{id}/updates", staff, s.handlePostProjectUpdate)
	api.handle("GET", "/api/v1/automations", approved, s.handleListAutomations)
	api.handle("POST", "/api/v1/automations", staff, s.handleCreateAutomation)
	api.handle("GET", "/api/v1/automations/{id}", approved, s.handleGetAutomation)
	api.handle("PUT", "/api/v1/automations/{id}", staff, s.handleUpdateAutomation)
	api.handle("DELETE", "/api/v1/automations/{id}", staff, s.handleDeleteAutomation)
	api.handle("POST", "/api/v1/automations/{id}/pause", approved, s.handlePauseAutomation)
	api.handle("POST", "/api/v1/automations/{id}/resume", approved, s.handleResumeAutomation)
	api.handle("POST", "/api/v1/automations/{id}/token", staff, s.handleRotateAutomationToken)
	api.handle("GET", "/api/v1/automations/{id}/runs", approved, s.handleListRuns)
	// An automation engine's report of a run: public, authorized by the automation's token.
	api.public("POST", "/api/v1/automations/{id}/runs/ingest", s.rateLimited("ingest", s.cfg.IngestLimit, s.handleIngestRun()))
	api.handle("GET", "/api/v1/reports", approved, s.handleListReports)
	api.handle("GET", "/api/v1/reports/summary", approved, s.handleReportSummary)
	api.handle("PATCH", "/api/v1/reports/{id}", staff, s.handleScheduleReport)
	api.handle("POST", "/api/v1/reports/{id}/generate", approved, s.handleGenerateReport)
	api.handle("GET", "/api/v1/reports/{id}/file", approved, s.handleReportFile)
}

// routes wires the API, the auth service, the probes, the feeds and the pages.
func (s *Server) routes() http.Handler {
	api := &apiMux{ServeMux: http.NewServeMux(), s: s}
	s.apiRoutes(api)
	api.HandleFunc("/api/", api.notFound)

	mux := http.NewServeMux()
	// Every JSON surface enters through a guard: body limit, and control characters (guard.go).
	mux.Handle("/api/", s.afterWrites(s.guardAPI(api)))
	if s.deps.Billing != nil {
		// The checkout function and the payment provider's webhook enter through the same guard.
		fn := &apiMux{ServeMux: http.NewServeMux(), s: s, fail: func(w http.ResponseWriter, r *http.Request, err error) {
			writeFunctionError(w, r, s, err)
		}}
		s.functionRoutes(fn)
		fn.HandleFunc("/functions/", fn.notFound)
		mux.Handle("/functions/", s.afterWrites(s.guardAPI(fn)))
	}
	if s.deps.AuthHandler != nil {
		mux.Handle("/auth/v1/", s.afterWrites(guardMounted(http.StripPrefix("/auth/v1", s.deps.AuthHandler))))
	}
	mux.HandleFunc("GET /healthz", s.handleHealthz)
	mux.HandleFunc("GET /readyz", s.handleReadyz)
	mux.HandleFunc("GET /robots.txt", s.handleRobots)
	mux.HandleFunc("GET /sitemap.xml", s.handleSitemap)
	mux.HandleFunc("GET /blog/rss.xml", s.handleRSS)
	mux.Handle("/", s.pages) // prerendered pages, assets; anything unknown redirects to /
	return s.pages.direct(mux)
}

// Route is one declared API route and who may call it.
type Route struct {
	Method string
	Path   string
	Access growthdesk.Access
}

// APIRoutes lists every declared /api/v1 route, for the route × role test and the docs.
func APIRoutes() []Route {
	api := &apiMux{ServeMux: http.NewServeMux(), s: &Server{}}
	api.s.apiRoutes(api)
	return api.routes
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

// apiMux registers routes with their access and answers unknown API paths and wrong methods
// with JSON errors instead of the standard mux's plain text.
type apiMux struct {
	*http.ServeMux
	s       *Server
	routes  []Route
	methods map[string][]string // declared path pattern → its methods
	// fail answers an error in the surface's own format; nil means the API's (writeError).
	fail func(w http.ResponseWriter, r *http.Request, err error)
}

// public registers a route anyone may call.
func (m *apiMux) public(method, path string, h http.Handler) {
	m.register(method, path, growthdesk.AccessPublic, h)
}

// handle registers a route for callers with at least the given access.
func (m *apiMux) handle(method, path string, who growthdesk.Access, h callerHandler) {
	m.register(method, path, who, m.s.withAccess(who, h))
}

// handlePolicy registers a route for callers with at least the given access whose refusal
// comes from the feature's own policy, checked first, so that it answers in the feature's
// words (the billing overview's 'Only administrators can access billing overview.') rather
// than the access level's generic ones. The declared access still holds as well.
func (m *apiMux) handlePolicy(method, path string, who growthdesk.Access, policy func(*growthdesk.Caller) error, h callerHandler) {
	m.register(method, path, who, m.s.withCheck(func(c *growthdesk.Caller) error {
		if err := policy(c); err != nil {
			return err
		}
		return growthdesk.CheckAccess(c, who)
	}, h))
}

func (m *apiMux) register(method, path string, who growthdesk.Access, h http.Handler) {
	if !routePattern.MatchString(path) {
		panic("apiMux: " + path + ": each segment of a route is literal or a whole {name}, the forms matchPattern knows")
	}
	if m.methods == nil {
		m.methods = map[string][]string{}
	}
	m.methods[path] = append(m.methods[path], method)
	m.routes = append(m.routes, Route{Method: method, Path: path, Access: who})
	m.Handle(method+" "+path, h)
}

// notFound answers what no declared route takes. The catch-all pattern it is registered
// under matches every method, so the standard mux never gets to answer 405 by itself: a path
// a declared route matches with other methods answers 405 here, with Allow, and any other
// path 404, both in the surface's error format.
func (m *apiMux) notFound(w http.ResponseWriter, r *http.Request) {
	fail := m.fail
	if fail == nil {
		fail = func(w http.ResponseWriter, r *http.Request, err error) { writeError(w, r, m.s.log, err) }
	}
	if allowed := m.allowed(r.URL.EscapedPath()); len(allowed) > 0 {
		allow := strings.Join(allowed, ", ")
		w.Header().Set("Allow", allow)
		fail(w, r, growthdesk.Errorf(growthdesk.EMethod, "This endpoint does not accept %s; it accepts %s.", r.Method, allow))
		return
	}
	fail(w, r, growthdesk.Errorf(growthdesk.ENotFound, "There is no such API endpoint."))
}

// allowed lists the methods the declared routes take on an escaped request path, as the
// standard mux routes them: the methods of every declared pattern that matches the path, and
// HEAD wherever GET is. Sorted; empty when no declared pattern matches.
func (m *apiMux) allowed(path string) []string {
	set := map[string]bool{}
	for pattern, methods := range m.methods {
		if !matchPattern(pattern, path) {
			continue
		}
		for _, method := range methods {
			set[method] = true
			if method == http.MethodGet {
				set[http.MethodHead] = true
			}
		}
	}
	return slices.Sorted(maps.Keys(set))
}

// routePattern is the form of a route's path: non-empty segments, each literal or a whole
// {name} wildcard.
var routePattern = regexp.MustCompile(`^(/([^/{}]+|\{[A-Za-z_][A-Za-z0-9_]*\}))+$`)

// matchPattern reports whether an escaped path matches a route pattern segment by segment:
// a {name} wildcard matches any one non-empty segment, a literal segment the unescaped one.
func matchPattern(pattern, path string) bool {
	want, got := strings.Split(pattern, "/"), strings.Split(path, "/")
	if len(want) != len(got) {
		return false
	}
	for i, w := range want {
		if strings.HasPrefix(w, "{") {
			if got[i] == "" {
				return false
			}
			continue
		}
		if seg, err := url.PathUnescape(got[i]); err != nil || seg != w {
			return false
		}
	}
	return true
}
