package growthdesk

import (
	"regexp"
)

// Kinds of e-mail the product sends.
const (
	EmailConfirmation = "confirmation"     // confirm the address after sign-up
	EmailRecovery     = "recovery"         // reset a forgotten password
	EmailMagicLink    = "magic_link"       // sign in by link
	EmailReauth       = "reauthentication" // a code to confirm a sensitive change
	EmailApproval     = "approval"         // the account was approved
	EmailNewLead      = "new_lead"         // to the company: a visitor asked for a call
	// EmailNewsletterConfirm asks a newsletter sign-up to confirm the address (double opt-in).
	EmailNewsletterConfirm = "newsletter_confirmation"
	// EmailForumReply tells a topic's author that someone replied.
	EmailForumReply = "forum_reply"
	// EmailRecoveryCodeUsed tells an account that one of its two-factor recovery codes signed
	// someone in, so that a stolen code does not go unnoticed.
	EmailRecoveryCodeUsed = "recovery_code_used"
)

// Email is one rendered message, ready for the outbox.
type Email struct {
	Kind    string
	To      string
	Subject string
	Text    string
	HTML    string
	// ListUnsubscribe is the URL of the List-Unsubscribe header (RFC 2369), for messages
	// sent to a mailing list; empty for the rest.
	ListUnsubscribe string
	// Attachments are files sent with the message, such as a meeting's .ics invitation.
	Attachments []EmailAttachment
}

// EmailAttachment is one file attached to a message.
type EmailAttachment struct {
	Filename string `json:"filename"`
	// ContentType is the full media type with its parameters (text/calendar; method=REQUEST).
	ContentType string `json:"content_type"`
	Content     []byte `json:"content"`
}

// EmailData is what a template may use.
type EmailData struct {
	// FullName greets the recipient when known.
	FullName string
	// ActionURL is the link the message asks the recipient to follow.
	ActionURL string
	// UnsubscribeURL, for messages of a mailing list, is the link that leaves the list; it
	// also becomes the message's List-Unsubscribe header.
	UnsubscribeURL string
	// Code is a one-time code to type instead of following the link.
	Code string
	// Title is the topic of a message about one thing (a meeting's title); kinds that need
	// it put it in the subject.
	Title string
	// Details are labeled values listed in the message (a lead's answers).
	Details []EmailDetail
}

// EmailDetail is one labeled value of a message.
type EmailDetail struct {
	Label string
	Value string
}

// EmailRenderer turns a kind of message and its data into an Email branded with the site
// configuration. Returns an error for an unknown kind.
type EmailRenderer interface {
	Render(kind, to string, data EmailData) (*Email, error)
}

var (
	secretLink  = regexp.MustCompile(`(?i)\b(?:https?://|www\.)[^\s<>"']+`)
	secretCode  = regexp.MustCompile(`\b\d{6,10}\b|\b\d{3} \d{3}\b`)
	secretToken = regexp.MustCompile(`\b[A-Za-z0-9_\-.~+/=]{20,}`)
)

// RedactSecrets removes from a message's text everything that could let its reader act as
// the recipient: every link (sign-in, confirmation and reset links carry tokens), every
// one-time code (six to ten digits, or two groups of three) and every long token-like string. Staff
// see e-mail through this; only the recipient's mailbox receives the full text.
func RedactSecrets(s string) string {
	s = secretLink.ReplaceAllString(s, "[link removed]")
	s = secretToken.ReplaceAllString(s, "[token removed]")
	return secretCode.ReplaceAllString(s, "[code removed]")
}
