package growthdesk

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"
)

// SubscribeInput is what a newsletter box sends.
type SubscribeInput struct {
	Email  string `json:"email"`
	Source string `json:"source"`
}

// Normalize trims the input and lower-cases the address, so an address is stored once.
func (in *SubscribeInput) Normalize() {
	in.Email = NormalizeEmail(in.Email)
	in.Source = strings.TrimSpace(in.Source)
}

// Validate returns an EInvalid error listing every problem, or nil.
func (in SubscribeInput) Validate() error {
	c := fieldCheck{}
	if c.required("email", in.Email, "Please enter your email address.") && !ValidEmail(in.Email) {
		c.add("email", "Enter a valid email address.")
	}
	c.maxLen("source", in.Source, NewsletterSrcMax, fmt.Sprintf("Source must be at most %d characters.", NewsletterSrcMax))
	return c.err()
}

// SubscriberStatus is the state of a newsletter address. It is an alias so that Go code keeps
// using plain strings while the generated TypeScript gets the union of the states.
type SubscriberStatus = string

// Subscriber states. An address is pending until its owner follows the confirmation link
// (double opt-in), then confirmed until they unsubscribe.
const (
	SubscriberPending      SubscriberStatus = "pending"
	SubscriberConfirmed    SubscriberStatus = "confirmed"
	SubscriberUnsubscribed SubscriberStatus = "unsubscribed"
)

// Lifetimes of the newsletter's links and how often a pending address is mailed again.
const (
	NewsletterConfirmTTL     = 7 * 24 * time.Hour
	NewsletterUnsubscribeTTL = 365 * 24 * time.Hour
	// NewsletterResendAfter keeps a form submitted again and again from flooding an inbox
	// with confirmation e-mails: a pending address gets at most one per period.
	NewsletterResendAfter = 10 * time.Minute
)

// Subscriber is one address on the newsletter list.
type Subscriber struct {
	Email              string     `json:"email"`
	Source             string     `json:"source"`
	Status             string     `json:"status"`
	CreatedAt          time.Time  `json:"created_at"`
	ConfirmationSentAt *time.Time `json:"confirmation_sent_at"`
	ConfirmedAt        *time.Time `json:"confirmed_at"`
	UnsubscribedAt     *time.Time `json:"unsubscribed_at"`
}

// ConfirmationDue reports whether a sign-up of an address now should mail a confirmation
// link: always for a new or unsubscribed address, never for a confirmed one, and for a
// pending one once NewsletterResendAfter has passed since the last.
func ConfirmationDue(existing *Subscriber, now time.Time) bool {
	switch {
	case existing == nil || existing.Status == SubscriberUnsubscribed:
		return true
	case existing.Status == SubscriberConfirmed:
		return false
	}
	return existing.ConfirmationSentAt == nil || !now.Before(existing.ConfirmationSentAt.Add(NewsletterResendAfter))
}

// NewsletterStore keeps the subscribers.
type NewsletterStore interface {
	// Subscribe stores in (already validated) in one transaction: a new address as pending;
	// for a known one it applies ConfirmationDue. When a confirmation is due it marks the
	// address pending, records the time and enqueues the message confirm renders. created is
	// true when the address was new.
	Subscribe(ctx context.Context, in SubscribeInput, confirm func(*Subscriber) (*Email, error)) (sub *Subscriber, created bool, err error)
	// Confirm makes a pending address confirmed; a confirmed one stays as it is. Returns
	// ENotFound for an unknown address and EConflict for an unsubscribed one.
	Confirm(ctx context.Context, email string) (*Subscriber, error)
	// Unsubscribe marks the address unsubscribed (once). Returns ENotFound for an unknown one.
	Unsubscribe(ctx context.Context, email string) (*Subscriber, error)
	// ListSubscribers returns the newest subscribers first, at most limit of them.
	ListSubscribers(ctx context.Context, limit int) ([]*Subscriber, error)
}

// SubscribeResult is the answer to a newsletter sign-up.
type SubscribeResult struct {
	// Status is "confirmation_sent" when the address waits for its owner's confirmation
	// (a link is on its way, or was sent a few minutes ago), "already_subscribed" when it
	// is confirmed.
	Status SubscribeStatus `json:"status"`
	// Created is true when the address was new.
	Created bool `json:"-"`
}

// SubscribeStatus is the answer to a newsletter sign-up (an alias, for the TypeScript union).
type SubscribeStatus = string

// Answers of the newsletter's sign-up.
const (
	SubscribeConfirmationSent  SubscribeStatus = "confirmation_sent"
	SubscribeAlreadySubscribed SubscribeStatus = "already_subscribed"
)

// LinkInput is the body of the newsletter's link endpoints (confirm, unsubscribe): the
// signed token of the e-mailed link, which the page the link opens posts.
type LinkInput struct {
	Token string `json:"token"`
}

