package server_test

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/browserurl"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/server"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// redirectBypasses are return and redirect addresses that net/url and a browser read
// differently once a hop has decoded them. Each is sent as the value of a parameter
// (redirect_to, success_url, cancel_url) and as a path of the site. Each one got a browser
// off the site, or a session onto a page outside the portal, before redirects were rebuilt
// from their parsed parts (docs/adr/0020-redirects-stay-on-the-site.md).
var redirectBypasses = []string{
	`/%5Cattacker.example/`,
	`/%5Cattacker.example`,
	`/%5C%5Cattacker.example/`,
	`/%255Cattacker.example/`,
	`/%09/attacker.example/`,
	`/%0A/attacker.example/`,
	`/%2509/attacker.example/`,
	`/%2F%2Fattacker.example/`,
	`/%252F%252Fattacker.example/`,
	`/portal/%2e%2e/%5Cattacker.example/`,
	`/portal/..%2F%5Cattacker.example/`,
	`/\attacker.example/`,
	`HTTPS://WWW.EXAMPLE.COM/%5Cattacker.example/`,
	`https://www.example.com/%5Cattacker.example/`,
	`https://www.example.com/%09/attacker.example/`,
	`https://www.example.com//attacker.example/`,
	`https://www.example.com/\attacker.example/`,
	`/%5Cwww.example.com@attacker.example/`,
	`/%5Cwww.example.com.attacker.example/`,
	`/%5CATTACKER.EXAMPLE/`,
	`/%5Cattacker.example:8443/`,
	`/%5C%09attacker.example/`,
	`/%5Cuser:pw@attacker.example/`,
	`https://www.example.com/%5Cwww.example.com@attacker.example/`,
	`https://www.example.com/portal/%2e%2e/%5Cattacker.example/`,
}

// redirectClassics name another origin in the forms a check of the raw string already
// refused; they stay so that no rewrite of the checks lets them through.
var redirectClassics = []string{
	`//attacker.example/`,
	`\\attacker.example/`,
	"/\t/attacker.example/",
	"\t//attacker.example/",
	" //attacker.example/",
	"/portal/\n/x/",
	`https:attacker.example`,
	`https:\\attacker.example/`,
	`https://www.example.com@attacker.example/`,
	`https://www.example.com.attacker.example/`,
	`https://www.example.com%2F@attacker.example/`,
	`HTTPS://ATTACKER.EXAMPLE/`,
	`https://user:pw@www.example.com/portal`,
	`https://www.example.com:8443/portal`,
	`http://www.example.com/portal`,
	`javascript:alert(document.domain)//`,
	`JAVASCRIPT:alert(1)`,
	`data:text/html,<script>alert(1)</script>`,
	`/portal?next=%2F%5Cattacker.example#x`,
}

// siteBrowser requests URLs of the test site the way a browser does: every URL, and every
// Location it is sent to, read by the WHATWG rules (internal/browserurl), each request sent
// as the browser sends it (its request target and Host), and a fragment kept across a
// redirect whose Location has none.
type siteBrowser struct {
	env  *portalEnv
	site *browserurl.URL
}

func newSiteBrowser(env *portalEnv) *siteBrowser {
	return &siteBrowser{env: env, site: browserurl.MustParse(testSiteURL+"/", nil)}
}

// hop is one answer of a chain: the URL requested and its status and Location.
type hop struct {
	url      *browserurl.URL
	status   int
	location string
}

func (h hop) String() string {
	return fmt.Sprintf("%s → %d %q", redacted(h.url.String()), h.status, redacted(h.location))
}

// redacted is a URL for a message: a fragment's session tokens are cut to their names.
func redacted(u string) string {
	base, frag, ok := strings.Cut(u, "#")
	if !ok {
		return u
	}
	v, err := url.ParseQuery(frag)
	if err != nil || (!v.Has("access_token") && !v.Has("refresh_token")) {
		return u
	}
	return base + "#access_token=…&refresh_token=…"
}

// send sends one request with exactly this request target and returns the answer.
func (b *siteBrowser) send(t *testing.T, method, target, contentType, body string, headers ...string) (int, string) {
	t.Helper()
	conn, err := net.Dial("tcp", b.env.srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
	var req strings.Builder
	fmt.Fprintf(&req, "%s %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n", method, target, b.site.Host)
	if body != "" || method == http.MethodPost {
		fmt.Fprintf(&req, "Content-Type: %s\r\nContent-Length: %d\r\n", contentType, len(body))
	}
	for i := 0; i+1 < len(headers); i += 2 {
		fmt.Fprintf(&req, "%s: %s\r\n", headers[i], headers[i+1])
	}
	req.WriteString("\r\n" + body)
	if _, err := conn.Write([]byte(req.String())); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), &http.Request{Method: method})
	if err != nil {
		t.Fatalf("%s %q: %v", method, target, err)
	}
	res.Body.Close()
	return res.StatusCode, res.Header.Get("Location")
}

