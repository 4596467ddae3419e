package growthdesk

import (
	"fmt"
	"strconv"
	"strings"
	"time"
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
