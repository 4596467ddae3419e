//go:build reliability

// The soak: a mixed read and write load at half of the peak throughput for *soakFlag
// (10 minutes unless `make reliability SOAK=…`), with the server's memory sampled all along.

package reliability

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Soak settings.
const (
	soakWorkers = 8 // customers of the fixture, and the soak's concurrency
	// rampStep is how long each concurrency of the peak ramp runs.
	rampStep = 8 * time.Second
	// sampleEvery is how often the server's memory is sampled.
	sampleEvery = 5 * time.Second
	// warmupShare of the soak is left out of the memory verdict: pools, caches and the
	// allocator's arenas fill up first.
	warmupShare = 0.2
	// memTolerance and memSlack bound the growth allowed between the first and the last third
	// of the samples after warm-up: the larger of 10% and 8 MiB.
	memTolerance = 0.10
	memSlack     = 8 << 20
)

// rampConcurrency are the concurrencies of the peak ramp.
var rampConcurrency = []int{1, 2, 4, 8}

// step is one request of the soak's mix: a read (GET path, 200 wanted) or a write of the
// harness's load (kind).
type step struct {
	read  string
	write kind
}

// soakMix is what each worker does, in turn: about half reads (the portal's pages, as a
// signed-in customer, and the public home page) and half writes (those of the crash load:
// tickets, responses, leads, a sign-up, a paid checkout).
var soakMix = []step{
	{read: "/api/v1/profile"},
	{write: kindTicket},
	{read: "/api/v1/tickets"},
	{write: kindResponse},
	{read: "/"},
	{write: kindLead},
	{read: "/api/v1/dashboard"},
	{write: kindResponse},
	{read: "/api/v1/tickets"},
	{write: kindSignup},
	{read: "/api/v1/reports/summary"},
	{write: kindCheckout},
}

// soakClient is one worker of the soak: the harness's writer plus reads, counting both.
type soakClient struct {
	w    *worker
	next int
	// reads and readFailures count the reads; the writes are in w.log.
	reads        *atomic.Int64
	readFailures *sync.Map // status or error → count
}

// do sends the worker's next request and reports whether it got the answer it wanted.
func (c *soakClient) do(ctx context.Context) {
	s := soakMix[c.next%len(soakMix)]
	c.next++
	if s.write != "" {
		c.w.write(ctx, s.write)
		return
	}
	a := c.w.api.do(ctx, "GET", s.read, nil)
	if ctx.Err() != nil {
		return
	}
	c.reads.Add(1)
	if a.err != nil || a.status != http.StatusOK {
		what := fmt.Sprintf("GET %s: %s", s.read, a)
		if len(what) > 160 {
			what = what[:160]
		}
		v, _ := c.readFailures.LoadOrStore(what, new(atomic.Int64))
		v.(*atomic.Int64).Add(1)
	}
}

// soakLoad is the clients of a run and what they did.
type soakLoad struct {
	log          *writeLog
	clients      []*soakClient
	reads        atomic.Int64
	readFailures sync.Map
}

func newSoakLoad(fx *fixture, base string) *soakLoad {
	l := &soakLoad{log: &writeLog{started: time.Now()}}
	for i, c := range fx.customers {
		w := &worker{id: i, log: l.log, cust: c, api: &apiClient{http: newHTTPClient(), base: base, token: c.token}}
		l.clients = append(l.clients, &soakClient{w: w, reads: &l.reads, readFailures: &l.readFailures})
	}
	return l
}

// requests counts the requests answered so far (a paid checkout counts its payment too).
func (l *soakLoad) requests() int64 {
	l.log.mu.Lock()
	n := len(l.log.acks) + len(l.log.failures)
	l.log.mu.Unlock()
	return l.reads.Load() + int64(n)
}

// failures lists what went wrong, leaving out requests cut off by the load's own end.
func (l *soakLoad) failures() []string {
	var out []string
	for _, f := range l.log.failed() {
		if errors.Is(f.err, context.Canceled) || errors.Is(f.err, context.DeadlineExceeded) {
			continue
		}
		out = append(out, fmt.Sprintf("%s: %v", f.kind, f.err))
	}
	l.readFailures.Range(func(k, v any) bool {
		out = append(out, fmt.Sprintf("%d× %s", v.(*atomic.Int64).Load(), k))
		return true
	})
	return out
}