// follow requests start (on the site) and follows every redirect as a browser does, failing
// the test at the first Location that a browser would read as another origin (or not read at
// all). It returns the hops; the last one is not a redirect.
func (b *siteBrowser) follow(t *testing.T, what string, start *browserurl.URL, method, contentType, body string, headers ...string) []hop {
	t.Helper()
	var hops []hop
	cur := start
	for range 10 {
		if cur.Origin() != b.site.Origin() {
			t.Errorf("%s: the browser left the site for %s after %v", what, redacted(cur.String()), hops)
			return hops
		}
		status, loc := b.send(t, method, cur.RequestTarget(), contentType, body, headers...)
		hops = append(hops, hop{url: cur, status: status, location: loc})
		if status < 300 || status > 399 || loc == "" {
			return hops
		}
		next, err := browserurl.Parse(loc, cur)
		if err != nil {
			t.Errorf("%s: %s answered a Location a browser cannot read (%v); hops %v", what, redacted(cur.String()), err, hops)
			return hops
		}
		if !next.HasFragment && cur.HasFragment {
			next.Fragment, next.HasFragment = cur.Fragment, true
		}
		// A browser follows 301, 302 and 303 with a GET and no body.
		method, contentType, body, headers = http.MethodGet, "", "", nil
		cur = next
	}
	t.Errorf("%s: more than 10 redirects: %v", what, hops)
	return hops
}

// deliversSessionsOnlyToThePortal fails the test when a hop carries a session (tokens in the
// fragment, or a PKCE code in the query) to a path outside the portal.
func deliversSessionsOnlyToThePortal(t *testing.T, what string, hops []hop) {
	t.Helper()
	for _, h := range hops {
		frag, _ := url.ParseQuery(h.url.Fragment)
		query, _ := url.ParseQuery(h.url.Query)
		if !frag.Has("access_token") && !query.Has("code") {
			continue
		}
		p := h.url.Path()
		if p != "/portal" && !strings.HasPrefix(p, "/portal/") {
			t.Errorf("%s: the session went to %s, outside the portal; hops %v", what, redacted(h.url.String()), hops)
		}
	}
}

var verifyLinkRe = regexp.MustCompile(`https://www\.example\.com/auth/v1/verify\?\S+`)

// mailedLink is the verify link of the newest message of the kind to the address.
func (e *portalEnv) mailedLink(t *testing.T, to, kind string) string {
	t.Helper()
	mails, err := e.outbox.ListMail(context.Background(), 1000)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mails {
		if m.Email.To == to && m.Email.Kind == kind {
			if link := verifyLinkRe.FindString(m.Email.Text); link != "" {
				return link
			}
			t.Fatalf("message to %s has no verify link: %s", to, m.Email.Text)
		}
	}
	t.Fatalf("no %s message to %s", kind, to)
	return ""
}

