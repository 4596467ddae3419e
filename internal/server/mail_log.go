package server

import (
	"net/http"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// handleListMail answers the staff mail log: growthdesk.MailLog checks the policy and
// redacts every entry.
func (s *Server) handleListMail(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	list, err := s.deps.MailLog.List(r.Context(), c, queryLimit(r))
	respondList(w, r, s, list, err)
}
