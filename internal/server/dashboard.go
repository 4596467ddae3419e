package server

import (
	"net/http"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

func (s *Server) handleDashboard(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	d, err := s.deps.Dashboard.Summary(r.Context(), c)
	s.reply(w, r, http.StatusOK, d, err)
}

func (s *Server) handleAdminDashboard(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	v, err := s.deps.AdminDashboard.Dashboard(r.Context(), c)
	s.reply(w, r, http.StatusOK, v, err)
}
