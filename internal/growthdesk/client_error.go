package growthdesk

import (
	"fmt"
	"net/url"
	"strings"
	"unicode"
)

// Limits of a browser's error report, shared with the web app's reporter.
const (
	ClientErrorMessageMax = 1000
	ClientErrorStackMax   = 8000
	ClientErrorURLMax     = 2048
	// ClientErrorBodyMax bounds the whole JSON body of a report, in bytes.
	ClientErrorBodyMax = 16 << 10
)

// Kinds of client error: an uncaught exception, an unhandled promise rejection, or an error
// a React error boundary caught while rendering.
var ClientErrorKinds = []string{"error", "unhandledrejection", "boundary"}

// ClientErrorReport is what the web app sends when something fails in the browser, so that
// errors nobody reports reach the server's log.
type ClientErrorReport struct {
	Message string `json:"message"`
	Stack   string `json:"stack"`
	URL     string `json:"url"`
	Kind    string `json:"kind"`
}

// Normalize trims the fields.
func (r *ClientErrorReport) Normalize() {
	r.Message = strings.TrimSpace(r.Message)
	r.Stack = strings.TrimSpace(r.Stack)
	r.URL = strings.TrimSpace(r.URL)
	r.Kind = strings.TrimSpace(r.Kind)
}

// Validate returns an EInvalid error listing every problem, or nil. The stack may span
// lines; the other fields are single lines, so a report cannot forge lines of a text log.
func (r ClientErrorReport) Validate() error {
	c := fieldCheck{}
	if c.required("message", r.Message, "Send the error message.") {
		c.maxLen("message", r.Message, ClientErrorMessageMax, fmt.Sprintf("The message must be at most %d characters.", ClientErrorMessageMax))
		if hasControl(r.Message, false) {
			c.add("message", "The message must be one line of text.")
		}
	}
	c.maxLen("stack", r.Stack, ClientErrorStackMax, fmt.Sprintf("The stack must be at most %d characters.", ClientErrorStackMax))
	if hasControl(r.Stack, true) {
		c.add("stack", "The stack must be plain text.")
	}
	if c.required("url", r.URL, "Send the page's URL.") {
		u, err := url.Parse(r.URL)
		switch {
		case len(r.URL) > ClientErrorURLMax:
			c.add("url", fmt.Sprintf("The URL must be at most %d characters.", ClientErrorURLMax))
		case err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || hasControl(r.URL, false):
			c.add("url", "Send the page's full http(s) URL.")
		}
	}
	if c.required("kind", r.Kind, "Send the kind of error.") && !contains(ClientErrorKinds, r.Kind) {
		c.add("kind", "Use error, unhandledrejection or boundary.")
	}
	return c.err()
}

// hasControl reports whether s holds control characters; multiLine allows newline and tab.
func hasControl(s string, multiLine bool) bool {
	return strings.IndexFunc(s, func(r rune) bool {
		if multiLine && (r == '\n' || r == '\t' || r == '\r') {
			return false
		}
		return unicode.IsControl(r)
	}) >= 0
}
