package mailer

// Fuzz target of the e-mail renderer and the MIME message built from it (docs/fuzzing.md).

import (
	"bytes"
	"io"
	"mime"
	"net/mail"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/growthdesk/growthdesk/internal/fuzzutil"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// messageHeaders are the headers a message has; any other was injected through some text.
var messageHeaders = []string{"Auto-Submitted", "Content-Type", "Date", "From", "List-Unsubscribe", "Message-Id", "Mime-Version", "Subject", "To"}

// FuzzRender checks every kind of message whatever the data: a message that renders has a
// plain recipient, a subject and List-Unsubscribe link of one line, an HTML part without
// markup from the data; and the MIME message sent for it parses back with exactly the
// headers the sender writes, the same recipient, subject and unsubscribe link.
func FuzzRender(f *testing.F) {
	f.Add(uint8(0), "casey@example.com", "Casey Customer", "https://growthdesk.example/auth/v1/verify?token=abc", "", "123456", "", "Name", "Dana")
	f.Add(uint8(5), " casey@example.com ", "Eve\r\nBcc: all@example.com", "https://growthdesk.example/x", "https://growthdesk.example/newsletter/unsubscribe?token=t",
		"", "Review\r\nBcc: all@example.com", "Goal", "line one\nline two")
	f.Add(uint8(9), "Casey <casey@example.com>", "<script>alert(1)</script>", "javascript:alert(1)", "https://x.example/a>b", "  ", "=?utf-8?q?Hi?=", "", "")
	f.Add(uint8(13), "\"a b\"@example.com", "Zoë 東京 🚀", "https://growthdesk.example/a b", "https://growthdesk.example/u\r\nX-Evil: 1", "12 34", strings.Repeat("Long title ", 30), "<b>", "</td>")
	f.Add(uint8(9), "reader@example.com", "", "https://growthdesk.example/newsletter/confirm?token=t", "https://growthdesk.example/u?a=<b> c", "", "", "", "")
	f.Add(uint8(14), "casey@example.com\r\nBcc: all@example.com", "", "", "", "", "Quarterly review", "", "")
	r, err := NewRenderer(testSite(), "https://growthdesk.example/")
	if err != nil {
		f.Fatal(err)
	}
	sender, err := NewSMTPSender("smtp://mail.growthdesk.example:587", "Growthdesk <hello@growthdesk.example>")
	if err != nil {
		f.Fatal(err)
	}
	names := make([]string, 0, len(kinds))
	for k := range kinds {
		names = append(names, k)
	}
	sort.Strings(names)
	f.Fuzz(func(t *testing.T, kindIndex uint8, to, fullName, actionURL, unsubscribeURL, code, title, label, value string) {
		kind := names[int(kindIndex)%len(names)]
		data := growthdesk.EmailData{FullName: fullName, ActionURL: actionURL, UnsubscribeURL: unsubscribeURL, Code: code, Title: title,
			Details: []growthdesk.EmailDetail{{Label: label, Value: value}}}
		m, err := r.Render(kind, to, data)
		if err != nil {
			return
		}
		if addr, err := mail.ParseAddress(m.To); err != nil || addr.Address != m.To || addr.Name != "" {
			t.Fatalf("%s mail to %q: recipient %q", kind, to, m.To)
		}
		if m.Subject == "" || fuzzutil.HasControl(m.Subject) {
			t.Fatalf("%s mail: subject %q", kind, m.Subject)
		}
		if m.ListUnsubscribe != "" && strings.ContainsFunc(m.ListUnsubscribe, func(r rune) bool { return fuzzutil.IsControl(r) || r == '>' || r == ' ' }) {
			t.Fatalf("%s mail: List-Unsubscribe %q", kind, m.ListUnsubscribe)
		}
		if lower := strings.ToLower(m.HTML); strings.Contains(lower, "<script") || strings.Contains(lower, "javascript:") || strings.Contains(m.HTML, "<b>") {
			t.Fatalf("%s mail: markup from the data in the HTML part:\n%s", kind, m.HTML)
		}
		if strings.HasSuffix(m.Text, "\n\n") || !strings.HasSuffix(m.Text, "\n") {
			t.Fatalf("%s mail: text part is not tidy: %q", kind, m.Text)
		}

		msg, err := sender.message(m)
		if err != nil {
			t.Fatalf("%s mail: a rendered message cannot be sent: %v", kind, err)
		}
		var raw bytes.Buffer
		if _, err := msg.WriteTo(&raw); err != nil {
			t.Fatalf("%s mail: write: %v", kind, err)
		}
		parsed, err := mail.ReadMessage(&raw)
		if err != nil {
			t.Fatalf("%s mail does not parse: %v\n%s", kind, err, raw.String())
		}
		for name := range parsed.Header {
			if !slices.Contains(messageHeaders, name) {
				t.Fatalf("%s mail: header %s injected:\n%s", kind, name, raw.String())
			}
		}
		if got, err := parsed.Header.AddressList("To"); err != nil || len(got) != 1 || got[0].Address != m.To {
			t.Fatalf("%s mail: To %v, %v; want %q", kind, got, err, m.To)
		}
		subject, err := new(mime.WordDecoder).DecodeHeader(parsed.Header.Get("Subject"))
		if err != nil || subject != m.Subject {
			t.Fatalf("%s mail: Subject %q (%v) reads back as %q", kind, m.Subject, err, subject)
		}
		if got := parsed.Header.Get("List-Unsubscribe"); (m.ListUnsubscribe == "") != (got == "") || (got != "" && got != "<"+m.ListUnsubscribe+">") {
			t.Fatalf("%s mail: List-Unsubscribe %q for %q", kind, got, m.ListUnsubscribe)
		}
		if _, err := io.Copy(io.Discard, parsed.Body); err != nil {
			t.Fatalf("%s mail: body: %v", kind, err)
		}
	})
}
