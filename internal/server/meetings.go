package server

import (
	"net/http"
	"strings"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// calendarFeedLimit bounds the public calendar feed per client address: calendar apps poll
// a subscribed URL every few minutes at most, and guessing tokens must stay slow.
var calendarFeedLimit = growthdesk.Limit{Requests: 120, Window: 10 * time.Minute}

func (s *Server) handleListMeetings(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	q := r.URL.Query()
	list, err := s.deps.Meetings.List(r.Context(), c, q.Get("when"), q.Get("organization"))
	s.reply(w, r, http.StatusOK, list, err)
}

func (s *Server) handleGetMeeting(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	m, err := s.deps.Meetings.Get(r.Context(), c, r.PathValue("id"))
	s.reply(w, r, http.StatusOK, m, err)
}

func (s *Server) handleCreateMeeting(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var in growthdesk.MeetingInput
	if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	m, err := s.deps.Meetings.Create(r.Context(), c, in)
	s.reply(w, r, http.StatusCreated, m, err)
}

func (s *Server) handleUpdateMeeting(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var in growthdesk.MeetingInput
	if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	m, err := s.deps.Meetings.Update(r.Context(), c, r.PathValue("id"), in)
	s.reply(w, r, http.StatusOK, m, err)
}

func (s *Server) handleCompleteMeeting(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	m, err := s.deps.Meetings.Complete(r.Context(), c, r.PathValue("id"))
	s.reply(w, r, http.StatusOK, m, err)
}

func (s *Server) handleCancelMeeting(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	m, err := s.deps.Meetings.Cancel(r.Context(), c, r.PathValue("id"))
	s.reply(w, r, http.StatusOK, m, err)
}

// handleMeetingICS answers one meeting as an .ics file to add to a calendar.
func (s *Server) handleMeetingICS(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	m, data, err := s.deps.Meetings.ICS(r.Context(), c, r.PathValue("id"))
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	w.Header().Set("Content-Type", "text/calendar; charset=utf-8")
	name := "meeting.ics"
	if len(m.ID) >= 8 {
		name = "meeting-" + m.ID[:8] + ".ics"
	}
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(data)
}

func (s *Server) handleGetCalendarFeed(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	f, err := s.deps.Meetings.Feed(r.Context(), c)
	s.reply(w, r, http.StatusOK, f, err)
}

func (s *Server) handleResetCalendarFeed(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	f, err := s.deps.Meetings.ResetFeed(r.Context(), c)
	s.reply(w, r, http.StatusOK, f, err)
}

// handleCalendarFeed serves a user's private calendar feed at /api/v1/calendar/{token}.ics.
// Calendar apps cannot send a bearer token, so the secret token in the URL authorizes the
// request; it acts as the token's owner, with the same rules as their signed-in requests
// (an account that is no longer approved gets 403).
func (s *Server) handleCalendarFeed() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token, ok := strings.CutSuffix(r.PathValue("feed"), ".ics")
		if !ok {
			writeError(w, r, s.log, growthdesk.Errorf(growthdesk.ENotFound, "There is no such calendar."))
			return
		}
		userID, err := s.deps.Meetings.FeedOwner(r.Context(), token)
		if err != nil {
			writeError(w, r, s.log, err)
			return
		}
		c, err := s.deps.Accounts.Caller(r.Context(), growthdesk.Identity{UserID: userID}, requestID(r.Context()), clientIP(r, s.cfg.TrustProxyHeaders))
		if err != nil {
			writeError(w, r, s.log, err)
			return
		}
		data, err := s.deps.Meetings.FeedCalendar(r.Context(), c, s.deps.Site.Name+" meetings")
		if err != nil {
			writeError(w, r, s.log, err)
			return
		}
		w.Header().Set("Content-Type", "text/calendar; charset=utf-8")
		w.Header().Set("Cache-Control", "private, no-cache")
		w.Header().Set("X-Robots-Tag", "noindex")
		_, _ = w.Write(data)
	})
}