// closedLoop runs the first n clients flat out for d and returns the requests per second.
func (l *soakLoad) closedLoop(n int, d time.Duration) float64 {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	before, start := l.requests(), time.Now()
	var wg sync.WaitGroup
	for _, c := range l.clients[:n] {
		wg.Go(func() {
			for ctx.Err() == nil {
				c.do(ctx)
			}
		})
	}
	wg.Wait()
	return float64(l.requests()-before) / time.Since(start).Seconds()
}

// paced runs every client, together sending rate requests per second, for d. A tick that
// finds every client busy is dropped and counted: the server is not keeping up.
func (l *soakLoad) paced(rate float64, d time.Duration) (dropped int64) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	ticks := make(chan struct{})
	var wg sync.WaitGroup
	for _, c := range l.clients {
		wg.Go(func() {
			for {
				select {
				case <-ctx.Done():
					return
				case <-ticks:
					c.do(ctx)
				}
			}
		})
	}
	t := time.NewTicker(time.Duration(float64(time.Second) / rate))
	defer t.Stop()
loop:
	for {
		select {
		case <-ctx.Done():
			break loop
		case <-t.C:
			select {
			case ticks <- struct{}{}:
			default:
				dropped++
			}
		}
	}
	wg.Wait()
	return dropped
}

// memSample is the server's memory at one moment.
type memSample struct {
	at         time.Duration // since the soak started
	rss        int64         // VmRSS of the process
	heap       int64         // go_memstats_heap_inuse_bytes
	goroutines int64         // go_goroutines
	requests   int64         // requests sent so far
}

// sampleMemory reads the server's RSS from /proc and its Go heap and goroutines from its
// metrics endpoint.
func sampleMemory(pid int, metricsURL string) (memSample, error) {
	var s memSample
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return s, err
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			fields := strings.Fields(rest) // "123456 kB"
			kb, err := strconv.ParseInt(fields[0], 10, 64)
			if err != nil {
				f.Close()
				return s, err
			}
			s.rss = kb << 10
		}
	}
	f.Close()
	res, err := (&http.Client{Timeout: 5 * time.Second}).Get(metricsURL)
	if err != nil {
		return s, err
	}
	defer res.Body.Close()
	sc = bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), " ")
		if !ok {
			continue
		}
		v, err := strconv.ParseFloat(value, 64)
		if err != nil {
			continue
		}
		switch name {
		case "go_memstats_heap_inuse_bytes":
			s.heap = int64(v)
		case "go_goroutines":
			s.goroutines = int64(v)
		}
	}
	if s.rss == 0 || s.heap == 0 {
		return s, fmt.Errorf("no VmRSS or heap in the samples (rss %d, heap %d)", s.rss, s.heap)
	}
	return s, sc.Err()
}

func median(v []int64) int64 {
	v = slices.Clone(v)
	slices.Sort(v)
	return v[len(v)/2]
}

func mib(n int64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }

// flat judges one series of samples taken after the warm-up: the median of the last third
// against the median of the first third, growth allowed up to the larger of memTolerance and
// slack. Medians, because single samples jump with each GC cycle.
func flat(series []int64, slack int64) (first, last int64, ok bool) {
	third := len(series) / 3
	first, last = median(series[:third]), median(series[len(series)-third:])
	allowed := max(int64(float64(first)*memTolerance), slack)
	return first, last, last-first <= allowed
}

