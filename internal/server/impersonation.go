package server

import (
	"net/http"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// handleAsActor registers a route whose access is checked on the account acting rather than
// the account acted as: the impersonation endpoints act on the staff member even while their
// session acts as someone else.
func (m *apiMux) handleAsActor(method, path string, who growthdesk.Access, h callerHandler) {
	m.register(method, path, who, m.s.withActorAccess(who, h))
}

// withActorAccess is withAccess with the level checked on the account acting.
func (s *Server) withActorAccess(who growthdesk.Access, h callerHandler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := s.caller(r)
		if err == nil {
			err = growthdesk.CheckAccess(c.Self(), who)
		}
		if err != nil {
			writeError(w, r, s.log, err)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		h(w, r, c)
	})
}

// ownerOnly refuses a route while the caller impersonates someone: credentials, sessions
// and payments belong to the account's owner.
func ownerOnly(s *Server, h callerHandler) callerHandler {
	return func(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
		if err := growthdesk.NotImpersonating(c); err != nil {
			writeError(w, r, s.log, err)
			return
		}
		h(w, r, c)
	}
}

func (s *Server) handleGetImpersonation(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	v, err := s.deps.Impersonations.Current(r.Context(), c)
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleImpersonationCandidates(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	list, err := s.deps.Impersonations.Candidates(r.Context(), c, r.URL.Query().Get("search"))
	respondList(w, r, s, list, err)
}

func (s *Server) handleStartImpersonation(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var in growthdesk.ImpersonationStart
	if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	v, err := s.deps.Impersonations.Start(r.Context(), c, in)
	s.reply(w, r, http.StatusCreated, v, err)
}

func (s *Server) handleEndImpersonation(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	v, err := s.deps.Impersonations.End(r.Context(), c)
	s.reply(w, r, http.StatusOK, v, err)
}
