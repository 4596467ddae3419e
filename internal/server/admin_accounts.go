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
	limit, offset, dir, err := listPaging(q, 0)
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	f := growthdesk.AccountFilter{Search: q.Get("search"), Approval: q.Get("approval"), Sort: q.Get("sort"), Desc: dir == "desc",
		Limit: limit, Offset: offset}
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
	limit, offset, dir, err := listPaging(r.URL.Query(), 100)
	if err != nil {
		writeError(w, r, s.log, err)
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
	limit, offset, dir, err := listPaging(q, 100)
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	f := growthdesk.LeadFilter{Search: q.Get("search"), Status: q.Get("status"), Sort: q.Get("sort"), Desc: dir == "desc",
		Limit: limit, Offset: offset}
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
