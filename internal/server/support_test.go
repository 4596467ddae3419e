package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"mime/multipart"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

var idOf = regexp.MustCompile(`"id":"([^"]+)"`)

// supportEnv is the whole server with two organizations: "customer" belongs to Acme,
// "other" (a second customer) to Beta; "target" stays without an organization but approved.
type supportEnv struct {
	*portalEnv
	acme, beta string
	// customerBodies collects every answer a customer received, for the marker test.
	customerBodies []string
}

func newSupportEnv(t *testing.T, db *store.DB) *supportEnv {
	t.Helper()
	return newSupportEnvWith(t, db, guardOptions{})
}

// newSupportEnvWith is newSupportEnv with the whole server's options.
func newSupportEnvWith(t *testing.T, db *store.DB, opts guardOptions) *supportEnv {
	t.Helper()
	env := &supportEnv{portalEnv: newGuardEnv(t, db, opts)}
	env.acme = idOf.FindStringSubmatch(env.as(t, "admin", "POST", "/api/v1/admin/organizations", `{"name":"Acme"}`).body)[1]
	env.beta = idOf.FindStringSubmatch(env.as(t, "admin", "POST", "/api/v1/admin/organizations", `{"name":"Beta"}`).body)[1]
	env.as(t, "admin", "PATCH", "/api/v1/admin/users/"+env.ids["customer"], `{"organization_id":"`+env.acme+`"}`)
	env.ids["other"] = env.signUpStaff(t, "other@beta.example", "customer")
	env.as(t, "admin", "PATCH", "/api/v1/admin/users/"+env.ids["other"], `{"organization_id":"`+env.beta+`"}`)
	env.tokens["other"] = env.signIn(t, "other@beta.example")
	env.ids["loner"] = env.signUpStaff(t, "loner@example.com", "customer")
	env.tokens["loner"] = env.signIn(t, "loner@example.com")
	return env
}

// call is env.as that remembers what customers were told.
func (e *supportEnv) call(t *testing.T, role, method, path, body string) response {
	t.Helper()
	res := e.as(t, role, method, path, body)
	if role == "customer" || role == "other" {
		e.customerBodies = append(e.customerBodies, res.body)
	}
	return res
}

func (e *supportEnv) upload(t *testing.T, role, ticketID, responseID string, files map[string][]byte) response {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	if responseID != "" {
		_ = mw.WriteField("response_id", responseID)
	}
	for name, content := range files {
		fw, _ := mw.CreateFormFile("files", name)
		_, _ = fw.Write(content)
	}
	_ = mw.Close()
	res := e.do(t, "POST", "/api/v1/tickets/"+ticketID+"/attachments", mw.FormDataContentType(), buf.String(), "Authorization", "Bearer "+e.tokens[role])
	if role == "customer" || role == "other" {
		e.customerBodies = append(e.customerBodies, res.body)
	}
	return res
}

