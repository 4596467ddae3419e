package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// SupportStore keeps the support desk: categories, tickets, responses and attachments.
type SupportStore struct{ db *DB }

// NewSupportStore returns a SupportStore on db.
func NewSupportStore(db *DB) *SupportStore { return &SupportStore{db: db} }

var _ growthdesk.SupportStore = (*SupportStore)(nil)

var errNoTicket = growthdesk.Errorf(growthdesk.ENotFound, "There is no such ticket.")

// ---- categories

// ListCategories returns the categories in sort order: the active ones, or all.
func (s *SupportStore) ListCategories(ctx context.Context, all bool) ([]*growthdesk.SupportCategory, error) {
	q := "SELECT id, name, color, is_active, sort_order FROM support_categories"
	if !all {
		q += " WHERE is_active = TRUE"
	}
	rows, err := s.db.query(ctx, q+" ORDER BY sort_order, LOWER(name)")
	if err != nil {
		return nil, err
	}
	return orEmpty(scanRows(rows, func(row rowScanner) (*growthdesk.SupportCategory, error) {
		var c growthdesk.SupportCategory
		if err := row.Scan(&c.ID, &c.Name, &c.Color, &c.IsActive, &c.SortOrder); err != nil {
			return nil, err
		}
		return &c, nil
	}))
}

var errCategoryName = growthdesk.Invalid(map[string]string{"name": "A category with this name exists already."})

