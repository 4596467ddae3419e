//go:build bench

package bench

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
	"text/template"
	"time"
)

// The static-serving comparison: the binary and nginx serve the same bytes, wrk loads both.
const (
	staticRunDuration  = 5 * time.Second
	staticSectionStart = "<!-- nginx:start -->"
	staticSectionEnd   = "<!-- nginx:end -->"
	// Debian's package of nginx's brotli_static module installs it here.
	brotliStaticModule = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so"
	installHint        = "apt-get install -y nginx wrk libnginx-mod-http-brotli-static"
)

var staticConnections = []int{8, 64}

// staticTarget is one URL both servers answer, with the bytes and headers the binary sends.
type staticTarget struct {
	label, path string
	file        string            // its file under the web build (and nginx's root)
	bodies      map[string][]byte // by content coding: "", "gzip", "br"
	headers     [][2]string       // the binary's headers that nginx adds too
}

// staticRun is one wrk run against one server.
type staticRun struct {
	rps        float64
	p50, p99   time.Duration
	errors     int64
	cpuPerReq  time.Duration // the server's CPU time (user + system) per answer
	requests   int64
	serverName string
}

type staticResult struct {
	target      *staticTarget
	connections int
	rounds      int
	growthdesk  staticRun // medians over the rounds
	nginx       staticRun
}

// TestStaticVersusNginx serves the home page, a blog post and the largest hashed script from
// the built binary and from nginx (Debian's package, started on a free port), with the same
// bytes, the same compression and the same headers, and measures each with wrk at 8 and 64
// connections. It writes the "Static files beside nginx" section of docs/benchmarks.md.
// STATIC_ROUNDS=n (default 3) alternates the two servers n times per row and keeps the medians.
func TestStaticVersusNginx(t *testing.T) {
	bin := os.Getenv("GROWTHDESK_BIN")
	if bin == "" {
		t.Fatal("set GROWTHDESK_BIN to the built binary (make bench does)")
	}
	nginx, errN := exec.LookPath("nginx")
	if errN != nil {
		if _, err := os.Stat("/usr/sbin/nginx"); err == nil { // root's PATH has it, others' may not
			nginx, errN = "/usr/sbin/nginx", nil
		}
	}
	_, errW := exec.LookPath("wrk")
	if errN != nil || errW != nil {
		t.Skipf("the nginx comparison needs nginx and wrk on PATH (nginx: %v; wrk: %v); install them with: %s", errN, errW, installHint)
	}
	brotli := fileExists(brotliStaticModule)
	encoding := "br, gzip"
	if !brotli {
		t.Logf("nginx's brotli_static module is missing (%s): comparing gzip only; install it with: %s", brotliStaticModule, installHint)
		encoding = "gzip"
	}
	rounds := 3
	if n, err := strconv.Atoi(os.Getenv("STATIC_ROUNDS")); err == nil && n > 0 {
		rounds = n
	}

	dir := t.TempDir()
	gd := startBinary(t, bin, serverOptions{logFile: filepath.Join(dir, "growthdesk.log")})
	targets := staticTargets(t, gd.base)
	root := filepath.Join(dir, "root")
	writeNginxRoot(t, root, targets)
	ngx := startNginx(t, nginx, dir, root, targets, brotli)
	for _, tg := range targets {
		checkSameBytes(t, tg, ngx.base, encoding)
	}

	loadBefore := loadAverage()
	servers := []struct {
		name string
		base string
		pids func() []int
	}{
		{"growthdesk", gd.base, func() []int { return []int{gd.cmd.Process.Pid} }},
		{"nginx", ngx.base, ngx.pids},
	}
	for _, s := range servers { // warm-up: connections, page cache, nginx's open-file cache
		for _, tg := range targets {
			wrk(t, s.base+tg.path, 64, time.Second, encoding, nil)
		}
	}
	var results []staticResult
	for _, tg := range targets {
		for _, conns := range staticConnections {
			var runs [2][]staticRun
			for round := range rounds {
				for k := range servers {
					i := (k + round) % 2 // alternate who goes first
					r := wrk(t, servers[i].base+tg.path, conns, staticRunDuration, encoding, servers[i].pids)
					r.serverName = servers[i].name
					runs[i] = append(runs[i], r)
				}
			}
			res := staticResult{target: tg, connections: conns, rounds: rounds, growthdesk: median(runs[0]), nginx: median(runs[1])}
			results = append(results, res)
			t.Logf("%s at %d connections: growthdesk %.0f req/s p99 %s, nginx %.0f req/s p99 %s, ratio %.2f",
				tg.path, conns, res.growthdesk.rps, ms(res.growthdesk.p99), res.nginx.rps, ms(res.nginx.p99), res.growthdesk.rps/res.nginx.rps)
		}
	}
	writeStaticReport(t, results, encoding, brotli, nginxVersion(nginx), loadBefore)
}

