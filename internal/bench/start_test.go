//go:build bench

package bench

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

const (
	startRuns          = 5
	startSectionStart  = "<!-- start:start -->"
	startSectionEnd    = "<!-- start:end -->"
	memoryConnections  = 64
	defaultLoadMinutes = time.Minute
)

// startCase is one way of starting the binary.
type startCase struct {
	name    string
	args    []string
	reuse   bool // start on the data directory of a previous start (migrations applied, keys made)
	answers []time.Duration
	ready   []time.Duration
	cpu     []time.Duration // the process's CPU time (user + system) until ready
	rss     []int64         // kB, once ready and settled
}

// memoryFigures are the binary's memory while idle and after a minute of load.
type memoryFigures struct {
	idleRSS, idleHeap          int64 // kB
	loadRSS, loadHWM, loadHeap int64
	settledRSS, settledHeap    int64 // after the load, once the runtime returned memory
	requests, errors           int64
	rps                        float64
	duration                   time.Duration
	paths                      int
}

// TestStartAndMemory measures how long the binary takes from being started to answering its
// first request (GET /) and to being ready (/readyz 200), with and without --demo, and its
// resident memory when idle and after a minute of load on the public pages and their assets.
// It writes the "Start and memory" section of docs/benchmarks.md. BENCH_LOAD=30s shortens the
// load.
func TestStartAndMemory(t *testing.T) {
	bin := os.Getenv("GROWTHDESK_BIN")
	if bin == "" {
		t.Fatal("set GROWTHDESK_BIN to the built binary (make bench does)")
	}
	loadFor := defaultLoadMinutes
	if d, err := time.ParseDuration(os.Getenv("BENCH_LOAD")); err == nil && d > 0 {
		loadFor = d
	}
	loadBefore := loadAverage()
	cases := []*startCase{
		{name: "fresh data directory"},
		{name: "existing data directory", reuse: true},
		{name: "fresh data directory, `--demo`", args: []string{"--demo"}},
		{name: "existing data directory, `--demo`", args: []string{"--demo"}, reuse: true},
	}
	for _, c := range cases {
		for range startRuns {
			dir := t.TempDir()
			if c.reuse {
				p := launch(t, bin, dir, false, c.args...)
				p.waitReady(t)
				p.stop()
			}
			p := launch(t, bin, dir, false, c.args...)
			c.answers = append(c.answers, p.waitAnswer(t))
			c.ready = append(c.ready, p.waitReady(t))
			c.cpu = append(c.cpu, cpuOf([]int{p.cmd.Process.Pid}))
			time.Sleep(time.Second) // the background work of the start: compression, the dummy hash
			c.rss = append(c.rss, p.rss("VmRSS"))
			p.stop()
		}
		t.Logf("%s: first answers %v, ready %v, CPU until ready %v, RSS %v kB", c.name, c.answers, c.ready, c.cpu, c.rss)
	}
	mem := measureMemory(t, bin, loadFor)
	t.Logf("memory: idle %d kB (heap %d kB); after %s of load %d kB (peak %d kB, heap %d kB); settled %d kB",
		mem.idleRSS, mem.idleHeap, mem.duration, mem.loadRSS, mem.loadHWM, mem.loadHeap, mem.settledRSS)
	writeStartReport(t, cases, mem, loadBefore)
}

// started is one run of the binary, watched from its start.
type started struct {
	cmd     *exec.Cmd
	base    string
	metrics string
	t0      time.Time
	cancel  context.CancelFunc
}

// launch starts the binary on dataDir; with metrics, also on a metrics address (heap reads it).
func launch(t *testing.T, bin, dataDir string, metrics bool, args ...string) *started {
	addr, metricsAddr := freeAddr(t), ""
	all := append([]string{"serve", "--addr", addr, "--data-dir", dataDir, "--site-url", "http://" + addr, "--log-level", "warn"}, args...)
	if metrics {
		metricsAddr = freeAddr(t)
		all = append(all, "--metrics-addr", metricsAddr)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, all...)
	cmd.Stdout, cmd.Stderr = io.Discard, os.Stderr
	p := &started{cmd: cmd, base: "http://" + addr, metrics: "http://" + metricsAddr, cancel: cancel}
	p.t0 = time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.stop)
	return p
}

func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func (p *started) stop() {
	if p.cmd.Process != nil && p.cmd.ProcessState == nil {
		_ = p.cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { _ = p.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			p.cancel()
			<-done
		}
	}
	p.cancel()
}

// poll asks for path every millisecond, each time on a new connection, until it answers 200,
// and returns the time since the process was started.
func (p *started) poll(t *testing.T, path string) time.Duration {
	client := &http.Client{Timeout: 2 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		res, err := client.Get(p.base + path)
		if err != nil {
			continue
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode == http.StatusOK {
			return time.Since(p.t0)
		}
	}
	t.Fatalf("%s did not answer 200 within 30s", path)
	return 0
}

func (p *started) waitAnswer(t *testing.T) time.Duration { return p.poll(t, "/") }
func (p *started) waitReady(t *testing.T) time.Duration  { return p.poll(t, "/readyz") }

// rss reads a memory figure (VmRSS, VmHWM) of the process from /proc, in kB.
func (p *started) rss(field string) int64 { return procStatus(p.cmd.Process.Pid, field) }

func procStatus(pid int, field string) int64 {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if v, ok := strings.CutPrefix(s.Text(), field+":"); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return n
		}
	}
	return 0
}

