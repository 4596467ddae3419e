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
	var in struct {
		Email         *bool `json:"email"`
		TicketUpdates *bool `json:"ticket_updates"`
		ForumReplies  *bool `json:"forum_replies"`
	}
	if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	missing := map[string]string{}
	for name, v := range map[string]*bool{"email": in.Email, "ticket_updates": in.TicketUpdates, "forum_replies": in.ForumReplies} {
		if v == nil {
			missing[name] = "Send true or false."
		}
	}
	if len(missing) > 0 {
		writeError(w, r, s.log, growthdesk.Invalid(missing))
		return
	}
	v, err := s.deps.Accounts.SetNotificationPrefs(r.Context(), c,
		growthdesk.NotificationPrefs{Email: *in.Email, TicketUpdates: *in.TicketUpdates, ForumReplies: *in.ForumReplies})
	s.reply(w, r, http.StatusOK, v, err)
}
