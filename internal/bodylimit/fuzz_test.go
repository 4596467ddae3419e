package bodylimit_test

// Fuzz target of the body limit (docs/fuzzing.md).

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/growthdesk/growthdesk/internal/bodylimit"
)

// chunkReader reads its body in the sizes listed, as a connection delivers it.
type chunkReader struct {
	rest  []byte
	sizes []byte
	// read counts what the handler and the drain took.
	read int
}

func (c *chunkReader) Read(p []byte) (int, error) {
	if len(c.rest) == 0 {
		return 0, io.EOF
	}
	n := len(p)
	if len(c.sizes) > 0 {
		n = min(n, int(c.sizes[0])+1)
		c.sizes = c.sizes[1:]
	}
	n = copy(p, c.rest[:min(n, len(c.rest))])
	c.rest = c.rest[n:]
	c.read += n
	return n, nil
}

// readAllIn reads r to its end, asking for the sizes listed in turn, as a handler might.
func readAllIn(r io.Reader, sizes []byte) ([]byte, error) {
	var out []byte
	for i := 0; ; i++ {
		n := 512
		if len(sizes) > 0 {
			n = int(sizes[i%len(sizes)]) + 1
		}
		buf := make([]byte, n)
		k, err := r.Read(buf)
		out = append(out, buf[:k]...)
		if err != nil {
			return out, err
		}
		if i > 1<<20 {
			return out, errors.New("the reader never ends")
		}
	}
}

// FuzzReader checks the bounded body behind Wrap, with the endpoint's own bound from Reader,
// whatever the body, its declared length (exact or none, as when chunked), the bounds and
// the sizes in which the connection delivers it and the handler reads it: the handler reads
// exactly the first min(length, bound) bytes, then io.EOF when the body fits and
// *http.MaxBytesError with the bound when it does not (at once, reading nothing, when the
// declared length is already over); and after the answer the rest of the body has been
// read, so the connection is never closed with data unread.
func FuzzReader(f *testing.F) {
	f.Add([]byte(`{"name":"Dana"}`), uint16(64), uint16(0), false, []byte{3, 0, 200}, []byte{1})
	f.Add([]byte(`{"name":"Dana"}`), uint16(64), uint16(5), true, []byte{}, []byte{0})
	f.Add(bytes.Repeat([]byte("x"), 300), uint16(100), uint16(299), false, []byte{7}, []byte{255, 1})
	f.Add(bytes.Repeat([]byte("y"), 300), uint16(299), uint16(0), true, []byte{254}, []byte{})
	f.Add([]byte{}, uint16(1), uint16(1), false, []byte{}, []byte{})
	f.Fuzz(func(t *testing.T, body []byte, wrapLimit, endpointLimit uint16, chunked bool, deliver, reads []byte) {
		limit := int64(wrapLimit%2048) + 1
		bound := limit
		if endpointLimit != 0 {
			bound = int64(endpointLimit%2048) + 1
		}
		conn := &chunkReader{rest: body, sizes: deliver}
		r := httptest.NewRequest(http.MethodPost, "/api/v1/x", io.NopCloser(conn))
		r.ContentLength = int64(len(body))
		if chunked || len(body) == 0 {
			r.ContentLength = -1
		}
		var (
			got     []byte
			err     error
			reached bool
		)
		h := bodylimit.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			reached = true
			rd := io.Reader(r.Body)
			if endpointLimit != 0 {
				rd = bodylimit.Reader(r, bound)
			}
			got, err = readAllIn(rd, reads)
			w.WriteHeader(http.StatusNoContent)
		}), limit)
		h.ServeHTTP(httptest.NewRecorder(), r)
		if !reached {
			t.Fatal("the handler was not called")
		}

		want := body[:min(int64(len(body)), bound)]
		var mbe *http.MaxBytesError
		switch {
		case int64(len(body)) > bound && !chunked && len(got) != 0:
			t.Fatalf("a body declared as %d bytes, over the bound %d, was read (%d bytes)", len(body), bound, len(got))
		case !bytes.Equal(got, want) && !(int64(len(body)) > bound && !chunked && len(got) == 0):
			t.Fatalf("read %d bytes of %d with bound %d, want the first %d", len(got), len(body), bound, len(want))
		case int64(len(body)) > bound && (!errors.As(err, &mbe) || mbe.Limit != bound):
			t.Fatalf("a body of %d bytes over the bound %d ends with %v", len(body), bound, err)
		case int64(len(body)) <= bound && err != io.EOF:
			t.Fatalf("a body of %d bytes within the bound %d ends with %v", len(body), bound, err)
		}
		if conn.read != len(body) {
			t.Fatalf("after the answer %d of %d bytes were read: the rest was not drained", conn.read, len(body))
		}
	})
}