func TestSupport_TicketLifecycle(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newSupportEnv(t, db)
		const marker = "SECRET-NOTE-MARKER-7731"

		// A customer without an organization is told why, on reading and on writing.
		for method, body := range map[string]string{"GET": "", "POST": `{"title":"Help","description":"Please"}`} {
			res := env.as(t, "loner", method, "/api/v1/tickets", body)
			if res.status != 409 || !strings.Contains(res.body, "not part of an organization") {
				t.Fatalf("%s as a customer without organization: %d %s", method, res.status, res.body)
			}
		}

		cats := env.call(t, "customer", "GET", "/api/v1/support/categories", "")
		if cats.status != 200 || !strings.Contains(cats.body, "Technical Issue") {
			t.Fatalf("categories: %d %s", cats.status, cats.body)
		}
		catID := idOf.FindStringSubmatch(cats.body)[1]

		// The customer opens a ticket: organization and customer come from the caller.
		res := env.call(t, "customer", "POST", "/api/v1/tickets",
			`{"title":"Chatbot is down","description":"It stopped answering.","category_id":"`+catID+`"}`)
		if res.status != 201 || !strings.Contains(res.body, `"status":"open"`) || !strings.Contains(res.body, `"priority":"medium"`) ||
			!strings.Contains(res.body, `"code":"T-1001"`) || !strings.Contains(res.body, env.acme) {
			t.Fatalf("create: %d %s", res.status, res.body)
		}
		ticket := idOf.FindStringSubmatch(res.body)[1]
		otherTicket := idOf.FindStringSubmatch(env.call(t, "other", "POST", "/api/v1/tickets", `{"title":"Beta's","description":"Ours."}`).body)[1]
		// A ticket without files or answers still sends both lists, empty.
		if res := env.call(t, "customer", "GET", "/api/v1/tickets/"+ticket, ""); !strings.Contains(res.body, `"attachments":[]`) || !strings.Contains(res.body, `"responses":[]`) {
			t.Fatalf("a new ticket's detail: %s", res.body)
		}

		// Staff were told about the new ticket (all staff: it is unassigned).
		env.wantMail(t, "employee@example.com", "New support ticket", "Chatbot is down")

		// Another organization's ticket is exactly like one that does not exist.
		unknown := "01935f00-0000-7000-8000-000000000000"
		for _, id := range []string{otherTicket, unknown} {
			for _, c := range []struct{ method, path, body string }{
				{"GET", "/api/v1/tickets/" + id, ""},
				{"POST", "/api/v1/tickets/" + id + "/responses", `{"content":"Hello"}`},
			} {
				if res := env.call(t, "customer", c.method, c.path, c.body); res.status != 404 || !strings.Contains(res.body, "There is no such ticket.") {
					t.Errorf("%s %s as another organization: %d %s", c.method, c.path, res.status, res.body)
				}
			}
			if res := env.upload(t, "customer", id, "", map[string][]byte{"a.txt": []byte("x")}); res.status != 404 {
				t.Errorf("upload to %s: %d %s", id, res.status, res.body)
			}
		}
		// Naming Beta changes nothing for a customer; staff may filter by it.
		list := env.call(t, "customer", "GET", "/api/v1/tickets?organization="+env.beta, "")
		if !strings.Contains(list.body, "Chatbot is down") || strings.Contains(list.body, "Beta's") || !strings.Contains(list.body, `"total":1`) {
			t.Fatalf("customer's list: %s", list.body)
		}
		list = env.as(t, "employee", "GET", "/api/v1/tickets?organization="+env.beta, "")
		if strings.Contains(list.body, "Chatbot is down") || !strings.Contains(list.body, "Beta's") {
			t.Fatalf("staff's Beta list: %s", list.body)
		}
		if res := env.as(t, "employee", "GET", "/api/v1/tickets/summary", ""); !strings.Contains(res.body, `"open":2`) || !strings.Contains(res.body, `"total":2`) {
			t.Fatalf("summary: %s", res.body)
		}

		// Staff assign, note and answer.
		if res := env.as(t, "employee", "PATCH", "/api/v1/tickets/"+ticket, `{"assigned_to":"`+env.ids["employee"]+`","status":"in_progress","priority":"high"}`); res.status != 200 ||
			!strings.Contains(res.body, `"assigned_to":{"id":"`+env.ids["employee"]) {
			t.Fatalf("assign: %d %s", res.status, res.body)
		}
		env.wantMail(t, "customer@example.com", "support ticket was updated", "In Progress")
		note := env.as(t, "employee", "POST", "/api/v1/tickets/"+ticket+"/responses", `{"content":"`+marker+` the customer forgot to pay","is_internal":true}`)
		if note.status != 201 {
			t.Fatalf("note: %d %s", note.status, note.body)
		}
		noteID := idOf.FindStringSubmatch(note.body)[1]
		if res := env.upload(t, "employee", ticket, noteID, map[string][]byte{marker + ".txt": []byte(marker)}); res.status != 201 {
			t.Fatalf("note attachment: %d %s", res.status, res.body)
		}
		answer := env.as(t, "employee", "POST", "/api/v1/tickets/"+ticket+"/responses", `{"content":"We restarted it."}`)
		if answer.status != 201 {
			t.Fatalf("answer: %d %s", answer.status, answer.body)
		}
		env.wantMail(t, "customer@example.com", "New reply to your", "We restarted it.")

		// The customer sees the answer, not the note; staff see both, counted.
		detail := env.call(t, "customer", "GET", "/api/v1/tickets/"+ticket, "")
		if !strings.Contains(detail.body, "We restarted it.") || strings.Contains(detail.body, `"is_internal":true`) {
			t.Fatalf("customer's detail: %s", detail.body)
		}
		if res := env.call(t, "customer", "GET", "/api/v1/tickets", ""); !strings.Contains(res.body, `"response_count":1`) {
			t.Fatalf("customer's count: %s", res.body)
		}
		if res := env.as(t, "employee", "GET", "/api/v1/tickets?organization="+env.acme, ""); !strings.Contains(res.body, `"response_count":2`) {
			t.Fatalf("staff's count: %s", res.body)
		}
		staffDetail := env.as(t, "employee", "GET", "/api/v1/tickets/"+ticket, "")
		if !strings.Contains(staffDetail.body, marker) {
			t.Fatalf("staff's detail lacks the note: %s", staffDetail.body)
		}
		var full struct {
			Responses []struct {
				IsInternal  bool `json:"is_internal"`
				Attachments []struct {
					ID string `json:"id"`
				} `json:"attachments"`
			} `json:"responses"`
		}
		_ = json.Unmarshal([]byte(staffDetail.body), &full)
		noteAttachment := ""
		for _, r := range full.Responses {
			if r.IsInternal && len(r.Attachments) > 0 {
				noteAttachment = r.Attachments[0].ID
			}
		}
		if noteAttachment == "" {
			t.Fatalf("the note's file is missing for staff: %s", staffDetail.body)
		}
		if res := env.call(t, "customer", "GET", "/api/v1/attachments/"+noteAttachment, ""); res.status != 404 {
			t.Fatalf("customer reading the note's file: %d", res.status)
		}
		// Searching for the note's words finds nothing for the customer; the shown id finds the ticket.
		for q, want := range map[string]int{marker: 0, "forgot": 0, "T-1001": 1, "1001": 1} {
			res := env.call(t, "customer", "GET", "/api/v1/tickets?q="+q, "")
			var l struct {
				Items []json.RawMessage `json:"items"`
				Total int               `json:"total"`
			}
			if err := json.Unmarshal([]byte(res.body), &l); err != nil || res.status != 200 || l.Total != want || len(l.Items) != want {
				t.Errorf("customer's search for %q: %d %s, want %d tickets", q, res.status, res.body, want)
			}
		}
		if res := env.as(t, "employee", "GET", "/api/v1/tickets?q=t-1001", ""); !strings.Contains(res.body, `"total":1`) || !strings.Contains(res.body, "Chatbot is down") {
			t.Fatalf("search by shown id: %s", res.body)
		}

		// Customers may not write notes; they reply, and a reply to a resolved ticket reopens it.
		if res := env.call(t, "customer", "POST", "/api/v1/tickets/"+ticket+"/responses", `{"content":"psst","is_internal":true}`); res.status != 403 {
			t.Fatalf("customer note: %d %s", res.status, res.body)
		}
		env.as(t, "employee", "PATCH", "/api/v1/tickets/"+ticket, `{"status":"resolved"}`)
		reply := env.call(t, "customer", "POST", "/api/v1/tickets/"+ticket+"/responses", `{"content":"Still broken."}`)
		if reply.status != 201 {
			t.Fatalf("reply: %d %s", reply.status, reply.body)
		}
		if res := env.call(t, "customer", "GET", "/api/v1/tickets/"+ticket, ""); !strings.Contains(res.body, `"status":"open"`) {
			t.Fatalf("reply did not reopen: %s", res.body)
		}
		// The assignee (only) hears about the reply.
		env.wantMail(t, "employee@example.com", "A customer replied", "Still broken.")

		// A file on the ticket, downloaded as an attachment by the customer.
		up := env.upload(t, "customer", ticket, "", map[string][]byte{"screen.png": []byte("\x89PNG fake")})
		if up.status != 201 {
			t.Fatalf("upload: %d %s", up.status, up.body)
		}
		file := idOf.FindStringSubmatch(up.body)[1]
		dl := env.call(t, "customer", "GET", "/api/v1/attachments/"+file, "")
		if dl.status != 200 || dl.body != "\x89PNG fake" || dl.header.Get("Content-Type") != "image/png" ||
			!strings.HasPrefix(dl.header.Get("Content-Disposition"), "attachment") || dl.header.Get("X-Content-Type-Options") != "nosniff" ||
			!strings.Contains(dl.header.Get("Content-Security-Policy"), "sandbox") {
			t.Fatalf("download: %d %v", dl.status, dl.header)
		}
		if res := env.as(t, "other", "GET", "/api/v1/attachments/"+file, ""); res.status != 404 {
			t.Fatalf("another organization's file: %d", res.status)
		}
		for name, body := range map[string]string{"page.html": "<script>", "run.exe": "MZ"} {
			if res := env.upload(t, "customer", ticket, "", map[string][]byte{name: []byte(body)}); res.status != 422 || !strings.Contains(res.body, `"files"`) {
				t.Fatalf("upload %s: %d %s", name, res.status, res.body)
			}
		}
		six := map[string][]byte{}
		for i := range 6 {
			six[fmt.Sprintf("f%d.txt", i)] = []byte("x")
		}
		if res := env.upload(t, "customer", ticket, "", six); res.status != 422 {
			t.Fatalf("six files: %d %s", res.status, res.body)
		}

		// Internal notes reach no customer: not in any answer, not in any e-mail.
		for i, body := range env.customerBodies {
			if strings.Contains(body, marker) || strings.Contains(body, "forgot to pay") {
				t.Errorf("customer answer %d carries the internal note: %s", i, body)
			}
		}
		mails, err := env.outbox.ListMail(context.Background(), 1000)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mails {
			if strings.Contains(m.Email.Text+m.Email.HTML+m.Email.Subject, marker) {
				t.Errorf("mail to %s carries the internal note", m.Email.To)
			}
		}

		// Staff delete; the ticket is gone for everyone; customers may not delete.
		if res := env.as(t, "customer", "DELETE", "/api/v1/tickets/"+ticket, ""); res.status != 403 {
			t.Fatalf("customer delete: %d", res.status)
		}
		if res := env.as(t, "admin", "DELETE", "/api/v1/tickets/"+ticket, ""); res.status != 204 {
			t.Fatalf("delete: %d %s", res.status, res.body)
		}
		if res := env.as(t, "customer", "GET", "/api/v1/tickets/"+ticket, ""); res.status != 404 {
			t.Fatalf("after delete: %d", res.status)
		}
		if res := env.as(t, "admin", "DELETE", "/api/v1/tickets/"+ticket, ""); res.status != 404 {
			t.Fatalf("second delete: %d", res.status)
		}
		if res := env.as(t, "employee", "GET", "/api/v1/tickets/summary", ""); !strings.Contains(res.body, `"total":1`) {
			t.Fatalf("summary after delete: %s", res.body)
		}
		if res := env.as(t, "admin", "GET", "/api/v1/admin/audit-log", ""); !strings.Contains(res.body, "ticket.delete") || !strings.Contains(res.body, "ticket.respond") {
			t.Fatalf("audit: %s", res.body)
		}
	})
}

