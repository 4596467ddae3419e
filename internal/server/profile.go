package server

import (
	"net/http"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

func (s *Server) handleGetProfile(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	v, err := s.deps.Accounts.Profile(r.Context(), c)
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleUpdateProfile(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var upd growthdesk.ProfileUpdate
	if err := decodeJSON(w, r, maxJSONBody, &upd); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	v, err := s.deps.Accounts.UpdateProfile(r.Context(), c, upd)
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleGetNotifications(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	v, err := s.deps.Accounts.NotificationPrefs(r.Context(), c)
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handlePutNotifications(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var in growthdesk.NotificationPrefsInput
	if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	prefs, err := in.Prefs()
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	v, err := s.deps.Accounts.SetNotificationPrefs(r.Context(), c, prefs)
	s.reply(w, r, http.StatusOK, v, err)
}