// TestSoak measures the peak throughput of a mixed read and write load (a short ramp of
// concurrency, flat out), then runs the same mix at half of it for *soakFlag, sampling the
// server's memory every sampleEvery. It wants no error at all, and memory flat: after the
// warm-up (the first fifth), the median RSS and Go heap of the last third of the samples at
// most 10% (or 8 MiB) above those of the first third, and no more goroutines.
func TestSoak(t *testing.T) {
	forEachEngine(t, func(t *testing.T, db *database) {
		sink := startSMTPSink(t)
		metricsAddr := freeAddr(t)
		srv := startServer(t, db, "--smtp-url", sink.url(), "--metrics-addr", metricsAddr)
		metricsURL := "http://" + metricsAddr + "/metrics"
		fx := newFixture(t, srv, soakWorkers)
		load := newSoakLoad(fx, srv.base)

		// The peak: each concurrency flat out for rampStep; the best throughput is the peak.
		peak, peakAt := 0.0, 0
		var ramp []string
		for _, n := range rampConcurrency {
			rps := load.closedLoop(n, rampStep)
			ramp = append(ramp, fmt.Sprintf("%d→%.0f/s", n, rps))
			if rps > peak {
				peak, peakAt = rps, n
			}
		}
		t.Logf("peak: %.0f requests/s at %d clients (ramp %s, %s each)", peak, peakAt, strings.Join(ramp, ", "), rampStep)
		if f := load.failures(); len(f) > 0 {
			t.Errorf("errors during the ramp: %d, first: %s", len(f), f[0])
		}
		if peak < 2 {
			t.Fatalf("peak of %.1f requests/s: the server hardly answers", peak)
		}

		// The soak at half of the peak.
		rate := peak / 2
		soakLog := &writeLog{started: time.Now()}
		load.log = soakLog
		load.reads.Store(0)
		for _, c := range load.clients {
			c.w.log = soakLog
		}
		load.readFailures.Clear()
		start := time.Now()
		var samples []memSample
		sampleErr := make(chan error, 1)
		stopSampling := make(chan struct{})
		sampled := make(chan struct{})
		go func() {
			defer close(sampled)
			tick := time.NewTicker(sampleEvery)
			defer tick.Stop()
			for {
				s, err := sampleMemory(srv.cmd.Process.Pid, metricsURL)
				if err != nil {
					select {
					case sampleErr <- err:
					default:
					}
				} else {
					s.at, s.requests = time.Since(start), load.requests()
					samples = append(samples, s)
				}
				select {
				case <-stopSampling:
					return
				case <-tick.C:
				}
			}
		}()
		dropped := load.paced(rate, *soakFlag)
		close(stopSampling)
		<-sampled
		elapsed := time.Since(start)
		select {
		case err := <-sampleErr:
			t.Errorf("sampling the server's memory: %v", err)
		default:
		}
		soakLog.ended = time.Now()
		achieved := float64(load.requests()) / elapsed.Seconds()
		t.Logf("soak: %s at %.0f requests/s (half of the peak) → %.1f/s achieved, %d ticks dropped with every client busy; reads %d; writes: %s",
			soakFlag.String(), rate, achieved, dropped, load.reads.Load(), soakLog.summary())
		failures := load.failures()
		for i, f := range failures {
			if i == 20 {
				t.Errorf("… and %d more", len(failures)-20)
				break
			}
			t.Errorf("ERROR: %s", f)
		}
		if achieved < 0.8*rate {
			t.Logf("WARNING: the load reached only %.0f%% of its rate (a busy machine, or the server slowing down)", 100*achieved/rate)
		}

		// Memory: a table every minute (and the last sample), then the verdict.
		var table strings.Builder
		fmt.Fprintf(&table, "%8s %12s %12s %10s %10s\n", "time", "RSS", "Go heap", "goroutines", "requests")
		lastRow := time.Duration(-1)
		for i, s := range samples {
			if i == len(samples)-1 || lastRow < 0 || s.at-lastRow >= time.Minute-sampleEvery/2 {
				fmt.Fprintf(&table, "%8s %12s %12s %10d %10d\n", s.at.Round(time.Second), mib(s.rss), mib(s.heap), s.goroutines, s.requests)
				lastRow = s.at
			}
		}
		t.Logf("server memory (%d samples, every %s):\n%s", len(samples), sampleEvery, table.String())
		skip := int(float64(len(samples)) * warmupShare)
		after := samples[skip:]
		if len(after) < 6 {
			t.Logf("only %d samples after the warm-up: too few to judge memory (run longer with -soak)", len(after))
		} else {
			var rss, heap, gor []int64
			for _, s := range after {
				rss, heap, gor = append(rss, s.rss), append(heap, s.heap), append(gor, s.goroutines)
			}
			r0, r1, rssOK := flat(rss, memSlack)
			h0, h1, heapOK := flat(heap, memSlack)
			g0, g1, gorOK := flat(gor, 10)
			verdict := fmt.Sprintf("after %s of warm-up, first third → last third (medians): RSS %s → %s, Go heap %s → %s, goroutines %d → %d",
				after[0].at.Round(time.Second), mib(r0), mib(r1), mib(h0), mib(h1), g0, g1)
			t.Logf("memory: %s", verdict)
			if !rssOK || !heapOK || !gorOK {
				t.Errorf("memory not flat (allowed: +%.0f%% or +%s; goroutines +10): %s", 100*memTolerance, mib(memSlack), verdict)
			}
		}

		// Every acknowledged write of the soak is in the database.
		reportWrites(t, db, "soak writes", soakLog.acked(time.Time{}))
		if err := srv.waitReady(5 * time.Second); err != nil {
			t.Errorf("server after the soak: %v", err)
		}
	})
}
