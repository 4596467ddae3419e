package growthdesk

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

var codeQuery = regexp.MustCompile(`(?i)^#?(?:t-?)?(\d{1,15})$`)

func (s *Support) query(c *Caller, f TicketFilter) (TicketQuery, error) {
	scope, err := ticketScope(c)
	if err != nil {
		return TicketQuery{}, err
	}
	staff := c.Profile.IsStaff()
	q := TicketQuery{Scope: scope, Staff: staff, Limit: TicketPageDefault}
	bad := fieldCheck{}
	if staff {
		q.Scope = scope.Narrow(strings.TrimSpace(f.Organization))
		switch a := strings.TrimSpace(f.Assignee); a {
		case "":
		case "me":
			q.Assignee = c.Profile.ID
		default:
			q.Assignee = a
		}
	}
	if f.Status != "" {
		if !validStatus(f.Status) {
			bad.add("status", "Choose open, in_progress, resolved or closed.")
		}
		q.Status = f.Status
	}
	q.Category = strings.TrimSpace(f.Category)
	text := strings.TrimSpace(f.Query)
	bad.maxLen("q", text, TicketSearchMax, fmt.Sprintf("Use at most %d characters.", TicketSearchMax))
	if m := codeQuery.FindStringSubmatch(text); m != nil {
		q.Number, _ = strconv.ParseInt(m[1], 10, 64)
	}
	q.Text = text
	if f.Limit != 0 {
		if f.Limit < 1 || f.Limit > TicketPageMax {
			bad.add("limit", fmt.Sprintf("Use a number from 1 to %d.", TicketPageMax))
		}
		q.Limit = f.Limit
	}
	if f.Cursor != "" {
		t, id, ok := decodeCursor(f.Cursor)
		if !ok {
			bad.add("cursor", "This cursor is not valid; start from the first page.")
		}
		q.AfterTime, q.AfterID = &t, id
	}
	return q, bad.err()
}

// cursors are "<unix micro>_<id>": the creation time and id of the last ticket of a page.
func encodeCursor(t *Ticket) string {
	return strconv.FormatInt(t.CreatedAt.UnixMicro(), 10) + "_" + t.ID
}

func decodeCursor(s string) (time.Time, string, bool) {
	ts, id, ok := strings.Cut(s, "_")
	if !ok || id == "" || len(id) > 64 {
		return time.Time{}, "", false
	}
	n, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || n < 0 {
		return time.Time{}, "", false
	}
	return time.UnixMicro(n).UTC(), id, true
}

// List returns one page of tickets the caller may see, newest first, with the total.
func (s *Support) List(ctx context.Context, c *Caller, f TicketFilter) (*TicketList, error) {
	q, err := s.query(c, f)
	if err != nil {
		return nil, err
	}
	items, total, err := s.Store.ListTickets(ctx, q)
	if err != nil {
		return nil, err
	}
	out := &TicketList{Items: make([]Ticket, 0, len(items)), Total: total}
	if len(items) > q.Limit {
		items = items[:q.Limit]
		next := encodeCursor(items[len(items)-1])
		out.NextCursor = &next
	}
	for _, t := range items {
		out.Items = append(out.Items, *t)
	}
	return out, nil
}

// Summary counts the tickets the filters match by status (staff).
func (s *Support) Summary(ctx context.Context, c *Caller, f TicketFilter) (*TicketSummary, error) {
	if err := CanManageTickets(c); err != nil {
		return nil, err
	}
	f.Status, f.Cursor, f.Limit = "", "", 0
	q, err := s.query(c, f)
	if err != nil {
		return nil, err
	}
	return s.Store.Summary(ctx, q)
}

// OpenTicketCount counts the caller's own open and in-progress tickets (those whose customer
// is the caller), for the dashboard's Open Tickets card; a colleague's
// tickets are not the caller's to follow up. Only tickets of the caller's organization count:
// a customer who moved to another organization no longer follows the old one's tickets.
func (s *Support) OpenTicketCount(ctx context.Context, c *Caller) (int, error) {
	if err := CanViewTickets(c); err != nil {
		return 0, err
	}
	return s.Store.CountOpenOf(ctx, c.Scope(), c.Profile.ID)
}

// RecentActivity returns the newest staff answers on the caller's organization's tickets, for
// the dashboard's Recent Activity. Internal notes are never among them.
func (s *Support) RecentActivity(ctx context.Context, c *Caller, limit int) ([]Activity, error) {
	if err := CanViewTickets(c); err != nil {
		return nil, err
	}
	scope := c.Scope()
	if scope.Organization() == "" {
		return []Activity{}, nil
	}
	return s.Store.RecentAnswers(ctx, scope, limit)
}

// Get returns a ticket with its thread; customers never see internal notes.
func (s *Support) Get(ctx context.Context, c *Caller, id string) (*TicketDetail, error) {
	scope, err := ticketScope(c)
	if err != nil {
		return nil, err
	}
	return s.Store.GetTicket(ctx, scope, id, c.Profile.IsStaff())
}

