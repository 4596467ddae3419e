package server_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/server"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// quotaEnv is the support desk's environment ("customer" of Acme, "other" of Beta, staff)
// with small write quotas.
func quotaEnv(t *testing.T, db *store.DB, q server.Quotas) *supportEnv {
	t.Helper()
	return newSupportEnvWith(t, db, guardOptions{quotas: &q})
}

// expectQuotaRefusal fails unless res is a 429 with Retry-After and the API's error body
// whose message names the quota's words.
func expectQuotaRefusal(t *testing.T, what string, res response, words string) {
	t.Helper()
	if res.status != http.StatusTooManyRequests {
		t.Fatalf("%s: %d %s, want 429", what, res.status, res.body)
	}
	if s, err := strconv.Atoi(res.header.Get("Retry-After")); err != nil || s < 1 || s > 24*3600 {
		t.Fatalf("%s: Retry-After = %q", what, res.header.Get("Retry-After"))
	}
	var body map[string]any
	if err := json.Unmarshal([]byte(res.body), &body); err != nil {
		t.Fatalf("%s: not JSON: %s", what, res.body)
	}
	if body["code"] != growthdesk.ERateLimited || !strings.Contains(fmt.Sprint(body["message"]), words) ||
		!strings.Contains(fmt.Sprint(body["message"]), "Please try again in") {
		t.Fatalf("%s: %s, want rate_limited saying %q", what, res.body, words)
	}
}

// day is a quota of n per day.
func day(n int) growthdesk.Limit { return growthdesk.Limit{Requests: n, Window: 24 * time.Hour} }

// ticketTotal counts every ticket, as staff see them.
func (e *supportEnv) ticketTotal(t *testing.T) int {
	t.Helper()
	var list struct{ Total int }
	res := e.as(t, "employee", "GET", "/api/v1/tickets", "")
	if err := json.Unmarshal([]byte(res.body), &list); err != nil {
		t.Fatalf("ticket list: %d %s", res.status, res.body)
	}
	return list.Total
}

// thread reads a ticket as staff: how many responses and files (its own and its responses').
func (e *supportEnv) thread(t *testing.T, ticket string) (responses, files int) {
	t.Helper()
	var d struct {
		Attachments []json.RawMessage
		Responses   []struct{ Attachments []json.RawMessage }
	}
	res := e.as(t, "employee", "GET", "/api/v1/tickets/"+ticket, "")
	if err := json.Unmarshal([]byte(res.body), &d); err != nil {
		t.Fatalf("ticket: %d %s", res.status, res.body)
	}
	files = len(d.Attachments)
	for _, r := range d.Responses {
		files += len(r.Attachments)
	}
	return len(d.Responses), files
}

func TestQuota_TicketsOpened(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := quotaEnv(t, db, server.Quotas{Tickets: day(2)})
		open := func(role, title string) response {
			return env.as(t, role, "POST", "/api/v1/tickets", `{"title":"`+title+`","description":"d"}`)
		}
		if res := open("customer", "One"); res.status != 201 {
			t.Fatalf("first ticket: %d %s", res.status, res.body)
		}
		// A write refused for its input does not count.
		if res := env.as(t, "customer", "POST", "/api/v1/tickets", `{"title":"","description":"d"}`); res.status != 422 {
			t.Fatalf("invalid ticket: %d %s", res.status, res.body)
		}
		if res := open("customer", "Two"); res.status != 201 {
			t.Fatalf("second ticket: %d %s", res.status, res.body)
		}
		before := env.ticketTotal(t)
		expectQuotaRefusal(t, "third ticket", open("customer", "Three"), "You can open at most 2 tickets per day")
		if after := env.ticketTotal(t); after != before {
			t.Fatalf("the refused ticket changed the count: %d → %d", before, after)
		}
		if res := env.as(t, "customer", "GET", "/api/v1/tickets?q=Three", ""); !strings.Contains(res.body, `"total":0`) {
			t.Fatalf("the refused ticket was stored: %s", res.body)
		}
		// Another account has its own quota; staff open tickets for customers without one.
		for i := range 3 {
			if res := open("other", fmt.Sprint("Beta ", i)); i < 2 && res.status != 201 {
				t.Fatalf("another account's ticket %d: %d %s", i, res.status, res.body)
			}
		}
		for i := range 3 {
			res := env.as(t, "employee", "POST", "/api/v1/tickets", `{"title":"By phone","description":"d","customer_id":"`+env.ids["customer"]+`"}`)
			if res.status != 201 {
				t.Fatalf("staff ticket %d: %d %s", i, res.status, res.body)
			}
		}
		expectQuotaRefusal(t, "the customer after staff's tickets", open("customer", "Four"), "tickets")
	})
}

