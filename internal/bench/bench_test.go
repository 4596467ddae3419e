//go:build bench

// Package bench measures the real binary: requests per second for the home page and a blog
// post, and how much compressed JavaScript and CSS each public page loads. `make bench` runs
// it and writes docs/benchmarks.md. It asserts nothing about speed: the figures are a report.
package bench

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

const (
	loadDuration = 10 * time.Second
	concurrency  = 32
)

type loadResult struct {
	path           string
	requests, errs int64
	rps            float64
	p50, p99       time.Duration
	wrkRPS         float64 // 0 when wrk is not installed
}

type pageWeight struct {
	path                string
	jsFiles, cssFiles   int
	jsBrotli, cssBrotli int
	jsGzip, cssGzip     int
	htmlBrotli          int
}

func TestBenchmarkReport(t *testing.T) {
	bin := os.Getenv("GROWTHDESK_BIN")
	if bin == "" {
		t.Fatal("set GROWTHDESK_BIN to the built binary (make bench does)")
	}
	base := startServer(t, bin)

	pages := sitemapPaths(t, base)
	post := ""
	for _, p := range pages {
		if strings.HasPrefix(p, "/blog/") {
			post = p
			break
		}
	}
	if post == "" {
		t.Fatal("no blog post in the sitemap")
	}
	var loads []loadResult
	for _, p := range []string{"/", post} {
		r := load(t, base+p)
		r.path = p
		r.wrkRPS = wrkLoad(t, base+p)
		loads = append(loads, r)
		t.Logf("%s: %.0f req/s, p50 %s, p99 %s, %d errors", p, r.rps, r.p50, r.p99, r.errs)
	}
	var weights []pageWeight
	for _, p := range pages {
		w := weigh(t, base, p)
		weights = append(weights, w)
		t.Logf("%s: JS %d B br, CSS %d B br", p, w.jsBrotli, w.cssBrotli)
	}
	writeReport(t, loads, weights)
}

func startServer(t *testing.T, bin string) string {
	return startBinary(t, bin, serverOptions{}).base
}

// serverOptions say how startBinary runs the binary.
type serverOptions struct {
	// logFile receives the server's log at info level, every request line included, as in
	// production; empty: warnings only, to the test's stderr.
	logFile string
	args    []string // further serve flags, e.g. --demo
}

// runningServer is a growthdesk process started by startBinary.
type runningServer struct {
	base string
	cmd  *exec.Cmd
}

// startBinary runs `growthdesk serve` on a free loopback port with a fresh data directory and
// waits until /readyz answers 200.
func startBinary(t *testing.T, bin string, opts serverOptions) *runningServer {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	ctx, cancel := context.WithCancel(context.Background())
	args := []string{"serve", "--addr", addr, "--data-dir", t.TempDir(), "--site-url", "http://" + addr}
	cmd := exec.CommandContext(ctx, bin, append(args, opts.args...)...)
	cmd.Stdout, cmd.Stderr = io.Discard, os.Stderr
	if opts.logFile != "" {
		f, err := os.Create(opts.logFile)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		cmd.Stdout = f
	} else {
		cmd.Args = append(cmd.Args, "--log-level", "warn")
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); _ = cmd.Wait() })
	base := "http://" + addr
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if res, err := http.Get(base + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return &runningServer{base: base, cmd: cmd}
			}
		}
	}
	t.Fatal("server did not become ready")
	return nil
}

func sitemapPaths(t *testing.T, base string) []string {
	body := get(t, base+"/sitemap.xml", "")
	var out []string
	for _, m := range regexp.MustCompile(`<loc>([^<]+)</loc>`).FindAllStringSubmatch(body, -1) {
		out = append(out, strings.TrimPrefix(m[1], base))
	}
	return out
}

func get(t *testing.T, url, encoding string) string {
	req, _ := http.NewRequest("GET", url, nil)
	req.Header.Set("Accept-Encoding", encoding)
	if encoding == "" {
		req.Header.Set("Accept-Encoding", "identity")
	}
	tr := &http.Transport{DisableCompression: true}
	res, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return string(b)
}

var wrkRate = regexp.MustCompile(`Requests/sec:\s+([0-9.]+)`)

// wrkLoad measures url with wrk, a load generator in C that leaves more of the two cores to
// the server than the Go client does; 0 when wrk is not installed.
func wrkLoad(t *testing.T, url string) float64 {
	if _, err := exec.LookPath("wrk"); err != nil {
		return 0
	}
	out, err := exec.Command("wrk", "-t2", fmt.Sprintf("-c%d", concurrency), fmt.Sprintf("-d%ds", int(loadDuration.Seconds())),
		"-H", "Accept-Encoding: br, gzip", url).CombinedOutput()
	if err != nil {
		t.Logf("wrk failed: %v\n%s", err, out)
		return 0
	}
	m := wrkRate.FindSubmatch(out)
	if m == nil {
		return 0
	}
	var rps float64
	fmt.Sscanf(string(m[1]), "%f", &rps)
	return rps
}

