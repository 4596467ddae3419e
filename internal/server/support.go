package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"

	"github.com/growthdesk/growthdesk/internal/bodylimit"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// maxUploadBody bounds an attachment upload: five files of 10 MB and the multipart framing.
const maxUploadBody = growthdesk.AttachmentsPerMessage*growthdesk.AttachmentMaxBytes + 1<<20

func (s *Server) handleListCategories(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	list, err := s.deps.Support.Categories(r.Context(), c, false)
	respondList(w, r, s, list, err)
}

func (s *Server) handleAdminListCategories(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	list, err := s.deps.Support.Categories(r.Context(), c, true)
	respondList(w, r, s, list, err)
}

func (s *Server) handleCreateCategory(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var in growthdesk.CategoryInput
	if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	v, err := s.deps.Support.CreateCategory(r.Context(), c, in)
	s.reply(w, r, http.StatusCreated, v, err)
}

func (s *Server) handleUpdateCategory(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var in growthdesk.CategoryInput
	if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	v, err := s.deps.Support.UpdateCategory(r.Context(), c, r.PathValue("id"), in)
	s.reply(w, r, http.StatusOK, v, err)
}

func ticketFilter(r *http.Request) (growthdesk.TicketFilter, error) {
	q := r.URL.Query()
	f := growthdesk.TicketFilter{Status: q.Get("status"), Category: q.Get("category"), Organization: q.Get("organization"),
		Assignee: q.Get("assignee"), Query: q.Get("q"), Cursor: q.Get("cursor")}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return f, growthdesk.Invalid(map[string]string{"limit": fmt.Sprintf("Use a number from 1 to %d.", growthdesk.TicketPageMax)})
		}
		f.Limit = n
	}
	return f, nil
}

