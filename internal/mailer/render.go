package mailer

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	htmltemplate "html/template"
	"net/mail"
	"net/url"
	"regexp"
	"strings"
	texttemplate "text/template"
	"time"
	"unicode"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/site"
)

// The templates are embedded so the binary needs no files beside it. Each kind has an .html
// and a .txt file defining "label" (the call to action) and "body"; layout.* adds the branded
// frame, header and footer around it.
//
//go:embed templates/*.html templates/*.txt
var templateFS embed.FS

// kindSpec is what differs between kinds besides their templates.
type kindSpec struct {
	// subject is a format taking the site name.
	subject string
	// preheader is the preview line inbox lists show after the subject.
	preheader string
	// needsCode is true when the message is useless without a one-time code; otherwise it
	// needs a link or a code (approval gets a default link).
	needsCode bool
	// informational messages carry details for the company and need neither link nor code.
	informational bool
	// noCode drops a one-time code from the message: no page of the site lets anyone type
	// the code of a sign-up confirmation, a password reset or a sign-in link, so those
	// messages offer the link alone (and the auth service issues no code for them).
	noCode bool
	// titled kinds are about one thing named by EmailData.Title: their subject is a format
	// taking that title instead of the site name, and the title is required.
	titled bool
	// list marks messages about a mailing list: they need an unsubscribe link, shown in the
	// message and sent as the List-Unsubscribe header.
	list bool
}

var kinds = map[string]kindSpec{
	growthdesk.EmailConfirmation:   {subject: "Confirm your email for %s", preheader: "One click to confirm your email address.", noCode: true},
	growthdesk.EmailRecovery:       {subject: "Reset your %s password", preheader: "Follow the link to choose a new password.", noCode: true},
	growthdesk.EmailMagicLink:      {subject: "Your %s sign-in link", preheader: "Sign in with one click, no password needed.", noCode: true},
	growthdesk.EmailReauth:         {subject: "Your %s verification code", preheader: "Your one-time code to confirm a change to your account.", needsCode: true},
	growthdesk.EmailApproval:       {subject: "Your %s account is approved", preheader: "You can now sign in to the customer portal."},
	growthdesk.EmailNewLead:        {subject: "New discovery call request on %s", preheader: "A visitor asked for a free strategy call.", informational: true},
	growthdesk.EmailTicketCreated:  {subject: "New support ticket on %s", preheader: "A customer opened a support ticket."},
	growthdesk.EmailTicketReply:    {subject: "A customer replied to a support ticket on %s", preheader: "A customer answered in a support ticket."},
	growthdesk.EmailTicketResponse: {subject: "New reply to your %s support ticket", preheader: "Our support team answered your ticket."},
	growthdesk.EmailTicketStatus:   {subject: "Your %s support ticket was updated", preheader: "The status of your support ticket changed."},
	growthdesk.EmailPaymentFailed:  {subject: "Your %s payment did not go through", preheader: "Update your payment method to keep your subscription active."},
	growthdesk.EmailNewsletterConfirm: {subject: "Confirm your subscription to the %s newsletter",
		preheader: "One click to start receiving our articles.", noCode: true, list: true},
	growthdesk.EmailForumReply: {subject: "New reply to your topic on %s", preheader: "Someone answered you in the community forum.", noCode: true},
	growthdesk.EmailMeetingInvitation: {subject: "Invitation: %s", preheader: "A meeting has been scheduled for you. The calendar invitation is attached.",
		informational: true, titled: true},
	growthdesk.EmailMeetingUpdate: {subject: "Updated invitation: %s", preheader: "A meeting you are invited to has changed. The updated invitation is attached.",
		informational: true, titled: true},
	growthdesk.EmailMeetingCancelled: {subject: "Cancelled: %s", preheader: "A meeting you were invited to has been cancelled.",
		informational: true, titled: true},
	growthdesk.EmailMeetingCustomerCancelled: {subject: "A customer cancelled: %s", preheader: "A customer cancelled a scheduled meeting in the portal.",
		informational: true, titled: true},
	growthdesk.EmailReportReady: {subject: "Your %s report is ready", preheader: "A scheduled report is ready to download in the portal."},
	growthdesk.EmailRecoveryCodeUsed: {subject: "A recovery code was used to sign in to %s",
		preheader: "If this was not you, change your password and make new recovery codes."},
}

