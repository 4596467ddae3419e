package auth

// Fuzz targets of the auth service's request decoding: the body decoder, e-mail addresses,
// redirect targets and PKCE challenges (docs/fuzzing.md).

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/mail"
	"net/url"
	"path"
	"reflect"
	"strings"
	"testing"

	"github.com/growthdesk/growthdesk/internal/browserurl"
	"github.com/growthdesk/growthdesk/internal/fuzzutil"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/identity"
)

var authDecodeTargets = []func() any{
	func() any { return &map[string]any{} },
	func() any { return &signupRequest{} },
	func() any { return &passwordRequest{} },
	func() any { return &verifyRequest{} },
	func() any { return &updateUserRequest{} },
	func() any { return &enrollRequest{} },
}

func authRequest(body []byte, chunked bool) *http.Request {
	r := httptest.NewRequest(http.MethodPost, "/auth/v1/signup", bytes.NewReader(body))
	if chunked {
		r.ContentLength = -1
	}
	return r
}

// FuzzDecodeBody checks decodeBody on any body: an empty body is no fields; otherwise the
// answer is GoTrue's 400 bad_json for what is not one JSON object, 422 validation_failed
// naming the field for a control character, or a value with no forbidden control character;
// every clean JSON object decodes into a map; and a decoded value, sent again, decodes to
// itself.
func FuzzDecodeBody(f *testing.F) {
	f.Add([]byte(`{"email":"casey@example.com","password":"growthdesk-demo","data":{"full_name":"Casey Customer"}}`), uint8(1), false)
	f.Add([]byte(`{"email":"a@b.c","password":"x","gotrue_meta_security":{}}`), uint8(2), true)
	f.Add([]byte(`{"type":"signup","token_hash":"abc","redirect_to":"https://portal.example.com/portal"}`), uint8(3), false)
	f.Add([]byte(`{"data":{"full_name":"Eve\u0000"},"password":null}`), uint8(4), false)
	f.Add([]byte(`{"factor_type":"totp","friendly_name":"Phone\n2","issuer":5}`), uint8(5), false)
	f.Add([]byte("  \r\n "), uint8(0), false)
	f.Add([]byte(`{"a":1} {"b":2}`), uint8(0), false)
	f.Add([]byte(`[{"email":"x"}]`), uint8(1), false)
	f.Add([]byte(`{"n":1e400}`), uint8(0), true)
	f.Fuzz(func(t *testing.T, body []byte, target uint8, chunked bool) {
		newDst := authDecodeTargets[int(target)%len(authDecodeTargets)]
		dst := newDst()
		err := decodeBody(nil, authRequest(body, chunked), dst)

		trimmed := bytes.TrimSpace(body)
		var raw any
		object := json.Unmarshal(trimmed, &raw) == nil
		if _, ok := raw.(map[string]any); !ok {
			object = false
		}
		problem := ""
		if object {
			problem = fuzzutil.TextProblem(raw)
		}
		if err != nil {
			e, ok := err.(*apiError)
			if !ok || e.message == "" {
				t.Fatalf("%q: error %T %v is not an answer in GoTrue's format", body, err, err)
			}
			switch {
			case e.status == http.StatusBadRequest && e.code == codeBadJSON:
				if object && problem == "" && reflect.TypeOf(dst).Elem().Kind() == reflect.Map {
					t.Fatalf("a clean JSON object %q is refused: %v", body, err)
				}
			case e.status == http.StatusUnprocessableEntity && e.code == codeValidationFailed:
				if problem == "" {
					t.Fatalf("%q is refused for a control character it does not hold: %v", body, err)
				}
				if !strings.Contains(e.message, ": Must not contain control characters") {
					t.Fatalf("the refusal of %q does not name the field: %q", body, e.message)
				}
			default:
				t.Fatalf("%q: unexpected answer %v", body, err)
			}
			return
		}
		if len(trimmed) == 0 {
			return
		}
		if !object {
			t.Fatalf("%q, not a JSON object, is accepted", body)
		}
		if problem != "" {
			t.Fatalf("%q is accepted with a control character: %s", body, problem)
		}
		again, err := json.Marshal(dst)
		if err != nil {
			t.Fatalf("the decoded %T does not encode: %v", dst, err)
		}
		back := newDst()
		if err := decodeBody(nil, authRequest(again, false), back); err != nil {
			t.Fatalf("the decoded value %s, sent again, is refused: %v", again, err)
		}
		if !reflect.DeepEqual(dst, back) {
			t.Fatalf("the decoded value %s, sent again, decodes to %+v", again, back)
		}
	})
}

// FuzzCheckEmail checks the address sign-up, sign-in and recovery accept: it is the
// normalized form of what was typed, a bare address that net/mail reads as itself, with no
// space or control character, and checking it again changes nothing.
func FuzzCheckEmail(f *testing.F) {
	f.Add(" Casey@Example.COM ")
	f.Add("casey@example")
	f.Add("Casey <casey@example.com>")
	f.Add(`"casey smith"@example.com`)
	f.Add("casey@example.com\r\nBcc: all@example.com")
	f.Add("ÇASEY@EXAMPLE.COM")
	f.Add("a@b.c.")
	f.Fuzz(func(t *testing.T, raw string) {
		email, err := checkEmail(raw)
		if err != nil {
			if e, ok := err.(*apiError); !ok || e.status != http.StatusBadRequest || e.code != codeValidationFailed {
				t.Fatalf("checkEmail(%q) answers %v", raw, err)
			}
			if growthdesk.ValidEmail(growthdesk.NormalizeEmail(raw)) {
				t.Fatalf("checkEmail(%q) refuses a valid address", raw)
			}
			return
		}
		if email != growthdesk.NormalizeEmail(raw) || len(email) > growthdesk.MaxEmailLength {
			t.Fatalf("checkEmail(%q) = %q", raw, email)
		}
		if strings.ContainsAny(email, " \t\r\n") || fuzzutil.HasControl(email) {
			t.Fatalf("checkEmail(%q) = %q holds white space or a control character", raw, email)
		}
		if addr, err := mail.ParseAddress(email); err != nil || addr.Address != email || addr.Name != "" {
			t.Fatalf("checkEmail(%q) = %q, which net/mail reads as %v, %v", raw, email, addr, err)
		}
		if again, err := checkEmail(email); err != nil || again != email {
			t.Fatalf("checkEmail(%q) = %q, then %q, %v", raw, email, again, err)
		}
	})
}