func (s *Server) handleListTickets(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	f, err := ticketFilter(r)
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	v, err := s.deps.Support.List(r.Context(), c, f)
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleTicketSummary(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	f, err := ticketFilter(r)
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	v, err := s.deps.Support.Summary(r.Context(), c, f)
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleCreateTicket(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var in growthdesk.TicketInput
	if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	v, err := spend(s, r, c, func() (*growthdesk.TicketDetail, error) {
		return s.deps.Support.Create(r.Context(), c, in)
	}, quotaCost{growthdesk.QuotaTickets, 1})
	s.reply(w, r, http.StatusCreated, v, err)
}

func (s *Server) handleGetTicket(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	v, err := s.deps.Support.Get(r.Context(), c, r.PathValue("id"))
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleUpdateTicket(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var raw map[string]json.RawMessage
	if err := decodeJSON(w, r, maxJSONBody, &raw); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	var ch growthdesk.TicketChange
	bad := map[string]string{}
	for name, v := range raw {
		switch name {
		case "status", "priority":
			var str string
			if json.Unmarshal(v, &str) != nil {
				bad[name] = "Must be a string."
				continue
			}
			if name == "status" {
				ch.Status = &str
			} else {
				ch.Priority = &str
			}
		case "category_id", "assigned_to":
			var id *string
			if string(v) != "null" {
				var str string
				if json.Unmarshal(v, &str) != nil {
					bad[name] = "Must be an id or null."
					continue
				}
				if str != "" {
					id = &str
				}
			}
			if name == "category_id" {
				ch.SetCategory, ch.CategoryID = true, id
			} else {
				ch.SetAssignedTo, ch.AssignedTo = true, id
			}
		default:
			bad[name] = "This field cannot be changed."
		}
	}
	if len(bad) > 0 {
		writeError(w, r, s.log, growthdesk.Invalid(bad))
		return
	}
	v, err := s.deps.Support.Update(r.Context(), c, r.PathValue("id"), ch)
	s.reply(w, r, http.StatusOK, v, err)
}

func (s *Server) handleDeleteTicket(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	if err := s.deps.Support.Delete(r.Context(), c, r.PathValue("id")); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) handleRespond(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	var in growthdesk.ResponseInput
	if err := decodeJSON(w, r, maxJSONBody, &in); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	v, err := spend(s, r, c, func() (*growthdesk.TicketResponse, error) {
		return s.deps.Support.Respond(r.Context(), c, r.PathValue("id"), in)
	}, quotaCost{growthdesk.QuotaTicketResponses, 1})
	s.reply(w, r, http.StatusCreated, v, err)
}

// handleAttach takes a multipart/form-data upload: an optional "response_id" part naming the
// response the files belong to, then up to five parts named "files". Whether the caller may
// add files there, and whether their attachment quotas have room left, is checked before any
// file is read (the upload can be 51 MB): on the first part, once the target is known; a
// refused upload is discarded unread after the answer. The files are spooled (uploadSpool),
// never held whole in memory, and count against the quotas only once they are stored.
func (s *Server) handleAttach(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	ticketID := r.PathValue("id")
	spool := &uploadSpool{}
	defer func() {
		if err := spool.Close(); err != nil {
			s.log.WarnContext(r.Context(), "remove spooled upload", "err", err, "request_id", requestID(r.Context()))
		}
	}()
	responseID, files, err := readUpload(r, spool, func(responseID *string) error {
		if err := s.deps.Support.CheckAttach(r.Context(), c, ticketID, responseID); err != nil {
			return err
		}
		return s.checkQuotas(r, c, growthdesk.QuotaAttachments, growthdesk.QuotaAttachmentBytes)
	})
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	v, err := spend(s, r, c, func() ([]growthdesk.Attachment, error) {
		return s.deps.Support.Attach(r.Context(), c, ticketID, responseID, files)
	}, quotaCost{growthdesk.QuotaAttachments, int64(len(files))}, quotaCost{growthdesk.QuotaAttachmentBytes, kibOf(files)})
	respondCreatedList(w, r, s, v, err)
}

func respondCreatedList[T any](w http.ResponseWriter, r *http.Request, s *Server, list []T, err error) {
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	if list == nil {
		list = []T{}
	}
	writeJSON(w, http.StatusCreated, list)
}

// readUpload reads an attachment upload, its files into spool. authorize is called once,
// before the content of any file is read: with the response id when a "response_id" part
// comes first, else with nil; a "response_id" after a file is refused, since the files would
// have been read for the wrong target.
func readUpload(r *http.Request, spool *uploadSpool, authorize func(responseID *string) error) (*string, []growthdesk.NewAttachment, error) {
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/form-data" || params["boundary"] == "" {
		return nil, nil, growthdesk.Errorf(growthdesk.EMediaType, "Send the files as multipart/form-data.")
	}
	mr := multipart.NewReader(bodylimit.Reader(r, maxUploadBody), params["boundary"])
	var (
		responseID *string
		files      []growthdesk.NewAttachment
		authorized bool
	)
	check := func() error {
		if authorized {
			return nil
		}
		authorized = true
		return authorize(responseID)
	}
	tooLarge := growthdesk.Errorf(growthdesk.ETooLarge, "The upload is larger than %d MB.", maxUploadBody>>20)
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, nil, tooLarge
		}
		if err != nil {
			return nil, nil, growthdesk.Errorf(growthdesk.EBadJSON, "The upload could not be read as multipart/form-data.")
		}
		switch part.FormName() {
		case "response_id":
			if authorized {
				return nil, nil, growthdesk.Invalid(map[string]string{"response_id": "Send response_id before the files."})
			}
			b, err := io.ReadAll(io.LimitReader(part, 100))
			if err != nil {
				return nil, nil, growthdesk.Errorf(growthdesk.EBadJSON, "The upload could not be read.")
			}
			id := strings.TrimSpace(string(b))
			if growthdesk.HasControl(id) {
				return nil, nil, growthdesk.Invalid(map[string]string{"response_id": growthdesk.ControlCharMessage("response_id")})
			}
			if id != "" {
				responseID = &id
			}
			if err := check(); err != nil {
				return nil, nil, err
			}
		case "files":
			if err := check(); err != nil {
				return nil, nil, err
			}
			if len(files) == growthdesk.AttachmentsPerMessage {
				return nil, nil, growthdesk.Invalid(map[string]string{"files": fmt.Sprintf("A message carries at most %d files.", growthdesk.AttachmentsPerMessage)})
			}
			f, err := spool.add(part.FileName(), part, growthdesk.AttachmentMaxBytes)
			var disk *errSpool
			switch {
			case errors.As(err, &mbe):
				return nil, nil, tooLarge
			case errors.As(err, &disk):
				return nil, nil, err // the server's fault: a 500, details in the log
			case err != nil:
				return nil, nil, growthdesk.Errorf(growthdesk.EBadJSON, "The upload could not be read.")
			}
			if f.Len() > growthdesk.AttachmentMaxBytes {
				return nil, nil, growthdesk.Invalid(map[string]string{"files": fmt.Sprintf("%s is larger than 10 MB.", growthdesk.CleanFilename(part.FileName()))})
			}
			files = append(files, f)
		default:
			return nil, nil, growthdesk.Invalid(map[string]string{part.FormName(): "Send files as \"files\" and the response as \"response_id\"."})
		}
	}
	if err := check(); err != nil {
		return nil, nil, err
	}
	return responseID, files, nil
}

// handleAttachment sends a file as a download, never for the browser to render: the type we
// stored, attachment disposition, nosniff, and a CSP that forbids everything.
func (s *Server) handleAttachment(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	f, err := s.deps.Support.Attachment(r.Context(), c, r.PathValue("id"))
	if err != nil {
		writeError(w, r, s.log, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", f.ContentType)
	disposition := mime.FormatMediaType("attachment", map[string]string{"filename": f.Filename})
	if disposition == "" {
		disposition = "attachment"
	}
	h.Set("Content-Disposition", disposition)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	h.Set("Cache-Control", "private, no-store")
	h.Set("Content-Length", strconv.Itoa(len(f.Content)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(f.Content)
}
