// Package browserurl reads a URL the way a browser does (the WHATWG URL parser), for tests
// that check where a redirect sends the browser. net/url reads URLs by RFC 3986, and the two
// disagree exactly where open redirects hide: a browser removes tabs and line breaks anywhere,
// trims leading and trailing control characters and spaces, reads a backslash as a slash in
// http(s) URLs, skips any run of slashes before a host, and resolves "https:host" against an
// http base as a host. Only tests import it.
//
// Parse covers the special schemes (http, https, ws, wss, ftp, file) as far as origin and
// request target go; any other scheme's URL has an opaque origin ("null"). Hosts are
// percent-decoded and lower-cased but not run through IDNA or IPv4 number parsing, so a
// host written in those forms compares unequal to the site's: the conservative answer for a
// test that asks whether the browser stays on the site.
package browserurl

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// URL is a parsed URL, serialized as a browser would.
type URL struct {
	Scheme   string
	Username string
	Password string
	Host     string // lower case; "" for a URL without a host
	Port     string // "" for the scheme's default port
	// Opaque is the rest of a URL whose scheme is not special ("alert(1)" of javascript:).
	Opaque      string
	segments    []string
	Query       string
	HasQuery    bool
	Fragment    string
	HasFragment bool
}

var defaultPorts = map[string]string{"http": "80", "https": "443", "ws": "80", "wss": "443", "ftp": "21", "file": ""}

func special(scheme string) bool { _, ok := defaultPorts[scheme]; return ok }

// Special reports whether u has one of the special schemes, whose URLs have a host and a path.
func (u *URL) Special() bool { return special(u.Scheme) }

// Origin is scheme://host[:port] for a special URL other than file, otherwise "null" (an
// opaque origin, equal to no other).
func (u *URL) Origin() string {
	if !u.Special() || u.Scheme == "file" {
		return "null"
	}
	o := u.Scheme + "://" + u.Host
	if u.Port != "" {
		o += ":" + u.Port
	}
	return o
}

// Path is the serialized path ("/" at least for a special URL).
func (u *URL) Path() string {
	if !u.Special() {
		return u.Opaque
	}
	return "/" + strings.Join(u.segments, "/")
}

// RequestTarget is what the browser sends in the request line: the path and the query.
func (u *URL) RequestTarget() string {
	t := u.Path()
	if u.HasQuery {
		t += "?" + u.Query
	}
	return t
}

func (u *URL) String() string {
	if !u.Special() {
		return u.Scheme + ":" + u.Opaque
	}
	var b strings.Builder
	b.WriteString(u.Scheme + "://")
	if u.Username != "" || u.Password != "" {
		b.WriteString(u.Username)
		if u.Password != "" {
			b.WriteString(":" + u.Password)
		}
		b.WriteString("@")
	}
	b.WriteString(u.Host)
	if u.Port != "" {
		b.WriteString(":" + u.Port)
	}
	b.WriteString(u.RequestTarget())
	if u.HasFragment {
		b.WriteString("#" + u.Fragment)
	}
	return b.String()
}

// ErrInvalid is returned for input the browser refuses to read as a URL (it then does not
// follow the redirect at all).
var ErrInvalid = errors.New("browserurl: not a valid URL")