func TestQuota_TicketResponses(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := quotaEnv(t, db, server.Quotas{TicketResponses: day(2)})
		mine := idOf.FindStringSubmatch(env.as(t, "customer", "POST", "/api/v1/tickets", `{"title":"Mine","description":"d"}`).body)[1]
		theirs := idOf.FindStringSubmatch(env.as(t, "other", "POST", "/api/v1/tickets", `{"title":"Theirs","description":"d"}`).body)[1]
		reply := func(role, ticket string) response {
			return env.as(t, role, "POST", "/api/v1/tickets/"+ticket+"/responses", `{"content":"more"}`)
		}
		// A reply to a ticket the customer may not see does not count.
		if res := reply("customer", theirs); res.status != 404 {
			t.Fatalf("reply to another organization's ticket: %d %s", res.status, res.body)
		}
		for i := range 2 {
			if res := reply("customer", mine); res.status != 201 {
				t.Fatalf("reply %d: %d %s", i, res.status, res.body)
			}
		}
		before, _ := env.thread(t, mine)
		expectQuotaRefusal(t, "third reply", reply("customer", mine), "You can send at most 2 ticket replies per day")
		if after, _ := env.thread(t, mine); after != before {
			t.Fatalf("the refused reply changed the thread: %d → %d responses", before, after)
		}
		// Staff answer the queue without a quota; another customer has their own.
		for i := range 4 {
			if res := reply("employee", mine); res.status != 201 {
				t.Fatalf("staff answer %d: %d %s", i, res.status, res.body)
			}
		}
		for i := range 2 {
			if res := reply("other", theirs); res.status != 201 {
				t.Fatalf("another account's reply %d: %d %s", i, res.status, res.body)
			}
		}
		expectQuotaRefusal(t, "the other account's third", reply("other", theirs), "ticket replies")
	})
}

func TestQuota_AttachmentsCountedByFile(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := quotaEnv(t, db, server.Quotas{Attachments: day(3)})
		mine := idOf.FindStringSubmatch(env.as(t, "customer", "POST", "/api/v1/tickets", `{"title":"Mine","description":"d"}`).body)[1]
		files := func(prefix string, n int) map[string][]byte {
			out := map[string][]byte{}
			for i := range n {
				out[fmt.Sprintf("%s%d.txt", prefix, i)] = []byte("x")
			}
			return out
		}
		// Files refused for their type do not count.
		if res := env.upload(t, "customer", mine, "", map[string][]byte{"a.exe": []byte("x")}); res.status != 422 {
			t.Fatalf("refused type: %d %s", res.status, res.body)
		}
		if res := env.upload(t, "customer", mine, "", files("a", 2)); res.status != 201 {
			t.Fatalf("two files: %d %s", res.status, res.body)
		}
		// Two more would make four: refused whole, nothing stored, nothing counted.
		expectQuotaRefusal(t, "two more files", env.upload(t, "customer", mine, "", files("b", 2)), "You can attach at most 3 files per day")
		if _, n := env.thread(t, mine); n != 2 {
			t.Fatalf("%d files stored, want 2", n)
		}
		if res := env.upload(t, "customer", mine, "", files("c", 1)); res.status != 201 {
			t.Fatalf("a third file after the refusal: %d %s", res.status, res.body)
		}
		// Used up: refused before the files are read.
		reply := idOf.FindStringSubmatch(env.as(t, "customer", "POST", "/api/v1/tickets/"+mine+"/responses", `{"content":"r"}`).body)[1]
		expectQuotaRefusal(t, "a fourth file", env.uploadParts(t, "customer", mine, [3]string{"response_id", "", reply}, [3]string{"files", "big.pdf", strings.Repeat("x", 10<<20+1)}), "files")
		if _, n := env.thread(t, mine); n != 3 {
			t.Fatalf("%d files stored, want 3", n)
		}
		// Staff attach without a quota; another customer has their own.
		if res := env.upload(t, "employee", mine, "", files("s", 2)); res.status != 201 {
			t.Fatalf("staff files: %d %s", res.status, res.body)
		}
		theirs := idOf.FindStringSubmatch(env.as(t, "other", "POST", "/api/v1/tickets", `{"title":"Theirs","description":"d"}`).body)[1]
		if res := env.upload(t, "other", theirs, "", files("o", 3)); res.status != 201 {
			t.Fatalf("another account's files: %d %s", res.status, res.body)
		}
	})
}

