package growthdesk

import (
	"context"
)

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
	CreateTicket(ctx context.Context, scope Scope, t NewTicket, mail func(*Ticket) ([]*Email, error), audit AuditEntry) (*TicketDetail, error)
	UpdateTicket(ctx context.Context, scope Scope, id string, ch TicketChange, mail func(beforeStatus string, after *Ticket) ([]*Email, error), audit AuditEntry) (*TicketDetail, error)
	DeleteTicket(ctx context.Context, scope Scope, id string, audit AuditEntry) error
	AddResponse(ctx context.Context, scope Scope, r NewResponse, mail []*Email, audit AuditEntry) (*TicketResponse, error)
	ResponseOf(ctx context.Context, scope Scope, ticketID, responseID string) (*TicketResponse, error)
	// AddAttachments stores files of a ticket or a response, with the audit entry. It counts
	// the message's files and inserts in one transaction that holds the ticket's row, so that
	// no two uploads together pass max; beyond it, EInvalid on "files".
	AddAttachments(ctx context.Context, scope Scope, ticketID string, responseID *string, files []NewAttachment, types []string, uploadedBy string, max int, audit AuditEntry) ([]Attachment, error)
	AttachmentCount(ctx context.Context, scope Scope, ticketID string, responseID *string) (int, error)
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