func fileExists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}

// staticTargets picks the home page, the first blog post of the sitemap and the largest
// hashed script of the build, and fetches from the binary what it sends for each.
func staticTargets(t *testing.T, base string) []*staticTarget {
	post := ""
	for _, p := range sitemapPaths(t, base) {
		if strings.HasPrefix(p, "/blog/") {
			post = p
			break
		}
	}
	if post == "" {
		t.Fatal("no blog post in the sitemap")
	}
	var largest string
	var size int64
	assets := filepath.Join(webBuild, "assets")
	entries, err := os.ReadDir(assets)
	if err != nil {
		t.Fatalf("read the web build (make build first): %v", err)
	}
	for _, e := range entries {
		if info, err := e.Info(); err == nil && strings.HasSuffix(e.Name(), ".js") && info.Size() > size {
			largest, size = e.Name(), info.Size()
		}
	}
	targets := []*staticTarget{
		{label: "home page", path: "/", file: "index.html"},
		{label: "blog post", path: post, file: strings.TrimPrefix(post, "/") + "/index.html"},
		{label: "largest script", path: "/assets/" + largest, file: "assets/" + largest},
	}
	// nginx sets these itself, or they describe the coding it picks.
	own := map[string]bool{"Date": true, "Content-Length": true, "Content-Encoding": true, "Content-Type": true,
		"Etag": true, "Vary": true, "X-Request-Id": true, "Last-Modified": true, "Accept-Ranges": true}
	for _, tg := range targets {
		tg.bodies = map[string][]byte{}
		for _, enc := range []string{"", "gzip", "br"} {
			body, h := fetch(t, base+tg.path, enc)
			if got := h.Get("Content-Encoding"); got != enc {
				t.Fatalf("%s with Accept-Encoding %q: Content-Encoding %q", tg.path, enc, got)
			}
			tg.bodies[enc] = body
			if enc != "" {
				continue
			}
			names := make([]string, 0, len(h))
			for name := range h {
				if !own[name] {
					names = append(names, name)
				}
			}
			sort.Strings(names)
			for _, name := range names {
				tg.headers = append(tg.headers, [2]string{name, h.Get(name)})
			}
		}
	}
	return targets
}

// webBuild is the web app's build the binary embeds.
var webBuild = filepath.Join("..", "..", "web", "build", "client")

func fetch(t *testing.T, url, encoding string) ([]byte, http.Header) {
	req, _ := http.NewRequest("GET", url, nil)
	req.Header.Set("Accept-Encoding", encoding)
	if encoding == "" {
		req.Header.Set("Accept-Encoding", "identity")
	}
	res, err := (&http.Client{Transport: &http.Transport{DisableCompression: true}}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("GET %s: %d %v", url, res.StatusCode, err)
	}
	return body, res.Header
}

