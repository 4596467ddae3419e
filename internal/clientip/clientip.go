// Package clientip says which address a request comes from, for rate limits, MFA challenges
// and the audit log. The auth service and the portal API must agree on it, so it lives here.
package clientip

import (
	"net"
	"net/http"
	"strings"
)

// Of returns the connection's peer address, or, behind a trusted proxy, the first address of
// X-Forwarded-For. Only trust the header behind a proxy you run: anyone can send it.
func Of(r *http.Request, trustProxy bool) string {
	if trustProxy {
		if xff := r.Header.Get("X-Forwarded-For"); xff != "" {
			first, _, _ := strings.Cut(xff, ",")
			if ip := net.ParseIP(strings.TrimSpace(first)); ip != nil {
				return ip.String()
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
