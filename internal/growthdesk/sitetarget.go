package growthdesk

import (
	"net/url"
	"path"
	"strings"
)

// SiteTarget is an address on this site that a client asked to be sent to (checkout's
// success_url and cancel_url, the auth service's redirect_to), parsed and judged.
//
// The browser that follows a redirect reads URLs by the WHATWG rules, not by net/url's: it
// drops tabs and line breaks, reads a backslash as a slash, and takes any run of slashes and
// backslashes after the scheme as the start of a host. A check of the raw string misses
// escaped forms that a later hop decodes ("/%5Cevil.example/" is a path here, and was a host
// once the page server decoded it into a Location). So an address is parsed, judged on its
// decoded path, and the URL sent to a browser is rebuilt from the parts, never copied from
// the raw string (docs/adr/0020-redirects-stay-on-the-site.md).
type SiteTarget struct {
	// Scheme and Host are the origin as written, in lower case; both empty for a path.
	Scheme, Host string
	// Path is decoded and cleaned: one leading slash, no dot segments, no empty segment, no
	// backslash and no control character.
	Path string
	// RawQuery is the query with every character a URI cannot hold as it is escaped.
	RawQuery string
}

// ParseSiteTarget reads raw, a path of this site ("/portal/billing?success=true") or an
// absolute http(s) URL, and reports false for anything else: a relative path, a
// scheme-relative "//host", another scheme, user info, a backslash or a control character
// anywhere, or a path that decodes to one starting with "//", holding a backslash or a
// control character. The caller decides whether the origin is the site's.
func ParseSiteTarget(raw string) (*SiteTarget, bool) {
	raw = strings.TrimSpace(raw)
	if raw == "" || HasControl(raw) || strings.ContainsRune(raw, '\\') {
		return nil, false
	}
	u, err := url.Parse(raw)
	if err != nil || u.Opaque != "" || u.User != nil {
		return nil, false
	}
	switch {
	case u.Scheme == "" && u.Host == "":
		if !strings.HasPrefix(raw, "/") {
			return nil, false
		}
	case u.Scheme != "http" && u.Scheme != "https", u.Host == "":
		return nil, false
	}
	p := u.Path
	if p == "" && u.Host != "" {
		p = "/"
	}
	if !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") || strings.ContainsRune(p, '\\') || HasControl(p) {
		return nil, false
	}
	return &SiteTarget{
		Scheme:   u.Scheme,
		Host:     strings.ToLower(u.Host),
		Path:     path.Clean(p),
		RawQuery: escapeQuery(u.RawQuery),
	}, true
}

// Hostname is the target's host without its port.
func (t *SiteTarget) Hostname() string { return (&url.URL{Host: t.Host}).Hostname() }

// Port is the target's port as written, or "".
func (t *SiteTarget) Port() string { return (&url.URL{Host: t.Host}).Port() }

// URL is the target on the origin scheme://host: its path escaped (a backslash would be
// %5C, a question mark %3F) and its query.
func (t *SiteTarget) URL(scheme, host string) string {
	return (&url.URL{Scheme: scheme, Host: host, Path: t.Path, RawQuery: t.RawQuery}).String()
}

// escapeQuery escapes every byte of a query that a URI cannot hold as it is (RFC 3986 allows
// letters, digits, -._~!$&'()*+,;=:@/? and percent escapes), so that a payment provider
// takes the URL and a browser reads it as it was meant.
func escapeQuery(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', strings.IndexByte("-._~!$&'()*+,;=:@/?", c) >= 0:
			b.WriteByte(c)
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