// FuzzRedirectTarget checks the open-redirect guard: wherever redirect_to points, the
// browser is sent to the site's own origin (any port of a loopback site), to a page of the
// portal, as a browser reads the result (WHATWG rules, internal/browserurl) and as
// net/url reads it; the answer is one redirectTarget keeps as it is.
func FuzzRedirectTarget(f *testing.F) {
	f.Add("/portal/reset-password")
	f.Add("https://portal.example.com/portal?x=1#frag")
	f.Add("https://evil.example/portal")
	f.Add("//evil.example")
	f.Add("/\\evil.example")
	f.Add("/%5Cevil.example/")
	f.Add("/%5C%5Cevil.example/")
	f.Add("/%09/evil.example/")
	f.Add("/%255Cevil.example/")
	f.Add("/portal/%2e%2e/%5Cevil.example/")
	f.Add("https://portal.example.com/%5Cevil.example/")
	f.Add("https://portal.example.com@evil.example")
	f.Add("https://evil.example\\@portal.example.com")
	f.Add("HTTPS://PORTAL.EXAMPLE.COM:443/x")
	f.Add("http://localhost:5173/portal")
	f.Add("javascript:alert(1)")
	f.Add(" https://evil.example")
	f.Add("/portal?next=/%5Cevil.example&q=a b#x")
	var services []*Service
	for _, siteURL := range []string{"https://portal.example.com", "http://localhost:8080"} {
		site, err := url.Parse(siteURL)
		if err != nil {
			f.Fatal(err)
		}
		services = append(services, &Service{cfg: Config{SiteURL: siteURL}, site: site})
	}
	f.Fuzz(func(t *testing.T, raw string) {
		for _, s := range services {
			out := s.redirectTarget(raw)
			b, err := browserurl.Parse(out, nil)
			if err != nil || b.Username != "" || b.Password != "" || b.Scheme != s.site.Scheme || b.Host != s.site.Hostname() ||
				(b.Port != s.site.Port() && !isLoopback(s.site.Hostname())) {
				t.Fatalf("redirectTarget(%q) = %q, which a browser reads as %v (%v)", raw, out, b, err)
			}
			if p := b.Path(); p != "/portal" && !strings.HasPrefix(p, "/portal/") {
				t.Fatalf("redirectTarget(%q) = %q, which a browser reads as the page %s", raw, out, p)
			}
			u, err := url.Parse(out)
			if err != nil || u.User != nil || u.Scheme != s.site.Scheme || u.Hostname() != s.site.Hostname() || u.Path != path.Clean(u.Path) || u.Fragment != "" {
				t.Fatalf("redirectTarget(%q) = %q, which net/url reads as %#v (%v)", raw, out, u, err)
			}
			if again := s.redirectTarget(out); again != out {
				t.Fatalf("redirectTarget(%q) = %q, then %q", raw, out, again)
			}
		}
	})
}

// FuzzParsePKCE checks the PKCE challenge of sign-up and magic links: accepted challenges
// are 43 to 128 characters with method s256 or plain, and the verifier that made one
// redeems it while any other does not.
func FuzzParsePKCE(f *testing.F) {
	f.Add("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk", "s256", "verifier")
	f.Add("", "", "")
	f.Add("short", "S256", "x")
	f.Add(strings.Repeat("a", 129), "plain", "a")
	f.Add(strings.Repeat("b", 43), "PLAIN", strings.Repeat("b", 43))
	f.Fuzz(func(t *testing.T, challenge, method, verifier string) {
		p, err := parsePKCE(challenge, method)
		switch {
		case challenge == "" && method == "":
			if p != nil || err != nil {
				t.Fatalf("no challenge answers %v, %v", p, err)
			}
			return
		case err != nil:
			if e, ok := err.(*apiError); !ok || e.status != http.StatusBadRequest {
				t.Fatalf("parsePKCE(%q, %q) answers %v", challenge, method, err)
			}
			return
		}
		if n := len(p.challenge); n < 43 || n > 128 || (p.method != "s256" && p.method != "plain") || p.challenge != challenge {
			t.Fatalf("parsePKCE(%q, %q) = %+v", challenge, method, p)
		}
		made := verifier
		if p.method == "s256" {
			sum := sha256.Sum256([]byte(verifier))
			made = b64.EncodeToString(sum[:])
		}
		flow := &identity.FlowState{CodeChallenge: made, CodeChallengeMethod: p.method}
		if !verifyCodeVerifier(flow, verifier) {
			t.Fatalf("the verifier %q does not redeem its own challenge", verifier)
		}
		if verifyCodeVerifier(flow, verifier+"x") {
			t.Fatalf("another verifier redeems the challenge of %q", verifier)
		}
	})
}
