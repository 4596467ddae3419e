package server

import (
	"encoding/json"
	"net/http"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

func (s *Server) handleForumTopics(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	q := r.URL.Query()
	list, err := s.deps.Forum.Topics(r.Context(), c, growthdesk.ForumTopicFilter{Category: q.Get("category"), Search: q.Get("search")})
	respondList(w, r, s, list, err)
}

func (s *Server) handleForumTopic(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	v, err := s.deps.Forum.Thread(r.Context(), c, r.PathValue("id"))
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleForumStartTopic(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var in growthdesk.ForumTopicInput
	if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	v, err := spend(s, r, c, func() (*growthdesk.ForumThread, error) {
		return s.deps.Forum.StartTopic(r.Context(), c, in)
	}, quotaCost{growthdesk.QuotaForumTopics, 1})
	s.reply(w, r, http.StatusCreated, v, err)
}

func (s *Server) handleForumReply(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var in growthdesk.ForumPostInput
	if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	v, err := spend(s, r, c, func() (*growthdesk.ForumPost, error) {
		return s.deps.Forum.Reply(r.Context(), c, r.PathValue("id"), in)
	}, quotaCost{growthdesk.QuotaForumReplies, 1})
	s.reply(w, r, http.StatusCreated, v, err)
}

func (s *Server) handleForumEditPost(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var in growthdesk.ForumPostInput
	if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	v, err := s.deps.Forum.EditPost(r.Context(), c, r.PathValue("id"), in)
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleForumModerate(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var raw map[string]json.RawMessage
	if err := decodeJSON(w, r, maxJSONBody, &raw); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	var m growthdesk.ForumModeration
	bad := map[string]string{}
	for key, dst := range map[string]**bool{"pinned": &m.Pinned, "locked": &m.Locked} {
		v, ok := raw[key]
		if !ok {
			continue
		}
		var b bool
		if json.Unmarshal(v, &b) != nil {
			bad[key] = "Must be true or false."
			continue
		}
		*dst = &b
	}
	if len(bad) > 0 {
		writeError(w, r, s.log, growthdesk.Invalid(bad))
		return
	}
	v, err := s.deps.Forum.Moderate(r.Context(), c, r.PathValue("id"), m)
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleForumDeleteTopic(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	if err := s.deps.Forum.DeleteTopic(r.Context(), c, r.PathValue("id")); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) handleForumDeletePost(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	if err := s.deps.Forum.DeletePost(r.Context(), c, r.PathValue("id")); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