// Create opens a ticket for the caller's organization (or, for staff, a named customer's).
func (s *Support) Create(ctx context.Context, c *Caller, in TicketInput) (*TicketDetail, error) {
	if err := CanViewTickets(c); err != nil {
		return nil, err
	}
	in.Normalize()
	if err := in.Validate(); err != nil {
		return nil, err
	}
	t := NewTicket{ID: NewID(), Title: in.Title, Description: in.Description, Priority: in.Priority, CategoryID: in.CategoryID}
	if c.Profile.IsStaff() {
		if in.CustomerID == nil {
			return nil, Invalid(map[string]string{"customer_id": "Choose the customer this ticket is for."})
		}
		cust, err := s.Store.Customer(ctx, *in.CustomerID)
		if err != nil {
			if ErrorCode(err) == ENotFound {
				return nil, Invalid(map[string]string{"customer_id": "Choose an approved customer of an organization."})
			}
			return nil, err
		}
		t.CustomerID, t.OrganizationID = cust.ID, *cust.OrganizationID
	} else {
		if c.Profile.OrganizationID == nil {
			return nil, errNoOrgTickets
		}
		t.CustomerID, t.OrganizationID = c.Profile.ID, *c.Profile.OrganizationID
	}
	if t.CategoryID != nil {
		ok, err := s.Store.CategoryActive(ctx, *t.CategoryID)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, Invalid(map[string]string{"category_id": "Choose one of the categories."})
		}
	}
	mail := func(created *Ticket) ([]*Email, error) {
		return s.mailStaff(ctx, c, EmailTicketCreated, "", created, c.Profile.FullName, created.Description)
	}
	return s.Store.CreateTicket(ctx, c.Scope(), t, mail, c.Audit(AuditTicketCreate, "ticket", t.ID, map[string]any{
		"organization_id": t.OrganizationID, "customer_id": t.CustomerID, "priority": t.Priority}))
}

// Update changes a ticket's status, priority, category or assignee (staff). The customer is
// told about a status change.
func (s *Support) Update(ctx context.Context, c *Caller, id string, ch TicketChange) (*TicketDetail, error) {
	if err := CanManageTickets(c); err != nil {
		return nil, err
	}
	if err := ch.Validate(); err != nil {
		return nil, err
	}
	if ch.SetCategory && ch.CategoryID != nil {
		ok, err := s.Store.CategoryActive(ctx, *ch.CategoryID)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, Invalid(map[string]string{"category_id": "Choose one of the categories."})
		}
	}
	if ch.SetAssignedTo && ch.AssignedTo != nil {
		ok, err := s.Store.StaffMember(ctx, *ch.AssignedTo)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, Invalid(map[string]string{"assigned_to": "Choose a staff member."})
		}
	}
	details := map[string]any{}
	if ch.Status != nil {
		details["status"] = *ch.Status
	}
	if ch.Priority != nil {
		details["priority"] = *ch.Priority
	}
	if ch.SetCategory {
		details["category_id"] = ch.CategoryID
	}
	if ch.SetAssignedTo {
		details["assigned_to"] = ch.AssignedTo
	}
	mail := func(before string, after *Ticket) ([]*Email, error) {
		if before == after.Status || after.Customer == nil {
			return nil, nil
		}
		return s.mailAccounts(ctx, c, EmailTicketStatus, []string{after.Customer.ID}, false, after, "")
	}
	return s.Store.UpdateTicket(ctx, c.Scope(), id, ch, mail, c.Audit(AuditTicketUpdate, "ticket", id, details))
}

// Delete removes a ticket with its thread and files (staff).
func (s *Support) Delete(ctx context.Context, c *Caller, id string) error {
	if err := CanManageTickets(c); err != nil {
		return err
	}
	return s.Store.DeleteTicket(ctx, c.Scope(), id, c.Audit(AuditTicketDelete, "ticket", id, nil))
}

// Respond adds a response to a ticket the caller may see. Customers may reply (never an
// internal note); a customer's reply to a resolved ticket reopens it.
func (s *Support) Respond(ctx context.Context, c *Caller, ticketID string, in ResponseInput) (*TicketResponse, error) {
	scope, err := ticketScope(c)
	if err != nil {
		return nil, err
	}
	staff := c.Profile.IsStaff()
	if in.IsInternal {
		if err := CanWriteInternalNote(c); err != nil {
			return nil, err
		}
	}
	in.Normalize()
	if err := in.Validate(); err != nil {
		return nil, err
	}
	detail, err := s.Store.GetTicket(ctx, scope, ticketID, false)
	if err != nil {
		return nil, err
	}
	t := &detail.Ticket
	r := NewResponse{ID: NewID(), TicketID: t.ID, AuthorID: c.Profile.ID, Content: in.Content, IsInternal: in.IsInternal}
	var mails []*Email
	switch {
	case in.IsInternal:
		// Nobody is mailed about a note: its text must not leave the portal.
	case staff:
		if t.Customer != nil {
			mails, err = s.mailAccounts(ctx, c, EmailTicketResponse, []string{t.Customer.ID}, false, t, in.Content)
		}
	default:
		r.Reopen = t.Status == TicketStatusResolved
		mails, err = s.mailStaff(ctx, c, EmailTicketReply, assigneeOf(t), t, c.Profile.FullName, in.Content)
	}
	if err != nil {
		return nil, err
	}
	return s.Store.AddResponse(ctx, scope, r, mails, c.Audit(AuditTicketRespond, "ticket", t.ID, map[string]any{
		"response_id": r.ID, "is_internal": r.IsInternal, "reopened": r.Reopen}))
}

func assigneeOf(t *Ticket) string {
	if t.AssignedTo == nil {
		return ""
	}
	return t.AssignedTo.ID
}
