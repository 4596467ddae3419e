package store_test

import (
	"bytes"
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// The newsletter (growthdesk.Newsletter) on the real stores of both engines.

// recordingRenderer renders every message as its links, so a test can follow them.
type recordingRenderer struct{ data []growthdesk.EmailData }

func (r *recordingRenderer) Render(kind, to string, d growthdesk.EmailData) (*growthdesk.Email, error) {
	r.data = append(r.data, d)
	return &growthdesk.Email{Kind: kind, To: to, Subject: kind, Text: d.ActionURL + "\n" + d.UnsubscribeURL, ListUnsubscribe: d.UnsubscribeURL}, nil
}

type newsletterEnv struct {
	svc   *growthdesk.Newsletter
	mail  *recordingRenderer
	clock *storetest.Clock
	store *store.NewsletterStore
}

func newNewsletter(t *testing.T, db *store.DB) *newsletterEnv {
	t.Helper()
	clock := storetest.NewClock(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC))
	db.Now = clock.Now
	secret, err := db.Secret(context.Background(), "newsletter_links")
	if err != nil {
		t.Fatal(err)
	}
	tokens, err := growthdesk.NewLinkTokens(secret)
	if err != nil {
		t.Fatal(err)
	}
	tokens.Now = clock.Now
	rec := &recordingRenderer{}
	st := store.NewNewsletterStore(db)
	return &newsletterEnv{
		svc:  &growthdesk.Newsletter{Store: st, Mail: rec, Tokens: tokens, SiteURL: "https://www.example.com/"},
		mail: rec, clock: clock, store: st,
	}
}

// token returns the token of the link in the last rendered message, checking the page it opens.
func (e *newsletterEnv) token(t *testing.T, which string) string {
	t.Helper()
	if len(e.mail.data) == 0 {
		t.Fatal("no message was rendered")
	}
	d := e.mail.data[len(e.mail.data)-1]
	raw, page := d.ActionURL, "/newsletter/confirm"
	if which == "unsubscribe" {
		raw, page = d.UnsubscribeURL, "/newsletter/unsubscribe"
	}
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "https" || u.Host != "www.example.com" || u.Path != page || u.Query().Get("token") == "" {
		t.Fatalf("%s link %q does not open https://www.example.com%s?token=…", which, raw, page)
	}
	return u.Query().Get("token")
}

func (e *newsletterEnv) status(t *testing.T, email string) string {
	t.Helper()
	list, err := e.svc.List(context.Background(), growthdesk.Operator("cli"), 100)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range list {
		if s.Email == email {
			return s.Status
		}
	}
	return "(absent)"
}

