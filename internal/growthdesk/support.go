package growthdesk

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"path"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// TicketStatus is where a support ticket stands (an alias of string, like Role).
type TicketStatus = string

// Ticket statuses. New tickets start open; staff may set any status from any other.
const (
	TicketStatusOpen       TicketStatus = "open"
	TicketStatusInProgress TicketStatus = "in_progress"
	TicketStatusResolved   TicketStatus = "resolved"
	TicketStatusClosed     TicketStatus = "closed"
)

// TicketPriority is how urgent a ticket is (an alias of string).
type TicketPriority = string

// Ticket priorities; a new ticket is medium unless its author says otherwise.
const (
	TicketPriorityLow    TicketPriority = "low"
	TicketPriorityMedium TicketPriority = "medium"
	TicketPriorityHigh   TicketPriority = "high"
	TicketPriorityUrgent TicketPriority = "urgent"
)

// Limits of the support desk, checked by the server and by the forms.
const (
	TicketTitleMax       = 200
	TicketDescriptionMax = 10000
	ResponseContentMax   = 10000
	TicketSearchMax      = 200
	CategoryNameMax      = 60
	// AttachmentMaxBytes is the largest file a message may carry.
	AttachmentMaxBytes = 10 << 20
	// AttachmentsPerMessage is the most files one ticket or response may carry.
	AttachmentsPerMessage = 5
	// TicketPageMax is the largest page of the ticket list; TicketPageDefault its default.
	TicketPageMax     = 100
	TicketPageDefault = 50
)

// E-mails of the support desk, and its fixed values.
const (
	EmailTicketCreated    = "ticket_created"  // to staff: a customer opened a ticket
	EmailTicketReply      = "ticket_reply"    // to staff: a customer replied
	EmailTicketResponse   = "ticket_response" // to the customer: staff answered
	EmailTicketStatus     = "ticket_status"   // to the customer: the status changed
	ticketCodePrefix      = "T-"
	defaultCategoryColor  = "#2563eb"
	ticketDescriptionCard = 200
)

// SupportCategory is a kind of ticket, such as Billing or Technical Issue.
type SupportCategory struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Color     string `json:"color"`
	IsActive  bool   `json:"is_active"`
	SortOrder int    `json:"sort_order"`
}

// CategoryInput creates a category or changes one; nil leaves a field as it is.
type CategoryInput struct {
	Name      *string `json:"name,omitempty"`
	Color     *string `json:"color,omitempty"`
	IsActive  *bool   `json:"is_active,omitempty"`
	SortOrder *int    `json:"sort_order,omitempty"`
}

var colorPattern = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

// Validate checks the fields present; create says whether the name is required.
func (in *CategoryInput) Validate(create bool) error {
	c := fieldCheck{}
	if in.Name != nil {
		n := strings.TrimSpace(*in.Name)
		in.Name = &n
		if c.required("name", n, "Enter a name.") {
			c.maxLen("name", n, CategoryNameMax, fmt.Sprintf("Use at most %d characters.", CategoryNameMax))
		}
	} else if create {
		c.add("name", "Enter a name.")
	}
	if in.Color != nil {
		col := strings.ToLower(strings.TrimSpace(*in.Color))
		in.Color = &col
		if !colorPattern.MatchString(col) {
			c.add("color", "Use a color like #2563eb.")
		}
	}
	if in.SortOrder != nil && (*in.SortOrder < 0 || *in.SortOrder > 10000) {
		c.add("sort_order", "Use a number from 0 to 10000.")
	}
	return c.err()
}

// TicketPerson is an account as a ticket shows it.
type TicketPerson struct {
	ID       string `json:"id"`
	FullName string `json:"full_name"`
	Email    string `json:"email,omitempty"`
}

// TicketOrganization is the organization a ticket belongs to.
type TicketOrganization struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// TicketCategory is the category of a ticket as the list shows it.
type TicketCategory struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Color string `json:"color"`
}

