package server

import (
	"bytes"
	"net"
	"regexp"
	"testing"
)

// The page scanners replaced these regular expressions; they must find the same things.
var (
	inlineScriptRE = regexp.MustCompile(`(?s)<script([^>]*)>(.*?)</script>`)
	noIndexRE      = regexp.MustCompile(`<meta[^>]+name="robots"[^>]+content="[^"]*noindex`)
)

func TestInlineScriptsAndNoIndex_FindWhatTheRegularExpressionsFound(t *testing.T) {
	t.Parallel()
	pages := []string{
		``,
		`<html><head><script>a()</script><script src="/x.js"></script><script type="module">b()
c()</script></head></html>`,
		`<script>unterminated`,
		`<script async>x</script><script>y</script><script`,
		`<meta name="robots" content="noindex, nofollow"/>`,
		`<meta name="description" content="noindex here is only text"/><meta name="robots" content="index"/>`,
		`<meta charset="utf-8"><meta name="robots" content="follow,noindex">`,
		`<meta name="robots"/><p>content="noindex"</p>`,
	}
	for _, page := range pages {
		var want [][]byte
		for _, m := range inlineScriptRE.FindAllSubmatch([]byte(page), -1) {
			if !bytes.Contains(m[1], []byte("src=")) {
				want = append(want, m[2])
			}
		}
		got := inlineScripts([]byte(page))
		if len(got) != len(want) {
			t.Fatalf("%q: scripts %q, want %q", page, got, want)
		}
		for i := range got {
			if !bytes.Equal(got[i], want[i]) {
				t.Fatalf("%q: scripts %q, want %q", page, got, want)
			}
		}
		if got, want := hasNoIndex([]byte(page)), noIndexRE.MatchString(page); got != want {
			t.Errorf("%q: noindex %v, want %v", page, got, want)
		}
	}
}

func TestAcceptedCodings(t *testing.T) {
	// Not parallel: it counts the allocations of the whole process, which parallel tests would add to.
	cases := []struct {
		header []string
		br, gz bool
	}{
		{nil, false, false},
		{[]string{"gzip, deflate, br, zstd"}, true, true},
		{[]string{"br;q=0, gzip"}, false, true},
		{[]string{"BR; q=0.5", "x-gzip"}, true, true},
		{[]string{"gzip;q=0,br;q=1.0"}, true, false},
		{[]string{"identity"}, false, false},
		{[]string{"br;q=oops"}, true, false},
	}
	for _, c := range cases {
		if br, gz := acceptedCodings(c.header); br != c.br || gz != c.gz {
			t.Errorf("%q: br %v gzip %v, want %v %v", c.header, br, gz, c.br, c.gz)
		}
	}
	if n := testing.AllocsPerRun(100, func() { acceptedCodings([]string{"gzip, deflate, br;q=0.9, zstd"}) }); n != 0 {
		t.Errorf("acceptedCodings allocates %.0f times", n)
	}
	if !etagMatches([]string{`"a", W/"b"`}, `"b"`) || etagMatches([]string{`"a"`}, `"b"`) || !etagMatches([]string{"*"}, `"b"`) {
		t.Error("etagMatches")
	}
}

// recordingConn is a net.Conn that keeps every write.
type recordingConn struct {
	net.Conn
	writes [][]byte
}

func (r *recordingConn) Write(p []byte) (int, error) {
	r.writes = append(r.writes, bytes.Clone(p))
	return len(p), nil
}

func TestCoalescingConn_HoldsWritesAndSendsThemInOrder(t *testing.T) {
	t.Parallel()
	rec := &recordingConn{}
	c := &coalescingConn{Conn: rec}
	body := bytes.Repeat([]byte("0123456789"), 1000)
	buffer := make([]byte, 4096) // net/http's buffer, which it reuses once a write returns

	c.hold(body)
	copy(buffer, "HTTP/1.1 200 OK\r\n\r\n")
	n := copy(buffer[19:], body)
	if _, err := c.Write(buffer[:19+n]); err != nil {
		t.Fatal(err)
	}
	copy(buffer, "overwritten by the next response")
	if _, err := c.Write(body[n:]); err != nil {
		t.Fatal(err)
	}
	if len(rec.writes) != 0 {
		t.Fatalf("%d writes reached the connection while held", len(rec.writes))
	}
	c.release()
	got := bytes.Join(rec.writes, nil)
	want := append([]byte("HTTP/1.1 200 OK\r\n\r\n"), body...)
	if !bytes.Equal(got, want) {
		t.Fatalf("sent %d bytes that differ from the %d written", len(got), len(want))
	}
	rec.writes = nil
	if _, err := c.Write([]byte("after")); err != nil || len(rec.writes) != 1 {
		t.Fatalf("a write after release is not passed on at once: %v, %d writes", err, len(rec.writes))
	}
}