// wantMail fails unless the outbox holds a message to addr whose subject holds subject and
// whose text holds text.
func (e *supportEnv) wantMail(t *testing.T, addr, subject, text string) {
	t.Helper()
	mails, err := e.outbox.ListMail(context.Background(), 1000)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mails {
		if m.Email.To == addr && strings.Contains(m.Email.Subject, subject) && strings.Contains(m.Email.Text, text) {
			return
		}
	}
	t.Fatalf("no mail to %s with %q / %q", addr, subject, text)
}

func TestSupport_NotificationTogglesAreHonored(t *testing.T) {
	t.Parallel()
	env := newSupportEnv(t, storetest.SQLite(t))
	env.as(t, "customer", "PUT", "/api/v1/profile/notifications", `{"email":true,"ticket_updates":false,"forum_replies":true}`)
	ticket := idOf.FindStringSubmatch(env.as(t, "customer", "POST", "/api/v1/tickets", `{"title":"Quiet","description":"No mail please."}`).body)[1]
	env.as(t, "employee", "POST", "/api/v1/tickets/"+ticket+"/responses", `{"content":"Answer nobody is told about"}`)
	mails, _ := env.outbox.ListMail(context.Background(), 1000)
	for _, m := range mails {
		if m.Email.To == "customer@example.com" && strings.Contains(m.Email.Text, "Answer nobody") {
			t.Fatal("a customer who turned ticket updates off got the mail")
		}
	}
}

