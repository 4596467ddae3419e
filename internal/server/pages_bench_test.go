package server_test

import (
	"io"
	"log/slog"
	"net/http"
	"testing"

	"github.com/growthdesk/growthdesk/internal/server"
)

// discardWriter is a ResponseWriter that keeps nothing, so that the benchmarks below measure
// the handler chain (middleware, routing, the page lookup) and not a network.
type discardWriter struct {
	h      http.Header
	status int
	n      int
}

func (d *discardWriter) Header() http.Header         { return d.h }
func (d *discardWriter) WriteHeader(code int)        { d.status = code }
func (d *discardWriter) Write(p []byte) (int, error) { d.n += len(p); return len(p), nil }

// BenchmarkServeStatic measures the whole handler, middleware included, for a page and a
// hashed asset as a browser asks for them, with the log at its default level. It runs only
// with -bench (go test -run ^$ -bench ServeStatic ./internal/server/); `make test` never times it.
func BenchmarkServeStatic(b *testing.B) {
	for _, tc := range []struct{ name, path string }{{"page", "/blog/first-post"}, {"asset", "/assets/app-abc123.js"}} {
		for _, metrics := range []bool{false, true} {
			name := tc.name
			var m *server.Metrics
			if metrics {
				name += "+metrics"
				m = server.NewMetrics(nil)
			}
			b.Run(name, func(b *testing.B) {
				h, err := server.New(server.Config{SiteURL: testSiteURL}, server.Deps{
					Dist:    testDist(),
					Logger:  slog.New(slog.NewTextHandler(io.Discard, nil)),
					Metrics: m,
				})
				if err != nil {
					b.Fatal(err)
				}
				req, _ := http.NewRequest("GET", "http://localhost"+tc.path, nil)
				req.Header.Set("Accept-Encoding", "gzip, deflate, br, zstd")
				req.Header.Set("User-Agent", "Mozilla/5.0")
				w := &discardWriter{h: http.Header{}}
				b.ReportAllocs()
				for b.Loop() {
					clear(w.h)
					h.ServeHTTP(w, req)
				}
				if w.status != http.StatusOK || w.h.Get("Content-Encoding") != "br" {
					b.Fatalf("%s: %d %v", tc.path, w.status, w.h)
				}
			})
		}
	}
}
