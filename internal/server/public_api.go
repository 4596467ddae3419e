package server

import (
	"net/http"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// handleCreateLead stores a discovery-call request from the contact page.
func (s *Server) handleCreateLead() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var in growthdesk.LeadInput
		if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
			writeError(w, r, s.log, err)
			return
		}
		lead, err := s.deps.Leads.Create(r.Context(), in)
		if err != nil {
			writeError(w, r, s.log, err)
			return
		}
		s.log.InfoContext(r.Context(), "lead received", "lead_id", lead.ID, "request_id", requestID(r.Context()))
		writeJSON(w, http.StatusCreated, growthdesk.LeadCreated{ID: lead.ID})
	})
}

// handleSubscribe starts a newsletter subscription: the address is stored pending and a
// confirmation e-mail is queued. 201 when the address is new, 200 when known; the body says
// whether a confirmation is on its way or the address is already confirmed.
func (s *Server) handleSubscribe() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var in growthdesk.SubscribeInput
		if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
			writeError(w, r, s.log, err)
			return
		}
		res, err := s.deps.Newsletter.Subscribe(r.Context(), in)
		if err != nil {
			writeError(w, r, s.log, err)
			return
		}
		status := http.StatusOK
		if res.Created {
			status = http.StatusCreated
		}
		writeJSON(w, status, res)
	})
}

// handleNewsletterConfirm confirms the address of a confirm link's token (the page the
// link opens posts it when the reader presses the button).
func (s *Server) handleNewsletterConfirm() http.Handler {
	return s.newsletterLink(func(r *http.Request, token string) (*growthdesk.LinkResult, error) {
		return s.deps.Newsletter.Confirm(r.Context(), token)
	})
}

// handleNewsletterUnsubscribe takes the address of an unsubscribe link's token off the list.
func (s *Server) handleNewsletterUnsubscribe() http.Handler {
	return s.newsletterLink(func(r *http.Request, token string) (*growthdesk.LinkResult, error) {
		return s.deps.Newsletter.Unsubscribe(r.Context(), token)
	})
}

func (s *Server) newsletterLink(apply func(*http.Request, string) (*growthdesk.LinkResult, error)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		var in growthdesk.LinkInput
		if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
			writeError(w, r, s.log, err)
			return
		}
		res, err := apply(r, in.Token)
		s.reply(w, r, http.StatusOK, res, err)
	})
}

// handleClientError writes a browser's report of an uncaught error or unhandled rejection
// to the log at warn level, with the request id and the client's address. 204 on success.
func (s *Server) handleClientError() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var in growthdesk.ClientErrorReport
		if err := decodeJSON(w, r, growthdesk.ClientErrorBodyMax, &in); err != nil {
			writeError(w, r, s.log, err)
			return
		}
		in.Normalize()
		if err := in.Validate(); err != nil {
			writeError(w, r, s.log, err)
			return
		}
		s.log.WarnContext(r.Context(), "client error",
			"kind", in.Kind, "message", in.Message, "url", in.URL, "stack", in.Stack,
			"user_agent", r.UserAgent(), "client_ip", clientIP(r, s.cfg.TrustProxyHeaders),
			"request_id", requestID(r.Context()))
		w.WriteHeader(http.StatusNoContent)
	})
}