// Renderer renders every kind of e-mail branded with the site configuration. It implements
// growthdesk.EmailRenderer, so services render inside the request and only a finished
// message reaches the outbox. The templates are parsed once, in NewRenderer, so a broken
// template stops the program at start rather than when a user asks for a password reset.
type Renderer struct {
	site      site.Config
	siteURL   string
	phoneHref htmltemplate.URL
	// now dates each message: its copyright line shows the year it is rendered in.
	now  func() time.Time
	html map[string]*htmltemplate.Template
	text map[string]*texttemplate.Template
}

var _ growthdesk.EmailRenderer = (*Renderer)(nil)

// NewRenderer parses the templates for the site described by cfg, served at siteURL (an
// absolute http or https URL; links such as the portal's sign-in page are made from it).
func NewRenderer(cfg site.Config, siteURL string) (*Renderer, error) {
	if cfg.Name == "" || cfg.Email == "" {
		return nil, errors.New("mail renderer: the site configuration needs a name and an email")
	}
	if _, err := mail.ParseAddress(cfg.Email); err != nil {
		return nil, fmt.Errorf("mail renderer: site email %q: %w", cfg.Email, err)
	}
	if err := checkWebURL(siteURL); err != nil {
		return nil, fmt.Errorf("mail renderer: site URL: %w", err)
	}
	r := &Renderer{
		site:    cfg,
		siteURL: strings.TrimRight(siteURL, "/"),
		now:     time.Now,
		html:    make(map[string]*htmltemplate.Template, len(kinds)),
		text:    make(map[string]*texttemplate.Template, len(kinds)),
	}
	if digits := phoneDigits(cfg.Phone); digits != "" {
		// html/template refuses tel: URLs from data; this one is built from digits only.
		r.phoneHref = htmltemplate.URL("tel:" + digits)
	}
	for kind := range kinds {
		h, err := htmltemplate.New(kind).ParseFS(templateFS, "templates/layout.html", "templates/"+kind+".html")
		if err != nil {
			return nil, fmt.Errorf("mail renderer: %s html: %w", kind, err)
		}
		t, err := texttemplate.New(kind).ParseFS(templateFS, "templates/layout.txt", "templates/"+kind+".txt")
		if err != nil {
			return nil, fmt.Errorf("mail renderer: %s text: %w", kind, err)
		}
		r.html[kind], r.text[kind] = h, t
	}
	return r, nil
}

// view is what the templates see.
type view struct {
	Site      site.Config
	SiteURL   string
	PhoneHref htmltemplate.URL
	Year      int
	Copyright string
	Subject   string
	Preheader string
	To        string
	FullName  string
	ActionURL string
	// UnsubscribeURL leaves the mailing list a message is about.
	UnsubscribeURL string
	Code           string
	Details        []growthdesk.EmailDetail
}

// Render returns the message of the given kind for to. It fails for an unknown kind, an
// invalid recipient, a link that is not an absolute http(s) URL, or when the kind's link or
// code is missing: each of those is a bug in the caller, better caught than mailed.
// The approval message links to the portal's sign-in page unless data.ActionURL says otherwise.
func (r *Renderer) Render(kind, to string, data growthdesk.EmailData) (*growthdesk.Email, error) {
	spec, ok := kinds[kind]
	if !ok {
		return nil, fmt.Errorf("render mail: unknown kind %q", kind)
	}
	to = strings.TrimSpace(to)
	if addr, err := mail.ParseAddress(to); err != nil || addr.Address != to {
		return nil, fmt.Errorf("render %s mail: recipient %q is not a plain email address", kind, to)
	}
	if kind == growthdesk.EmailApproval && data.ActionURL == "" {
		data.ActionURL = r.siteURL + "/portal/login"
	}
	if data.ActionURL != "" {
		if err := checkWebURL(data.ActionURL); err != nil {
			return nil, fmt.Errorf("render %s mail: action URL: %w", kind, err)
		}
	}
	if spec.list {
		if data.UnsubscribeURL == "" {
			return nil, fmt.Errorf("render %s mail: an unsubscribe link is required", kind)
		}
		if err := checkWebURL(data.UnsubscribeURL); err != nil {
			return nil, fmt.Errorf("render %s mail: unsubscribe URL: %w", kind, err)
		}
	} else {
		data.UnsubscribeURL = ""
	}
	data.Code = strings.TrimSpace(data.Code)
	if spec.noCode {
		data.Code = ""
	}
	switch {
	case spec.needsCode && data.Code == "":
		return nil, fmt.Errorf("render %s mail: a code is required", kind)
	case data.ActionURL == "" && data.Code == "" && !spec.informational:
		return nil, fmt.Errorf("render %s mail: a link or a code is required", kind)
	case spec.titled && cleanName(data.Title) == "":
		return nil, fmt.Errorf("render %s mail: a title is required", kind)
	}
	subject := fmt.Sprintf(spec.subject, r.site.Name)
	if spec.titled {
		subject = fmt.Sprintf(spec.subject, cleanName(data.Title))
	}
	v := view{
		Site:      r.site,
		SiteURL:   r.siteURL,
		PhoneHref: r.phoneHref,
		Year:      r.now().Year(),
		Copyright: r.site.LegalName,
		Subject:   subject,
		Preheader: spec.preheader,
		To:        to,
		FullName:  cleanName(data.FullName),
		ActionURL: data.ActionURL,
		Code:      data.Code,
		Details:   data.Details,

		UnsubscribeURL: data.UnsubscribeURL,
	}
	if v.Copyright == "" {
		v.Copyright = r.site.Name
	}
	var html, text bytes.Buffer
	if err := r.html[kind].ExecuteTemplate(&html, "layout", v); err != nil {
		return nil, fmt.Errorf("render %s mail html: %w", kind, err)
	}
	if err := r.text[kind].ExecuteTemplate(&text, "layout", v); err != nil {
		return nil, fmt.Errorf("render %s mail text: %w", kind, err)
	}
	return &growthdesk.Email{
		Kind:    kind,
		To:      to,
		Subject: v.Subject,
		Text:    tidyText(text.String()),
		HTML:    html.String(),

		ListUnsubscribe: data.UnsubscribeURL,
	}, nil
}

