package server

import (
	"net/http"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

func (s *Server) handleListSessions(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	sessions, err := s.deps.Sessions.ListSessions(r.Context(), c.UserID)
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	for i := range sessions {
		sessions[i].Current = sessions[i].ID == c.SessionID
	}
	if sessions == nil {
		sessions = []growthdesk.SessionInfo{}
	}
	writeJSON(w, http.StatusOK, sessions)
}

func (s *Server) handleRevokeSession(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	if err := s.deps.Sessions.RevokeSession(r.Context(), c.UserID, r.PathValue("id")); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