// Ticket is a support request of a customer's organization.
type Ticket struct {
	ID string `json:"id"`
	// Number is unique per database, given in order; Code ("T-1042") is how people name it.
	Number       int64              `json:"number"`
	Code         string             `json:"code"`
	Title        string             `json:"title"`
	Description  string             `json:"description"`
	Priority     TicketPriority     `json:"priority"`
	Status       TicketStatus       `json:"status"`
	Category     *TicketCategory    `json:"category"`
	Customer     *TicketPerson      `json:"customer"`
	Organization TicketOrganization `json:"organization"`
	AssignedTo   *TicketPerson      `json:"assigned_to"`
	CreatedAt    time.Time          `json:"created_at"`
	UpdatedAt    time.Time          `json:"updated_at"`
	// ResponseCount counts the responses the caller may see (public ones for customers).
	ResponseCount int `json:"response_count"`
}

// TicketDetail is one ticket with its thread, as GET /api/v1/tickets/{id} (and the answers of
// POST and PATCH) give it. Both lists are always sent, empty rather than left out, so that a
// client never mistakes a ticket without files for an answer without the field.
type TicketDetail struct {
	Ticket
	// Attachments are the files of the ticket itself.
	Attachments []Attachment `json:"attachments" tstype:"Attachment[]"`
	// Responses is the thread the caller may see, oldest first.
	Responses []TicketResponse `json:"responses" tstype:"TicketResponse[]"`
}

// TicketCode is how a ticket number is shown and searched.
func TicketCode(n int64) string { return ticketCodePrefix + strconv.FormatInt(n, 10) }

// TicketResponse is one message of a ticket's thread. Internal notes are for staff only.
type TicketResponse struct {
	ID          string       `json:"id"`
	TicketID    string       `json:"ticket_id"`
	Author      TicketAuthor `json:"author"`
	Content     string       `json:"content"`
	IsInternal  bool         `json:"is_internal"`
	CreatedAt   time.Time    `json:"created_at"`
	Attachments []Attachment `json:"attachments"`
}

// TicketAuthor is who wrote a response.
type TicketAuthor struct {
	ID       string `json:"id"`
	FullName string `json:"full_name"`
	Role     Role   `json:"role"`
}

// Attachment is a file of a ticket or a response; its content is read separately.
type Attachment struct {
	ID          string    `json:"id"`
	TicketID    string    `json:"ticket_id"`
	ResponseID  *string   `json:"response_id"`
	Filename    string    `json:"filename"`
	ContentType string    `json:"content_type"`
	Size        int64     `json:"size"`
	CreatedAt   time.Time `json:"created_at"`
}

// AttachmentFile is an attachment with its content, for download.
type AttachmentFile struct {
	Attachment
	Content []byte
}

// NewAttachment is an uploaded file before it is stored. A file given in memory (demo data,
// tests) has Content; an upload has Open and Size instead, its files kept out of memory
// (spooled to disk) until the store reads them one at a time as it inserts them, so that an
// upload of five 10 MB files never holds all of them at once.
type NewAttachment struct {
	Filename string
	Content  []byte
	// Open, when set, reads the file's Size bytes.
	Open func() (io.ReadCloser, error)
	Size int64
}

// Len is the file's size in bytes.
func (f NewAttachment) Len() int64 {
	if f.Open != nil {
		return f.Size
	}
	return int64(len(f.Content))
}

// Bytes returns the file's content, read from Open when it is not in memory; a file that
// reads more or less than Size is an error.
func (f NewAttachment) Bytes() ([]byte, error) {
	if f.Open == nil {
		return f.Content, nil
	}
	rc, err := f.Open()
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	b := make([]byte, f.Size)
	if _, err := io.ReadFull(rc, b); err != nil {
		return nil, fmt.Errorf("read attachment %q: %w", f.Filename, err)
	}
	if n, _ := rc.Read(make([]byte, 1)); n != 0 {
		return nil, fmt.Errorf("read attachment %q: longer than its size %d", f.Filename, f.Size)
	}
	return b, nil
}

// TicketList is one page of tickets, newest first.
type TicketList struct {
	Items []Ticket `json:"items"`
	// Total counts every ticket the filters match (not just this page).
	Total int `json:"total"`
	// NextCursor fetches the next page; null on the last one.
	NextCursor *string `json:"next_cursor"`
}

