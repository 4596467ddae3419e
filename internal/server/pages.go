package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"io/fs"
	"log/slog"
	"mime"
	"net/http"
	"net/url"
	"path"
	"runtime"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
)

// Tokens the web build writes into its prerendered pages (web/app/lib/runtime-config.ts);
// the server replaces them once at start, so one build serves any deployment.
const (
	siteURLToken       = "https://growthdesk.invalid"
	runtimeConfigToken = "__GROWTHDESK_CONFIG__"
	spaFallbackFile    = "__spa-fallback.html"
)

// pageConfig is the runtime configuration the browser code reads from the page.
type pageConfig struct {
	SiteURL         string `json:"siteUrl"`
	ContactEmbedURL string `json:"contactEmbedUrl"`
	Demo            bool   `json:"demo"`
}

func (s *Server) pageConfig() pageConfig {
	return pageConfig{SiteURL: s.cfg.SiteURL, ContactEmbedURL: s.cfg.ContactEmbedURL, Demo: s.cfg.Demo}
}

// file is one response, prepared once: its body read (and for pages substituted), hashed
// and compressed, its header values built.
type file struct {
	// Header values, each a one-element slice shared by every response: serveFile puts them
	// into the header map as they are, so a request costs no allocation for them. Nothing
	// appends to or changes them (Header.Add on a full slice copies it).
	contentType, cacheControl, csp []string
	noIndex                        bool // pages marked robots noindex

	// A file served as built is read on first need (prepare), from dist, with the compressed
	// copies the build made beside it (siblings), so that start reads only the pages and
	// memory holds only what is asked for.
	dist     fs.FS
	name     string
	siblings []string
	// compress says whether prepare has to make the compressed variants itself.
	compress bool

	once sync.Once
	err  error // of prepare
	// Set by prepare, or at start for pages and route data; read only after prepare.
	identity     variant
	gzip, brotli *variant // nil when compression does not pay
	etag         []string
	etagValue    string
}

// variant is one content coding of a body with its header values.
type variant struct {
	body          []byte
	contentLength []string
	encoding      []string // Content-Encoding; nil for the identity
}

func newVariant(body []byte, encoding string) *variant {
	v := &variant{body: body, contentLength: []string{strconv.Itoa(len(body))}}
	if encoding != "" {
		v.encoding = []string{encoding}
	}
	return v
}

// setBody makes body the file's identity and computes its ETag.
func (f *file) setBody(body []byte) {
	f.identity = *newVariant(body, "")
	sum := sha256.Sum256(body)
	f.etagValue = `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`
	f.etag = []string{f.etagValue}
}

// pageSet serves the built web app from memory.
type pageSet struct {
	files    map[string]*file // URL path → file; pages at "/x", assets at "/assets/…"
	pages    []string         // URL paths of prerendered pages, sorted
	fallback *file            // the app shell for routes rendered in the browser
	// pending are the files to compress after start, pages first.
	pending []*file
	log     *slog.Logger
}

var varyEncoding = []string{"Accept-Encoding"}

// precompressed are the suffixes of the compressed copies the web build writes beside the
// files it serves as built (web/vite/precompress.mjs), with their content coding.
var precompressed = []struct{ suffix, coding string }{{".br", "br"}, {".gz", "gzip"}}

// minCompress is the smallest body worth compressing.
const minCompress = 512