func TestSupport_BadInput(t *testing.T) {
	t.Parallel()
	env := newSupportEnv(t, storetest.SQLite(t))
	ticket := idOf.FindStringSubmatch(env.as(t, "customer", "POST", "/api/v1/tickets", `{"title":"T","description":"D"}`).body)[1]
	cases := []struct {
		name, role, method, path, body string
		status                         int
		field                          string
	}{
		{"malformed", "customer", "POST", "/api/v1/tickets", `{"title":`, 400, ""},
		{"missing fields", "customer", "POST", "/api/v1/tickets", `{}`, 422, "title"},
		{"blank description", "customer", "POST", "/api/v1/tickets", `{"title":"x","description":"   "}`, 422, "description"},
		{"wrong type", "customer", "POST", "/api/v1/tickets", `{"title":5,"description":"d"}`, 422, "title"},
		{"bad priority", "customer", "POST", "/api/v1/tickets", `{"title":"x","description":"d","priority":"now"}`, 422, "priority"},
		{"unknown category", "customer", "POST", "/api/v1/tickets", `{"title":"x","description":"d","category_id":"nope"}`, 422, "category_id"},
		{"staff without customer", "employee", "POST", "/api/v1/tickets", `{"title":"x","description":"d"}`, 422, "customer_id"},
		{"oversized", "customer", "POST", "/api/v1/tickets", `{"title":"x","description":"` + strings.Repeat("a", 70<<10) + `"}`, 413, ""},
		{"blank response", "customer", "POST", "/api/v1/tickets/" + ticket + "/responses", `{"content":"  \n "}`, 422, "content"},
		{"bad status", "employee", "PATCH", "/api/v1/tickets/" + ticket, `{"status":"done"}`, 422, "status"},
		{"empty change", "employee", "PATCH", "/api/v1/tickets/" + ticket, `{}`, 422, "status"},
		{"unknown field", "employee", "PATCH", "/api/v1/tickets/" + ticket, `{"title":"x"}`, 422, "title"},
		{"assign a customer", "employee", "PATCH", "/api/v1/tickets/" + ticket, `{"assigned_to":"` + env.ids["customer"] + `"}`, 422, "assigned_to"},
		{"bad cursor", "customer", "GET", "/api/v1/tickets?cursor=zz", "", 422, "cursor"},
		{"bad limit", "customer", "GET", "/api/v1/tickets?limit=1000", "", 422, "limit"},
		{"bad status filter", "customer", "GET", "/api/v1/tickets?status=x", "", 422, "status"},
		{"category name missing", "admin", "POST", "/api/v1/admin/support/categories", `{"color":"#000000"}`, 422, "name"},
		{"category color", "admin", "POST", "/api/v1/admin/support/categories", `{"name":"New","color":"red"}`, 422, "color"},
		{"category duplicate", "admin", "POST", "/api/v1/admin/support/categories", `{"name":"billing"}`, 422, "name"},
		{"unknown category update", "admin", "PATCH", "/api/v1/admin/support/categories/nope", `{"name":"x"}`, 404, ""},
	}
	for _, tc := range cases {
		res := env.as(t, tc.role, tc.method, tc.path, tc.body)
		if res.status != tc.status || (tc.field != "" && !strings.Contains(res.body, `"`+tc.field+`"`)) {
			t.Errorf("%s: %d %s, want %d naming %q", tc.name, res.status, res.body, tc.status, tc.field)
		}
	}
	// Nothing changed.
	if res := env.as(t, "employee", "GET", "/api/v1/tickets", ""); !strings.Contains(res.body, `"total":1`) {
		t.Fatalf("after bad input: %s", res.body)
	}
	// A file over 10 MB is refused by name; nothing is stored.
	if res := env.upload(t, "customer", ticket, "", map[string][]byte{"big.pdf": make([]byte, 10<<20+1)}); res.status != 422 || !strings.Contains(res.body, "big.pdf is larger than 10 MB") {
		t.Fatalf("big file: %d %s", res.status, res.body)
	}
	if res := env.as(t, "customer", "GET", "/api/v1/tickets/"+ticket, ""); strings.Contains(res.body, "big.pdf") {
		t.Fatalf("a refused file was stored: %s", res.body)
	}
	// Staff open a ticket for a customer: it belongs to the customer's organization.
	res := env.as(t, "employee", "POST", "/api/v1/tickets", `{"title":"By phone","description":"Called in.","customer_id":"`+env.ids["customer"]+`"}`)
	if res.status != 201 || !strings.Contains(res.body, env.acme) || !strings.Contains(res.body, `"customer":{"id":"`+env.ids["customer"]) {
		t.Fatalf("staff ticket for a customer: %d %s", res.status, res.body)
	}
	if res := env.as(t, "employee", "POST", "/api/v1/tickets", `{"title":"x","description":"d","customer_id":"`+env.ids["loner"]+`"}`); res.status != 422 {
		t.Fatalf("staff ticket for a customer without organization: %d %s", res.status, res.body)
	}
	// Not multipart.
	res = env.do(t, "POST", "/api/v1/tickets/"+ticket+"/attachments", "application/json", `{}`, "Authorization", "Bearer "+env.tokens["customer"])
	if res.status != http.StatusUnsupportedMediaType {
		t.Fatalf("json upload: %d %s", res.status, res.body)
	}
}