// TicketSummary counts tickets by status for the staff's tiles.
type TicketSummary struct {
	Open       int `json:"open"`
	InProgress int `json:"in_progress"`
	Resolved   int `json:"resolved"`
	Closed     int `json:"closed"`
	Total      int `json:"total"`
}

// TicketFilter narrows the ticket list. Organization and Assignee are honored for staff
// only; Assignee "me" is the caller, "none" the unassigned tickets.
type TicketFilter struct {
	Status       string
	Category     string
	Organization string
	Assignee     string
	Query        string
	Limit        int
	Cursor       string
}

// TicketQuery is a TicketFilter resolved for the store: the scope decides the organizations.
type TicketQuery struct {
	Scope    Scope
	Status   string
	Category string
	// Assignee is an account id, or "none" for unassigned tickets.
	Assignee string
	// Text matches title and description; Number matches the shown id exactly.
	Text   string
	Number int64
	Limit  int
	// After is the cursor: the list continues after this creation time and id.
	AfterTime *time.Time
	AfterID   string
	// Staff callers count every response; customers public ones only.
	Staff bool
}

// TicketInput opens a ticket.
type TicketInput struct {
	Title       string  `json:"title"`
	Description string  `json:"description"`
	Priority    string  `json:"priority,omitempty"`
	CategoryID  *string `json:"category_id,omitempty"`
	// CustomerID lets staff open a ticket for a customer; ignored for customers.
	CustomerID *string `json:"customer_id,omitempty"`
}

// Normalize trims the text fields and defaults the priority.
func (in *TicketInput) Normalize() {
	in.Title = strings.TrimSpace(in.Title)
	in.Description = strings.TrimSpace(in.Description)
	in.Priority = strings.TrimSpace(in.Priority)
	if in.Priority == "" {
		in.Priority = TicketPriorityMedium
	}
	if in.CategoryID != nil && strings.TrimSpace(*in.CategoryID) == "" {
		in.CategoryID = nil
	}
	if in.CustomerID != nil && strings.TrimSpace(*in.CustomerID) == "" {
		in.CustomerID = nil
	}
}

// Validate reports every problem by field.
func (in *TicketInput) Validate() error {
	c := fieldCheck{}
	if c.required("title", in.Title, "Enter a title.") {
		c.maxLen("title", in.Title, TicketTitleMax, fmt.Sprintf("Use at most %d characters.", TicketTitleMax))
	}
	if c.required("description", in.Description, "Describe the problem.") {
		c.maxLen("description", in.Description, TicketDescriptionMax, fmt.Sprintf("Use at most %d characters.", TicketDescriptionMax))
	}
	if !validPriority(in.Priority) {
		c.add("priority", "Choose low, medium, high or urgent.")
	}
	return c.err()
}

// TicketChange is a staff change of a ticket; nil leaves a field as it is. A present but
// empty CategoryID or AssignedTo clears it (Set* say whether the field was sent).
type TicketChange struct {
	Status        *string `json:"status,omitempty"`
	Priority      *string `json:"priority,omitempty"`
	CategoryID    *string `json:"category_id,omitempty"`
	AssignedTo    *string `json:"assigned_to,omitempty"`
	SetCategory   bool    `json:"-"`
	SetAssignedTo bool    `json:"-"`
}

// Validate checks the fields present.
func (ch *TicketChange) Validate() error {
	c := fieldCheck{}
	if ch.Status != nil && !validStatus(*ch.Status) {
		c.add("status", "Choose open, in_progress, resolved or closed.")
	}
	if ch.Priority != nil && !validPriority(*ch.Priority) {
		c.add("priority", "Choose low, medium, high or urgent.")
	}
	if ch.Status == nil && ch.Priority == nil && !ch.SetCategory && !ch.SetAssignedTo {
		c.add("status", "Send at least one of status, priority, category_id and assigned_to.")
	}
	return c.err()
}

