package server

import (
	"context"
	"io"
	"net"
	"net/http"
	"sync"
)

// Serving a file from memory costs little next to the system calls that send it. net/http
// writes a response through a 4 KB buffer: a page of 10 KB leaves in two writes (the buffer
// with the header, then the rest of the body), each one a trip through the TCP stack and a
// wake-up of the client. Connections accepted through Listener can hold a response's writes
// and send header and body in one writev, which writeBody asks for.

// Listener returns ln with its connections able to send a whole static response in one
// system call. Serve it with ConnContext as the http.Server's ConnContext; without that, the
// connections behave as plain ones.
func Listener(ln net.Listener) net.Listener { return coalescingListener{ln} }

// ConnContext remembers the connection of Listener in the context of its requests, for
// writeBody. Set it as http.Server.ConnContext.
func ConnContext(ctx context.Context, c net.Conn) context.Context {
	if cc, ok := c.(*coalescingConn); ok {
		return context.WithValue(ctx, connKey{}, cc)
	}
	return ctx
}

type connKey struct{}

type coalescingListener struct{ net.Listener }

func (l coalescingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &coalescingConn{Conn: c}, nil
}

// coalesceMin is the smallest body worth holding: below it, header and body fit net/http's
// buffer and leave in one write anyway.
const coalesceMin = 2 << 10

// scratchPool keeps the buffers that hold copies of net/http's writes during a held response
// (its buffered header and the first part of the body, 4 KB), so idle connections keep none.
var scratchPool = sync.Pool{New: func() any { b := make([]byte, 0, 8<<10); return &b }}

// coalescingConn is a connection whose writes can be held and sent together. Only the
// goroutine serving the connection writes to it (net/http's background read only reads), so
// the fields need no lock.
type coalescingConn struct {
	net.Conn
	holding bool
	// body is the immutable body of the held response: writes that are part of it are kept
	// by reference, everything else is copied into scratch.
	body    []byte
	scratch *[]byte
	segs    []segment
	bufs    net.Buffers
	err     error // of the last send, returned by the next write
}

// segment is one held write: part of body, or scratch[start:end].
type segment struct {
	ref        []byte
	start, end int
}

func (c *coalescingConn) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	if !c.holding {
		return c.Conn.Write(p)
	}
	if within(p, c.body) {
		c.segs = append(c.segs, segment{ref: p})
		return len(p), nil
	}
	start := len(*c.scratch)
	*c.scratch = append(*c.scratch, p...)
	c.segs = append(c.segs, segment{start: start, end: len(*c.scratch)})
	return len(p), nil
}

// ReadFrom keeps *net.TCPConn's sendfile and splice for handlers that copy from a file.
func (c *coalescingConn) ReadFrom(r io.Reader) (int64, error) {
	if rf, ok := c.Conn.(io.ReaderFrom); ok && !c.holding {
		return rf.ReadFrom(r)
	}
	return io.Copy(writerOnly{c}, r)
}

// CloseWrite keeps net/http's graceful close of TCP connections.
func (c *coalescingConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

type writerOnly struct{ io.Writer }

// within reports whether p lies in body's array (both end at the same last element).
func within(p, body []byte) bool {
	return cap(p) > 0 && cap(body) > 0 && &p[:cap(p)][cap(p)-1] == &body[:cap(body)][cap(body)-1]
}

func (c *coalescingConn) hold(body []byte) {
	c.holding, c.body = true, body
	c.scratch = scratchPool.Get().(*[]byte)
}

// release sends what was held in one write and stops holding.
func (c *coalescingConn) release() {
	for _, s := range c.segs {
		if s.ref != nil {
			c.bufs = append(c.bufs, s.ref)
		} else {
			c.bufs = append(c.bufs, (*c.scratch)[s.start:s.end])
		}
	}
	if len(c.bufs) > 0 && c.err == nil {
		bufs := c.bufs // WriteTo consumes its receiver
		_, c.err = bufs.WriteTo(c.Conn)
	}
	clear(c.bufs)
	clear(c.segs)
	c.bufs, c.segs = c.bufs[:0], c.segs[:0]
	*c.scratch = (*c.scratch)[:0]
	if cap(*c.scratch) <= 64<<10 {
		scratchPool.Put(c.scratch)
	}
	c.holding, c.body, c.scratch = false, nil, nil
}

// writeBody writes body, the whole body of the response whose header is set, so that header
// and body leave in one system call when the connection came from Listener.
func writeBody(w http.ResponseWriter, r *http.Request, body []byte) {
	c, _ := r.Context().Value(connKey{}).(*coalescingConn)
	if c == nil || len(body) < coalesceMin {
		_, _ = w.Write(body)
		return
	}
	c.hold(body)
	defer c.release()
	_, _ = w.Write(body)
	// Push net/http's buffer (the header, the start of the body) to the connection.
	_ = http.NewResponseController(w).Flush()
}