func TestSupport_CategoriesAndPaging(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newSupportEnv(t, db)
		created := env.as(t, "admin", "POST", "/api/v1/admin/support/categories", `{"name":"Onboarding","color":"#112233"}`)
		if created.status != 201 {
			t.Fatalf("create category: %d %s", created.status, created.body)
		}
		id := idOf.FindStringSubmatch(created.body)[1]
		if res := env.as(t, "admin", "PATCH", "/api/v1/admin/support/categories/"+id, `{"name":"Setup","sort_order":1,"is_active":false}`); res.status != 200 {
			t.Fatalf("update category: %d %s", res.status, res.body)
		}
		if res := env.as(t, "customer", "GET", "/api/v1/support/categories", ""); strings.Contains(res.body, "Setup") {
			t.Fatalf("inactive category listed: %s", res.body)
		}
		if res := env.as(t, "admin", "GET", "/api/v1/admin/support/categories", ""); !strings.Contains(res.body, `"name":"Setup"`) {
			t.Fatalf("admin list: %s", res.body)
		}
		for i := range 7 {
			env.as(t, "customer", "POST", "/api/v1/tickets", fmt.Sprintf(`{"title":"Ticket %d","description":"d"}`, i))
		}
		seen := map[string]bool{}
		cursor := ""
		for page := 0; page < 5; page++ {
			var l struct {
				Items []struct {
					ID string `json:"id"`
				} `json:"items"`
				Total      int     `json:"total"`
				NextCursor *string `json:"next_cursor"`
			}
			res := env.as(t, "customer", "GET", "/api/v1/tickets?limit=3&cursor="+cursor, "")
			if err := json.Unmarshal([]byte(res.body), &l); err != nil || l.Total != 7 {
				t.Fatalf("page %d: %s", page, res.body)
			}
			for _, it := range l.Items {
				if seen[it.ID] {
					t.Fatalf("ticket %s on two pages", it.ID)
				}
				seen[it.ID] = true
			}
			if l.NextCursor == nil {
				break
			}
			cursor = *l.NextCursor
		}
		if len(seen) != 7 {
			t.Fatalf("paged through %d tickets, want 7", len(seen))
		}
	})
}