// checkWebURL accepts absolute http and https URLs only: anything else in a mailed link is
// either a mistake or an attack, and html/template would silently replace it anyway. The URL
// must be written as a URI is (no space, control character, quote or angle bracket): it goes
// as it is into the text part and into the List-Unsubscribe header between < and >.
func checkWebURL(raw string) error {
	if strings.ContainsFunc(raw, func(r rune) bool {
		return unicode.IsControl(r) || unicode.IsSpace(r) || strings.ContainsRune("\"<>\\^`{|}", r)
	}) {
		return fmt.Errorf("%q holds characters a URL cannot hold", raw)
	}
	u, err := url.Parse(raw)
	if err != nil {
		return err
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%q is not an absolute http(s) URL", raw)
	}
	return nil
}

// cleanName makes a user-supplied name safe for a one-line greeting in the text part:
// control characters (a newline could forge lines of the message) become spaces.
func cleanName(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

func phoneDigits(phone string) string {
	var b strings.Builder
	for i, r := range strings.TrimSpace(phone) {
		if (r >= '0' && r <= '9') || (r == '+' && i == 0) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

var (
	trailingSpace = regexp.MustCompile(`[ \t]+\n`)
	blankLines    = regexp.MustCompile(`\n{3,}`)
)

// tidyText removes the blank lines left by optional sections of the text templates.
func tidyText(s string) string {
	s = trailingSpace.ReplaceAllString(s, "\n")
	s = blankLines.ReplaceAllString(s, "\n\n")
	return strings.TrimSpace(s) + "\n"
}

// preferredTimes names the contact form's call windows in messages.
var preferredTimes = map[string]string{
	"morning":   "Morning (9am–12pm ET)",
	"afternoon": "Afternoon (12pm–5pm ET)",
	"evening":   "Evening (5pm–7pm ET)",
	"anytime":   "Any time works",
}

// LeadNotification renders the message that tells the company (at its site e-mail) about a
// new discovery-call request.
func (r *Renderer) LeadNotification(l *growthdesk.Lead) (*growthdesk.Email, error) {
	phone := l.Phone
	if phone == "" {
		phone = "(not given)"
	}
	when := preferredTimes[l.PreferredTime]
	if when == "" {
		when = l.PreferredTime
	}
	return r.Render(growthdesk.EmailNewLead, r.site.Email, growthdesk.EmailData{Details: []growthdesk.EmailDetail{
		{Label: "Name", Value: l.Name},
		{Label: "Email", Value: l.Email},
		{Label: "Company", Value: l.Company},
		{Label: "Phone", Value: phone},
		{Label: "Preferred time", Value: when},
		{Label: "Wants to automate", Value: l.AutomationGoal},
		{Label: "Received", Value: l.CreatedAt.UTC().Format("Jan 2, 2006 15:04 UTC")},
	}})
}