// LinkResult is the answer to following a confirm or unsubscribe link: the address and its
// state now ("confirmed" or "unsubscribed").
type LinkResult struct {
	Email  string           `json:"email"`
	Status SubscriberStatus `json:"status"`
}

// Newsletter runs the newsletter list with double opt-in: a sign-up mails a confirmation
// link and an unsubscribe link, both signed and expiring, so that nobody can put someone
// else's address on the list and everyone can leave it without an account.
type Newsletter struct {
	Store  NewsletterStore
	Mail   EmailRenderer
	Tokens *LinkTokens
	// SiteURL is the base of the links, e.g. https://www.example.com.
	SiteURL string
}

// ConfirmURL and UnsubscribeURL are the public pages the links open. They show a button that
// posts the token: mail scanners follow links, but they do not press buttons.
func (n *Newsletter) ConfirmURL(token string) string {
	return strings.TrimRight(n.SiteURL, "/") + "/newsletter/confirm?token=" + url.QueryEscape(token)
}

// UnsubscribeURL is the page that ends a subscription; see ConfirmURL.
func (n *Newsletter) UnsubscribeURL(token string) string {
	return strings.TrimRight(n.SiteURL, "/") + "/newsletter/unsubscribe?token=" + url.QueryEscape(token)
}

// Subscribe validates in and stores the address as pending with its confirmation e-mail
// (an address already confirmed stays confirmed, and gets no e-mail). Anyone may call it;
// the route is rate-limited. Returns EInvalid for bad input.
func (n *Newsletter) Subscribe(ctx context.Context, in SubscribeInput) (*SubscribeResult, error) {
	in.Normalize()
	if err := in.Validate(); err != nil {
		return nil, err
	}
	sub, created, err := n.Store.Subscribe(ctx, in, n.confirmationMail)
	if err != nil {
		return nil, err
	}
	res := &SubscribeResult{Status: SubscribeConfirmationSent, Created: created}
	if sub.Status == SubscriberConfirmed {
		res.Status = SubscribeAlreadySubscribed
	}
	return res, nil
}

// UnsubscribeLink returns a signed unsubscribe URL for email, for every message sent to
// the list.
func (n *Newsletter) UnsubscribeLink(email string) string {
	return n.UnsubscribeURL(n.Tokens.Sign(PurposeNewsletterUnsubscribe, email, NewsletterUnsubscribeTTL))
}

func (n *Newsletter) confirmationMail(sub *Subscriber) (*Email, error) {
	confirm := n.ConfirmURL(n.Tokens.Sign(PurposeNewsletterConfirm, sub.Email, NewsletterConfirmTTL))
	unsubscribe := n.UnsubscribeLink(sub.Email)
	return n.Mail.Render(EmailNewsletterConfirm, sub.Email, EmailData{ActionURL: confirm, UnsubscribeURL: unsubscribe})
}

// Confirm checks a confirm link's token and confirms its address. Confirming twice is fine;
// an address that unsubscribed since the link was sent is not put back on the list (its
// owner subscribes again for that). Returns ErrLinkInvalid or ErrLinkExpired for a bad token.
func (n *Newsletter) Confirm(ctx context.Context, token string) (*LinkResult, error) {
	email, err := n.Tokens.Verify(strings.TrimSpace(token), PurposeNewsletterConfirm)
	if err != nil {
		return nil, err
	}
	sub, err := n.Store.Confirm(ctx, email)
	switch ErrorCode(err) {
	case "":
		return &LinkResult{Email: sub.Email, Status: sub.Status}, nil
	case ENotFound:
		return nil, ErrLinkInvalid
	case EConflict:
		return nil, linkError("You unsubscribed after this link was sent. To receive the newsletter again, please subscribe again.")
	}
	return nil, err
}

// Unsubscribe checks an unsubscribe link's token and takes its address off the list. It is
// idempotent: unsubscribing again, or an address no longer stored, answers unsubscribed.
// Returns ErrLinkInvalid or ErrLinkExpired for a bad token.
func (n *Newsletter) Unsubscribe(ctx context.Context, token string) (*LinkResult, error) {
	email, err := n.Tokens.Verify(strings.TrimSpace(token), PurposeNewsletterUnsubscribe)
	if err != nil {
		return nil, err
	}
	if _, err := n.Store.Unsubscribe(ctx, email); err != nil && ErrorCode(err) != ENotFound {
		return nil, err
	}
	return &LinkResult{Email: email, Status: SubscriberUnsubscribed}, nil
}

// List returns the newest subscribers with their status, for staff and the console.
func (n *Newsletter) List(ctx context.Context, c *Caller, limit int) ([]*Subscriber, error) {
	if err := CanListSubscribers(c); err != nil {
		return nil, err
	}
	return n.Store.ListSubscribers(ctx, listLimit(limit))
}
