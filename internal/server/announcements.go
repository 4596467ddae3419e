package server

import (
	"net/http"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

func (s *Server) handleListAnnouncements(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	list, err := s.deps.Announcements.List(r.Context(), c)
	respondList(w, r, s, list, err)
}

func (s *Server) handleCreateAnnouncement(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var in growthdesk.AnnouncementInput
	if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	v, err := s.deps.Announcements.Create(r.Context(), c, in)
	s.reply(w, r, http.StatusCreated, v, err)
}

func (s *Server) handleUpdateAnnouncement(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var in growthdesk.AnnouncementUpdate
	if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	v, err := s.deps.Announcements.SetActive(r.Context(), c, r.PathValue("id"), in)
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleDeleteAnnouncement(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	if err := s.deps.Announcements.Delete(r.Context(), c, r.PathValue("id")); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) handleCurrentAnnouncements(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	list, err := s.deps.Announcements.Current(r.Context(), c)
	respondList(w, r, s, list, err)
}

func (s *Server) handleDismissAnnouncement(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	if err := s.deps.Announcements.Dismiss(r.Context(), c, r.PathValue("id")); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
