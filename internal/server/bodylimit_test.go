package server_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/payments"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// rawPost sends a POST over a fresh TCP connection, the way a simple client does: headers,
// then the whole body (declared with Content-Length, or chunked), and only then does it read
// the answer. It fails the test when the body cannot be written or the answer cannot be read,
// which is what a connection reset by the server looks like.
func rawPost(t *testing.T, addr, path, contentType string, size int, chunked bool, extra ...string) (*http.Response, []byte) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(60 * time.Second))
	w := bufio.NewWriterSize(conn, 64<<10)
	fmt.Fprintf(w, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: %s\r\nConnection: close\r\n", path, addr, contentType)
	for i := 0; i+1 < len(extra); i += 2 {
		fmt.Fprintf(w, "%s: %s\r\n", extra[i], extra[i+1])
	}
	if chunked {
		fmt.Fprintf(w, "Transfer-Encoding: chunked\r\n\r\n")
	} else {
		fmt.Fprintf(w, "Content-Length: %d\r\n\r\n", size)
	}
	chunk := bytes.Repeat([]byte("x"), 32<<10)
	copy(chunk, `{"name":"`)
	for sent := 0; sent < size; {
		n := min(len(chunk), size-sent)
		if chunked {
			fmt.Fprintf(w, "%x\r\n", n)
		}
		if _, err := w.Write(chunk[:n]); err != nil {
			t.Fatalf("writing the body after %d bytes: %v", sent, err)
		}
		if chunked {
			w.WriteString("\r\n")
		}
		sent += n
	}
	if chunked {
		w.WriteString("0\r\n\r\n")
	}
	if err := w.Flush(); err != nil {
		t.Fatalf("writing the body: %v", err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("reading the answer: %v", err)
	}
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("reading the answer's body: %v", err)
	}
	return res, body
}

func TestBodyLimit_ClientThatSends20MBReadsThe413(t *testing.T) {
	t.Parallel()
	env := newGuardEnv(t, storetest.SQLite(t), guardOptions{})
	addr := strings.TrimPrefix(env.srv.URL, "http://")
	// The webhook reads its body only when Stripe is configured; the key is never used here.
	st, err := payments.NewStripe(payments.StripeOptions{SecretKey: "sk_test_123", WebhookSecret: "whsec_test", APIBase: "http://127.0.0.1:9"})
	if err != nil {
		t.Fatal(err)
	}
	stripeAddr := strings.TrimPrefix(newGuardEnv(t, storetest.SQLite(t), guardOptions{stripe: st}).srv.URL, "http://")
	const size = 20 << 20
	apiTooLarge := func(t *testing.T, res *http.Response, body []byte) {
		var e struct{ Code, Message string }
		if res.StatusCode != http.StatusRequestEntityTooLarge || json.Unmarshal(body, &e) != nil || e.Code != "payload_too_large" || e.Message == "" {
			t.Fatalf("answer %d %s", res.StatusCode, body)
		}
	}
	cases := []struct {
		name, addr, path string
		check            func(t *testing.T, res *http.Response, body []byte)
		headers          []string
	}{
		{"api", addr, "/api/v1/leads", apiTooLarge, nil},
		{"auth", addr, "/auth/v1/signup", func(t *testing.T, res *http.Response, body []byte) {
			var e struct{ Code, Message string }
			if res.StatusCode != http.StatusRequestEntityTooLarge || json.Unmarshal(body, &e) != nil ||
				e.Code != "request_entity_too_large" || e.Message == "" || res.Header.Get("x-sb-error-code") != "request_entity_too_large" {
				t.Fatalf("answer %d %s", res.StatusCode, body)
			}
		}, []string{"X-Supabase-Api-Version", "2024-01-01"}},
		// The checkout function answers the way its client reads it: with "error" too.
		{"functions checkout", addr, "/functions/v1/stripe-checkout", func(t *testing.T, res *http.Response, body []byte) {
			var e struct{ Code, Message, Error string }
			if res.StatusCode != http.StatusRequestEntityTooLarge || json.Unmarshal(body, &e) != nil || e.Code != "payload_too_large" || e.Error == "" {
				t.Fatalf("answer %d %s", res.StatusCode, body)
			}
		}, []string{"Authorization", "Bearer " + env.tokens["customer"]}},
		{"functions webhook", stripeAddr, "/functions/v1/stripe-webhook", apiTooLarge, []string{"Stripe-Signature", "t=1,v1=00"}},
	}
	for _, tc := range cases {
		for _, chunked := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s chunked=%v", tc.name, chunked), func(t *testing.T) {
				// A reset is a race: repeat to catch it.
				for i := 0; i < 20; i++ {
					res, body := rawPost(t, tc.addr, tc.path, "application/json", size, chunked, tc.headers...)
					tc.check(t, res, body)
				}
			})
		}
	}
	if n := env.leadCount(t); n != 0 {
		t.Fatalf("stored %d leads", n)
	}
}

// A handler that answers before it reads (here: no access token) does not make the client
// see a reset either.
func TestBodyLimit_AnswerBeforeReadingIsReadToo(t *testing.T) {
	t.Parallel()
	env := newGuardEnv(t, storetest.SQLite(t), guardOptions{})
	addr := strings.TrimPrefix(env.srv.URL, "http://")
	for _, path := range []string{"/api/v1/admin/organizations", "/functions/v1/stripe-checkout"} {
		for i := 0; i < 5; i++ {
			res, body := rawPost(t, addr, path, "application/json", 20<<20, i%2 == 1)
			if res.StatusCode != http.StatusUnauthorized || !strings.Contains(string(body), `"code":"unauthorized"`) {
				t.Fatalf("%s: answer %d %s", path, res.StatusCode, body)
			}
		}
	}
}

// An endpoint may declare a larger bound than the default: the auth service reads up to 1 MB
// (and then finds the metadata too long), the API 64 KB.
func TestBodyLimit_SmallBodiesStillWork(t *testing.T) {
	t.Parallel()
	env := newGuardEnv(t, storetest.SQLite(t), guardOptions{})
	res := env.do(t, "POST", "/api/v1/leads", "application/json", goodLead)
	if res.status != http.StatusCreated {
		t.Fatalf("lead: %d %s", res.status, res.body)
	}
	// Just over the API's 64 KB, well under the auth service's 1 MB.
	big := `{"email":"big@example.com","password":"` + testPassword + `","data":{"note":"` + strings.Repeat("n", 70<<10) + `"}}`
	if res := env.do(t, "POST", "/api/v1/newsletter", "application/json", big); res.status != http.StatusRequestEntityTooLarge {
		t.Fatalf("newsletter: %d %s", res.status, res.body)
	}
	if res := env.do(t, "POST", "/auth/v1/signup", "application/json", big); res.status != http.StatusUnprocessableEntity || !strings.Contains(res.body, "16 KB") {
		t.Fatalf("signup: %d %s", res.status, res.body)
	}
}