// writeNginxRoot copies the web build to root and puts in place of each target's file, and
// beside it as .gz and .br, exactly the bytes the binary sends (pages after the start-time
// substitution of the site's address and settings).
func writeNginxRoot(t *testing.T, root string, targets []*staticTarget) {
	err := filepath.WalkDir(webBuild, func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(webBuild, name)
		raw, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		dst := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dst, raw, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, tg := range targets {
		dst := filepath.Join(root, filepath.FromSlash(tg.file))
		for enc, suffix := range map[string]string{"": "", "gzip": ".gz", "br": ".br"} {
			if err := os.WriteFile(dst+suffix, tg.bodies[enc], 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

var nginxConf = template.Must(template.New("nginx").Parse(`# Written by TestStaticVersusNginx.
{{if .AsRoot}}user root;
{{end}}worker_processes {{.Workers}};
daemon off;
pid {{.Dir}}/nginx.pid;
error_log {{.Dir}}/nginx-error.log warn;
{{if .Brotli}}load_module {{.BrotliModule}};
{{end}}
events { worker_connections 4096; }

http {
    types {
        text/html html;
        text/css css;
        text/javascript js;
        application/json json;
        image/svg+xml svg;
        image/png png;
    }
    default_type application/octet-stream;
    charset utf-8;
    charset_types text/css text/javascript;
    server_tokens off;
    sendfile on;
    tcp_nopush on;
    tcp_nodelay on;
    keepalive_timeout 120s;
    keepalive_requests 1000000;
    open_file_cache max=1000 inactive=60s;
    open_file_cache_valid 60s;
    gzip_static on;
    gzip_vary on;
{{if .Brotli}}    brotli_static on;
{{end}}
    log_format growthdesk '$time_iso8601 $request_id $request_method $uri $status $body_bytes_sent $request_time';
    access_log {{.Dir}}/nginx-access.log growthdesk buffer=64k flush=1s;
    client_body_temp_path {{.Dir}}/nginx-body;
    proxy_temp_path {{.Dir}}/nginx-proxy;
    fastcgi_temp_path {{.Dir}}/nginx-fastcgi;
    uwsgi_temp_path {{.Dir}}/nginx-uwsgi;
    scgi_temp_path {{.Dir}}/nginx-scgi;

    server {
        listen {{.Addr}};
        root {{.Root}};
{{range .Targets}}
        location = {{.Path}} {
            try_files /{{.File}} =404;
            add_header X-Request-Id $request_id;
{{range .Headers}}            add_header {{index . 0}} "{{index . 1}}";
{{end}}        }
{{end}}
        location / {
            try_files $uri $uri/index.html =404;
        }
    }
}
`))

type nginxServer struct {
	base string
	cmd  *exec.Cmd
}

// pids are the master's and its workers'.
func (n *nginxServer) pids() []int {
	master := n.cmd.Process.Pid
	pids := []int{master}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if f := procStat(pid); len(f) > 3 && f[3] == strconv.Itoa(master) {
			pids = append(pids, pid)
		}
	}
	return pids
}

// startNginx writes a configuration for a free loopback port and runs nginx in the
// foreground until the test ends.
func startNginx(t *testing.T, nginx, dir, root string, targets []*staticTarget, brotli bool) *nginxServer {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	for _, tg := range targets {
		for _, h := range tg.headers {
			if strings.ContainsAny(h[1], "\"$\\") {
				t.Fatalf("header %s of %s cannot go into the nginx configuration as is: %q", h[0], tg.path, h[1])
			}
		}
	}
	var conf bytes.Buffer
	err = nginxConf.Execute(&conf, map[string]any{
		"AsRoot": os.Geteuid() == 0, "Workers": runtime.NumCPU(), "Dir": dir, "Brotli": brotli,
		"BrotliModule": brotliStaticModule, "Addr": addr, "Root": root, "Targets": nginxTargets(targets),
	})
	if err != nil {
		t.Fatal(err)
	}
	confPath := filepath.Join(dir, "nginx.conf")
	if err := os.WriteFile(confPath, conf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(nginx, "-p", dir, "-c", confPath, "-e", filepath.Join(dir, "nginx-error.log"))
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt) // SIGINT: fast shutdown
		_ = cmd.Wait()
	})
	base := "http://" + addr
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if res, err := http.Get(base + "/"); err == nil {
			res.Body.Close()
			return &nginxServer{base: base, cmd: cmd}
		}
	}
	log, _ := os.ReadFile(filepath.Join(dir, "nginx-error.log"))
	t.Fatalf("nginx did not answer on %s:\n%s", addr, log)
	return nil
}

func nginxTargets(targets []*staticTarget) []map[string]any {
	var out []map[string]any
	for _, tg := range targets {
		out = append(out, map[string]any{"Path": tg.path, "File": tg.file, "Headers": tg.headers})
	}
	return out
}

// checkSameBytes fails unless nginx sends the body the binary sends, in the same coding.
func checkSameBytes(t *testing.T, tg *staticTarget, base, encoding string) {
	want := "br"
	if encoding == "gzip" {
		want = "gzip"
	}
	body, h := fetch(t, base+tg.path, want)
	if h.Get("Content-Encoding") != want || !bytes.Equal(body, tg.bodies[want]) {
		t.Fatalf("nginx does not send what the binary sends for %s (%s): Content-Encoding %q, %d bytes against %d",
			tg.path, want, h.Get("Content-Encoding"), len(body), len(tg.bodies[want]))
	}
}

func nginxVersion(nginx string) string {
	out, _ := exec.Command(nginx, "-v").CombinedOutput()
	return strings.TrimPrefix(strings.TrimSpace(string(out)), "nginx version: nginx/")
}

// procStat is the fields of /proc/PID/stat after the command name (field 3 of proc(5) first).
func procStat(pid int) []string {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return nil
	}
	s := string(raw)
	if i := strings.LastIndexByte(s, ')'); i >= 0 {
		s = s[i+1:]
	}
	return append([]string{"", ""}, strings.Fields(s)...)
}

