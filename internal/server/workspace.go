package server

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// The client workspace: projects, automations with their runs, and reports.

func (s *Server) handleListProjects(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	q := r.URL.Query()
	v, err := s.deps.Projects.List(r.Context(), c, growthdesk.ProjectFilter{Organization: q.Get("organization"),
		Search: q.Get("search"), Status: q.Get("status"), Priority: q.Get("priority")})
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleGetProject(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	v, err := s.deps.Projects.Get(r.Context(), c, r.PathValue("id"))
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleCreateProject(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var in growthdesk.ProjectInput
	if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	v, err := s.deps.Projects.Create(r.Context(), c, in)
	s.reply(w, r, http.StatusCreated, v, err)
}

func (s *Server) handleUpdateProject(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var in growthdesk.ProjectInput
	if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	v, err := s.deps.Projects.Update(r.Context(), c, r.PathValue("id"), in)
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleDeleteProject(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	if err := s.deps.Projects.Delete(r.Context(), c, r.PathValue("id")); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) handlePostProjectUpdate(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var in growthdesk.ProjectUpdateInput
	if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	v, err := s.deps.Projects.PostUpdate(r.Context(), c, r.PathValue("id"), in)
	s.reply(w, r, http.StatusCreated, v, err)
}

func (s *Server) handleListAutomations(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	q := r.URL.Query()
	v, err := s.deps.Automations.List(r.Context(), c, growthdesk.AutomationFilter{Organization: q.Get("organization"),
		Type: q.Get("type"), Status: q.Get("status")})
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleGetAutomation(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	v, err := s.deps.Automations.Get(r.Context(), c, r.PathValue("id"))
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleCreateAutomation(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var in growthdesk.AutomationInput
	if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	v, err := s.deps.Automations.Create(r.Context(), c, in)
	s.reply(w, r, http.StatusCreated, v, err)
}

func (s *Server) handleUpdateAutomation(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var in growthdesk.AutomationInput
	if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	v, err := s.deps.Automations.Update(r.Context(), c, r.PathValue("id"), in)
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleDeleteAutomation(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	if err := s.deps.Automations.Delete(r.Context(), c, r.PathValue("id")); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) handlePauseAutomation(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	v, err := s.deps.Automations.Pause(r.Context(), c, r.PathValue("id"))
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleResumeAutomation(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	v, err := s.deps.Automations.Resume(r.Context(), c, r.PathValue("id"))
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleRotateAutomationToken(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	v, err := s.deps.Automations.RotateToken(r.Context(), c, r.PathValue("id"))
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleListRuns(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	v, err := s.deps.Automations.Runs(r.Context(), c, r.PathValue("id"), queryLimit(r))
	s.reply(w, r, http.StatusOK, v, err)
}

// handleIngestRun takes a run from an automation engine: a public route authorized by the
// automation's own token (Authorization: Bearer <token>), not by a user's session.
func (s *Server) handleIngestRun() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		var in growthdesk.RunInput
		if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
			writeError(w, r, s.log, err)
			return
		}
		v, err := s.deps.Automations.Ingest(r.Context(), r.PathValue("id"), strings.TrimSpace(token), in)
		s.reply(w, r, http.StatusCreated, v, err)
	})
}

func (s *Server) handleListReports(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	v, err := s.deps.Reports.List(r.Context(), c, r.URL.Query().Get("organization"))
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleReportSummary(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	q := r.URL.Query()
	v, err := s.deps.Reports.Summary(r.Context(), c, q.Get("organization"), q.Get("period"))
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleGenerateReport(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var in growthdesk.GenerateInput
	if r.ContentLength != 0 {
		if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
			writeError(w, r, s.log, err)
			return
		}
	}
	v, err := s.deps.Reports.Generate(r.Context(), c, r.PathValue("id"), in)
	s.reply(w, r, http.StatusAccepted, v, err)
}

func (s *Server) handleScheduleReport(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var in growthdesk.ScheduleInput
	if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	v, err := s.deps.Reports.Schedule(r.Context(), c, r.PathValue("id"), in)
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleReportFile(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	format := r.URL.Query().Get("format")
	name, b, err := s.deps.Reports.File(r.Context(), c, r.PathValue("id"), format)
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	ct := "application/pdf"
	if format == "csv" {
		ct = "text/csv; charset=utf-8"
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.Header().Set("Cache-Control", "private, no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	_, _ = w.Write(b)
}