func TestNewsletter_SubscribeStoresPendingAndQueuesTheConfirmationInOneTransaction(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		e := newNewsletter(t, db)
		res, err := e.svc.Subscribe(ctx, growthdesk.SubscribeInput{Email: " Reader@Example.com ", Source: "blog"})
		if err != nil || !res.Created || res.Status != growthdesk.SubscribeConfirmationSent {
			t.Fatalf("first subscribe = %+v, %v", res, err)
		}
		if got := e.status(t, "reader@example.com"); got != growthdesk.SubscriberPending {
			t.Fatalf("status %s, want pending", got)
		}
		m := mails(t, db)
		if len(m) != 1 || m[0].Email.Kind != growthdesk.EmailNewsletterConfirm || m[0].Email.To != "reader@example.com" {
			t.Fatalf("outbox = %+v", m)
		}
		if m[0].Email.ListUnsubscribe == "" || !strings.Contains(m[0].Email.ListUnsubscribe, "/newsletter/unsubscribe?token=") {
			t.Fatalf("the message's List-Unsubscribe = %q", m[0].Email.ListUnsubscribe)
		}
		confirmTok, unsubTok := e.token(t, "confirm"), e.token(t, "unsubscribe")
		if confirmTok == unsubTok {
			t.Fatal("the confirm and unsubscribe links carry the same token")
		}

		// Asking again soon after mails nothing more; after the resend period, once more.
		res, err = e.svc.Subscribe(ctx, growthdesk.SubscribeInput{Email: "reader@example.com", Source: "blog-post"})
		if err != nil || res.Created || res.Status != growthdesk.SubscribeConfirmationSent {
			t.Fatalf("second subscribe = %+v, %v", res, err)
		}
		if n := len(mails(t, db)); n != 1 {
			t.Fatalf("%d messages after a repeat within %s, want 1", n, growthdesk.NewsletterResendAfter)
		}
		e.clock.Advance(growthdesk.NewsletterResendAfter)
		if _, err := e.svc.Subscribe(ctx, growthdesk.SubscribeInput{Email: "reader@example.com"}); err != nil {
			t.Fatal(err)
		}
		if n := len(mails(t, db)); n != 2 {
			t.Fatalf("%d messages after the resend period, want 2", n)
		}
		if n, _ := e.store.CountSubscribers(ctx, "reader@example.com"); n != 1 {
			t.Fatalf("%d rows for one address", n)
		}

		// Confirming makes it confirmed, twice is fine, and a confirmed address stays confirmed.
		for i := 0; i < 2; i++ {
			got, err := e.svc.Confirm(ctx, confirmTok)
			if err != nil || got.Status != growthdesk.SubscriberConfirmed || got.Email != "reader@example.com" {
				t.Fatalf("confirm %d = %+v, %v", i+1, got, err)
			}
		}
		res, err = e.svc.Subscribe(ctx, growthdesk.SubscribeInput{Email: "reader@example.com"})
		if err != nil || res.Status != growthdesk.SubscribeAlreadySubscribed || e.status(t, "reader@example.com") != growthdesk.SubscriberConfirmed {
			t.Fatalf("subscribe when confirmed = %+v, %v; status %s", res, err, e.status(t, "reader@example.com"))
		}
		if n := len(mails(t, db)); n != 2 {
			t.Fatalf("a confirmed address was mailed again (%d messages)", n)
		}
		list, _ := e.svc.List(ctx, staff, 10)
		if len(list) != 1 || list[0].ConfirmedAt == nil || list[0].Source != "blog" {
			t.Fatalf("list = %+v", list)
		}
	})
}

func TestNewsletter_InvalidInputStoresNothing(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		e := newNewsletter(t, db)
		for _, in := range []growthdesk.SubscribeInput{
			{Email: "not-an-address"}, {Email: ""}, {Email: "a@b.co", Source: strings.Repeat("s", growthdesk.NewsletterSrcMax+1)},
		} {
			if _, err := e.svc.Subscribe(context.Background(), in); growthdesk.ErrorCode(err) != growthdesk.EInvalid {
				t.Errorf("%+v: err = %v", in, err)
			}
		}
		if list, _ := e.svc.List(context.Background(), staff, 10); len(list) != 0 || len(mails(t, db)) != 0 {
			t.Fatalf("bad input stored %d subscribers", len(list))
		}
	})
}

