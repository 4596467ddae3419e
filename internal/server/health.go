package server

import (
	"context"
	"net/http"
	"time"
)

// handleHealthz answers as long as the process serves requests.
func (s *Server) handleHealthz(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "version": s.cfg.Version})
}

// handleReadyz answers 200 only when the database answers, every migration is applied and
// no start-up work is pending (Deps.Pending).
func (s *Server) handleReadyz(w http.ResponseWriter, r *http.Request) {
	if s.deps.Pending != nil {
		if reason := s.deps.Pending(); reason != "" {
			writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "reason": reason})
			return
		}
	}
	ctx, cancel := context.WithTimeout(r.Context(), 3*time.Second)
	defer cancel()
	if err := s.deps.DB.Ping(ctx); err != nil {
		s.log.WarnContext(ctx, "readiness: database unreachable", "err", err)
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "reason": "database unreachable"})
		return
	}
	pending, err := s.deps.DB.PendingMigrations(ctx)
	if err != nil || len(pending) > 0 {
		writeJSON(w, http.StatusServiceUnavailable, map[string]any{"status": "unavailable", "reason": "migrations pending", "pending": pending})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
}
