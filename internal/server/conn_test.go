package server_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/andybalholm/brotli"

	"github.com/growthdesk/growthdesk/internal/server"
)

// TestListener_KeepAliveResponsesStayIntact serves pages and assets over connections from
// server.Listener, whose static answers leave in one write, and reads several answers on one
// connection, some requests sent together, in every coding.
func TestListener_KeepAliveResponsesStayIntact(t *testing.T) {
	t.Parallel()
	dist := testDist()
	// Bodies larger than net/http's 4 KB buffer in every coding, which writeBody holds.
	rnd := rand.New(rand.NewPCG(1, 2))
	var big strings.Builder
	for big.Len() < 64<<10 {
		fmt.Fprintf(&big, "const v%d = %d;\n", rnd.IntN(1e6), rnd.Int64())
	}
	dist["assets/big-123.js"] = &fstest.MapFile{Data: []byte(big.String())}
	h, err := server.New(server.Config{SiteURL: testSiteURL}, server.Deps{Dist: dist})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h, ConnContext: server.ConnContext}
	go srv.Serve(server.Listener(ln))
	t.Cleanup(func() { srv.Close() })

	plain := map[string]string{}
	for _, path := range []string{"/", "/assets/app-abc123.js", "/assets/big-123.js"} {
		res, err := http.Get("http://" + ln.Addr().String() + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		plain[path] = string(b)
	}

	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	type ask struct{ method, path, encoding string }
	asks := []ask{
		{"GET", "/", "br"}, {"GET", "/assets/app-abc123.js", "gzip"}, {"HEAD", "/", "br"},
		{"GET", "/assets/app-abc123.js", "identity"}, {"GET", "/", "gzip, br"}, {"GET", "/favicon.svg", "br"},
		{"GET", "/assets/big-123.js", "br"}, {"GET", "/assets/big-123.js", "gzip"}, {"GET", "/assets/big-123.js", "identity"},
		{"HEAD", "/assets/big-123.js", "br"}, {"GET", "/", "identity"},
	}
	var batch bytes.Buffer
	for _, a := range asks { // all at once: the answers must still come whole and in order
		batch.WriteString(a.method + " " + a.path + " HTTP/1.1\r\nHost: x\r\nAccept-Encoding: " + a.encoding + "\r\n\r\n")
	}
	if _, err := conn.Write(batch.Bytes()); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(conn)
	for _, a := range asks {
		res, err := http.ReadResponse(r, &http.Request{Method: a.method})
		if err != nil {
			t.Fatalf("%v: %v", a, err)
		}
		body, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("%v: %d %v", a, res.StatusCode, err)
		}
		if a.method == "HEAD" {
			if len(body) != 0 {
				t.Fatalf("HEAD answered with a body")
			}
			continue
		}
		var decoded []byte
		switch res.Header.Get("Content-Encoding") {
		case "br":
			decoded, err = io.ReadAll(brotli.NewReader(bytes.NewReader(body)))
		case "gzip":
			zr, zerr := gzip.NewReader(bytes.NewReader(body))
			if zerr != nil {
				t.Fatalf("%v: %v", a, zerr)
			}
			decoded, err = io.ReadAll(zr)
		default:
			decoded = body
		}
		if err != nil {
			t.Fatalf("%v: %v", a, err)
		}
		if want, ok := plain[a.path]; ok && string(decoded) != want {
			t.Fatalf("%v: body differs from the plain one (%d bytes against %d)", a, len(decoded), len(want))
		}
		if a.path == "/favicon.svg" && !strings.Contains(string(decoded), "<svg") {
			t.Fatalf("favicon: %q", decoded)
		}
	}
}
