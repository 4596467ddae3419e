package growthdesk

import "context"

// Kinds of e-mail the product sends.
const (
	EmailConfirmation = "confirmation"     // confirm the address after sign-up
	EmailRecovery     = "recovery"         // reset a forgotten password
	EmailMagicLink    = "magic_link"       // sign in by link
	EmailReauth       = "reauthentication" // a code to confirm a sensitive change
	EmailApproval     = "approval"         // the account was approved
	EmailNewLead      = "new_lead"         // to the company: a visitor asked for a call
)

// Email is one rendered message, ready for the outbox.
type Email struct {
	Kind    string
	To      string
	Subject string
	Text    string
	HTML    string
}

// EmailData is what a template may use.
type EmailData struct {
	// FullName greets the recipient when known.
	FullName string
	// ActionURL is the link the message asks the recipient to follow.
	ActionURL string
	// Code is a one-time code to type instead of following the link.
	Code string
	// Details are labelled values listed in the message (a lead's answers).
	Details []EmailDetail
}

// EmailDetail is one labelled value of a message.
type EmailDetail struct {
	Label string
	Value string
}

// EmailRenderer turns a kind of message and its data into an Email branded with the site
// configuration. Returns an error for an unknown kind.
type EmailRenderer interface {
	Render(kind, to string, data EmailData) (*Email, error)
}

// MailLog lists the newest outbox messages, for staff to read (without an SMTP server
// configured, messages are kept rather than sent).
type MailLog interface {
	ListMail(ctx context.Context, limit int) ([]OutboxMail, error)
}
