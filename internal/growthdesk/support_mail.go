package growthdesk

import (
	"context"
	"unicode/utf8"
)

// MailRecipient is an account that may be told about a ticket, with its choices.
type MailRecipient struct {
	ID, Email, FullName string
	// Wants is true when the account wants e-mail about ticket updates.
	Wants bool
	// Staff is true for employees and admins; OrganizationID is the organization a customer
	// belongs to now ("" for none). A customer hears of a ticket only while they belong to
	// its organization: one who moved on keeps no view of the old organization's tickets.
	Staff          bool
	OrganizationID string
}

// mayHearOf reports whether r may be sent news of t: staff always, a customer only while a
// member of the ticket's organization.
func (r MailRecipient) mayHearOf(t *Ticket) bool {
	return r.Staff || (r.OrganizationID != "" && r.OrganizationID == t.Organization.ID)
}

// mailStaff renders kind for the assignee, or for every staff member when there is none.
func (s *Support) mailStaff(ctx context.Context, c *Caller, kind, assignee string, t *Ticket, from, text string) ([]*Email, error) {
	if assignee != "" {
		return s.mailAccounts(ctx, c, kind, []string{assignee}, false, t, text, from)
	}
	return s.mailAccounts(ctx, c, kind, nil, true, t, text, from)
}

// mailAccounts renders kind for each recipient who wants ticket e-mail, except the caller.
// text is public text only: callers never pass an internal note.
func (s *Support) mailAccounts(ctx context.Context, c *Caller, kind string, ids []string, allStaff bool, t *Ticket, text string, from ...string) ([]*Email, error) {
	if s.Mail == nil {
		return nil, nil
	}
	recipients, err := s.Store.Recipients(ctx, ids, allStaff)
	if err != nil {
		return nil, err
	}
	details := []EmailDetail{{Label: "Ticket", Value: ticketLabel(t)}, {Label: "Title", Value: t.Title}}
	if kind == EmailTicketStatus {
		details = append(details, EmailDetail{Label: "Status", Value: StatusLabel(t.Status)})
	}
	if len(from) > 0 && from[0] != "" {
		details = append(details, EmailDetail{Label: "From", Value: from[0]})
	}
	if text != "" {
		details = append(details, EmailDetail{Label: "Message", Value: clip(text, 2000)})
	}
	url := ""
	if s.TicketURL != nil {
		url = s.TicketURL(t.ID)
	}
	var out []*Email
	for _, r := range recipients {
		if !r.Wants || r.ID == c.Profile.ID || r.ID == c.ActorID() || !r.mayHearOf(t) {
			continue
		}
		m, err := s.Mail.Render(kind, r.Email, EmailData{FullName: r.FullName, ActionURL: url, Details: details})
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

func ticketLabel(t *Ticket) string {
	if t.Number > 0 {
		return TicketCode(t.Number)
	}
	return "New ticket"
}

func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}

// StatusLabel is how a status reads in a message.
func StatusLabel(s string) string {
	switch s {
	case TicketStatusOpen:
		return "Open"
	case TicketStatusInProgress:
		return "In Progress"
	case TicketStatusResolved:
		return "Resolved"
	case TicketStatusClosed:
		return "Closed"
	}
	return s
}
