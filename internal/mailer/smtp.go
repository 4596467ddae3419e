package mailer

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// SMTPSender delivers messages to an SMTP server (a relay such as the provider's
// submission endpoint). It opens one connection per message: Growthdesk sends a handful of
// transactional messages, and a fresh connection never trips over a server that dropped an
// idle one.
//
// The server is described by a URL:
//
//	smtp://[user[:password]@]host[:port][?options]   port 587 by default; STARTTLS
//	smtps://[user[:password]@]host[:port][?options]  port 465 by default; TLS from the first byte
//
// User and password are percent-encoded like any URL user info (a password containing "@"
// is written "%40"). Options, all optional:
//
//	tls=starttls  (smtp:// default) use STARTTLS when the server offers it. Credentials are
//	              never sent in the clear: without TLS only challenge mechanisms
//	              (CRAM-MD5, SCRAM) are used, and the send fails if the server has none.
//	tls=required  fail unless the server offers STARTTLS and the handshake succeeds.
//	tls=none      never use TLS, and allow PLAIN/LOGIN credentials in the clear; only for a
//	              relay on the same host or a private network.
//	from=ADDRESS  the From address, overriding the one given to NewSMTPSender; it may carry
//	              a display name, percent-encoded: from=Growthdesk%20%3Cno-reply%40example.com%3E
//	helo=NAME     the name announced in EHLO (default: this machine's host name).
//	timeout=30s   how long one connection step may take (a Go duration; default 15s).
type SMTPSender struct {
	host        string
	port        int
	implicitTLS bool
	policy      gomail.TLSPolicy
	username    string
	password    string
	from        *mail.Address
	helo        string
	timeout     time.Duration
	redacted    string
	// rootCAs, when set, replaces the system's trusted roots; tests use it to trust the
	// certificate of the SMTP server they start.
	rootCAs *x509.CertPool
}

var _ Sender = (*SMTPSender)(nil)

// NewSMTPSender returns a sender for the server described by rawURL (see SMTPSender for the
// format), sending from the address from (for example SiteFrom(site) — the site's e-mail),
// unless the URL's from option names another. It checks the URL and the address only; it
// does not connect.
func NewSMTPSender(rawURL, from string) (*SMTPSender, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		// url.Parse's error repeats the URL, password included.
		return nil, errors.New("SMTP URL: not a valid URL")
	}
	s := &SMTPSender{host: u.Hostname(), timeout: gomail.DefaultTimeout, redacted: u.Redacted()}
	switch u.Scheme {
	case "smtp":
		s.port, s.policy = gomail.DefaultPortTLS, gomail.TLSOpportunistic
	case "smtps":
		s.port, s.implicitTLS = gomail.DefaultPortSSL, true
	default:
		return nil, fmt.Errorf("SMTP URL %s: the scheme must be smtp or smtps", s.redacted)
	}
	if s.host == "" {
		return nil, fmt.Errorf("SMTP URL %s: no host", s.redacted)
	}
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return nil, fmt.Errorf("SMTP URL %s: bad port %q", s.redacted, p)
		}
		s.port = n
	}
	if u.Path != "" && u.Path != "/" {
		return nil, fmt.Errorf("SMTP URL %s: unexpected path %q", s.redacted, u.Path)
	}
	if u.User != nil {
		s.username = u.User.Username()
		s.password, _ = u.User.Password()
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		return nil, fmt.Errorf("SMTP URL %s: bad options: %w", s.redacted, err)
	}
	for key, values := range q {
		value := values[len(values)-1]
		switch key {
		case "tls":
			if s.implicitTLS {
				return nil, fmt.Errorf("SMTP URL %s: smtps:// always uses TLS; the tls option is for smtp://", s.redacted)
			}
			switch value {
			case "starttls", "opportunistic":
				s.policy = gomail.TLSOpportunistic
			case "required", "mandatory":
				s.policy = gomail.TLSMandatory
			case "none", "off":
				s.policy = gomail.NoTLS
			default:
				return nil, fmt.Errorf("SMTP URL %s: tls must be starttls, required or none", s.redacted)
			}
		case "from":
			from = value
		case "helo":
			s.helo = value
		case "timeout":
			d, err := time.ParseDuration(value)
			if err != nil || d <= 0 {
				return nil, fmt.Errorf("SMTP URL %s: timeout must be a positive duration such as 30s", s.redacted)
			}
			s.timeout = d
		default:
			return nil, fmt.Errorf("SMTP URL %s: unknown option %q", s.redacted, key)
		}
	}
	if strings.TrimSpace(from) == "" {
		return nil, errors.New("SMTP sender: no From address")
	}
	if s.from, err = mail.ParseAddress(from); err != nil {
		return nil, fmt.Errorf("SMTP sender: From address %q: %w", from, err)
	}
	return s, nil
}

// String describes the server without its password, for logs.
func (s *SMTPSender) String() string { return s.redacted }

