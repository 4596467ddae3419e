package mailer

import (
	"bytes"
	"context"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/mail"
	"strings"
	"testing"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// TestSMTPSender_SendsAttachments sends a meeting invitation with its .ics to the real test
// SMTP server and reads it back as a mail client would: multipart/mixed holding the text and
// HTML alternatives and the calendar file with its method.
func TestSMTPSender_SendsAttachments(t *testing.T) {
	t.Parallel()
	srv := startSMTPServer(t, serverConfig{})
	sender, err := NewSMTPSender(srv.url("smtp", "", "tls=none"), SiteFrom(testSite()))
	if err != nil {
		t.Fatal(err)
	}
	m, err := testRenderer(t).Render(growthdesk.EmailMeetingInvitation, "dana@example.com", growthdesk.EmailData{
		FullName: "Dana", Title: "Quarterly review", ActionURL: "https://growthdesk.example/portal/meetings",
		Details: []growthdesk.EmailDetail{{Label: "When", Value: "Tuesday, March 10, 2026, 3:00 PM – 4:00 PM UTC"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if m.Subject != "Invitation: Quarterly review" {
		t.Errorf("subject %q", m.Subject)
	}
	ics := "BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nUID:abc@growthdesk.io\r\nSEQUENCE:0\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
	m.Attachments = []growthdesk.EmailAttachment{{Filename: "invite.ics", ContentType: "text/calendar; charset=utf-8; method=REQUEST", Content: []byte(ics)}}
	if err := sender.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	msgs := srv.Messages()
	if len(msgs) != 1 {
		t.Fatalf("server got %d messages", len(msgs))
	}
	msg, err := mail.ReadMessage(bytes.NewReader(msgs[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	mt, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/mixed" {
		t.Fatalf("top-level type %q %v", mt, err)
	}
	var types []string
	var calendar, calendarType, disposition string
	walkParts(t, msg.Body, params["boundary"], func(h map[string][]string, body string) {
		pt, pparams, _ := mime.ParseMediaType(firstHeader(h, "Content-Type"))
		types = append(types, pt)
		if pt == "text/calendar" {
			calendar, calendarType, disposition = body, pparams["method"], firstHeader(h, "Content-Disposition")
		}
	})
	if strings.Join(types, ",") != "text/plain,text/html,text/calendar" {
		t.Fatalf("parts %v", types)
	}
	if calendar != ics || calendarType != "REQUEST" || !strings.Contains(disposition, `invite.ics`) {
		t.Fatalf("calendar part %q (method %q, disposition %q)", calendar, calendarType, disposition)
	}
}

func TestSMTPSender_RefusesABadAttachmentName(t *testing.T) {
	t.Parallel()
	sender, err := NewSMTPSender("smtp://127.0.0.1:1?tls=none", "hello@growthdesk.io")
	if err != nil {
		t.Fatal(err)
	}
	err = sender.Send(context.Background(), &growthdesk.Email{To: "dana@example.com", Subject: "x", Text: "x",
		Attachments: []growthdesk.EmailAttachment{{Filename: "a\r\nb.ics", Content: []byte("x")}}})
	if !errors.Is(err, ErrPermanent) {
		t.Fatalf("err = %v, want a permanent error", err)
	}
}

func firstHeader(h map[string][]string, key string) string {
	if v := h[key]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// walkParts calls fn with every leaf part of a multipart body, decoded, descending into
// nested multiparts.
func walkParts(t *testing.T, r io.Reader, boundary string, fn func(map[string][]string, string)) {
	t.Helper()
	mr := multipart.NewReader(r, boundary)
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		pt, params, err := mime.ParseMediaType(part.Header.Get("Content-Type"))
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(pt, "multipart/") {
			walkParts(t, part, params["boundary"], fn)
			continue
		}
		fn(part.Header, strings.ReplaceAll(decodeBody(t, part.Header.Get("Content-Transfer-Encoding"), part), "\n", "\r\n"))
	}
}
