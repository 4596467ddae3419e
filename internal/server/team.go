package server

import (
	"net/http"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

func (s *Server) handleListMembers(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	list, err := s.deps.Team.Members(r.Context(), c, r.URL.Query().Get("organization"))
	respondList(w, r, s, list, err)
}