// loadPages reads the pages and route data of dist, replaces the runtime tokens in them and
// computes each page's Content-Security-Policy from its inline scripts; every other file is
// only listed, to be read with its compressed copies on first request. What must be
// compressed here (the pages and route data, whose bytes depend on the configuration, and
// any file the build left without copies) is compressed after start by
// compressInBackground, or by the first request that needs it, so that start waits for none
// of it.
func loadPages(dist fs.FS, cfg pageConfig) (*pageSet, error) {
	cfgJSON, err := json.Marshal(cfg)
	if err != nil {
		return nil, err
	}
	replacer := strings.NewReplacer(
		siteURLToken, strings.TrimRight(cfg.SiteURL, "/"),
		runtimeConfigToken, html.EscapeString(string(cfgJSON)),
	)
	extraOrigin := ""
	if cfg.ContactEmbedURL != "" {
		if u, err := url.Parse(cfg.ContactEmbedURL); err == nil {
			extraOrigin = u.Scheme + "://" + u.Host
		}
	}

	sizes := map[string]int64{}
	err = fs.WalkDir(dist, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		sizes[name] = info.Size()
		return nil
	})
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(sizes))
	for name := range sizes {
		names = append(names, name)
	}
	sort.Strings(names)

	ps := &pageSet{files: map[string]*file{}}
	for _, name := range names {
		if isSibling(name, sizes) {
			continue // a compressed copy, read with its file
		}
		urlPath, isPage := urlPathOf(name)
		ext := path.Ext(name)
		f := &file{name: name, contentType: []string{contentTypeOf(ext)}}
		switch {
		case isPage || ext == ".data":
			raw, err := fs.ReadFile(dist, name)
			if err != nil {
				return nil, err
			}
			body := []byte(replacer.Replace(string(raw)))
			f.setBody(body)
			f.cacheControl = []string{"no-cache"}
			if isPage {
				f.csp = []string{pageCSP(body, extraOrigin)}
				f.noIndex = hasNoIndex(body)
			}
			// The build's copies, if any, are of the bytes before substitution.
			f.compress = compressible(ext) && len(body) > minCompress
		default:
			f.dist = dist
			f.cacheControl = []string{"public, max-age=3600"}
			if strings.HasPrefix(name, "assets/") {
				f.cacheControl = []string{"public, max-age=31536000, immutable"}
			}
			for _, p := range precompressed {
				if _, ok := sizes[name+p.suffix]; ok {
					f.siblings = append(f.siblings, name+p.suffix)
				}
			}
			f.compress = len(f.siblings) == 0 && compressible(ext) && sizes[name] > minCompress
		}
		if f.compress {
			ps.pending = append(ps.pending, f)
		}
		if name == spaFallbackFile {
			ps.fallback = f
		} else {
			ps.files[urlPath] = f
			if isPage {
				ps.pages = append(ps.pages, urlPath)
			}
		}
	}
	if ps.files["/"] == nil {
		return nil, fmt.Errorf("the web app has no index.html")
	}
	if ps.fallback == nil {
		ps.fallback = ps.files["/"]
	}
	sort.Strings(ps.pages)
	// Pages first: they are what visitors ask for first.
	sort.SliceStable(ps.pending, func(i, j int) bool { return ps.pending[i].csp != nil && ps.pending[j].csp == nil })
	return ps, nil
}

// isSibling reports whether name is a compressed copy the build made of another file.
func isSibling(name string, sizes map[string]int64) bool {
	for _, p := range precompressed {
		if base, ok := strings.CutSuffix(name, p.suffix); ok {
			if _, ok := sizes[base]; ok {
				return true
			}
		}
	}
	return false
}

// compressInBackground makes the compressed variants of every file that needs them, with
// one worker per core, and returns at once. A request for a file not reached yet prepares
// it itself, so nothing is ever served uncompressed for want of time.
func (ps *pageSet) compressInBackground() {
	work := make(chan *file, len(ps.pending))
	for _, f := range ps.pending {
		work <- f
	}
	close(work)
	ps.pending = nil
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for f := range work {
				_ = f.prepare(ps.log)
			}
		})
	}
	go func() {
		wg.Wait()
		// The compressors leave megabytes of garbage (brotli's hash tables) that the
		// runtime would give back to the system only over minutes: give it back now, once.
		debug.FreeOSMemory()
	}()
}

// prepare reads the file if it was not read at start and makes its compressed variants,
// once; every request calls it, and after the first call it costs an atomic load.
func (f *file) prepare(log *slog.Logger) error {
	f.once.Do(func() {
		if f.dist != nil {
			if f.err = f.read(); f.err != nil {
				log.Error("read a file of the web app", "file", f.name, "err", f.err)
				return
			}
		}
		if f.compress {
			if err := f.compressBody(); err != nil {
				// Compressing into memory does not fail; should it, the body goes out as is.
				log.Error("compress a file of the web app", "file", f.name, "err", err)
			}
		}
	})
	return f.err
}

// read takes the file and the compressed copies the build made of it from dist.
func (f *file) read() error {
	body, err := fs.ReadFile(f.dist, f.name)
	if err != nil {
		return err
	}
	f.setBody(body)
	for _, name := range f.siblings {
		c, err := fs.ReadFile(f.dist, name)
		if err != nil {
			return err
		}
		if len(c) >= len(body) {
			continue
		}
		if strings.HasSuffix(name, ".br") {
			f.brotli = newVariant(c, "br")
		} else {
			f.gzip = newVariant(c, "gzip")
		}
	}
	f.dist = nil
	return nil
}

// urlPathOf maps a file of the build to the URL it is served at: "blog/index.html" is the
// page "/blog", "assets/x.js" the asset "/assets/x.js".
func urlPathOf(name string) (string, bool) {
	switch {
	case name == "index.html":
		return "/", true
	case strings.HasSuffix(name, "/index.html"):
		return "/" + strings.TrimSuffix(name, "/index.html"), true
	case strings.HasSuffix(name, ".html"):
		return "/" + strings.TrimSuffix(name, ".html"), true
	}
	return "/" + name, false
}

