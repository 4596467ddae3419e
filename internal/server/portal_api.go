package server

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// callerHandler is a handler that needs to know who is calling.
type callerHandler func(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller)

// withCaller authenticates the bearer token and loads the caller's profile. Unless
// allowPending, accounts that are not approved get 403 before the handler runs.
func (s *Server) withCaller(allowPending bool, h callerHandler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := s.caller(r)
		if err == nil && !allowPending {
			err = growthdesk.CanUsePortal(c)
		}
		if err != nil {
			writeError(w, r, s.log, err)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		h(w, r, c)
	})
}

func (s *Server) caller(r *http.Request) (*growthdesk.Caller, error) {
	authz := r.Header.Get("Authorization")
	token, ok := strings.CutPrefix(authz, "Bearer ")
	if !ok || strings.TrimSpace(token) == "" || s.deps.Auth == nil {
		return nil, growthdesk.Errorf(growthdesk.EUnauthorized, "Sign in to continue.")
	}
	id, err := s.deps.Auth.Authenticate(r.Context(), strings.TrimSpace(token))
	if err != nil {
		return nil, err
	}
	p, err := s.deps.Accounts.Store.GetProfile(r.Context(), id.UserID)
	if growthdesk.ErrorCode(err) == growthdesk.ENotFound {
		return nil, growthdesk.Errorf(growthdesk.EUnauthorized, "Your account no longer exists.")
	} else if err != nil {
		return nil, err
	}
	return &growthdesk.Caller{Identity: *id, Profile: p}, nil
}

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

func (s *Server) handleListAccounts(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	q := r.URL.Query()
	list, err := s.deps.Accounts.ListAccounts(r.Context(), c, growthdesk.AccountFilter{Search: q.Get("search"), Approval: q.Get("approval")})
	respondList(w, r, s, list, err)
}

func (s *Server) handleApprove(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	v, err := s.deps.Accounts.Approve(r.Context(), c, r.PathValue("id"), clientIP(r, s.cfg.TrustProxyHeaders))
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleReject(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	v, err := s.deps.Accounts.Reject(r.Context(), c, r.PathValue("id"), clientIP(r, s.cfg.TrustProxyHeaders))
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleChangeAccount(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var raw map[string]json.RawMessage
	if err := decodeJSON(w, r, maxJSONBody, &raw); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	var ch growthdesk.AccountChange
	bad := map[string]string{}
	if v, ok := raw["role"]; ok {
		var role string
		if json.Unmarshal(v, &role) != nil {
			bad["role"] = "Must be a string."
		}
		ch.Role = &role
	}
	if v, ok := raw["organization_id"]; ok {
		ch.SetOrganization = true
		if string(v) != "null" {
			var org string
			if json.Unmarshal(v, &org) != nil || org == "" {
				bad["organization_id"] = "Must be an organization id or null."
			}
			ch.Organization = &org
		}
	}
	if len(bad) > 0 {
		writeError(w, r, s.log, growthdesk.Invalid(bad))
		return
	}
	v, err := s.deps.Accounts.ChangeAccount(r.Context(), c, r.PathValue("id"), ch, clientIP(r, s.cfg.TrustProxyHeaders))
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleListOrganizations(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	list, err := s.deps.Accounts.ListOrganizations(r.Context(), c)
	respondList(w, r, s, list, err)
}

func (s *Server) handleCreateOrganization(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var in struct {
		Name string `json:"name"`
	}
	if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	v, err := s.deps.Accounts.CreateOrganization(r.Context(), c, in.Name, clientIP(r, s.cfg.TrustProxyHeaders))
	s.reply(w, r, http.StatusCreated, v, err)
}

func (s *Server) handleAuditLog(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	list, err := s.deps.Accounts.AuditLog(r.Context(), c, queryLimit(r))
	respondList(w, r, s, list, err)
}

func (s *Server) handleListLeads(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	if err := growthdesk.CanManageAccounts(c); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	list, err := s.deps.Leads.ListLeads(r.Context(), queryLimit(r))
	respondList(w, r, s, list, err)
}

func (s *Server) handleListMail(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	if err := growthdesk.CanManageAccounts(c); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	list, err := s.deps.Mail.ListMail(r.Context(), queryLimit(r))
	type message struct {
		ID        string     `json:"id"`
		Kind      string     `json:"kind"`
		To        string     `json:"to_address"`
		Subject   string     `json:"subject"`
		Text      string     `json:"text_body"`
		Status    string     `json:"status"`
		Attempts  int        `json:"attempts"`
		LastError string     `json:"last_error"`
		CreatedAt time.Time  `json:"created_at"`
		SentAt    *time.Time `json:"sent_at"`
	}
	out := make([]message, 0, len(list))
	for _, m := range list {
		out = append(out, message{m.ID, m.Email.Kind, m.Email.To, m.Email.Subject, m.Email.Text, m.Status, m.Attempts, m.LastError, m.CreatedAt, m.SentAt})
	}
	respondList(w, r, s, out, err)
}

func queryLimit(r *http.Request) int {
	n, err := strconv.Atoi(r.URL.Query().Get("limit"))
	if err != nil || n <= 0 || n > 500 {
		return 100
	}
	return n
}

// reply writes v with status, or the error.
func (s *Server) reply(w http.ResponseWriter, r *http.Request, status int, v any, err error) {
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	writeJSON(w, status, v)
}

// respondList writes a list, as [] rather than null when empty.
func respondList[T any](w http.ResponseWriter, r *http.Request, s *Server, list []T, err error) {
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	if list == nil {
		list = []T{}
	}
	writeJSON(w, http.StatusOK, list)
}