// cpuOf is the user and system time the processes have used.
func cpuOf(pids []int) time.Duration {
	var ticks int64
	for _, pid := range pids {
		f := procStat(pid)
		if len(f) > 14 {
			u, _ := strconv.ParseInt(f[13], 10, 64)
			s, _ := strconv.ParseInt(f[14], 10, 64)
			ticks += u + s
		}
	}
	return time.Duration(ticks) * time.Second / 100 // USER_HZ is 100 on Linux
}

var (
	wrkLatency = regexp.MustCompile(`(?m)^\s+(50|99)%\s+([0-9.]+)(us|ms|s|m)\s*$`)
	wrkNon2xx  = regexp.MustCompile(`Non-2xx or 3xx responses: (\d+)`)
	wrkSocket  = regexp.MustCompile(`Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)`)
	wrkTotal   = regexp.MustCompile(`(\d+) requests in`)
)

// wrk loads url with conns keep-alive connections for d (two threads, the machine's cores),
// and reads the rate, the median and p99 latency and the errors from its report; with pids it
// also reads the CPU those processes used per answer.
func wrk(t *testing.T, url string, conns int, d time.Duration, encoding string, pids func() []int) staticRun {
	var cpu time.Duration
	if pids != nil {
		cpu = cpuOf(pids())
	}
	out, err := exec.Command("wrk", "-t2", fmt.Sprintf("-c%d", conns), fmt.Sprintf("-d%ds", int(d.Seconds())), "--latency",
		"-H", "Accept-Encoding: "+encoding, url).CombinedOutput()
	if err != nil {
		t.Fatalf("wrk: %v\n%s", err, out)
	}
	var r staticRun
	if pids != nil {
		cpu = cpuOf(pids()) - cpu
	}
	if m := wrkRate.FindSubmatch(out); m != nil {
		r.rps, _ = strconv.ParseFloat(string(m[1]), 64)
	}
	if m := wrkTotal.FindSubmatch(out); m != nil {
		r.requests, _ = strconv.ParseInt(string(m[1]), 10, 64)
	}
	for _, m := range wrkLatency.FindAllSubmatch(out, -1) {
		v, _ := strconv.ParseFloat(string(m[2]), 64)
		unit := map[string]time.Duration{"us": time.Microsecond, "ms": time.Millisecond, "s": time.Second, "m": time.Minute}[string(m[3])]
		if string(m[1]) == "50" {
			r.p50 = time.Duration(v * float64(unit))
		} else {
			r.p99 = time.Duration(v * float64(unit))
		}
	}
	if m := wrkNon2xx.FindSubmatch(out); m != nil {
		n, _ := strconv.ParseInt(string(m[1]), 10, 64)
		r.errors += n
	}
	if m := wrkSocket.FindSubmatch(out); m != nil {
		for _, g := range m[1:] {
			n, _ := strconv.ParseInt(string(g), 10, 64)
			r.errors += n
		}
	}
	if r.requests > 0 && pids != nil {
		r.cpuPerReq = cpu / time.Duration(r.requests)
	}
	return r
}