// TestSupport_AnswersReachTheDashboardNotesNever: the customer's dashboard lists staff answers
// on their organization's tickets as Recent Activity; internal notes and another
// organization's answers never appear there.
func TestSupport_AnswersReachTheDashboardNotesNever(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newSupportEnv(t, db)
		ticket := idOf.FindStringSubmatch(env.call(t, "customer", "POST", "/api/v1/tickets", `{"title":"Chatbot is down","description":"Since noon."}`).body)[1]
		other := idOf.FindStringSubmatch(env.call(t, "other", "POST", "/api/v1/tickets", `{"title":"Beta invoice question","description":"Why?"}`).body)[1]
		const marker = "NOTE-MARKER-7731"
		for _, r := range []struct{ id, body string }{
			{ticket, `{"content":"` + marker + ` internal","is_internal":true}`},
			{ticket, `{"content":"We restarted it."}`},
			{other, `{"content":"Answered for Beta."}`},
		} {
			if res := env.as(t, "employee", "POST", "/api/v1/tickets/"+r.id+"/responses", r.body); res.status != 201 {
				t.Fatalf("respond: %d %s", res.status, res.body)
			}
		}
		dash := env.call(t, "customer", "GET", "/api/v1/dashboard", "")
		if dash.status != 200 || !strings.Contains(dash.body, "Support answered: Chatbot is down") {
			t.Fatalf("dashboard: %d %s", dash.status, dash.body)
		}
		if strings.Count(dash.body, "Support answered: Chatbot is down") != 1 {
			t.Errorf("the internal note shows as an answer: %s", dash.body)
		}
		for _, leak := range []string{marker, "Beta invoice question"} {
			if strings.Contains(dash.body, leak) {
				t.Errorf("the customer's dashboard carries %q: %s", leak, dash.body)
			}
		}
	})
}

// uploadParts sends a multipart upload whose parts come in the given order (name, filename,
// content; an empty filename makes a plain field).
func (e *supportEnv) uploadParts(t *testing.T, role, ticketID string, parts ...[3]string) response {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, p := range parts {
		if p[1] == "" {
			_ = mw.WriteField(p[0], p[2])
			continue
		}
		fw, _ := mw.CreateFormFile(p[0], p[1])
		_, _ = fw.Write([]byte(p[2]))
	}
	_ = mw.Close()
	return e.do(t, "POST", "/api/v1/tickets/"+ticketID+"/attachments", mw.FormDataContentType(), buf.String(), "Authorization", "Bearer "+e.tokens[role])
}

func TestSupport_UploadsAreCheckedBeforeTheyAreRead(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		env := newSupportEnv(t, db)
		mine := idOf.FindStringSubmatch(env.as(t, "customer", "POST", "/api/v1/tickets", `{"title":"Mine","description":"d"}`).body)[1]
		theirs := idOf.FindStringSubmatch(env.as(t, "other", "POST", "/api/v1/tickets", `{"title":"Theirs","description":"d"}`).body)[1]
		theirReply := idOf.FindStringSubmatch(env.as(t, "other", "POST", "/api/v1/tickets/"+theirs+"/responses", `{"content":"Beta's reply"}`).body)[1]
		note := idOf.FindStringSubmatch(env.as(t, "employee", "POST", "/api/v1/tickets/"+mine+"/responses", `{"content":"a note","is_internal":true}`).body)[1]
		staffAnswer := idOf.FindStringSubmatch(env.as(t, "employee", "POST", "/api/v1/tickets/"+mine+"/responses", `{"content":"an answer"}`).body)[1]
		myReply := idOf.FindStringSubmatch(env.as(t, "customer", "POST", "/api/v1/tickets/"+mine+"/responses", `{"content":"my reply"}`).body)[1]

		// A file over 10 MB would be refused as too large if it were read; refused for the
		// target first, it never is.
		big := strings.Repeat("x", 10<<20+1)
		for _, tc := range []struct {
			name, ticket, response string
			status                 int
		}{
			{"another organization's ticket", theirs, "", 404},
			{"another organization's ticket, through its response", theirs, theirReply, 404},
			{"my ticket with another organization's response", mine, theirReply, 404},
			{"my ticket with an internal note", mine, note, 404},
			{"my ticket with a staff answer", mine, staffAnswer, 403},
			{"a ticket that does not exist", "01935f00-0000-7000-8000-000000000000", "", 404},
		} {
			parts := [][3]string{}
			if tc.response != "" {
				parts = append(parts, [3]string{"response_id", "", tc.response})
			}
			parts = append(parts, [3]string{"files", "big.pdf", big})
			if res := env.uploadParts(t, "customer", tc.ticket, parts...); res.status != tc.status {
				t.Errorf("%s: %d %s, want %d", tc.name, res.status, res.body, tc.status)
			}
		}
		// The other organization's ticket and response are untouched.
		if res := env.as(t, "other", "GET", "/api/v1/tickets/"+theirs, ""); strings.Contains(res.body, "big.pdf") || !strings.Contains(res.body, `"attachments":[]`) {
			t.Fatalf("Beta's ticket after the refused uploads: %s", res.body)
		}
		// response_id names the target, so it must come before the files.
		if res := env.uploadParts(t, "customer", mine, [3]string{"files", "a.txt", "a"}, [3]string{"response_id", "", myReply}); res.status != 422 || !strings.Contains(res.body, "before the files") {
			t.Fatalf("response_id after a file: %d %s", res.status, res.body)
		}

		// At most five files a message, over several uploads.
		files := func(n int, prefix string) map[string][]byte {
			out := map[string][]byte{}
			for i := range n {
				out[fmt.Sprintf("%s%d.txt", prefix, i)] = []byte("x")
			}
			return out
		}
		if res := env.upload(t, "customer", mine, myReply, files(3, "a")); res.status != 201 {
			t.Fatalf("three files: %d %s", res.status, res.body)
		}
		if res := env.upload(t, "customer", mine, myReply, files(3, "b")); res.status != 422 || !strings.Contains(res.body, "at most 5 files") {
			t.Fatalf("three more: %d %s", res.status, res.body)
		}
		if res := env.upload(t, "customer", mine, myReply, files(2, "c")); res.status != 201 {
			t.Fatalf("two more: %d %s", res.status, res.body)
		}
		if res := env.upload(t, "customer", mine, myReply, files(1, "d")); res.status != 422 {
			t.Fatalf("a sixth: %d %s", res.status, res.body)
		}
		// The ticket's own files are another message.
		if res := env.upload(t, "customer", mine, "", files(5, "e")); res.status != 201 {
			t.Fatalf("five on the ticket: %d %s", res.status, res.body)
		}

		// Parallel uploads to one message never pass five together: of four uploads of two
		// files each, two get in.
		reply := idOf.FindStringSubmatch(env.as(t, "customer", "POST", "/api/v1/tickets/"+mine+"/responses", `{"content":"more files"}`).body)[1]
		bodies := make([]string, 4)
		types := make([]string, 4)
		for i := range bodies {
			var buf bytes.Buffer
			mw := multipart.NewWriter(&buf)
			_ = mw.WriteField("response_id", reply)
			for j := range 2 {
				fw, _ := mw.CreateFormFile("files", fmt.Sprintf("p%d-%d.txt", i, j))
				_, _ = fw.Write([]byte("x"))
			}
			_ = mw.Close()
			bodies[i], types[i] = buf.String(), mw.FormDataContentType()
		}
		created := 0
		for _, st := range postAtOnce(env.srv.URL+"/api/v1/tickets/"+mine+"/attachments", env.tokens["customer"], types, bodies) {
			switch st {
			case 201:
				created++
			case 422:
			default:
				t.Errorf("parallel upload: %d", st)
			}
		}
		var detail struct {
			Responses []struct {
				ID          string            `json:"id"`
				Attachments []json.RawMessage `json:"attachments"`
			} `json:"responses"`
		}
		_ = json.Unmarshal([]byte(env.as(t, "customer", "GET", "/api/v1/tickets/"+mine, "").body), &detail)
		for _, r := range detail.Responses {
			if r.ID == reply && (len(r.Attachments) != 4 || created != 2) {
				t.Errorf("parallel uploads: %d accepted, %d files stored; want 2 and 4", created, len(r.Attachments))
			}
		}
	})
}