// ResponseInput is a message added to a ticket's thread.
type ResponseInput struct {
	Content    string `json:"content"`
	IsInternal bool   `json:"is_internal"`
}

// Normalize trims the text.
func (in *ResponseInput) Normalize() { in.Content = strings.TrimSpace(in.Content) }

// Validate returns an EInvalid error, or nil. Whether the caller may write an internal note
// is policy (CanWriteInternalNote), not input.
func (in ResponseInput) Validate() error {
	c := fieldCheck{}
	if c.required("content", in.Content, "Write a response.") {
		c.maxLen("content", in.Content, ResponseContentMax, fmt.Sprintf("Use at most %d characters.", ResponseContentMax))
	}
	return c.err()
}

// NewTicket is a ticket ready to store: the service has decided every field.
type NewTicket struct {
	ID, Title, Description, Priority string
	CategoryID                       *string
	CustomerID, OrganizationID       string
}

// NewResponse is a response ready to store. Reopen sets a resolved ticket open again.
type NewResponse struct {
	ID, TicketID, AuthorID, Content string
	IsInternal, Reopen              bool
}

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

// SupportStore keeps tickets, responses, categories and attachments. Every tenant read
// takes the caller's Scope so that another organization's ticket answers ENotFound.
type SupportStore interface {
	ListCategories(ctx context.Context, all bool) ([]*SupportCategory, error)
	CreateCategory(ctx context.Context, in CategoryInput, audit AuditEntry) (*SupportCategory, error)
	UpdateCategory(ctx context.Context, id string, in CategoryInput, audit AuditEntry) (*SupportCategory, error)
	CategoryActive(ctx context.Context, id string) (bool, error)

	ListTickets(ctx context.Context, q TicketQuery) ([]*Ticket, int, error)
	Summary(ctx context.Context, q TicketQuery) (*TicketSummary, error)
	GetTicket(ctx context.Context, scope Scope, id string, staff bool) (*TicketDetail, error)
	CreateTicket(ctx context.Context, t NewTicket, mail func(*Ticket) ([]*Email, error), audit AuditEntry) (*TicketDetail, error)
	UpdateTicket(ctx context.Context, id string, ch TicketChange, mail func(beforeStatus string, after *Ticket) ([]*Email, error), audit AuditEntry) (*TicketDetail, error)
	DeleteTicket(ctx context.Context, id string, audit AuditEntry) error
	AddResponse(ctx context.Context, r NewResponse, mail []*Email, audit AuditEntry) (*TicketResponse, error)
	ResponseOf(ctx context.Context, ticketID, responseID string) (*TicketResponse, error)
	// AddAttachments stores files of a ticket or a response, with the audit entry. It counts
	// the message's files and inserts in one transaction that holds the ticket's row, so that
	// no two uploads together pass max; beyond it, EInvalid on "files".
	AddAttachments(ctx context.Context, ticketID string, responseID *string, files []NewAttachment, types []string, uploadedBy string, max int, audit AuditEntry) ([]Attachment, error)
	AttachmentCount(ctx context.Context, ticketID string, responseID *string) (int, error)
	GetAttachment(ctx context.Context, scope Scope, id string, staff bool) (*AttachmentFile, error)

	// Recipients returns the accounts named by ids and, when allStaff, every approved staff
	// account, each with whether they want ticket e-mail.
	Recipients(ctx context.Context, ids []string, allStaff bool) ([]MailRecipient, error)
	// Customer returns an approved customer account with an organization (ENotFound otherwise).
	Customer(ctx context.Context, id string) (*Profile, error)
	// StaffMember reports whether id is an approved staff account.
	StaffMember(ctx context.Context, id string) (bool, error)
	// CountOpenOf counts the tickets of scope whose customer is profileID that are open or in
	// progress.
	CountOpenOf(ctx context.Context, scope Scope, profileID string) (int, error)
	// RecentAnswers returns the newest staff answers (never internal notes) on tickets of
	// the scope, as dashboard activity.
	RecentAnswers(ctx context.Context, scope Scope, limit int) ([]Activity, error)
}