// median keeps, field by field, the median of the runs.
func median(runs []staticRun) staticRun {
	pick := func(get func(staticRun) float64) float64 {
		v := make([]float64, len(runs))
		for i, r := range runs {
			v[i] = get(r)
		}
		sort.Float64s(v)
		return v[len(v)/2]
	}
	return staticRun{
		rps:       pick(func(r staticRun) float64 { return r.rps }),
		p50:       time.Duration(pick(func(r staticRun) float64 { return float64(r.p50) })),
		p99:       time.Duration(pick(func(r staticRun) float64 { return float64(r.p99) })),
		cpuPerReq: time.Duration(pick(func(r staticRun) float64 { return float64(r.cpuPerReq) })),
		errors:    int64(pick(func(r staticRun) float64 { return float64(r.errors) })),
	}
}

func us(d time.Duration) string { return fmt.Sprintf("%.0f µs", float64(d.Nanoseconds())/1000) }

func writeStaticReport(t *testing.T, results []staticResult, encoding string, brotli bool, nginxVer, loadBefore string) {
	var b strings.Builder
	b.WriteString(staticSectionStart + "\n## Static files beside nginx\n\n")
	coding := "brotli: both send the `.br` bytes (nginx through Debian's `brotli_static` module)"
	if !brotli {
		coding = "gzip only, since nginx's `brotli_static` module is not installed (" + installHint + ")"
	}
	fmt.Fprintf(&b, "Measured by `make bench` (`TestStaticVersusNginx`) on %s: %d CPU cores (%s/%s), %s, nginx %s, wrk. "+
		"Both servers run on the same loopback interface with the same two cores, and wrk (two threads, keep-alive, "+
		"`Accept-Encoding: %s`) shares those cores with them. What is compared:\n\n",
		time.Now().UTC().Format("2006-01-02"), runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version(), nginxVer, encoding)
	fmt.Fprintf(&b, "- the same bytes: nginx's root is a copy of `web/build/client` in which each measured file and its `.gz` "+
		"and `.br` siblings are exactly what the binary sends (pages after the start-time substitution of the site's address), "+
		"served with `gzip_static` and `brotli_static`; the benchmark checks the bodies are equal before it measures. "+
		"Compression: %s;\n", coding)
	b.WriteString("- the same headers: nginx adds the binary's security headers, per-page Content-Security-Policy and " +
		"Cache-Control, and a request id (`$request_id`), and sends its own ETag and Vary;\n" +
		"- the same logging: the binary at its default level, a line for every page request and for one asset request in a " +
		"hundred, written to its log file through a 64 KB buffer flushed each second; nginx writes every request to an access " +
		"log with the same buffer;\n" +
		fmt.Sprintf("- nginx with %d worker processes (one per core), `sendfile`, `open_file_cache` and unlimited keep-alive "+
			"requests; the binary with its defaults.\n\n", runtime.NumCPU()))
	fmt.Fprintf(&b, "Each row alternates the two servers %d times (%s each, who goes first swapping every round) and shows the "+
		"medians. \"CPU a request\" is the server's own user and system time (nginx: master and workers) divided by its "+
		"answers, which moves less with the machine's load than the rate. Load average before: %s; after: %s.\n\n",
		results[0].rounds, staticRunDuration, loadBefore, loadAverage())
	b.WriteString("| file | sent | connections | growthdesk req/s | nginx req/s | ratio | growthdesk p99 | nginx p99 | growthdesk CPU a request | nginx CPU a request | errors |\n")
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, r := range results {
		sent := r.target.bodies["br"]
		if !brotli {
			sent = r.target.bodies["gzip"]
		}
		fmt.Fprintf(&b, "| %s `%s` | %s | %d | %.0f | %.0f | %.2f× | %s | %s | %s | %s | %d / %d |\n",
			r.target.label, r.target.path, kb(len(sent)), r.connections, r.growthdesk.rps, r.nginx.rps, r.growthdesk.rps/r.nginx.rps,
			ms(r.growthdesk.p99), ms(r.nginx.p99), us(r.growthdesk.cpuPerReq), us(r.nginx.cpuPerReq), r.growthdesk.errors, r.nginx.errors)
	}
	b.WriteString("\nThe goal is at least 0.9× nginx's rate for pages and assets. Errors are wrk's non-2xx answers " +
		"and socket errors (growthdesk / nginx).\n" + staticSectionEnd + "\n")
	writeSection(t, staticSectionStart, staticSectionEnd, b.String(), lighthouseSectionStart, ticketSectionStart)
}