func TestQuota_AttachmentsCountedBySize(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := quotaEnv(t, db, server.Quotas{AttachmentMB: day(1)})
		mine := idOf.FindStringSubmatch(env.as(t, "customer", "POST", "/api/v1/tickets", `{"title":"Mine","description":"d"}`).body)[1]
		reply := func() string {
			return idOf.FindStringSubmatch(env.as(t, "customer", "POST", "/api/v1/tickets/"+mine+"/responses", `{"content":"r"}`).body)[1]
		}
		kb := func(n int) []byte { return make([]byte, n<<10) }
		if res := env.upload(t, "customer", mine, "", map[string][]byte{"a.pdf": kb(600)}); res.status != 201 {
			t.Fatalf("600 KB: %d %s", res.status, res.body)
		}
		expectQuotaRefusal(t, "600 KB more", env.upload(t, "customer", mine, reply(), map[string][]byte{"b.pdf": kb(300), "c.pdf": kb(300)}), "You can attach at most 1 MB of files per day")
		if _, n := env.thread(t, mine); n != 1 {
			t.Fatalf("%d files stored, want 1", n)
		}
		if res := env.upload(t, "customer", mine, reply(), map[string][]byte{"d.pdf": kb(424)}); res.status != 201 {
			t.Fatalf("the rest of the megabyte: %d %s", res.status, res.body)
		}
		expectQuotaRefusal(t, "a byte more", env.upload(t, "customer", mine, reply(), map[string][]byte{"e.txt": []byte("x")}), "MB of files")
		theirs := idOf.FindStringSubmatch(env.as(t, "other", "POST", "/api/v1/tickets", `{"title":"Theirs","description":"d"}`).body)[1]
		if res := env.upload(t, "other", theirs, "", map[string][]byte{"f.pdf": kb(1024)}); res.status != 201 {
			t.Fatalf("another account's megabyte: %d %s", res.status, res.body)
		}
		if res := env.upload(t, "employee", mine, "", map[string][]byte{"g.pdf": kb(2048)}); res.status != 201 {
			t.Fatalf("staff's 2 MB: %d %s", res.status, res.body)
		}
	})
}

