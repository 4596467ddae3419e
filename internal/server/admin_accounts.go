package server

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// handleListAccounts answers one page of accounts (limit, offset, sort, dir) as a list, with
// the number of all that match in X-Total-Count.
func (s *Server) handleListAccounts(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	q := r.URL.Query()
	f := growthdesk.AccountFilter{Search: q.Get("search"), Approval: q.Get("approval"), Sort: q.Get("sort"), Desc: q.Get("dir") == "desc"}
	bad := map[string]string{}
	for name, dst := range map[string]*int{"limit": &f.Limit, "offset": &f.Offset} {
		if v := q.Get(name); v != "" {
			n, err := strconv.Atoi(v)
			switch {
			case name == "limit" && (err != nil || n < 1 || n > 500):
				bad[name] = "Use a whole number from 1 to 500."
			case err != nil || n < 0:
				bad[name] = "Use a number of 0 or more."
			}
			*dst = n
		}
	}
	if d := q.Get("dir"); d != "" && d != "asc" && d != "desc" {
		bad["dir"] = "Use asc or desc."
	}
	if len(bad) > 0 {
		writeError(w, r, s.log, growthdesk.Invalid(bad))
		return
	}
	list, total, err := s.deps.Accounts.AccountPage(r.Context(), c, f)
	if err == nil {
		w.Header().Set("X-Total-Count", strconv.Itoa(total))
	}
	respondList(w, r, s, list, err)
}

func (s *Server) handleApprove(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	// The body is optional: {organization_id?} approves a customer into that organization,
	// {new_organization_name?} into a new one of that name.
	var in growthdesk.ApprovalRequest
	if r.ContentLength != 0 {
		if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
			writeError(w, r, s.log, err)
			return
		}
	}
	v, err := s.deps.Accounts.ApproveInto(r.Context(), c, r.PathValue("id"), in)
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleReject(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	v, err := s.deps.Accounts.Reject(r.Context(), c, r.PathValue("id"))
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
	v, err := s.deps.Accounts.ChangeAccount(r.Context(), c, r.PathValue("id"), ch)
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleListOrganizations(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	list, err := s.deps.Accounts.ListOrganizations(r.Context(), c)
	respondList(w, r, s, list, err)
}

func (s *Server) handleCreateOrganization(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var in growthdesk.OrganizationInput
	if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	v, err := s.deps.Accounts.CreateOrganization(r.Context(), c, in.Name)
	s.reply(w, r, http.StatusCreated, v, err)
}

// handleAuditLog answers one page of the audit log (limit, offset, sort, dir) as a list, with
// the number of all entries in X-Total-Count. By time, the newest come first unless dir=asc;
// by another order, ascending unless dir=desc.
func (s *Server) handleAuditLog(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	limit, offset, bad := 100, 0, map[string]string{}
	for name, dst := range map[string]*int{"limit": &limit, "offset": &offset} {
		if v := r.URL.Query().Get(name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil {
				bad[name] = "Use a whole number."
			}
			*dst = n
		}
	}
	dir := r.URL.Query().Get("dir")
	if dir != "" && dir != "asc" && dir != "desc" {
		bad["dir"] = "Use asc or desc."
	}
	if len(bad) > 0 {
		writeError(w, r, s.log, growthdesk.Invalid(bad))
		return
	}
	sort := r.URL.Query().Get("sort")
	desc := dir == "desc" || (dir == "" && (sort == "" || sort == growthdesk.SortAuditWhen))
	list, total, err := s.deps.AdminDashboard.AuditLog(r.Context(), c, limit, offset, sort, desc)
	if err == nil {
		w.Header().Set("X-Total-Count", strconv.Itoa(total))
	}
	respondList(w, r, s, list, err)
}

func (s *Server) handleListLeads(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	q := r.URL.Query()
	f := growthdesk.LeadFilter{Search: q.Get("search"), Status: q.Get("status"), Sort: q.Get("sort"), Desc: q.Get("dir") == "desc",
		Limit: queryLimit(r)}
	bad := map[string]string{}
	if v := q.Get("offset"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			bad["offset"] = "Use a number of 0 or more."
		}
		f.Offset = n
	}
	if d := q.Get("dir"); d != "" && d != "asc" && d != "desc" {
		bad["dir"] = "Use asc or desc."
	}
	if len(bad) > 0 {
		writeError(w, r, s.log, growthdesk.Invalid(bad))
		return
	}
	v, err := s.deps.Leads.List(r.Context(), c, f)
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleGetLead(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	v, err := s.deps.Leads.Get(r.Context(), c, r.PathValue("id"))
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleChangeLead(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var in growthdesk.LeadChange
	if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	v, err := s.deps.Leads.SetHandled(r.Context(), c, r.PathValue("id"), in)
	s.reply(w, r, http.StatusOK, v, err)
}