func contentTypeOf(ext string) string {
	switch ext {
	case ".data":
		return "text/x-script"
	case ".html":
		return "text/html; charset=utf-8"
	case ".webmanifest":
		return "application/manifest+json"
	}
	if ct := mime.TypeByExtension(ext); ct != "" {
		return ct
	}
	return "application/octet-stream"
}

func compressible(ext string) bool {
	switch ext {
	case ".html", ".js", ".mjs", ".css", ".svg", ".json", ".xml", ".txt", ".data", ".webmanifest", ".map":
		return true
	}
	return false
}

func (f *file) compressBody() error {
	body := f.identity.body
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if _, err := zw.Write(body); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	var br bytes.Buffer
	// Quality 6 compresses a page in a few milliseconds; 11 saves about a tenth of the bytes
	// for many times the CPU. The hashed assets, the most bytes, come compressed at quality
	// 11 from the build.
	bw := brotli.NewWriterLevel(&br, 6)
	if _, err := bw.Write(body); err != nil {
		return err
	}
	if err := bw.Close(); err != nil {
		return err
	}
	if gz.Len() < len(body) {
		f.gzip = newVariant(gz.Bytes(), "gzip")
	}
	if br.Len() < len(body) {
		f.brotli = newVariant(br.Bytes(), "br")
	}
	return nil
}