// Support is the support desk: customers open and follow their organization's tickets;
// staff triage every organization's. See docs/adr/0014-support-desk.md.
type Support struct {
	Store SupportStore
	Mail  EmailRenderer
	// TicketURL is the portal link of a ticket, for e-mails.
	TicketURL func(id string) string
}

var (
	errNoOrgTickets  = &Error{Code: EConflict, Message: "Your account is not part of an organization yet, so you cannot open or see support tickets. Contact us to be added to your organization."}
	errTicketMissing = &Error{Code: ENotFound, Message: "There is no such ticket."}
	errNoteForbidden = &Error{Code: EForbidden, Message: "Only staff can add internal notes."}
)

// CanViewTickets allows approved accounts to read and open tickets of their scope.
func CanViewTickets(c *Caller) error { return CanUsePortal(c) }

// CanManageTickets allows staff to change, delete and annotate any ticket.
func CanManageTickets(c *Caller) error { return RequireStaff(c) }

// CanWriteInternalNote allows staff only to add a response customers never see.
func CanWriteInternalNote(c *Caller) error {
	if err := CanViewTickets(c); err != nil {
		return err
	}
	if !c.Profile.IsStaff() {
		return errNoteForbidden
	}
	return nil
}

// CanManageCategories allows administrators to add and change categories.
func CanManageCategories(c *Caller) error { return RequireAdmin(c) }

func validStatus(s string) bool {
	switch s {
	case TicketStatusOpen, TicketStatusInProgress, TicketStatusResolved, TicketStatusClosed:
		return true
	}
	return false
}

func validPriority(s string) bool {
	switch s {
	case TicketPriorityLow, TicketPriorityMedium, TicketPriorityHigh, TicketPriorityUrgent:
		return true
	}
	return false
}

// Categories lists the active categories in sort order; all (administrators only) adds the
// inactive ones, for Settings.
func (s *Support) Categories(ctx context.Context, c *Caller, all bool) ([]*SupportCategory, error) {
	if err := CanViewTickets(c); err != nil {
		return nil, err
	}
	if all {
		if err := CanManageCategories(c); err != nil {
			return nil, err
		}
	}
	return s.Store.ListCategories(ctx, all)
}

// CreateCategory adds a category (administrators).
func (s *Support) CreateCategory(ctx context.Context, c *Caller, in CategoryInput) (*SupportCategory, error) {
	if err := CanManageCategories(c); err != nil {
		return nil, err
	}
	if err := in.Validate(true); err != nil {
		return nil, err
	}
	if in.Color == nil {
		col := defaultCategoryColor
		in.Color = &col
	}
	return s.Store.CreateCategory(ctx, in, c.Audit(AuditCategoryCreate, "support_category", "", map[string]any{"name": *in.Name}))
}

// UpdateCategory renames, recolors, reorders, deactivates or reactivates a category.
func (s *Support) UpdateCategory(ctx context.Context, c *Caller, id string, in CategoryInput) (*SupportCategory, error) {
	if err := CanManageCategories(c); err != nil {
		return nil, err
	}
	if err := in.Validate(false); err != nil {
		return nil, err
	}
	details := map[string]any{}
	if in.Name != nil {
		details["name"] = *in.Name
	}
	if in.Color != nil {
		details["color"] = *in.Color
	}
	if in.IsActive != nil {
		details["is_active"] = *in.IsActive
	}
	if in.SortOrder != nil {
		details["sort_order"] = *in.SortOrder
	}
	return s.Store.UpdateCategory(ctx, id, in, c.Audit(AuditCategoryUpdate, "support_category", id, details))
}

var codeQuery = regexp.MustCompile(`(?i)^#?(?:t-?)?(\d{1,15})$`)