// Send delivers m. A 5xx reply to the recipient, or an address that cannot be parsed,
// comes back wrapped in ErrPermanent; everything else (connection trouble, 4xx replies,
// a refused login that an operator may fix) is temporary.
func (s *SMTPSender) Send(ctx context.Context, m *growthdesk.Email) error {
	msg, err := s.message(m)
	if err != nil {
		return permanent(err)
	}
	// go-mail applies its timeout to each step of the dialogue and the context only to the
	// dial; bounding each step by what is left of the context keeps a slow server from
	// holding a message much longer than the worker's send timeout.
	timeout := s.timeout
	if deadline, ok := ctx.Deadline(); ok {
		left := time.Until(deadline)
		if left <= 0 {
			return ctx.Err()
		}
		timeout = min(timeout, left)
	}
	client, err := s.client(timeout)
	if err != nil {
		return err
	}
	if err := client.DialAndSendWithContext(ctx, msg); err != nil {
		var sendErr *gomail.SendError
		if errors.As(err, &sendErr) && sendErr.Reason == gomail.ErrSMTPRcptTo && !sendErr.IsTemp() {
			return permanent(err)
		}
		return fmt.Errorf("smtp %s:%d: %w", s.host, s.port, err)
	}
	return nil
}

// message builds the MIME message: text first and HTML second in multipart/alternative,
// so that clients show the richest part they can.
func (s *SMTPSender) message(m *growthdesk.Email) (*gomail.Msg, error) {
	if m == nil {
		return nil, errors.New("no message")
	}
	// No User-Agent: it would only tell the world which library we use.
	msg := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	msg.FromMailAddress(s.from)
	if err := msg.To(m.To); err != nil {
		return nil, fmt.Errorf("recipient %q: %w", m.To, err)
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	// The Message-ID names our domain rather than this machine's host name.
	msg.SetMessageIDWithValue(messageID(s.from.Address))
	// RFC 3834: tells out-of-office responders not to answer a machine.
	msg.SetGenHeader("Auto-Submitted", "auto-generated")
	// RFC 2369: mail clients show their own unsubscribe button for messages about a list.
	if m.ListUnsubscribe != "" {
		msg.SetGenHeader("List-Unsubscribe", "<"+m.ListUnsubscribe+">")
	}
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	// Attachments (a meeting's invite.ics) make the message multipart/mixed around the
	// alternatives; each keeps its full media type, so a calendar reply's method reaches the
	// mail client.
	for _, a := range m.Attachments {
		if a.Filename == "" || strings.ContainsAny(a.Filename, "\r\n\"/\\") {
			return nil, fmt.Errorf("attachment name %q", a.Filename)
		}
		contentType := a.ContentType
		if contentType == "" {
			contentType = "application/octet-stream"
		}
		if err := msg.AttachReader(a.Filename, bytes.NewReader(a.Content),
			gomail.WithFileContentType(gomail.ContentType(contentType))); err != nil {
			return nil, fmt.Errorf("attachment %s: %w", a.Filename, err)
		}
	}
	return msg, nil
}

// client configures a go-mail client for one delivery, each step limited to timeout.
func (s *SMTPSender) client(timeout time.Duration) (*gomail.Client, error) {
	tlsConfig := &tls.Config{ServerName: s.host, MinVersion: tls.VersionTLS12, RootCAs: s.rootCAs}
	opts := []gomail.Option{
		gomail.WithPort(s.port),
		gomail.WithTimeout(timeout),
		gomail.WithTLSConfig(tlsConfig),
	}
	if s.implicitTLS {
		opts = append(opts, gomail.WithSSL())
	} else {
		opts = append(opts, gomail.WithTLSPolicy(s.policy))
	}
	if s.helo != "" {
		opts = append(opts, gomail.WithHELO(s.helo))
	}
	if s.username != "" {
		opts = append(opts, gomail.WithUsername(s.username), gomail.WithPassword(s.password))
		if s.policy == gomail.NoTLS && !s.implicitTLS {
			// The operator chose a plaintext relay: allow PLAIN and LOGIN there, but still
			// prefer a mechanism that does not reveal the password.
			opts = append(opts, gomail.WithOpportunisticSMTPAuth(
				gomail.SMTPAuthSCRAMSHA256, gomail.SMTPAuthSCRAMSHA1, gomail.SMTPAuthCramMD5,
				gomail.SMTPAuthPlainNoEnc, gomail.SMTPAuthLoginNoEnc))
		} else {
			// The strongest mechanism the server offers; PLAIN and LOGIN only over TLS.
			opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover))
		}
	}
	c, err := gomail.NewClient(s.host, opts...)
	if err != nil {
		return nil, fmt.Errorf("smtp client: %w", err)
	}
	return c, nil
}

// messageID returns a unique id in the domain of the from address.
func messageID(from string) string {
	domain := "localhost"
	if at := strings.LastIndexByte(from, '@'); at >= 0 && at < len(from)-1 {
		domain = from[at+1:]
	}
	return rand.Text() + "@" + domain
}