// TestRedirects_EveryHopStaysOnTheSite sends each tricky target to every route that answers
// with a redirect, and follows the chain as a browser: the page server's trailing-slash and
// unknown-path redirects, the e-mailed links of /otp, /recover and /signup, /verify's error
// redirect, and checkout's return URLs (cancel and pay on the test provider's page). No hop
// may leave the site's origin, and a session is delivered only to the portal.
func TestRedirects_EveryHopStaysOnTheSite(t *testing.T) {
	t.Parallel()
	env := newPortalEnv(t, storetest.SQLite(t))
	b := newSiteBrowser(env)
	for i, target := range append(redirectBypasses, redirectClassics...) {
		t.Run(fmt.Sprintf("%02d %q", i, target), func(t *testing.T) {
			// The page server: the target as a path of the site, with and without a trailing
			// slash, as a browser sends it and (where HTTP allows) byte for byte.
			for _, suffix := range []string{"", "/", "/?a=b"} {
				p := target + suffix
				if !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, `\`) {
					p = "/" + p
				}
				if u, err := browserurl.Parse(testSiteURL+p, nil); err == nil && u.Origin() == b.site.Origin() {
					b.follow(t, "GET "+u.RequestTarget(), u, "GET", "", "")
				}
				if !strings.ContainsFunc(p, func(r rune) bool { return r <= ' ' || r >= 0x7f }) {
					status, loc := b.send(t, "GET", p, "", "")
					if status >= 300 && status <= 399 {
						if next, err := browserurl.Parse(loc, b.site); err != nil {
							t.Errorf("raw GET %q: %d Location %q, which a browser cannot read", p, status, loc)
						} else {
							b.follow(t, fmt.Sprintf("raw GET %q → %q", p, loc), next, "GET", "", "")
						}
					}
				}
			}

			q := "?redirect_to=" + url.QueryEscape(target)
			follow := func(what, link string, session bool) {
				t.Helper()
				u, err := browserurl.Parse(link, nil)
				if err != nil {
					t.Fatalf("%s: link %q: %v", what, link, err)
				}
				hops := b.follow(t, what, u, "GET", "", "")
				deliversSessionsOnlyToThePortal(t, what, hops)
				last := hops[len(hops)-1]
				if len(hops) == 1 && last.status == http.StatusUnprocessableEntity {
					return // a control character in redirect_to: refused at the door
				}
				if last.status != http.StatusOK {
					t.Errorf("%s: the chain ends with %v", what, hops)
				}
				if frag, _ := url.ParseQuery(last.url.Fragment); session != frag.Has("access_token") {
					t.Errorf("%s: session delivered %v, want %v: %v", what, !session, session, hops)
				}
			}

			// E-mailed links: a magic link, a recovery link, a sign-up confirmation.
			for route, kind := range map[string]string{"/auth/v1/otp": growthdesk.EmailMagicLink, "/auth/v1/recover": growthdesk.EmailRecovery} {
				email := fmt.Sprintf("redirect%d-%s@example.com", i, kind)
				env.signUpStaff(t, email, "customer")
				status, _ := b.send(t, "POST", route+q, "application/json", fmt.Sprintf(`{"email":%q}`, email))
				if status == 200 {
					follow("link of "+route, env.mailedLink(t, email, kind), true)
				} else if status != 422 {
					t.Errorf("POST %s: %d", route, status)
				}
			}
			newcomer := fmt.Sprintf("newcomer%d@example.com", i)
			status, _ := b.send(t, "POST", "/auth/v1/signup"+q, "application/json", fmt.Sprintf(`{"email":%q,"password":%q}`, newcomer, testPassword))
			if status == 200 {
				follow("link of /auth/v1/signup", env.mailedLink(t, newcomer, growthdesk.EmailConfirmation), true)
			} else if status != 422 {
				t.Errorf("POST /auth/v1/signup: %d", status)
			}
			// /verify's error redirect, for an implicit and a PKCE link.
			for _, token := range []string{"made-up", "pkce_made-up"} {
				follow("verify error", testSiteURL+"/auth/v1/verify?type=magiclink&token="+token+"&redirect_to="+url.QueryEscape(target), false)
			}

			// Checkout's return URLs: cancel one checkout, pay another, in an organization of
			// the target's own (an organization pays a plan once).
			org := jsonField(t, env.as(t, "admin", "POST", "/api/v1/admin/organizations", fmt.Sprintf(`{"name":"Redirects %d"}`, i)).body, "id")
			if res := env.as(t, "admin", "PATCH", "/api/v1/admin/users/"+env.ids["customer"], `{"organization_id":"`+org+`"}`); res.status != 200 {
				t.Fatalf("move the customer: %d %s", res.status, res.body)
			}
			checkout := fmt.Sprintf(`{"price_id":"price_chatbot_setup_monthly","success_url":%q,"cancel_url":%q}`, target, target)
			for _, action := range []string{"cancel", "pay"} {
				res := env.as(t, "customer", "POST", "/functions/v1/stripe-checkout", checkout)
				if res.status == 422 {
					continue // a control character: refused at the door
				}
				if res.status != 200 {
					t.Fatalf("checkout: %d %s", res.status, res.body)
				}
				session, key := checkoutLink(t, res.body)
				start := browserurl.MustParse(testSiteURL+"/functions/v1/test-checkout/"+session+"/"+action, nil)
				hops := b.follow(t, "checkout "+action, start, "POST", "application/x-www-form-urlencoded", "card=4242&key="+url.QueryEscape(key))
				if len(hops) < 2 || hops[0].status != http.StatusSeeOther {
					t.Errorf("checkout %s: %v", action, hops)
				}
			}
		})
	}
}

// TestPages_TrailingSlashRedirectKeepsThePathEscaped: the page server's Location is built
// from the escaped path, with one leading slash, so that what the request held escaped stays
// a path.
func TestPages_TrailingSlashRedirectKeepsThePathEscaped(t *testing.T) {
	t.Parallel()
	env := newTestEnv(t, storetest.SQLite(t), server.Config{})
	b := &siteBrowser{env: &portalEnv{testEnv: env}, site: browserurl.MustParse(testSiteURL+"/", nil)}
	cases := map[string]string{
		"/blog/":                     "/blog",
		"/blog/?page=2":              "/blog?page=2",
		"/%5Cattacker.example/":      "/%5Cattacker.example",
		"/%5C%5Cattacker.example/":   "/%5C%5Cattacker.example",
		"/%09/attacker.example/":     "/%09/attacker.example",
		"/%5C/attacker.example/":     "/%5C/attacker.example",
		"/\\attacker.example/":       "/%5Cattacker.example",
		"/%2F%2Fattacker.example/":   "/%2F%2Fattacker.example",
		"/portal/%2e%2e/%5Cx/?q=\\a": "/portal/%2e%2e/%5Cx?q=\\a",
	}
	for target, want := range cases {
		status, loc := b.send(t, "GET", target, "", "")
		if status != http.StatusMovedPermanently || loc != want {
			t.Errorf("GET %s: %d %q, want 301 %q", target, status, loc, want)
		}
	}
}