// ticketScope is the caller's scope for tickets; a customer without an organization gets
// a clear refusal instead of an empty list.
func ticketScope(c *Caller) (Scope, error) {
	if err := CanViewTickets(c); err != nil {
		return Scope{}, err
	}
	scope := c.Scope()
	if scope.Empty() {
		return scope, errNoOrgTickets
	}
	return scope, nil
}

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
// is the caller), for the dashboard's Open Tickets card as the spec counts it; a colleague's
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
	return s.Store.CreateTicket(ctx, t, mail, c.Audit(AuditTicketCreate, "ticket", t.ID, map[string]any{
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
	return s.Store.UpdateTicket(ctx, id, ch, mail, c.Audit(AuditTicketUpdate, "ticket", id, details))
}

// Delete removes a ticket with its thread and files (staff).
func (s *Support) Delete(ctx context.Context, c *Caller, id string) error {
	if err := CanManageTickets(c); err != nil {
		return err
	}
	return s.Store.DeleteTicket(ctx, id, c.Audit(AuditTicketDelete, "ticket", id, nil))
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
	return s.Store.AddResponse(ctx, r, mails, c.Audit(AuditTicketRespond, "ticket", t.ID, map[string]any{
		"response_id": r.ID, "is_internal": r.IsInternal, "reopened": r.Reopen}))
}

func assigneeOf(t *Ticket) string {
	if t.AssignedTo == nil {
		return ""
	}
	return t.AssignedTo.ID
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

// attachmentTypes is the allow-list of files a message may carry, by extension: the type
// stored and served is ours, never the one the browser sent.
var attachmentTypes = map[string]string{
	".png":  "image/png",
	".jpg":  "image/jpeg",
	".jpeg": "image/jpeg",
	".gif":  "image/gif",
	".webp": "image/webp",
	".pdf":  "application/pdf",
	".txt":  "text/plain",
	".log":  "text/plain",
	".csv":  "text/csv",
	".doc":  "application/msword",
	".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
	".xls":  "application/vnd.ms-excel",
	".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
	".ppt":  "application/vnd.ms-powerpoint",
	".pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
	".odt":  "application/vnd.oasis.opendocument.text",
	".ods":  "application/vnd.oasis.opendocument.spreadsheet",
}

// AttachmentType returns the content type of an allowed file name, or "" when its type is
// not allowed.
func AttachmentType(filename string) string {
	return attachmentTypes[strings.ToLower(path.Ext(filename))]
}

// Longest stored file name, and longest extension kept when a name is shortened to it, in
// characters.
const (
	filenameMax    = 120
	filenameExtMax = 20
)

// CleanFilename keeps a file name safe to store and to send back in a header, and shown as
// what it is: the last path element, no quotes, no control or format characters (hiddenInName:
// a right-to-left override would show "evil\u202Egnp.txt" as "eviltxt.png"), at most 120
// characters (a long name keeps its extension). It returns "" for a name that names nothing
// (empty, ".", ".." or only separators). Cleaning a clean name changes nothing.
func CleanFilename(name string) string {
	name = strings.ReplaceAll(name, "\\", "/")
	name = path.Base(name)
	name = strings.Map(func(r rune) rune {
		if r == '"' || hiddenInName(r) {
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(name)
	if utf8.RuneCountInString(name) > filenameMax {
		// An "extension" longer than any real one is part of the name: keeping it whole
		// would leave no room for the rest.
		ext := path.Ext(name)
		if utf8.RuneCountInString(ext) > filenameExtMax {
			ext = ""
		}
		r := []rune(strings.TrimSuffix(name, ext))
		name = strings.TrimSpace(string(r[:filenameMax-utf8.RuneCountInString(ext)])) + ext
	}
	switch name {
	case ".", "..", "/":
		return ""
	}
	return name
}

// errTooManyFiles is the answer when a message would carry more than AttachmentsPerMessage files.
var errTooManyFiles = Invalid(map[string]string{"files": fmt.Sprintf("A message carries at most %d files.", AttachmentsPerMessage)})

// attachTarget returns the ticket the caller may add files to, on the ticket itself
// (responseID nil) or on one of its responses. Customers attach to their organization's
// tickets they opened and to their own responses; staff to any.
func (s *Support) attachTarget(ctx context.Context, c *Caller, ticketID string, responseID *string) (*Ticket, error) {
	scope, err := ticketScope(c)
	if err != nil {
		return nil, err
	}
	staff := c.Profile.IsStaff()
	detail, err := s.Store.GetTicket(ctx, scope, ticketID, false)
	if err != nil {
		return nil, err
	}
	t := &detail.Ticket
	if responseID != nil {
		r, err := s.Store.ResponseOf(ctx, t.ID, *responseID)
		if err != nil {
			return nil, err
		}
		if !staff && (r.IsInternal || r.Author.ID != c.Profile.ID) {
			if r.IsInternal {
				return nil, Errorf(ENotFound, "There is no such response.")
			}
			return nil, Errorf(EForbidden, "You can attach files to your own responses only.")
		}
	} else if !staff && (t.Customer == nil || t.Customer.ID != c.Profile.ID) {
		return nil, Errorf(EForbidden, "Only the customer who opened the ticket can attach files to it; add them to a reply instead.")
	}
	return t, nil
}

// CheckAttach answers, before an upload is read, what Attach would answer about where the
// files go: ENotFound for a ticket or response the caller may not see, EForbidden for one
// they may not add files to, EInvalid when the message already carries AttachmentsPerMessage
// files. The server calls it before it reads the files, so that a refused upload is never
// held in memory; Attach checks again, and counts inside its transaction.
func (s *Support) CheckAttach(ctx context.Context, c *Caller, ticketID string, responseID *string) error {
	t, err := s.attachTarget(ctx, c, ticketID, responseID)
	if err != nil {
		return err
	}
	have, err := s.Store.AttachmentCount(ctx, t.ID, responseID)
	if err != nil {
		return err
	}
	if have >= AttachmentsPerMessage {
		return errTooManyFiles
	}
	return nil
}

// Attach stores files on a ticket (responseID nil) or on one of its responses, at most
// AttachmentsPerMessage per message however many uploads race (the store counts and inserts
// in one transaction that holds the ticket's row).
func (s *Support) Attach(ctx context.Context, c *Caller, ticketID string, responseID *string, files []NewAttachment) ([]Attachment, error) {
	t, err := s.attachTarget(ctx, c, ticketID, responseID)
	if err != nil {
		return nil, err
	}
	bad := fieldCheck{}
	if len(files) == 0 {
		bad.add("files", "Choose at least one file.")
	}
	types := make([]string, len(files))
	for i, f := range files {
		f.Filename = CleanFilename(f.Filename)
		files[i].Filename = f.Filename
		switch {
		case f.Filename == "" || f.Filename == "." || f.Filename == "/":
			bad.add("files", "Every file needs a name.")
		case AttachmentType(f.Filename) == "":
			bad.add("files", fmt.Sprintf("%s: this type of file is not accepted. Send images, PDF, text, CSV or office documents.", f.Filename))
		case f.Len() == 0:
			bad.add("files", fmt.Sprintf("%s is empty.", f.Filename))
		case f.Len() > AttachmentMaxBytes:
			bad.add("files", fmt.Sprintf("%s is larger than 10 MB.", f.Filename))
		}
		types[i] = AttachmentType(f.Filename)
	}
	if err := bad.err(); err != nil {
		return nil, err
	}
	if len(files) > AttachmentsPerMessage {
		return nil, errTooManyFiles
	}
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = f.Filename
	}
	return s.Store.AddAttachments(ctx, t.ID, responseID, files, types, c.Profile.ID, AttachmentsPerMessage,
		c.Audit(AuditTicketAttach, "ticket", t.ID, map[string]any{"response_id": responseID, "files": names}))
}

// Attachment returns a file with its content, when the caller may see its message.
func (s *Support) Attachment(ctx context.Context, c *Caller, id string) (*AttachmentFile, error) {
	scope, err := ticketScope(c)
	if err != nil {
		return nil, err
	}
	return s.Store.GetAttachment(ctx, scope, id, c.Profile.IsStaff())
}

// NewID returns a time-ordered random id (UUID version 7), the form of every id the
// product stores.
func NewID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	ms := uint64(time.Now().UnixMilli())
	for i := 0; i < 6; i++ {
		b[i] = byte(ms >> (40 - 8*i))
	}
	b[6] = b[6]&0x0f | 0x70
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}