func TestQuota_ForumTopicsAndReplies(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := quotaEnv(t, db, server.Quotas{ForumTopics: day(1), ForumReplies: day(2)})
		start := func(role, title string) response {
			return env.as(t, role, "POST", "/api/v1/forum/topics", `{"category":"general","title":"`+title+`","body":"b"}`)
		}
		topics := func() int {
			var list []json.RawMessage
			_ = json.Unmarshal([]byte(env.as(t, "customer", "GET", "/api/v1/forum/topics", "").body), &list)
			return len(list)
		}
		posts := func(topic string) int {
			var thread struct{ Posts []json.RawMessage }
			_ = json.Unmarshal([]byte(env.as(t, "customer", "GET", "/api/v1/forum/topics/"+topic, "").body), &thread)
			return len(thread.Posts)
		}
		// A topic refused for its input does not count.
		if res := start("customer", ""); res.status != 422 {
			t.Fatalf("untitled topic: %d %s", res.status, res.body)
		}
		res := start("customer", "Cadence")
		if res.status != 201 {
			t.Fatalf("topic: %d %s", res.status, res.body)
		}
		topic := idOf.FindStringSubmatch(res.body)[1]
		expectQuotaRefusal(t, "second topic", start("customer", "Again"), "You can start at most 1 forum topic per day")
		if n := topics(); n != 1 {
			t.Fatalf("%d topics after the refusal, want 1", n)
		}
		if res := start("other", "Beta's"); res.status != 201 {
			t.Fatalf("another account's topic: %d %s", res.status, res.body)
		}
		for i := range 2 {
			if res := start("employee", fmt.Sprint("Staff ", i)); res.status != 201 {
				t.Fatalf("staff topic %d: %d %s", i, res.status, res.body)
			}
		}

		reply := func(role string) response {
			return env.as(t, role, "POST", "/api/v1/forum/topics/"+topic+"/replies", `{"body":"me too"}`)
		}
		for i := range 2 {
			if res := reply("customer"); res.status != 201 {
				t.Fatalf("reply %d: %d %s", i, res.status, res.body)
			}
		}
		before := posts(topic)
		expectQuotaRefusal(t, "third reply", reply("customer"), "You can post at most 2 forum replies per day")
		if after := posts(topic); after != before {
			t.Fatalf("the refused reply changed the thread: %d → %d posts", before, after)
		}
		for i := range 2 {
			if res := reply("other"); res.status != 201 {
				t.Fatalf("another account's reply %d: %d %s", i, res.status, res.body)
			}
		}
		for i := range 3 {
			if res := reply("admin"); res.status != 201 {
				t.Fatalf("staff reply %d: %d %s", i, res.status, res.body)
			}
		}
	})
}

// TestQuota_ParallelWritesNeverPassIt: of ten tickets opened at once under a quota of three,
// three are stored.
func TestQuota_ParallelWritesNeverPassIt(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := quotaEnv(t, db, server.Quotas{Tickets: day(3)})
		bodies, types := make([]string, 10), make([]string, 10)
		for i := range bodies {
			bodies[i], types[i] = fmt.Sprintf(`{"title":"P%d","description":"d"}`, i), "application/json"
		}
		created := 0
		for _, st := range postAtOnce(env.srv.URL+"/api/v1/tickets", env.tokens["customer"], types, bodies) {
			switch st {
			case 201:
				created++
			case 429:
			default:
				t.Errorf("parallel ticket: %d", st)
			}
		}
		if total := env.ticketTotal(t); created != 3 || total != 3 {
			t.Fatalf("%d created, %d stored; want 3", created, total)
		}
	})
}

// bytesFault is the database's quota counter whose takes of attachment bytes fail while set.
type bytesFault struct {
	*store.RateLimiter
	on atomic.Bool
}

func (b *bytesFault) Take(ctx context.Context, key string, n, limit int64, window time.Duration) (bool, time.Time, time.Duration, error) {
	if b.on.Load() && strings.Contains(key, string(growthdesk.QuotaAttachmentBytes)) {
		return false, time.Time{}, 0, errors.New("quota counter: connection reset")
	}
	return b.RateLimiter.Take(ctx, key, n, limit, window)
}

// TestQuota_AFaultAfterOneTakeGivesItBack: an upload counts its files, then its size; when
// the second count fails, the upload is refused with 503 and the first count is given back.
func TestQuota_AFaultAfterOneTakeGivesItBack(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		counter := &bytesFault{RateLimiter: store.NewRateLimiter(db)}
		env := newSupportEnvWith(t, db, guardOptions{quotaCounter: counter, quotas: &server.Quotas{Attachments: day(2)}})
		mine := idOf.FindStringSubmatch(env.as(t, "customer", "POST", "/api/v1/tickets", `{"title":"Mine","description":"d"}`).body)[1]
		counter.on.Store(true)
		expectUnavailable(t, "upload", env.upload(t, "customer", mine, "", map[string][]byte{"a.txt": []byte("x"), "b.txt": []byte("y")}), "unavailable")
		counter.on.Store(false)
		if used, err := counter.Used(context.Background(), "quota:attachments:"+env.ids["customer"], 24*time.Hour); err != nil || used != 0 {
			t.Fatalf("files counted after the refused upload: %d %v", used, err)
		}
		if res := env.upload(t, "customer", mine, "", map[string][]byte{"a.txt": []byte("x"), "b.txt": []byte("y")}); res.status != 201 {
			t.Fatalf("the same upload with the counter back: %d %s", res.status, res.body)
		}
	})
}