// Parse reads input against base (nil for an absolute URL) by the WHATWG basic URL parser.
func Parse(input string, base *URL) (*URL, error) {
	input = strings.TrimFunc(input, func(r rune) bool { return r <= ' ' })
	input = strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, input)
	if i := schemeEnd(input); i > 0 {
		scheme, rest := strings.ToLower(input[:i]), input[i+1:]
		u := &URL{Scheme: scheme}
		if !special(scheme) {
			u.Opaque = rest
			return u, nil
		}
		if base != nil && base.Scheme == scheme {
			// special relative or authority state: only "//" starts an authority here;
			// anything else ("https:evil", "https:\\evil") is read relative to the base.
			if strings.HasPrefix(rest, "//") {
				return u, u.authority(strings.TrimLeft(rest, `/\`))
			}
			return u, u.relative(base, rest)
		}
		// special authority slashes and ignore slashes states: any run of / and \ is skipped.
		return u, u.authority(strings.TrimLeft(rest, `/\`))
	}
	if base == nil || !base.Special() {
		return nil, ErrInvalid
	}
	u := &URL{Scheme: base.Scheme}
	return u, u.relative(base, input)
}

// MustParse is Parse for inputs known to be valid.
func MustParse(input string, base *URL) *URL {
	u, err := Parse(input, base)
	if err != nil {
		panic(fmt.Sprintf("browserurl: %q: %v", input, err))
	}
	return u
}

// schemeEnd is the index of the colon ending a scheme at the start of s, or -1.
func schemeEnd(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return i
		default:
			return -1
		}
	}
	return -1
}

// relative is the relative state: input read against base, whose scheme u already has.
func (u *URL) relative(base *URL, s string) error {
	if s != "" && (s[0] == '/' || s[0] == '\\') {
		// relative slash state: a second slash (either kind) starts an authority.
		if len(s) > 1 && (s[1] == '/' || s[1] == '\\') {
			return u.authority(strings.TrimLeft(s, `/\`))
		}
		u.copyAuthority(base)
		u.path(s[1:])
		return nil
	}
	u.copyAuthority(base)
	u.segments = append([]string(nil), base.segments...)
	u.Query, u.HasQuery = base.Query, base.HasQuery
	switch {
	case s == "":
	case s[0] == '?':
		u.Query, u.HasQuery = "", false
		u.query(s[1:])
	case s[0] == '#':
		u.Fragment, u.HasFragment = encode(s[1:], fragmentSet), true
	default:
		u.Query, u.HasQuery = "", false
		u.shorten()
		u.path(s)
	}
	return nil
}

func (u *URL) copyAuthority(base *URL) {
	u.Username, u.Password, u.Host, u.Port = base.Username, base.Password, base.Host, base.Port
}

// authority reads userinfo, host and port up to the path, then the rest.
func (u *URL) authority(s string) error {
	end := strings.IndexAny(s, `/?#\`)
	if end < 0 {
		end = len(s)
	}
	auth, rest := s[:end], s[end:]
	if at := strings.LastIndexByte(auth, '@'); at >= 0 {
		cred := auth[:at]
		auth = auth[at+1:]
		user, pass, _ := strings.Cut(cred, ":")
		u.Username, u.Password = encode(user, userinfoSet), encode(pass, userinfoSet)
	}
	host, port := auth, ""
	if i := strings.LastIndexByte(auth, ':'); i >= 0 && !strings.Contains(auth[i:], "]") {
		host, port = auth[:i], auth[i+1:]
	}
	if host == "" {
		return ErrInvalid
	}
	h, err := parseHost(host)
	if err != nil {
		return err
	}
	u.Host = h
	if port != "" {
		n, err := strconv.ParseUint(port, 10, 16)
		if err != nil || strings.TrimLeft(port, "0123456789") != "" {
			return ErrInvalid
		}
		if p := strconv.FormatUint(n, 10); p != defaultPorts[u.Scheme] {
			u.Port = p
		}
	}
	// path start state: one leading slash (either kind) belongs to the path.
	if rest != "" && (rest[0] == '/' || rest[0] == '\\') {
		rest = rest[1:]
	}
	u.path(rest)
	return nil
}

// parseHost percent-decodes and lower-cases a host and refuses forbidden code points.
func parseHost(h string) (string, error) {
	if strings.HasPrefix(h, "[") {
		if !strings.HasSuffix(h, "]") {
			return "", ErrInvalid
		}
		return strings.ToLower(h), nil
	}
	d, err := url.PathUnescape(h)
	if err != nil {
		return "", ErrInvalid
	}
	for i := 0; i < len(d); i++ {
		if c := d[i]; c <= ' ' || c == 0x7f || strings.IndexByte(`#%/:<>?@[\]^|`, c) >= 0 {
			return "", ErrInvalid
		}
	}
	return strings.ToLower(d), nil
}

// path is the path state: segments separated by / (or \ in special URLs), dot segments
// (also percent-encoded ones) applied, then the query and fragment.
func (u *URL) path(s string) {
	for {
		end := strings.IndexAny(s, `/\?#`)
		if end < 0 {
			end = len(s)
		}
		seg, c := s[:end], byte(0)
		if end < len(s) {
			c = s[end]
		}
		slash := c == '/' || c == '\\'
		switch {
		case isDoubleDot(seg):
			u.shorten()
			if !slash {
				u.segments = append(u.segments, "")
			}
		case isSingleDot(seg):
			if !slash {
				u.segments = append(u.segments, "")
			}
		default:
			u.segments = append(u.segments, encode(seg, pathSet))
		}
		if !slash {
			rest := ""
			if end < len(s) {
				rest = s[end+1:]
			}
			switch c {
			case '?':
				u.query(rest)
			case '#':
				u.Fragment, u.HasFragment = encode(rest, fragmentSet), true
			}
			return
		}
		s = s[end+1:]
	}
}

func (u *URL) query(s string) {
	q, frag, hasFrag := strings.Cut(s, "#")
	u.Query, u.HasQuery = encode(q, specialQuerySet), true
	if hasFrag {
		u.Fragment, u.HasFragment = encode(frag, fragmentSet), true
	}
}

func (u *URL) shorten() {
	if n := len(u.segments); n > 0 {
		u.segments = u.segments[:n-1]
	}
}

func isSingleDot(s string) bool { return s == "." || strings.EqualFold(s, "%2e") }

func isDoubleDot(s string) bool {
	switch strings.ToLower(s) {
	case "..", ".%2e", "%2e.", "%2e%2e":
		return true
	}
	return false
}

// The percent-encode sets: each byte above ~ and each C0 control is encoded, plus these.
const (
	specialQuerySet = ` "#<>'`
	pathSet         = ` "#<>?` + "`{}"
	fragmentSet     = ` "<>` + "`"
	userinfoSet     = pathSet + `/:;=@[\]|`
)

func encode(s, set string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c > 0x7e || strings.IndexByte(set, c) >= 0 {
			fmt.Fprintf(&b, "%%%02X", c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}