// pageCSP allows the page's own inline scripts by hash and nothing else from elsewhere,
// except the third-party form's origin when one is configured.
func pageCSP(body []byte, extraOrigin string) string {
	var hashes []string
	for _, script := range inlineScripts(body) {
		sum := sha256.Sum256(script)
		hashes = append(hashes, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
	}
	extra := ""
	if extraOrigin != "" {
		extra = " " + extraOrigin
	}
	frame := "'none'"
	if extraOrigin != "" {
		frame = extraOrigin
	}
	return strings.Join([]string{
		"default-src 'self'",
		"script-src 'self' " + strings.Join(hashes, " ") + extra,
		"style-src 'self' 'unsafe-inline'" + extra,
		"img-src 'self' data:" + extra,
		"font-src 'self'",
		"connect-src 'self'" + extra,
		"frame-src " + frame,
		"object-src 'none'",
		"base-uri 'none'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
}

// inlineScripts returns the contents of the page's <script> elements without a src: what
// the regular expression <script([^>]*)>(.*?)</script> would find, at a small part of its
// cost (pages are scanned at every start).
func inlineScripts(page []byte) [][]byte {
	var out [][]byte
	rest := page
	for {
		i := bytes.Index(rest, []byte("<script"))
		if i < 0 {
			return out
		}
		rest = rest[i+len("<script"):]
		gt := bytes.IndexByte(rest, '>')
		if gt < 0 {
			return out
		}
		attrs := rest[:gt]
		rest = rest[gt+1:]
		end := bytes.Index(rest, []byte("</script>"))
		if end < 0 {
			return out
		}
		if !bytes.Contains(attrs, []byte("src=")) {
			out = append(out, rest[:end])
		}
		rest = rest[end+len("</script>"):]
	}
}

// hasNoIndex reports whether the page has <meta name="robots" content="…noindex…">.
func hasNoIndex(page []byte) bool {
	rest := page
	for {
		i := bytes.Index(rest, []byte("<meta "))
		if i < 0 {
			return false
		}
		rest = rest[i:]
		gt := bytes.IndexByte(rest, '>')
		if gt < 0 {
			return false
		}
		tag := rest[:gt]
		rest = rest[gt:]
		if n := bytes.Index(tag, []byte(`name="robots"`)); n >= 0 {
			if c := bytes.Index(tag[n:], []byte(`content="`)); c >= 0 {
				v := tag[n+c+len(`content="`):]
				if q := bytes.IndexByte(v, '"'); q >= 0 {
					v = v[:q]
				}
				if bytes.Contains(v, []byte("noindex")) {
					return true
				}
			}
		}
	}
}

// ServeHTTP serves a page, an asset or the app shell; anything else redirects to the home page.
func (ps *pageSet) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "Method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := r.URL.Path
	if len(p) > 1 && strings.HasSuffix(p, "/") {
		http.Redirect(w, r, withoutTrailingSlash(r.URL), http.StatusMovedPermanently)
		return
	}
	if f, ok := ps.files[p]; ok {
		ps.serveFile(w, r, f, http.StatusOK)
		return
	}
	switch {
	case p == "/portal" || strings.HasPrefix(p, "/portal/"):
		// The portal is rendered in the browser from the app shell; it is never indexed.
		w.Header().Set("X-Robots-Tag", "noindex")
		ps.serveFile(w, r, ps.fallback, http.StatusOK)
	case isBlogPostPath(p):
		// An unknown article: the app shell renders 'Article Not Found' in the browser.
		w.Header().Set("X-Robots-Tag", "noindex")
		ps.serveFile(w, r, ps.fallback, http.StatusNotFound)
	case strings.HasPrefix(p, "/assets/") || path.Ext(p) != "":
		http.Error(w, "Not found", http.StatusNotFound)
	default:
		http.Redirect(w, r, "/", http.StatusFound)
	}
}

// withoutTrailingSlash is the Location of the redirect that drops a path's trailing slashes.
// It is built from the escaped path, so that what the request held escaped (a backslash as
// %5C, a tab as %09) stays escaped, and a leading run of slashes and backslashes becomes one
// slash: a browser reads a Location starting with two of them, in any mix and with tabs or
// line breaks between them, as the address of another host.
func withoutTrailingSlash(u *url.URL) string {
	target := "/" + strings.TrimRight(strings.TrimLeft(u.EscapedPath(), `/\`), "/")
	if u.RawQuery != "" {
		target += "?" + u.RawQuery
	}
	return target
}

// direct serves the files of the build without going through mux, and everything else
// through it. Matching a path in http.ServeMux costs about a fifth of a static answer (and
// allocates), while a file's path is known in advance: each one is checked against mux once,
// here, so that a file never hides a route mux would give another handler.
func (ps *pageSet) direct(mux *http.ServeMux) http.Handler {
	files := make(map[string]*file, len(ps.files))
	for p, f := range ps.files {
		if _, pattern := mux.Handler(&http.Request{Method: http.MethodGet, URL: &url.URL{Path: p}}); pattern == "/" {
			files[p] = f
		}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			if f := files[r.URL.Path]; f != nil {
				r.Pattern = "/" // what mux would have recorded, for the metrics
				ps.serveFile(w, r, f, http.StatusOK)
				return
			}
		}
		mux.ServeHTTP(w, r)
	})
}

func isBlogPostPath(p string) bool {
	slug, ok := strings.CutPrefix(p, "/blog/")
	return ok && slug != "" && !strings.ContainsAny(slug, "/.")
}

func (ps *pageSet) serveFile(w http.ResponseWriter, r *http.Request, f *file, status int) {
	if err := f.prepare(ps.log); err != nil {
		http.Error(w, "Internal server error", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h["Content-Type"] = f.contentType
	h["Cache-Control"] = f.cacheControl
	h["Etag"] = f.etag
	if f.csp != nil {
		h["Content-Security-Policy"] = f.csp
	}
	if f.gzip != nil || f.brotli != nil {
		h["Vary"] = varyEncoding
	}
	if status == http.StatusOK && etagMatches(r.Header["If-None-Match"], f.etagValue) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	v := &f.identity
	if f.gzip != nil || f.brotli != nil {
		br, gz := acceptedCodings(r.Header["Accept-Encoding"])
		switch {
		case br && f.brotli != nil:
			v = f.brotli
		case gz && f.gzip != nil:
			v = f.gzip
		}
	}
	if v.encoding != nil {
		h["Content-Encoding"] = v.encoding
	}
	h["Content-Length"] = v.contentLength
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		writeBody(w, r, v.body)
	}
}

// etagMatches reports whether an If-None-Match header names etag (weakly) or is "*".
func etagMatches(header []string, etag string) bool {
	for _, line := range header {
		for line != "" {
			var c string
			c, line, _ = strings.Cut(line, ",")
			c = strings.TrimSpace(c)
			if c == "*" || strings.TrimPrefix(c, "W/") == etag {
				return true
			}
		}
	}
	return false
}

// acceptedCodings reports whether an Accept-Encoding header accepts brotli and gzip, that is
// names them with q > 0. It allocates nothing: it runs on every request for a file.
func acceptedCodings(header []string) (br, gz bool) {
	var xgz bool
	for _, line := range header {
		for line != "" {
			var part string
			part, line, _ = strings.Cut(line, ",")
			name, params, _ := strings.Cut(part, ";")
			name = strings.TrimSpace(name)
			switch {
			case strings.EqualFold(name, "br"):
				br = qualityAboveZero(params)
			case strings.EqualFold(name, "gzip"):
				gz = qualityAboveZero(params)
			case strings.EqualFold(name, "x-gzip"):
				xgz = qualityAboveZero(params)
			}
		}
	}
	return br, gz || xgz
}

// qualityAboveZero reads the q parameter of one coding of Accept-Encoding; without one (or
// an unreadable one) the coding is accepted.
func qualityAboveZero(params string) bool {
	v, ok := strings.CutPrefix(strings.TrimSpace(params), "q=")
	if !ok {
		return true
	}
	q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	return err != nil || q > 0
}