// load keeps `concurrency` clients busy on url for loadDuration, as a browser would ask
// (brotli accepted, keep-alive).
func load(t *testing.T, url string) loadResult {
	tr := &http.Transport{MaxIdleConnsPerHost: concurrency, DisableCompression: true}
	client := &http.Client{Transport: tr}
	defer tr.CloseIdleConnections()
	var requests, errs atomic.Int64
	latencies := make([][]time.Duration, concurrency)
	stop := time.Now().Add(loadDuration)
	var wg sync.WaitGroup
	for i := 0; i < concurrency; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			for time.Now().Before(stop) {
				start := time.Now()
				req, _ := http.NewRequest("GET", url, nil)
				req.Header.Set("Accept-Encoding", "br, gzip")
				res, err := client.Do(req)
				if err != nil {
					errs.Add(1)
					continue
				}
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != 200 {
					errs.Add(1)
				}
				requests.Add(1)
				latencies[i] = append(latencies[i], time.Since(start))
			}
		}(i)
	}
	wg.Wait()
	var all []time.Duration
	for _, l := range latencies {
		all = append(all, l...)
	}
	sort.Slice(all, func(a, b int) bool { return all[a] < all[b] })
	r := loadResult{requests: requests.Load(), errs: errs.Load(), rps: float64(requests.Load()) / loadDuration.Seconds()}
	if len(all) > 0 {
		r.p50 = all[len(all)*50/100]
		r.p99 = all[len(all)*99/100]
	}
	return r
}

var assetRef = regexp.MustCompile(`(?:src|href)="(/assets/[^"]+\.(js|css))"`)

// weigh sums the compressed size of every script and stylesheet a page names in its HTML
// (entry, route modules, preloads, styles): what a first visit downloads before it is interactive.
func weigh(t *testing.T, base, path string) pageWeight {
	html := get(t, base+path, "")
	w := pageWeight{path: path, htmlBrotli: len(get(t, base+path, "br"))}
	seen := map[string]bool{}
	for _, m := range assetRef.FindAllStringSubmatch(html, -1) {
		if seen[m[1]] {
			continue
		}
		seen[m[1]] = true
		br, gz := len(get(t, base+m[1], "br")), len(get(t, base+m[1], "gzip"))
		if m[2] == "js" {
			w.jsFiles++
			w.jsBrotli += br
			w.jsGzip += gz
		} else {
			w.cssFiles++
			w.cssBrotli += br
			w.cssGzip += gz
		}
	}
	return w
}

func loadAverage() string {
	raw, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(raw))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " / ") + " (1 / 5 / 15 min)"
}

func kb(n int) string { return fmt.Sprintf("%.1f KB", float64(n)/1024) }

const (
	pagesSectionStart = "<!-- pages:start -->"
	pagesSectionEnd   = "<!-- pages:end -->"
)

func writeReport(t *testing.T, loads []loadResult, weights []pageWeight) {
	var b strings.Builder
	b.WriteString(pagesSectionStart + "\n")
	fmt.Fprintf(&b, "Measured by `make bench` (`TestBenchmarkReport`) on %s: %d CPU cores (%s/%s), %s. The load\n", time.Now().UTC().Format("2006-01-02"), runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version())
	fmt.Fprintf(&b, "generator runs on the same cores as the server (%d keep-alive clients for %s per page,\nbrotli accepted), so the figures are a floor, not a ceiling. Load average when the run\nended: %s.\n\n", concurrency, loadDuration, loadAverage())
	b.WriteString("## Requests per second (prerendered pages from memory)\n\nThe Go client's figures include its own CPU cost on the shared cores; `wrk` (Debian's `wrk` package, used when installed) costs less and shows more of the server.\n\n| page | req/s (Go client) | p50 | p99 | errors | req/s (wrk) |\n|---|---:|---:|---:|---:|---:|\n")
	for _, r := range loads {
		wrk := "not installed"
		if r.wrkRPS > 0 {
			wrk = fmt.Sprintf("%.0f", r.wrkRPS)
		}
		fmt.Fprintf(&b, "| `%s` | %.0f | %s | %s | %d | %s |\n", r.path, r.rps, r.p50.Round(10*time.Microsecond), r.p99.Round(10*time.Microsecond), r.errs, wrk)
	}
	b.WriteString("\nAnchor: a Go `http.FileServer` serving a 10 KB file from disk did 42-45k req/s on a machine like this one (`shared/reference/anchors.md`, B4).\n\n")
	b.WriteString("## What each public page loads\n\nCompressed size of the JavaScript and CSS each page's HTML references (entry, route modules, preloads, styles), as sent to a browser that accepts brotli (gzip in brackets).\n\n| page | HTML (br) | JS files | JS (br) | JS (gzip) | CSS (br) | CSS (gzip) |\n|---|---:|---:|---:|---:|---:|---:|\n")
	for _, w := range weights {
		fmt.Fprintf(&b, "| `%s` | %s | %d | %s | %s | %s | %s |\n", w.path, kb(w.htmlBrotli), w.jsFiles, kb(w.jsBrotli), kb(w.jsGzip), kb(w.cssBrotli), kb(w.cssGzip))
	}
	b.WriteString(pagesSectionEnd + "\n")
	if _, err := os.Stat(benchDoc); os.IsNotExist(err) {
		if err := os.WriteFile(benchDoc, []byte("# Benchmarks\n\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writeSection(t, pagesSectionStart, pagesSectionEnd, b.String(), staticSectionStart, startSectionStart, lighthouseSectionStart, ticketSectionStart)
}