func TestNewsletter_TokensAreSignedSinglePurposeAndExpire(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		e := newNewsletter(t, db)
		if _, err := e.svc.Subscribe(ctx, growthdesk.SubscribeInput{Email: "reader@example.com"}); err != nil {
			t.Fatal(err)
		}
		confirmTok, unsubTok := e.token(t, "confirm"), e.token(t, "unsubscribe")
		parts := strings.Split(confirmTok, ".")
		other := strings.Join(append(append([]string{}, parts[:3]...), "b3RoZXJAZXhhbXBsZS5jb20", parts[4]), ".") // other@example.com
		foreign, _ := growthdesk.NewLinkTokens(bytes.Repeat([]byte{7}, 32))
		foreign.Now = e.clock.Now
		for name, tok := range map[string]string{
			"unsubscribe token used to confirm": unsubTok,
			"address swapped":                   other,
			"signed with another secret":        foreign.Sign(growthdesk.PurposeNewsletterConfirm, "reader@example.com", time.Hour),
			"garbage":                           "v1.x.y",
			"empty":                             "",
		} {
			if _, err := e.svc.Confirm(ctx, tok); err != growthdesk.ErrLinkInvalid {
				t.Errorf("%s: err = %v, want ErrLinkInvalid", name, err)
			}
		}
		if _, err := e.svc.Unsubscribe(ctx, confirmTok); err != growthdesk.ErrLinkInvalid {
			t.Errorf("confirm token used to unsubscribe: err = %v", err)
		}
		if got := e.status(t, "reader@example.com"); got != growthdesk.SubscriberPending {
			t.Fatalf("refused tokens changed the status to %s", got)
		}

		e.clock.Advance(growthdesk.NewsletterConfirmTTL)
		if _, err := e.svc.Confirm(ctx, confirmTok); err != growthdesk.ErrLinkExpired {
			t.Fatalf("confirm after %s: err = %v, want ErrLinkExpired", growthdesk.NewsletterConfirmTTL, err)
		}
		// The unsubscribe link lives longer, and unsubscribing twice is fine.
		for i := 0; i < 2; i++ {
			got, err := e.svc.Unsubscribe(ctx, unsubTok)
			if err != nil || got.Status != growthdesk.SubscriberUnsubscribed || got.Email != "reader@example.com" {
				t.Fatalf("unsubscribe %d = %+v, %v", i+1, got, err)
			}
		}
		if got := e.status(t, "reader@example.com"); got != growthdesk.SubscriberUnsubscribed {
			t.Fatalf("status %s, want unsubscribed", got)
		}
		e.clock.Advance(growthdesk.NewsletterUnsubscribeTTL)
		if _, err := e.svc.Unsubscribe(ctx, unsubTok); err != growthdesk.ErrLinkExpired {
			t.Fatalf("unsubscribe after a year: err = %v", err)
		}
	})
}

func TestNewsletter_UnsubscribedAddressNeedsANewConfirmation(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		e := newNewsletter(t, db)
		if _, err := e.svc.Subscribe(ctx, growthdesk.SubscribeInput{Email: "reader@example.com"}); err != nil {
			t.Fatal(err)
		}
		oldConfirm := e.token(t, "confirm")
		if _, err := e.svc.Unsubscribe(ctx, e.token(t, "unsubscribe")); err != nil {
			t.Fatal(err)
		}
		// An old confirm link does not put an address back that has left the list.
		_, err := e.svc.Confirm(ctx, oldConfirm)
		if growthdesk.ErrorCode(err) != growthdesk.EInvalid || !strings.Contains(growthdesk.ErrorMessage(err), "unsubscribed") {
			t.Fatalf("confirm after unsubscribing: err = %v", err)
		}
		// Subscribing again mails a new confirmation at once, and only that confirms.
		res, err := e.svc.Subscribe(ctx, growthdesk.SubscribeInput{Email: "reader@example.com"})
		if err != nil || res.Status != growthdesk.SubscribeConfirmationSent || e.status(t, "reader@example.com") != growthdesk.SubscriberPending {
			t.Fatalf("resubscribe = %+v, %v", res, err)
		}
		if n := len(mails(t, db)); n != 2 {
			t.Fatalf("%d messages, want 2", n)
		}
		if got, err := e.svc.Confirm(ctx, e.token(t, "confirm")); err != nil || got.Status != growthdesk.SubscriberConfirmed {
			t.Fatalf("confirm = %+v, %v", got, err)
		}
		// Unsubscribing an address that is not stored still answers unsubscribed.
		tokens, _ := growthdesk.NewLinkTokens(mustSecret(t, db))
		tokens.Now = e.clock.Now
		got, err := e.svc.Unsubscribe(ctx, tokens.Sign(growthdesk.PurposeNewsletterUnsubscribe, "gone@example.com", time.Hour))
		if err != nil || got.Status != growthdesk.SubscriberUnsubscribed {
			t.Fatalf("unsubscribe of an unknown address = %+v, %v", got, err)
		}
		if n, _ := e.store.CountSubscribers(ctx, "gone@example.com"); n != 0 {
			t.Fatal("unsubscribing an unknown address stored it")
		}
	})
}

func TestNewsletter_ListIsForStaffAndTheConsoleOnly(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		e := newNewsletter(t, db)
		for name, c := range map[string]*growthdesk.Caller{"anonymous": nil, "customer": customer, "pending staff": pending} {
			if _, err := e.svc.List(context.Background(), c, 10); err == nil {
				t.Errorf("%s listed the subscribers", name)
			}
		}
	})
}
