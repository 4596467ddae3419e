package server

import (
	"net/http"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// handleCreateLead stores a discovery-call request from the contact page.
func (s *Server) handleCreateLead() http.Handler {
	type response struct {
		ID string `json:"id"`
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var in growthdesk.LeadInput
		if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
			writeError(w, r, s.log, err)
			return
		}
		lead, err := s.deps.Leads.CreateLead(r.Context(), in)
		if err != nil {
			writeError(w, r, s.log, err)
			return
		}
		s.log.InfoContext(r.Context(), "lead received", "lead_id", lead.ID, "request_id", requestID(r.Context()))
		writeJSON(w, http.StatusCreated, response{ID: lead.ID})
	})
}

// handleSubscribe adds an address to the newsletter: 201 when new, 200 when known.
func (s *Server) handleSubscribe() http.Handler {
	type response struct {
		Status string `json:"status"`
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var in growthdesk.SubscribeInput
		if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
			writeError(w, r, s.log, err)
			return
		}
		created, err := s.deps.Newsletter.Subscribe(r.Context(), in)
		if err != nil {
			writeError(w, r, s.log, err)
			return
		}
		if created {
			writeJSON(w, http.StatusCreated, response{Status: "subscribed"})
			return
		}
		writeJSON(w, http.StatusOK, response{Status: "already_subscribed"})
	})
}