func TestSupport_TicketMailFollowsEachToggle(t *testing.T) {
	t.Parallel()
	env := newSupportEnv(t, storetest.SQLite(t))
	count := func(addr, subject string) int {
		t.Helper()
		mails, err := env.outbox.ListMail(context.Background(), 1000)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, m := range mails {
			if m.Email.To == addr && strings.Contains(m.Email.Subject, subject) {
				n++
			}
		}
		return n
	}
	prefs := func(role, body string) {
		t.Helper()
		if res := env.as(t, role, "PUT", "/api/v1/profile/notifications", body); res.status != 200 {
			t.Fatalf("%s notifications: %d %s", role, res.status, res.body)
		}
	}
	const (
		off       = `{"email":true,"ticket_updates":false,"forum_replies":true}`
		mailOff   = `{"email":false,"ticket_updates":true,"forum_replies":true}`
		on        = `{"email":true,"ticket_updates":true,"forum_replies":true}`
		created   = "New support ticket"
		replied   = "A customer replied"
		statusSub = "support ticket was updated"
	)

	// New tickets go to all staff (unassigned), each by their own choice.
	prefs("employee", off)
	prefs("admin", mailOff)
	ticket := idOf.FindStringSubmatch(env.as(t, "customer", "POST", "/api/v1/tickets", `{"title":"First","description":"d"}`).body)[1]
	if n := count("employee@example.com", created) + count("admin@example.com", created); n != 0 {
		t.Errorf("staff who turned ticket mail off were told of a new ticket: %d", n)
	}
	prefs("employee", on)
	env.as(t, "customer", "POST", "/api/v1/tickets", `{"title":"Second","description":"d"}`)
	if count("employee@example.com", created) != 1 || count("admin@example.com", created) != 0 {
		t.Errorf("new ticket mail: employee %d (want 1), admin %d (want 0)", count("employee@example.com", created), count("admin@example.com", created))
	}

	// Customer replies go to the assignee, by the assignee's choice.
	env.as(t, "admin", "PATCH", "/api/v1/tickets/"+ticket, `{"assigned_to":"`+env.ids["employee"]+`"}`)
	prefs("employee", off)
	env.as(t, "customer", "POST", "/api/v1/tickets/"+ticket+"/responses", `{"content":"Hello?"}`)
	if n := count("employee@example.com", replied); n != 0 {
		t.Errorf("an assignee who turned ticket mail off was told of a reply: %d", n)
	}
	prefs("employee", on)
	env.as(t, "customer", "POST", "/api/v1/tickets/"+ticket+"/responses", `{"content":"Anyone?"}`)
	if n := count("employee@example.com", replied); n != 1 {
		t.Errorf("reply mail to the assignee: %d, want 1", n)
	}

	// Status changes go to the customer, by the customer's choice; e-mail off silences all.
	for i, choice := range []string{off, mailOff} {
		prefs("customer", choice)
		env.as(t, "employee", "PATCH", "/api/v1/tickets/"+ticket, []string{`{"status":"in_progress"}`, `{"status":"resolved"}`}[i])
		if n := count("customer@example.com", statusSub); n != 0 {
			t.Errorf("status mail to a customer with %s: %d", choice, n)
		}
	}
	prefs("customer", on)
	env.as(t, "employee", "PATCH", "/api/v1/tickets/"+ticket, `{"status":"closed"}`)
	if n := count("customer@example.com", statusSub); n != 1 {
		t.Errorf("status mail with ticket mail on: %d, want 1", n)
	}
}

