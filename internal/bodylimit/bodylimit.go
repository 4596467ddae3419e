// Package bodylimit bounds request bodies and makes sure a client whose body was refused
// reads the refusal instead of a connection reset.
//
// Wrap is the one middleware in front of every JSON surface (/api/v1, /auth/v1 and later
// /functions/v1). It replaces the request body by a bounded reader; an endpoint that takes
// more (or less) than the default declares it where it reads, with Reader. When the bound is
// hit the reader fails with *http.MaxBytesError and the endpoint's decoder answers 413 in its
// own wire format. Once the handler has answered, Wrap sends the answer and then reads and
// discards what is left of the body, bounded by DrainCap and DrainTimeout, so the server
// never closes a socket with unread data in it (which makes the kernel send a TCP RST that
// can destroy the answer before the client has read it). See docs/adr/0010-body-limit-and-failing-closed.md.
package bodylimit

import (
	"io"
	"net/http"
	"strings"
	"sync"
	"time"
)

const (
	// DrainCap is the most Wrap discards after an answer. A body that declares more is not
	// drained: the connection is closed instead, as nobody should wait for that much.
	DrainCap = 64 << 20
	// DrainTimeout bounds the time Wrap spends discarding a body after the answer.
	DrainTimeout = 15 * time.Second
)

// limited is the bounded body of one request.
type limited struct {
	mu       sync.Mutex
	body     io.ReadCloser // the connection's body
	declared int64         // Content-Length, or -1 when unknown (chunked)
	limit    int64
	read     int64 // bytes taken from body
	hit      bool  // the limit was reached
	eof      bool  // body is finished
}

func (l *limited) setLimit(n int64) {
	l.mu.Lock()
	l.limit = n
	l.mu.Unlock()
}

// Read passes at most limit bytes. A body that declares more than the limit fails at once,
// before any of it is read, so the answer need not wait for the upload.
func (l *limited) Read(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.eof {
		return 0, io.EOF
	}
	if l.hit || l.declared > l.limit {
		l.hit = true
		return 0, &http.MaxBytesError{Limit: l.limit}
	}
	// Read one byte past the limit to learn whether the body goes beyond it.
	if room := l.limit - l.read + 1; int64(len(p)) > room {
		p = p[:room]
	}
	n, err := l.body.Read(p)
	l.read += int64(n)
	if err == io.EOF {
		l.eof = true
	}
	if l.read > l.limit {
		l.hit = true
		n -= int(l.read - l.limit)
		return n, &http.MaxBytesError{Limit: l.limit}
	}
	return n, err
}

// Close leaves the connection's body to Wrap, which drains it after the answer.
func (l *limited) Close() error { return nil }

// drainable reports whether the rest of the body should be read after the answer.
func (l *limited) drainable(r *http.Request) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.eof || r.Body == nil || r.Body == http.NoBody || r.ContentLength == 0:
		return false
	case l.declared > 0 && l.declared-l.read > DrainCap:
		return false
	case l.read == 0 && strings.EqualFold(r.Header.Get("Expect"), "100-continue"):
		// The client waits for "100 Continue" before sending; it never comes, the client
		// reads the answer and sends nothing.
		return false
	}
	return true
}

// Wrap bounds every request body to limit bytes unless the endpoint declares another bound
// with Reader, and discards the unread rest of the body after the handler has answered.
// Inside another Wrap it only sets the default of its own routes.
func Wrap(next http.Handler, limit int64) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if l, ok := r.Body.(*limited); ok {
			l.setLimit(limit)
			next.ServeHTTP(w, r)
			return
		}
		if r.Body == nil || r.Body == http.NoBody {
			next.ServeHTTP(w, r)
			return
		}
		l := &limited{body: r.Body, declared: r.ContentLength, limit: limit}
		if l.declared == 0 {
			l.declared = -1 // a body without a declared length (only requests built in tests)
		}
		// The request is changed in place, as with http.MaxBytesReader, so that what the mux
		// records on it (the matched pattern, for metrics) stays visible to outer middleware.
		orig := r.Body
		r.Body = l
		next.ServeHTTP(w, r)
		r.Body = orig
		if !l.drainable(r) {
			return
		}
		// Answer first, then read the rest: the client may be waiting for the answer to stop
		// sending, or may send everything before it reads.
		rc := http.NewResponseController(w)
		_ = rc.EnableFullDuplex() // keep net/http from giving up on the body when the answer goes out
		_ = rc.Flush()
		_ = rc.SetReadDeadline(time.Now().Add(DrainTimeout))
		l.mu.Lock()
		left := int64(DrainCap)
		if l.declared > 0 {
			left = l.declared - l.read
		}
		l.mu.Unlock()
		_, _ = io.CopyN(io.Discard, orig, left)
	})
}

// Reader returns the body of r bounded to limit bytes: reading past the bound, or a body
// that declares a larger Content-Length, fails with *http.MaxBytesError. An endpoint calls it
// (directly or through its JSON decoder) to declare its own bound before it reads. Behind
// Wrap it is the one bounded body of the request; without Wrap (a handler served on its
// own, as in tests) it bounds r.Body itself but nothing drains the rest.
func Reader(r *http.Request, limit int64) io.Reader {
	if l, ok := r.Body.(*limited); ok {
		l.setLimit(limit)
		return l
	}
	if r.Body == nil {
		return http.NoBody
	}
	declared := r.ContentLength
	if declared == 0 {
		declared = -1
	}
	return &limited{body: r.Body, declared: declared, limit: limit}
}