// heap reads the Go heap in use from the binary's metrics, in kB.
func (p *started) heap(t *testing.T) int64 {
	res, err := http.Get(p.metrics + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	s := bufio.NewScanner(res.Body)
	s.Buffer(make([]byte, 1<<20), 1<<20)
	for s.Scan() {
		if v, ok := strings.CutPrefix(s.Text(), "go_memstats_heap_inuse_bytes "); ok {
			f, _ := strconv.ParseFloat(v, 64)
			return int64(f / 1024)
		}
	}
	return 0
}

// measureMemory starts the binary, reads its memory once idle, loads it for loadFor with
// memoryConnections clients over every public page and the scripts and styles the pages
// name, and reads it again right after and once it has had 30 seconds to give memory back.
func measureMemory(t *testing.T, bin string, loadFor time.Duration) memoryFigures {
	p := launch(t, bin, t.TempDir(), true)
	p.waitReady(t)
	time.Sleep(2 * time.Second)
	m := memoryFigures{idleRSS: p.rss("VmRSS"), idleHeap: p.heap(t), duration: loadFor}

	var paths []string
	seen := map[string]bool{}
	for _, page := range sitemapPaths(t, p.base) {
		paths = append(paths, page)
		for _, ref := range assetRef.FindAllStringSubmatch(get(t, p.base+page, ""), -1) {
			if !seen[ref[1]] {
				seen[ref[1]] = true
				paths = append(paths, ref[1])
			}
		}
	}
	m.paths = len(paths)
	tr := &http.Transport{MaxIdleConnsPerHost: memoryConnections, DisableCompression: true}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr}
	var requests, errs atomic.Int64
	stop := time.Now().Add(loadFor)
	var wg sync.WaitGroup
	for i := range memoryConnections {
		wg.Go(func() {
			for n := i; time.Now().Before(stop); n++ {
				req, _ := http.NewRequest("GET", p.base+paths[n%len(paths)], nil)
				req.Header.Set("Accept-Encoding", "br, gzip")
				res, err := client.Do(req)
				if err != nil {
					errs.Add(1)
					continue
				}
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != http.StatusOK {
					errs.Add(1)
				}
				requests.Add(1)
			}
		})
	}
	wg.Wait()
	m.loadRSS, m.loadHWM, m.loadHeap = p.rss("VmRSS"), p.rss("VmHWM"), p.heap(t)
	m.requests, m.errors = requests.Load(), errs.Load()
	m.rps = float64(m.requests) / loadFor.Seconds()
	tr.CloseIdleConnections()
	time.Sleep(30 * time.Second)
	m.settledRSS, m.settledHeap = p.rss("VmRSS"), p.heap(t)
	p.stop()
	return m
}

func medianDuration(d []time.Duration) time.Duration {
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}

func maxDuration(d []time.Duration) time.Duration {
	var m time.Duration
	for _, v := range d {
		m = max(m, v)
	}
	return m
}

func medianInt(v []int64) int64 {
	s := append([]int64(nil), v...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}

func mb(kB int64) string { return fmt.Sprintf("%.1f MB", float64(kB)/1024) }

func writeStartReport(t *testing.T, cases []*startCase, m memoryFigures, loadBefore string) {
	var b strings.Builder
	b.WriteString(startSectionStart + "\n## Start and memory\n\n")
	fmt.Fprintf(&b, "Measured by `make bench` (`TestStartAndMemory`) on %s: %d CPU cores (%s/%s), %s, the built binary on SQLite. "+
		"Load average before: %s; after: %s.\n\n",
		time.Now().UTC().Format("2006-01-02"), runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version(), loadBefore, loadAverage())
	fmt.Fprintf(&b, "Start: from starting the process to the first 200 answer to `GET /` (asked every millisecond, each time on a "+
		"new connection) and to the first 200 from `/readyz`, %d starts each, median and slowest; and the CPU time (user and "+
		"system) the process used until ready, which depends less on the machine's load than the wall clock. \"Existing data directory\" "+
		"starts the binary a second time on the directory of a first start (migrations applied, signing key made, demo data "+
		"there). Resident memory (RSS) is read a second after ready. Goal: first answer under 300 ms; the demo "+
		"data must not delay serving (it is seeded while the server answers; `/readyz` says ready once it is there).\n\n", startRuns)
	b.WriteString("| start | first answer (median) | slowest | ready (median) | slowest | CPU until ready (median) | RSS (median) |\n|---|---:|---:|---:|---:|---:|---:|\n")
	for _, c := range cases {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s |\n", c.name, ms(medianDuration(c.answers)), ms(maxDuration(c.answers)),
			ms(medianDuration(c.ready)), ms(maxDuration(c.ready)), ms(medianDuration(c.cpu)), mb(medianInt(c.rss)))
	}
	fmt.Fprintf(&b, "\nMemory: resident memory (RSS, from `/proc`) and the Go heap in use (`go_memstats_heap_inuse_bytes` from "+
		"`--metrics-addr`, which these runs set), without `--demo`. Idle is two seconds after ready. The load is %d keep-alive clients for %s "+
		"over the %d public pages and the scripts and styles they name (brotli accepted): %d requests, %.0f a second, "+
		"%d errors. Goal: under 40 MB idle.\n\n", memoryConnections, m.duration, m.paths, m.requests, m.rps, m.errors)
	b.WriteString("| when | RSS | Go heap in use |\n|---|---:|---:|\n")
	fmt.Fprintf(&b, "| idle | %s | %s |\n", mb(m.idleRSS), mb(m.idleHeap))
	fmt.Fprintf(&b, "| right after %s of load | %s (peak %s) | %s |\n", m.duration, mb(m.loadRSS), mb(m.loadHWM), mb(m.loadHeap))
	fmt.Fprintf(&b, "| 30 s after the load | %s | %s |\n", mb(m.settledRSS), mb(m.settledHeap))
	b.WriteString(startSectionEnd + "\n")
	writeSection(t, startSectionStart, startSectionEnd, b.String(), lighthouseSectionStart, ticketSectionStart)
}