// TestSupport_MailAndCountsFollowTheCurrentOrganization: a customer moved to another
// organization hears nothing more of the old organization's tickets, by e-mail or on the
// dashboard, while the portal already answers 404 for them.
func TestSupport_MailAndCountsFollowTheCurrentOrganization(t *testing.T) {
	t.Parallel()
	env := newSupportEnv(t, storetest.SQLite(t))
	ticket := idOf.FindStringSubmatch(env.as(t, "customer", "POST", "/api/v1/tickets", `{"title":"Moving soon","description":"d"}`).body)[1]
	openTickets := func() int {
		t.Helper()
		var d struct {
			OpenTickets int `json:"open_tickets"`
		}
		res := env.as(t, "customer", "GET", "/api/v1/dashboard", "")
		if res.status != 200 || json.Unmarshal([]byte(res.body), &d) != nil {
			t.Fatalf("dashboard: %d %s", res.status, res.body)
		}
		return d.OpenTickets
	}
	mailsTo := func(text string) int {
		t.Helper()
		mails, err := env.outbox.ListMail(context.Background(), 1000)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, m := range mails {
			if m.Email.To == "customer@example.com" && strings.Contains(m.Email.Text, text) {
				n++
			}
		}
		return n
	}
	// While a member, the customer is told and counts the ticket.
	env.as(t, "employee", "POST", "/api/v1/tickets/"+ticket+"/responses", `{"content":"Answer while a member"}`)
	if mailsTo("Answer while a member") != 1 || openTickets() != 1 {
		t.Fatalf("a member: %d mails, %d open tickets; want 1 and 1", mailsTo("Answer while a member"), openTickets())
	}

	if res := env.as(t, "admin", "PATCH", "/api/v1/admin/users/"+env.ids["customer"], `{"organization_id":"`+env.beta+`"}`); res.status != 200 {
		t.Fatalf("move the customer: %d %s", res.status, res.body)
	}
	if res := env.as(t, "customer", "GET", "/api/v1/tickets/"+ticket, ""); res.status != 404 {
		t.Fatalf("the old organization's ticket after the move: %d", res.status)
	}
	env.as(t, "employee", "POST", "/api/v1/tickets/"+ticket+"/responses", `{"content":"Answer after the move"}`)
	if res := env.as(t, "employee", "PATCH", "/api/v1/tickets/"+ticket, `{"status":"resolved"}`); res.status != 200 {
		t.Fatalf("resolve: %d %s", res.status, res.body)
	}
	if n := mailsTo("Answer after the move"); n != 0 {
		t.Errorf("a customer who left the organization got %d answer mails", n)
	}
	mails, _ := env.outbox.ListMail(context.Background(), 1000)
	for _, m := range mails {
		if m.Email.To == "customer@example.com" && strings.Contains(m.Email.Subject, "support ticket was updated") {
			t.Errorf("a customer who left the organization was told of a status change: %q", m.Email.Subject)
		}
	}
	if n := openTickets(); n != 0 {
		t.Errorf("the dashboard counts %d tickets of the old organization", n)
	}
}

// postAtOnce sends every body (with its content type) to url at the same time as token, and
// returns the statuses in the order they came back; 0 for a request that got no answer.
func postAtOnce(url, token string, contentTypes, bodies []string) []int {
	statuses := make(chan int, len(bodies))
	for i := range bodies {
		go func() {
			req, _ := http.NewRequest("POST", url, strings.NewReader(bodies[i]))
			req.Header.Set("Content-Type", contentTypes[i])
			req.Header.Set("Authorization", "Bearer "+token)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				statuses <- 0
				return
			}
			res.Body.Close()
			statuses <- res.StatusCode
		}()
	}
	out := make([]int, 0, len(bodies))
	for range bodies {
		out = append(out, <-statuses)
	}
	return out
}
