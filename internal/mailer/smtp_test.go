package mailer

import (
	"context"
	"errors"
	"html"
	"net/mail"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
	gomail "github.com/wneessen/go-mail"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

func TestNewSMTPSender_ParsesURL(t *testing.T) {
	t.Parallel()
	cases := []struct {
		url, from   string
		host        string
		port        int
		implicitTLS bool
		policy      gomail.TLSPolicy
		user, pass  string
		fromAddr    string
		timeout     time.Duration
	}{
		{url: "smtp://mail.example.com", from: "hello@growthdesk.io",
			host: "mail.example.com", port: 587, policy: gomail.TLSOpportunistic, fromAddr: "hello@growthdesk.io", timeout: 15 * time.Second},
		{url: "smtp://apikey:s%40cret%2F1@mail.example.com:2525?tls=required&timeout=45s", from: `"Growthdesk" <hello@growthdesk.io>`,
			host: "mail.example.com", port: 2525, policy: gomail.TLSMandatory, user: "apikey", pass: "s@cret/1", fromAddr: "hello@growthdesk.io", timeout: 45 * time.Second},
		{url: "smtp://relay.internal:25?tls=none", from: "hello@growthdesk.io",
			host: "relay.internal", port: 25, policy: gomail.NoTLS, fromAddr: "hello@growthdesk.io", timeout: 15 * time.Second},
		{url: "smtps://u:pw-implicit@smtp.example.com", from: "hello@growthdesk.io",
			host: "smtp.example.com", port: 465, implicitTLS: true, user: "u", pass: "pw-implicit", fromAddr: "hello@growthdesk.io", timeout: 15 * time.Second},
		{url: "smtp://mail.example.com?from=Support%20%3Csupport%40example.com%3E", from: "hello@growthdesk.io",
			host: "mail.example.com", port: 587, policy: gomail.TLSOpportunistic, fromAddr: "support@example.com", timeout: 15 * time.Second},
	}
	for _, tc := range cases {
		s, err := NewSMTPSender(tc.url, tc.from)
		if err != nil {
			t.Errorf("%s: %v", tc.url, err)
			continue
		}
		if s.host != tc.host || s.port != tc.port || s.implicitTLS != tc.implicitTLS || (!tc.implicitTLS && s.policy != tc.policy) ||
			s.username != tc.user || s.password != tc.pass || s.from.Address != tc.fromAddr || s.timeout != tc.timeout {
			t.Errorf("%s: parsed %+v", tc.url, s)
		}
		if tc.pass != "" && strings.Contains(s.String(), tc.pass) {
			t.Errorf("%s: String() shows the password: %s", tc.url, s)
		}
	}
}

func TestNewSMTPSender_RejectsBadURLs(t *testing.T) {
	t.Parallel()
	for _, raw := range []string{
		"http://mail.example.com",
		"mail.example.com:25",
		"smtp://",
		"smtp://mail.example.com:0",
		"smtp://mail.example.com:smtp",
		"smtp://mail.example.com/path",
		"smtp://mail.example.com?tls=maybe",
		"smtp://mail.example.com?tsl=none",
		"smtps://mail.example.com?tls=none",
		"smtp://mail.example.com?timeout=soon",
		"smtp://mail.example.com?from=not-an-address",
	} {
		if _, err := NewSMTPSender(raw, "hello@growthdesk.io"); err == nil {
			t.Errorf("%s: accepted", raw)
		}
	}
	if _, err := NewSMTPSender("smtp://mail.example.com", ""); err == nil {
		t.Error("accepted an empty From")
	}
	_, err := NewSMTPSender("smtp://user:topsecret@mail.example.com?tls=bad", "hello@growthdesk.io")
	if err == nil || strings.Contains(err.Error(), "topsecret") {
		t.Errorf("error %v shows the password", err)
	}
}

func renderConfirmation(t *testing.T, to string) *growthdesk.Email {
	t.Helper()
	m, err := testRenderer(t).Render(growthdesk.EmailConfirmation, to, growthdesk.EmailData{FullName: "Dana Whitfield", ActionURL: testLink, Code: "123456"})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestSMTPSender_DeliversTextAndHTMLAlternatives(t *testing.T) {
	t.Parallel()
	srv := startSMTPServer(t, serverConfig{})
	sender, err := NewSMTPSender(srv.url("smtp", "", "tls=none"), SiteFrom(testSite()))
	if err != nil {
		t.Fatal(err)
	}
	if err := sender.Send(context.Background(), renderConfirmation(t, "dana@example.com")); err != nil {
		t.Fatal(err)
	}

	msgs := srv.Messages()
	if len(msgs) != 1 {
		t.Fatalf("server got %d messages, want 1", len(msgs))
	}
	got := msgs[0]
	if got.From != "hello@growthdesk.io" || len(got.To) != 1 || got.To[0] != "dana@example.com" {
		t.Fatalf("envelope from %q to %v", got.From, got.To)
	}
	p := parseMessage(t, got.Data)
	from, err := mail.ParseAddress(p.Header.Get("From"))
	if err != nil || from.Name != "Growthdesk" || from.Address != "hello@growthdesk.io" {
		t.Errorf("From = %q (%v)", p.Header.Get("From"), err)
	}
	if to := p.Header.Get("To"); !strings.Contains(to, "dana@example.com") {
		t.Errorf("To = %q", to)
	}
	if p.Subject != "Confirm your email for Growthdesk" {
		t.Errorf("Subject = %q", p.Subject)
	}
	if id := p.Header.Get("Message-Id"); !strings.HasSuffix(id, "@growthdesk.io>") {
		t.Errorf("Message-ID = %q, want one in the site's domain", id)
	}
	if _, err := p.Header.Date(); err != nil {
		t.Errorf("Date: %v", err)
	}
	if p.Header.Get("Auto-Submitted") != "auto-generated" {
		t.Errorf("Auto-Submitted = %q", p.Header.Get("Auto-Submitted"))
	}
	if p.Header.Get("User-Agent") != "" || p.Header.Get("X-Mailer") != "" {
		t.Errorf("the message names its mailer: %q %q", p.Header.Get("User-Agent"), p.Header.Get("X-Mailer"))
	}
	if p.MediaType != "multipart/alternative" || strings.Join(p.Order, ",") != "text/plain,text/html" {
		t.Fatalf("structure %s %v, want multipart/alternative of text then HTML", p.MediaType, p.Order)
	}
	text, htmlBody := p.Parts["text/plain"], p.Parts["text/html"]
	if p.Header.Get("List-Unsubscribe") != "" {
		t.Errorf("a sign-up confirmation has List-Unsubscribe %q", p.Header.Get("List-Unsubscribe"))
	}
	for _, want := range []string{testLink, "Hi Dana Whitfield,"} {
		if !strings.Contains(text, want) {
			t.Errorf("text part lacks %q:\n%s", want, text)
		}
	}
	for _, want := range []string{`href="` + html.EscapeString(testLink) + `"`, `role="presentation"`} {
		if !strings.Contains(htmlBody, want) {
			t.Errorf("HTML part lacks %q", want)
		}
	}
}

func TestSMTPSender_SetsListUnsubscribe(t *testing.T) {
	t.Parallel()
	srv := startSMTPServer(t, serverConfig{})
	sender, err := NewSMTPSender(srv.url("smtp", "", "tls=none"), SiteFrom(testSite()))
	if err != nil {
		t.Fatal(err)
	}
	unsubscribe := "https://growthdesk.example/newsletter/unsubscribe?token=v1.abc"
	m, err := testRenderer(t).Render(growthdesk.EmailNewsletterConfirm, "dana@example.com",
		growthdesk.EmailData{ActionURL: "https://growthdesk.example/newsletter/confirm?token=v1.def", UnsubscribeURL: unsubscribe})
	if err != nil {
		t.Fatal(err)
	}
	if err := sender.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	msgs := srv.Messages()
	if len(msgs) != 1 {
		t.Fatalf("server got %d messages", len(msgs))
	}
	if got := parseMessage(t, msgs[0].Data).Header.Get("List-Unsubscribe"); got != "<"+unsubscribe+">" {
		t.Fatalf("List-Unsubscribe = %q, want <%s>", got, unsubscribe)
	}
}

func TestSMTPSender_STARTTLSWithLogin(t *testing.T) {
	t.Parallel()
	srv := startSMTPServer(t, serverConfig{TLS: "starttls", Users: map[string]string{"mailer": "p@ss word"}})
	sender, err := NewSMTPSender(srv.url("smtp", "mailer:p%40ss%20word", ""), "hello@growthdesk.io")
	if err != nil {
		t.Fatal(err)
	}
	sender.rootCAs = srv.RootCAs
	if err := sender.Send(context.Background(), renderConfirmation(t, "dana@example.com")); err != nil {
		t.Fatal(err)
	}
	msgs := srv.Messages()
	if len(msgs) != 1 || !msgs[0].TLS || msgs[0].User != "mailer" {
		t.Fatalf("got %+v, want one message over TLS from user mailer", msgs)
	}
}

func TestSMTPSender_ImplicitTLS(t *testing.T) {
	t.Parallel()
	srv := startSMTPServer(t, serverConfig{TLS: "implicit", Users: map[string]string{"mailer": "secret"}})
	sender, err := NewSMTPSender(srv.url("smtps", "mailer:secret", ""), "hello@growthdesk.io")
	if err != nil {
		t.Fatal(err)
	}
	sender.rootCAs = srv.RootCAs
	if err := sender.Send(context.Background(), renderConfirmation(t, "dana@example.com")); err != nil {
		t.Fatal(err)
	}
	if msgs := srv.Messages(); len(msgs) != 1 || !msgs[0].TLS || msgs[0].User != "mailer" {
		t.Fatalf("got %+v, want one message over TLS from user mailer", msgs)
	}
}

func TestSMTPSender_UntrustedCertificateFails(t *testing.T) {
	t.Parallel()
	srv := startSMTPServer(t, serverConfig{TLS: "starttls"})
	sender, err := NewSMTPSender(srv.url("smtp", "", ""), "hello@growthdesk.io")
	if err != nil {
		t.Fatal(err)
	}
	if err := sender.Send(context.Background(), renderConfirmation(t, "dana@example.com")); err == nil {
		t.Fatal("sent over TLS to a server with an untrusted certificate")
	}
	if len(srv.Messages()) != 0 {
		t.Fatal("message delivered")
	}
}

func TestSMTPSender_TLSRequiredRefusesPlainServer(t *testing.T) {
	t.Parallel()
	srv := startSMTPServer(t, serverConfig{})
	sender, err := NewSMTPSender(srv.url("smtp", "", "tls=required"), "hello@growthdesk.io")
	if err != nil {
		t.Fatal(err)
	}
	err = sender.Send(context.Background(), renderConfirmation(t, "dana@example.com"))
	if err == nil || errors.Is(err, ErrPermanent) {
		t.Fatalf("err = %v, want a temporary error", err)
	}
	if len(srv.Messages()) != 0 {
		t.Fatal("message delivered without TLS")
	}
}

func TestSMTPSender_NeverSendsPasswordInClearUnlessTLSNone(t *testing.T) {
	t.Parallel()
	srv := startSMTPServer(t, serverConfig{Users: map[string]string{"mailer": "secret"}, InsecureAuth: true})
	// Default mode: the server offers no STARTTLS, so PLAIN would expose the password.
	sender, err := NewSMTPSender(srv.url("smtp", "mailer:secret", ""), "hello@growthdesk.io")
	if err != nil {
		t.Fatal(err)
	}
	if err := sender.Send(context.Background(), renderConfirmation(t, "dana@example.com")); err == nil {
		t.Fatal("sent after authenticating in the clear")
	}
	if n := srv.AuthCalls(); n != 0 {
		t.Fatalf("the sender tried AUTH %d times over plaintext", n)
	}
	// tls=none is the operator saying the relay is trusted: then PLAIN is allowed.
	sender, err = NewSMTPSender(srv.url("smtp", "mailer:secret", "tls=none"), "hello@growthdesk.io")
	if err != nil {
		t.Fatal(err)
	}
	if err := sender.Send(context.Background(), renderConfirmation(t, "dana@example.com")); err != nil {
		t.Fatal(err)
	}
	if msgs := srv.Messages(); len(msgs) != 1 || msgs[0].User != "mailer" {
		t.Fatalf("got %+v", msgs)
	}
}

func TestSMTPSender_WrongPasswordIsTemporary(t *testing.T) {
	t.Parallel()
	srv := startSMTPServer(t, serverConfig{TLS: "starttls", Users: map[string]string{"mailer": "secret"}})
	sender, err := NewSMTPSender(srv.url("smtp", "mailer:wrong", ""), "hello@growthdesk.io")
	if err != nil {
		t.Fatal(err)
	}
	sender.rootCAs = srv.RootCAs
	err = sender.Send(context.Background(), renderConfirmation(t, "dana@example.com"))
	// An operator can fix the password; until the retries run out the mail must wait.
	if err == nil || errors.Is(err, ErrPermanent) {
		t.Fatalf("err = %v, want a temporary error", err)
	}
}

func TestSMTPSender_ClassifiesRecipientRejections(t *testing.T) {
	t.Parallel()
	srv := startSMTPServer(t, serverConfig{})
	sender, err := NewSMTPSender(srv.url("smtp", "", "tls=none"), "hello@growthdesk.io")
	if err != nil {
		t.Fatal(err)
	}
	srv.RejectRecipients(&smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 7, 1}, Message: "Greylisted, try again later"})
	err = sender.Send(context.Background(), renderConfirmation(t, "dana@example.com"))
	if err == nil || errors.Is(err, ErrPermanent) || !strings.Contains(err.Error(), "451") {
		t.Fatalf("451: err = %v, want a temporary error quoting the reply", err)
	}
	srv.RejectRecipients(&smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "No such user"})
	err = sender.Send(context.Background(), renderConfirmation(t, "dana@example.com"))
	if !errors.Is(err, ErrPermanent) || !strings.Contains(err.Error(), "550") {
		t.Fatalf("550: err = %v, want a permanent error quoting the reply", err)
	}
}
