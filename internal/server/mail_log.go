package server

import (
	"net/http"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// mailLogEntry is one outbox message as staff see it: its headers and delivery state, and a
// text body with every link, code and token removed. The HTML body is never sent.
type mailLogEntry struct {
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

func (s *Server) handleListMail(w http.ResponseWriter, r *http.Request, c *growthdesk.Caller) {
	if err := growthdesk.CanReadMailLog(c); err != nil {
		writeError(w, r, s.log, err)
		return
	}
	list, err := s.deps.Mail.ListMail(r.Context(), queryLimit(r))
	out := make([]mailLogEntry, 0, len(list))
	for _, m := range list {
		out = append(out, mailLogEntry{
			ID: m.ID, Kind: m.Email.Kind, To: m.Email.To,
			Subject: growthdesk.RedactSecrets(m.Email.Subject), Text: growthdesk.RedactSecrets(m.Email.Text),
			Status: m.Status, Attempts: m.Attempts, LastError: growthdesk.RedactSecrets(m.LastError),
			CreatedAt: m.CreatedAt, SentAt: m.SentAt,
		})
	}
	respondList(w, r, s, out, err)
}