// CreateCategory adds a category at the end of the order unless one is given.
func (s *SupportStore) CreateCategory(ctx context.Context, in growthdesk.CategoryInput, audit growthdesk.AuditEntry) (*growthdesk.SupportCategory, error) {
	return inTxResult(ctx, s.db, func(tx *Tx) (*growthdesk.SupportCategory, error) {
		c := growthdesk.SupportCategory{ID: growthdesk.NewID(), Name: *in.Name, Color: *in.Color, IsActive: true}
		if in.IsActive != nil {
			c.IsActive = *in.IsActive
		}
		if in.SortOrder != nil {
			c.SortOrder = *in.SortOrder
		} else if err := tx.queryRow(ctx, "SELECT COALESCE(MAX(sort_order), 0) + 10 FROM support_categories").Scan(&c.SortOrder); err != nil {
			return nil, err
		}
		if _, err := tx.exec(ctx, `INSERT INTO support_categories (id, name, color, is_active, sort_order, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, c.ID, c.Name, c.Color, c.IsActive, c.SortOrder, tx.now, tx.now); err != nil {
			if isUniqueViolation(err) {
				return nil, errCategoryName
			}
			return nil, err
		}
		audit.TargetID = c.ID
		if err := tx.writeAudit(ctx, audit); err != nil {
			return nil, err
		}
		return &c, nil
	})
}

// UpdateCategory changes the fields given.
func (s *SupportStore) UpdateCategory(ctx context.Context, id string, in growthdesk.CategoryInput, audit growthdesk.AuditEntry) (*growthdesk.SupportCategory, error) {
	return inTxResult(ctx, s.db, func(tx *Tx) (*growthdesk.SupportCategory, error) {
		var c growthdesk.SupportCategory
		err := tx.queryRow(ctx, "SELECT id, name, color, is_active, sort_order FROM support_categories WHERE id = ?"+tx.forUpdate(), id).
			Scan(&c.ID, &c.Name, &c.Color, &c.IsActive, &c.SortOrder)
		if errors.Is(err, sql.ErrNoRows) {
			return nil, growthdesk.Errorf(growthdesk.ENotFound, "There is no such category.")
		}
		if err != nil {
			return nil, err
		}
		if in.Name != nil {
			c.Name = *in.Name
		}
		if in.Color != nil {
			c.Color = *in.Color
		}
		if in.IsActive != nil {
			c.IsActive = *in.IsActive
		}
		if in.SortOrder != nil {
			c.SortOrder = *in.SortOrder
		}
		if _, err := tx.exec(ctx, "UPDATE support_categories SET name = ?, color = ?, is_active = ?, sort_order = ?, updated_at = ? WHERE id = ?",
			c.Name, c.Color, c.IsActive, c.SortOrder, tx.now, id); err != nil {
			if isUniqueViolation(err) {
				return nil, errCategoryName
			}
			return nil, err
		}
		if err := tx.writeAudit(ctx, audit); err != nil {
			return nil, err
		}
		return &c, nil
	})
}

// CategoryActive reports whether id names an active category.
func (s *SupportStore) CategoryActive(ctx context.Context, id string) (bool, error) {
	var n int
	err := s.db.queryRow(ctx, "SELECT COUNT(*) FROM support_categories WHERE id = ? AND is_active = TRUE", id).Scan(&n)
	return n > 0, err
}

// ---- tickets

const ticketSelect = `SELECT t.id, t.number, t.title, t.description, t.priority, t.status,
	c.id, c.name, c.color, cu.id, cu.full_name, cu.email, o.id, o.name, a.id, a.full_name,
	t.created_at, t.updated_at, t.public_response_count, t.response_count
	FROM support_tickets t
	JOIN organizations o ON o.id = t.organization_id
	LEFT JOIN support_categories c ON c.id = t.category_id
	LEFT JOIN profiles cu ON cu.id = t.customer_id
	LEFT JOIN profiles a ON a.id = t.assigned_to`

func scanTicket(r rowScanner, staff bool) (*growthdesk.Ticket, error) {
	var (
		t                          growthdesk.Ticket
		catID, catName, catColor   sql.NullString
		custID, custName, custMail sql.NullString
		asgID, asgName             sql.NullString
		public, all                int
	)
	if err := r.Scan(&t.ID, &t.Number, &t.Title, &t.Description, &t.Priority, &t.Status,
		&catID, &catName, &catColor, &custID, &custName, &custMail, &t.Organization.ID, &t.Organization.Name,
		&asgID, &asgName, &t.CreatedAt, &t.UpdatedAt, &public, &all); err != nil {
		return nil, err
	}
	t.Code = growthdesk.TicketCode(t.Number)
	if catID.Valid {
		t.Category = &growthdesk.TicketCategory{ID: catID.String, Name: catName.String, Color: catColor.String}
	}
	if custID.Valid {
		t.Customer = &growthdesk.TicketPerson{ID: custID.String, FullName: custName.String, Email: custMail.String}
	}
	if asgID.Valid {
		t.AssignedTo = &growthdesk.TicketPerson{ID: asgID.String, FullName: asgName.String}
	}
	t.CreatedAt, t.UpdatedAt = t.CreatedAt.UTC(), t.UpdatedAt.UTC()
	t.ResponseCount = public
	if staff {
		t.ResponseCount = all
	}
	return &t, nil
}

// ticketWhere is the condition of a ticket query, without the cursor.
func ticketWhere(q growthdesk.TicketQuery, withStatus bool) (string, []any) {
	where, args := scopeWhere(q.Scope, "t.organization_id")
	conds := []string{where}
	if withStatus && q.Status != "" {
		conds, args = append(conds, "t.status = ?"), append(args, q.Status)
	}
	if q.Category != "" {
		conds, args = append(conds, "t.category_id = ?"), append(args, q.Category)
	}
	switch q.Assignee {
	case "":
	case "none":
		conds = append(conds, "t.assigned_to IS NULL")
	default:
		conds, args = append(conds, "t.assigned_to = ?"), append(args, q.Assignee)
	}
	if q.Text != "" {
		p := likePattern(q.Text)
		text := `(LOWER(t.title) LIKE ? ESCAPE '\' OR LOWER(t.description) LIKE ? ESCAPE '\'`
		args = append(args, p, p)
		if q.Number > 0 {
			text += " OR t.number = ?"
			args = append(args, q.Number)
		}
		conds = append(conds, text+")")
	}
	return strings.Join(conds, " AND "), args
}

// countable reports whether the counts table answers for q (filters by organization and
// status only).
func countable(q growthdesk.TicketQuery) bool {
	return q.Category == "" && q.Assignee == "" && q.Text == ""
}

// ListTickets returns up to q.Limit+1 tickets newest first (one more than a page, so the
// caller knows whether another page follows) and the total the filters match.
func (s *SupportStore) ListTickets(ctx context.Context, q growthdesk.TicketQuery) ([]*growthdesk.Ticket, int, error) {
	where, args := ticketWhere(q, true)
	if q.AfterTime != nil {
		where += " AND (t.created_at < ? OR (t.created_at = ? AND t.id < ?))"
		args = append(args, *q.AfterTime, *q.AfterTime, q.AfterID)
	}
	rows, err := s.db.query(ctx, ticketSelect+" WHERE "+where+" ORDER BY t.created_at DESC, t.id DESC"+limitClause(q.Limit+1), args...)
	if err != nil {
		return nil, 0, err
	}
	out, err := scanRows(rows, func(row rowScanner) (*growthdesk.Ticket, error) { return scanTicket(row, q.Staff) })
	if err != nil {
		return nil, 0, err
	}
	sum, err := s.Summary(ctx, q)
	if err != nil {
		return nil, 0, err
	}
	total := sum.Total
	switch q.Status {
	case growthdesk.TicketStatusOpen:
		total = sum.Open
	case growthdesk.TicketStatusInProgress:
		total = sum.InProgress
	case growthdesk.TicketStatusResolved:
		total = sum.Resolved
	case growthdesk.TicketStatusClosed:
		total = sum.Closed
	}
	return out, total, nil
}

// Summary counts the tickets q matches by status (q.Status is ignored). Filters by
// organization alone read the counts table; the others count the matching tickets.
func (s *SupportStore) Summary(ctx context.Context, q growthdesk.TicketQuery) (*growthdesk.TicketSummary, error) {
	var query string
	var args []any
	if countable(q) {
		var where string
		where, args = scopeWhere(q.Scope, "organization_id")
		query = "SELECT status, SUM(n) FROM support_ticket_counts WHERE " + where + " GROUP BY status"
	} else {
		var where string
		where, args = ticketWhere(q, false)
		query = "SELECT t.status, COUNT(*) FROM support_tickets t WHERE " + where + " GROUP BY t.status"
	}
	rows, err := s.db.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var sum growthdesk.TicketSummary
	for rows.Next() {
		var status string
		var n int
		if err := rows.Scan(&status, &n); err != nil {
			return nil, err
		}
		switch status {
		case growthdesk.TicketStatusOpen:
			sum.Open = n
		case growthdesk.TicketStatusInProgress:
			sum.InProgress = n
		case growthdesk.TicketStatusResolved:
			sum.Resolved = n
		case growthdesk.TicketStatusClosed:
			sum.Closed = n
		}
		sum.Total += n
	}
	return &sum, rows.Err()
}

// CountOpenOf counts the open and in-progress tickets of scope whose customer is profileID
// (the support_tickets_customer index).
func (s *SupportStore) CountOpenOf(ctx context.Context, scope growthdesk.Scope, profileID string) (int, error) {
	var n int
	where, args := scopeWhere(scope, "organization_id")
	err := s.db.queryRow(ctx, `SELECT COUNT(*) FROM support_tickets
		WHERE customer_id = ? AND status IN ('open', 'in_progress') AND `+where, append([]any{profileID}, args...)...).Scan(&n)
	return n, err
}

// RecentAnswers returns the newest public staff answers on tickets of scope, as dashboard
// activity ("Support answered: …"); internal notes are left out in the query itself.
func (s *SupportStore) RecentAnswers(ctx context.Context, scope growthdesk.Scope, limit int) ([]growthdesk.Activity, error) {
	if limit <= 0 || limit > 100 {
		limit = 10
	}
	where, args := scopeWhere(scope, "t.organization_id")
	rows, err := s.db.query(ctx, `SELECT t.number, t.title, r.created_at
		FROM support_responses r
		JOIN support_tickets t ON t.id = r.ticket_id
		JOIN profiles a ON a.id = r.author_id
		WHERE r.is_internal = FALSE AND a.role IN ('admin', 'employee') AND `+where+`
		ORDER BY r.created_at DESC, r.id`+limitClause(limit), args...)
	if err != nil {
		return nil, err
	}
	return orEmpty(scanRows(rows, func(row rowScanner) (growthdesk.Activity, error) {
		var (
			number int64
			title  string
			it     = growthdesk.Activity{Kind: "ticket", Link: "support"}
		)
		if err := row.Scan(&number, &title, &it.At); err != nil {
			return growthdesk.Activity{}, err
		}
		it.Title = "Support answered: " + title
		it.Detail = growthdesk.TicketCode(number)
		it.At = it.At.UTC()
		return it, nil
	}))
}

// CountTicketsByStatus counts the tickets of scope by status, for the admin dashboard.
func (s *SupportStore) CountTicketsByStatus(ctx context.Context, scope growthdesk.Scope) (map[string]int, error) {
	where, args := scopeWhere(scope, "organization_id")
	rows, err := s.db.query(ctx, `SELECT status, COALESCE(SUM(n), 0) FROM support_ticket_counts WHERE `+where+` GROUP BY status`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var (
			status string
			n      int
		)
		if err := rows.Scan(&status, &n); err != nil {
			return nil, err
		}
		out[status] = n
	}
	return out, rows.Err()
}

// GetTicket returns a ticket of the scope with its thread and files; without staff, internal
// notes and their files are left out.
func (s *SupportStore) GetTicket(ctx context.Context, scope growthdesk.Scope, id string, staff bool) (*growthdesk.TicketDetail, error) {
	return s.getTicket(ctx, s.db.reader, scope, id, staff)
}

func (s *SupportStore) getTicket(ctx context.Context, db querier, scope growthdesk.Scope, id string, staff bool) (*growthdesk.TicketDetail, error) {
	where, args := scopeWhere(scope, "t.organization_id")
	head, err := scanTicket(db.QueryRowContext(ctx, s.db.rebind(ticketSelect+" WHERE t.id = ? AND "+where), append([]any{id}, args...)...), staff)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoTicket
	}
	if err != nil {
		return nil, err
	}
	t := &growthdesk.TicketDetail{Ticket: *head}
	visible := ""
	if !staff {
		visible = " AND r.is_internal = FALSE"
	}
	rows, err := db.QueryContext(ctx, s.db.rebind(`SELECT r.id, r.ticket_id, COALESCE(p.id, ''), COALESCE(p.full_name, 'Former user'),
		COALESCE(p.role, 'customer'), r.content, r.is_internal, r.created_at
		FROM support_responses r LEFT JOIN profiles p ON p.id = r.author_id
		WHERE r.ticket_id = ?`+visible+` ORDER BY r.created_at, r.id`), t.ID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	index := map[string]int{}
	t.Responses = []growthdesk.TicketResponse{}
	for rows.Next() {
		var r growthdesk.TicketResponse
		if err := rows.Scan(&r.ID, &r.TicketID, &r.Author.ID, &r.Author.FullName, &r.Author.Role, &r.Content, &r.IsInternal, &r.CreatedAt); err != nil {
			return nil, err
		}
		r.CreatedAt = r.CreatedAt.UTC()
		r.Attachments = []growthdesk.Attachment{}
		index[r.ID] = len(t.Responses)
		t.Responses = append(t.Responses, r)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows.Close()
	files, err := db.QueryContext(ctx, s.db.rebind(`SELECT id, ticket_id, response_id, filename, content_type, size, created_at
		FROM support_attachments WHERE ticket_id = ? ORDER BY created_at, id`), t.ID)
	if err != nil {
		return nil, err
	}
	defer files.Close()
	t.Attachments = []growthdesk.Attachment{}
	for files.Next() {
		a, err := scanAttachment(files)
		if err != nil {
			return nil, err
		}
		switch {
		case a.ResponseID == nil:
			t.Attachments = append(t.Attachments, *a)
		default:
			// A file of a response the caller may not see has no response in the thread.
			if i, ok := index[*a.ResponseID]; ok {
				t.Responses[i].Attachments = append(t.Responses[i].Attachments, *a)
			}
		}
	}
	return t, files.Err()
}

func scanAttachment(r rowScanner) (*growthdesk.Attachment, error) {
	var a growthdesk.Attachment
	var resp sql.NullString
	if err := r.Scan(&a.ID, &a.TicketID, &resp, &a.Filename, &a.ContentType, &a.Size, &a.CreatedAt); err != nil {
		return nil, err
	}
	if resp.Valid {
		a.ResponseID = &resp.String
	}
	a.CreatedAt = a.CreatedAt.UTC()
	return &a, nil
}

// bumpCount adds delta to the count of an organization's tickets in a status.
func (tx *Tx) bumpCount(ctx context.Context, orgID, status string, delta int) error {
	_, err := tx.exec(ctx, `INSERT INTO support_ticket_counts (organization_id, status, n) VALUES (?, ?, ?)
		ON CONFLICT (organization_id, status) DO UPDATE SET n = support_ticket_counts.n + excluded.n`, orgID, status, delta)
	return err
}

// nextNumber hands out the next value of a named counter inside tx.
func (tx *Tx) nextNumber(ctx context.Context, name string) (int64, error) {
	var n int64
	err := tx.queryRow(ctx, "UPDATE support_counters SET value = value + 1 WHERE name = ? RETURNING value", name).Scan(&n)
	return n, err
}

// CreateTicket stores a new open ticket of an organization of scope with its number, its
// audit entry and the e-mails mail renders for it, in one transaction.
func (s *SupportStore) CreateTicket(ctx context.Context, scope growthdesk.Scope, t growthdesk.NewTicket, mail func(*growthdesk.Ticket) ([]*growthdesk.Email, error), audit growthdesk.AuditEntry) (*growthdesk.TicketDetail, error) {
	if !scope.Allows(t.OrganizationID) {
		return nil, growthdesk.Errorf(growthdesk.ENotFound, "There is no such organization.")
	}
	return inTxResult(ctx, s.db, func(tx *Tx) (*growthdesk.TicketDetail, error) {
		n, err := tx.nextNumber(ctx, "ticket")
		if err != nil {
			return nil, fmt.Errorf("number ticket: %w", err)
		}
		if _, err := tx.exec(ctx, `INSERT INTO support_tickets (id, number, title, description, priority, status, category_id,
		customer_id, organization_id, assigned_to, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'open', ?, ?, ?, NULL, ?, ?)`,
			t.ID, n, t.Title, t.Description, t.Priority, t.CategoryID, t.CustomerID, t.OrganizationID, tx.now, tx.now); err != nil {
			return nil, err
		}
		if err := tx.bumpCount(ctx, t.OrganizationID, growthdesk.TicketStatusOpen, 1); err != nil {
			return nil, err
		}
		created, err := s.readTicket(ctx, tx, scope, t.ID)
		if err != nil {
			return nil, err
		}
		if audit.Details == nil {
			audit.Details = map[string]any{}
		}
		audit.Details["code"], audit.Details["title"] = created.Code, created.Title
		if err := tx.writeAudit(ctx, audit); err != nil {
			return nil, err
		}
		if mail != nil {
			mails, err := mail(&created.Ticket)
			if err != nil {
				return nil, err
			}
			if err := tx.enqueueMail(ctx, mails...); err != nil {
				return nil, err
			}
		}
		return created, nil
	})
}

// readTicket reads a ticket of scope inside tx, as staff see it.
func (s *SupportStore) readTicket(ctx context.Context, tx *Tx, scope growthdesk.Scope, id string) (*growthdesk.TicketDetail, error) {
	return s.getTicket(ctx, tx.tx, scope, id, true)
}

// lockTicket reads the organization and status of a ticket of scope inside tx, locking its
// row on PostgreSQL; errNoTicket for another organization's ticket as for an unknown one.
func (tx *Tx) lockTicket(ctx context.Context, scope growthdesk.Scope, id string) (org, status string, err error) {
	where, args := scopeWhere(scope, "organization_id")
	err = tx.queryRow(ctx, "SELECT organization_id, status FROM support_tickets WHERE id = ? AND "+where+tx.forUpdate(),
		append([]any{id}, args...)...).Scan(&org, &status)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", errNoTicket
	}
	return org, status, err
}

// UpdateTicket applies a staff change to a ticket of scope, refreshes updated_at, keeps the
// counts, and stores the audit entry and the e-mails mail renders, in one transaction.
func (s *SupportStore) UpdateTicket(ctx context.Context, scope growthdesk.Scope, id string, ch growthdesk.TicketChange, mail func(string, *growthdesk.Ticket) ([]*growthdesk.Email, error), audit growthdesk.AuditEntry) (*growthdesk.TicketDetail, error) {
	return inTxResult(ctx, s.db, func(tx *Tx) (*growthdesk.TicketDetail, error) {
		org, status, err := tx.lockTicket(ctx, scope, id)
		if err != nil {
			return nil, err
		}
		sets, args := []string{"updated_at = ?"}, []any{tx.now}
		if ch.Status != nil {
			sets, args = append(sets, "status = ?"), append(args, *ch.Status)
		}
		if ch.Priority != nil {
			sets, args = append(sets, "priority = ?"), append(args, *ch.Priority)
		}
		if ch.SetCategory {
			sets, args = append(sets, "category_id = ?"), append(args, ch.CategoryID)
		}
		if ch.SetAssignedTo {
			sets, args = append(sets, "assigned_to = ?"), append(args, ch.AssignedTo)
		}
		if _, err := tx.exec(ctx, "UPDATE support_tickets SET "+strings.Join(sets, ", ")+" WHERE id = ?", append(args, id)...); err != nil {
			return nil, err
		}
		if ch.Status != nil && *ch.Status != status {
			if err := tx.bumpCount(ctx, org, status, -1); err != nil {
				return nil, err
			}
			if err := tx.bumpCount(ctx, org, *ch.Status, 1); err != nil {
				return nil, err
			}
		}
		after, err := s.readTicket(ctx, tx, scope, id)
		if err != nil {
			return nil, err
		}
		if err := tx.writeAudit(ctx, audit); err != nil {
			return nil, err
		}
		if mail != nil {
			mails, err := mail(status, &after.Ticket)
			if err != nil {
				return nil, err
			}
			if err := tx.enqueueMail(ctx, mails...); err != nil {
				return nil, err
			}
		}
		return after, nil
	})
}

// DeleteTicket removes a ticket of scope, its thread and its files.
func (s *SupportStore) DeleteTicket(ctx context.Context, scope growthdesk.Scope, id string, audit growthdesk.AuditEntry) error {
	where, args := scopeWhere(scope, "organization_id")
	return s.db.inTx(ctx, func(tx *Tx) error {
		var org, status, title string
		var number int64
		err := tx.queryRow(ctx, "SELECT organization_id, status, number, title FROM support_tickets WHERE id = ? AND "+where+tx.forUpdate(),
			append([]any{id}, args...)...).Scan(&org, &status, &number, &title)
		if errors.Is(err, sql.ErrNoRows) {
			return errNoTicket
		}
		if err != nil {
			return err
		}
		if _, err := tx.exec(ctx, "DELETE FROM support_tickets WHERE id = ?", id); err != nil {
			return err
		}
		if err := tx.bumpCount(ctx, org, status, -1); err != nil {
			return err
		}
		if audit.Details == nil {
			audit.Details = map[string]any{}
		}
		audit.Details["code"] = growthdesk.TicketCode(number)
		audit.Details["title"] = title
		audit.Details["organization_id"] = org
		return tx.writeAudit(ctx, audit)
	})
}

// AddResponse stores a response to a ticket of scope, refreshes the ticket (updated_at,
// counts, reopening a resolved ticket when r.Reopen), with the audit entry and the e-mails,
// in one transaction.
func (s *SupportStore) AddResponse(ctx context.Context, scope growthdesk.Scope, r growthdesk.NewResponse, mails []*growthdesk.Email, audit growthdesk.AuditEntry) (*growthdesk.TicketResponse, error) {
	return inTxResult(ctx, s.db, func(tx *Tx) (*growthdesk.TicketResponse, error) {
		org, status, err := tx.lockTicket(ctx, scope, r.TicketID)
		if err != nil {
			return nil, err
		}
		if _, err := tx.exec(ctx, `INSERT INTO support_responses (id, ticket_id, author_id, content, is_internal, created_at)
		VALUES (?, ?, ?, ?, ?, ?)`, r.ID, r.TicketID, r.AuthorID, r.Content, r.IsInternal, tx.now); err != nil {
			return nil, err
		}
		public := 1
		if r.IsInternal {
			public = 0
		}
		newStatus := status
		if r.Reopen && status == growthdesk.TicketStatusResolved {
			newStatus = growthdesk.TicketStatusOpen
			if err := tx.bumpCount(ctx, org, status, -1); err != nil {
				return nil, err
			}
			if err := tx.bumpCount(ctx, org, newStatus, 1); err != nil {
				return nil, err
			}
		}
		if _, err := tx.exec(ctx, `UPDATE support_tickets SET response_count = response_count + 1,
		public_response_count = public_response_count + ?, status = ?, updated_at = ? WHERE id = ?`,
			public, newStatus, tx.now, r.TicketID); err != nil {
			return nil, err
		}
		if err := tx.writeAudit(ctx, audit); err != nil {
			return nil, err
		}
		if err := tx.enqueueMail(ctx, mails...); err != nil {
			return nil, err
		}
		out, err := s.responseOf(ctx, tx.tx, scope, r.TicketID, r.ID)
		if err != nil {
			return nil, err
		}
		return out, nil
	})
}

// ResponseOf returns one response of a ticket of scope.
func (s *SupportStore) ResponseOf(ctx context.Context, scope growthdesk.Scope, ticketID, responseID string) (*growthdesk.TicketResponse, error) {
	return s.responseOf(ctx, s.db.reader, scope, ticketID, responseID)
}

func (s *SupportStore) responseOf(ctx context.Context, db querier, scope growthdesk.Scope, ticketID, responseID string) (*growthdesk.TicketResponse, error) {
	var r growthdesk.TicketResponse
	where, args := scopeWhere(scope, "t.organization_id")
	err := db.QueryRowContext(ctx, s.db.rebind(`SELECT r.id, r.ticket_id, COALESCE(p.id, ''), COALESCE(p.full_name, 'Former user'),
		COALESCE(p.role, 'customer'), r.content, r.is_internal, r.created_at
		FROM support_responses r JOIN support_tickets t ON t.id = r.ticket_id LEFT JOIN profiles p ON p.id = r.author_id
		WHERE r.id = ? AND r.ticket_id = ? AND `+where), append([]any{responseID, ticketID}, args...)...).
		Scan(&r.ID, &r.TicketID, &r.Author.ID, &r.Author.FullName, &r.Author.Role, &r.Content, &r.IsInternal, &r.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, growthdesk.Errorf(growthdesk.ENotFound, "There is no such response.")
	}
	r.CreatedAt = r.CreatedAt.UTC()
	r.Attachments = []growthdesk.Attachment{}
	return &r, err
}

// ---- attachments

// AttachmentCount counts the files of a ticket of scope itself (responseID nil) or of a
// response; 0 for another organization's ticket.
func (s *SupportStore) AttachmentCount(ctx context.Context, scope growthdesk.Scope, ticketID string, responseID *string) (int, error) {
	return attachmentCount(ctx, s.db.queryRow, scope, ticketID, responseID)
}

func attachmentCount(ctx context.Context, queryRow func(context.Context, string, ...any) *sql.Row, scope growthdesk.Scope, ticketID string, responseID *string) (int, error) {
	var n int
	where, args := scopeWhere(scope, "t.organization_id")
	const from = "SELECT COUNT(*) FROM support_attachments a JOIN support_tickets t ON t.id = a.ticket_id WHERE a.ticket_id = ? AND "
	var err error
	if responseID == nil {
		err = queryRow(ctx, from+"a.response_id IS NULL AND "+where, append([]any{ticketID}, args...)...).Scan(&n)
	} else {
		err = queryRow(ctx, from+"a.response_id = ? AND "+where, append([]any{ticketID, *responseID}, args...)...).Scan(&n)
	}
	return n, err
}

// AddAttachments stores files of a ticket of scope or of a response and refreshes the ticket. It first
// updates the ticket's row, which on PostgreSQL locks it until the commit (on SQLite every
// write transaction is alone anyway), then counts the message's files: two uploads to one
// message run one after the other, and the second sees the first's files.
func (s *SupportStore) AddAttachments(ctx context.Context, scope growthdesk.Scope, ticketID string, responseID *string, files []growthdesk.NewAttachment, types []string, uploadedBy string, max int, audit growthdesk.AuditEntry) ([]growthdesk.Attachment, error) {
	where, args := scopeWhere(scope, "organization_id")
	return inTxResult(ctx, s.db, func(tx *Tx) ([]growthdesk.Attachment, error) {
		res, err := tx.exec(ctx, "UPDATE support_tickets SET updated_at = ? WHERE id = ? AND "+where, append([]any{tx.now, ticketID}, args...)...)
		if err != nil {
			return nil, err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil, errNoTicket
		}
		have, err := attachmentCount(ctx, tx.queryRow, scope, ticketID, responseID)
		if err != nil {
			return nil, err
		}
		if have+len(files) > max {
			return nil, growthdesk.Invalid(map[string]string{"files": fmt.Sprintf("A message carries at most %d files.", max)})
		}
		out := make([]growthdesk.Attachment, 0, len(files))
		for i, f := range files {
			// One file in memory at a time: an upload's files are read from where they were
			// spooled as each is inserted.
			content, err := f.Bytes()
			if err != nil {
				return nil, err
			}
			a := growthdesk.Attachment{ID: growthdesk.NewID(), TicketID: ticketID, ResponseID: responseID, Filename: f.Filename,
				ContentType: types[i], Size: int64(len(content)), CreatedAt: tx.now}
			if _, err := tx.exec(ctx, `INSERT INTO support_attachments (id, ticket_id, response_id, filename, content_type, size, content, uploaded_by, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, a.ID, ticketID, responseID, a.Filename, a.ContentType, a.Size, content, uploadedBy, tx.now); err != nil {
				return nil, err
			}
			out = append(out, a)
		}
		if err := tx.writeAudit(ctx, audit); err != nil {
			return nil, err
		}
		return out, nil
	})
}

// GetAttachment returns a file with its content when its ticket is in scope and, without
// staff, when it does not belong to an internal note.
func (s *SupportStore) GetAttachment(ctx context.Context, scope growthdesk.Scope, id string, staff bool) (*growthdesk.AttachmentFile, error) {
	where, args := scopeWhere(scope, "t.organization_id")
	if !staff {
		where += " AND (r.id IS NULL OR r.is_internal = FALSE)"
	}
	var f growthdesk.AttachmentFile
	var resp sql.NullString
	err := s.db.queryRow(ctx, `SELECT a.id, a.ticket_id, a.response_id, a.filename, a.content_type, a.size, a.created_at, a.content
		FROM support_attachments a JOIN support_tickets t ON t.id = a.ticket_id
		LEFT JOIN support_responses r ON r.id = a.response_id
		WHERE a.id = ? AND `+where, append([]any{id}, args...)...).
		Scan(&f.ID, &f.TicketID, &resp, &f.Filename, &f.ContentType, &f.Size, &f.CreatedAt, &f.Content)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, growthdesk.Errorf(growthdesk.ENotFound, "There is no such file.")
	}
	if err != nil {
		return nil, err
	}
	if resp.Valid {
		f.ResponseID = &resp.String
	}
	f.CreatedAt = f.CreatedAt.UTC()
	return &f, nil
}

// ---- people

// Recipients returns the approved accounts named by ids and, when allStaff, every approved
// staff account, with whether each wants e-mail about ticket updates.
func (s *SupportStore) Recipients(ctx context.Context, ids []string, allStaff bool) ([]growthdesk.MailRecipient, error) {
	var conds []string
	var args []any
	if len(ids) > 0 {
		conds = append(conds, "id IN (?"+strings.Repeat(", ?", len(ids)-1)+")")
		for _, id := range ids {
			args = append(args, id)
		}
	}
	if allStaff {
		conds = append(conds, "role IN ('admin', 'employee')")
	}
	if len(conds) == 0 {
		return nil, nil
	}
	rows, err := s.db.query(ctx, `SELECT id, email, full_name, notify_email, notify_ticket_updates, role, organization_id FROM profiles
		WHERE approval_status = 'approved' AND (`+strings.Join(conds, " OR ")+") ORDER BY email", args...)
	if err != nil {
		return nil, err
	}
	return scanRows(rows, func(row rowScanner) (growthdesk.MailRecipient, error) {
		var r growthdesk.MailRecipient
		var email, updates bool
		var role string
		var org sql.NullString
		if err := row.Scan(&r.ID, &r.Email, &r.FullName, &email, &updates, &role, &org); err != nil {
			return growthdesk.MailRecipient{}, err
		}
		r.Wants = email && updates
		r.Staff = role == growthdesk.RoleAdmin || role == growthdesk.RoleEmployee
		r.OrganizationID = org.String
		return r, nil
	})
}

// Customer returns an approved customer account that belongs to an organization.
func (s *SupportStore) Customer(ctx context.Context, id string) (*growthdesk.Profile, error) {
	var p growthdesk.Profile
	var org sql.NullString
	err := s.db.queryRow(ctx, `SELECT id, full_name, email, organization_id FROM profiles
		WHERE id = ? AND role = 'customer' AND approval_status = 'approved' AND organization_id IS NOT NULL`, id).
		Scan(&p.ID, &p.FullName, &p.Email, &org)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, growthdesk.Errorf(growthdesk.ENotFound, "There is no such customer.")
	}
	if err != nil {
		return nil, err
	}
	p.OrganizationID = &org.String
	return &p, nil
}

// StaffMember reports whether id is an approved staff account.
func (s *SupportStore) StaffMember(ctx context.Context, id string) (bool, error) {
	var n int
	err := s.db.queryRow(ctx, `SELECT COUNT(*) FROM profiles WHERE id = ? AND role IN ('admin', 'employee') AND approval_status = 'approved'`, id).Scan(&n)
	return n > 0, err
}
