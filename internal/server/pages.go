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
	"mime"
	"net/http"
	"net/url"
	"path"
	"regexp"
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

// file is one response body, prepared once: substituted, hashed and compressed.
type file struct {
	body, gzip, brotli []byte
	contentType        string
	cacheControl       string
	etag               string
	csp                string // pages only
	noIndex            bool   // pages marked robots noindex
}

// pageSet serves the built web app from memory.
type pageSet struct {
	files    map[string]*file // URL path → file; pages at "/x", assets at "/assets/…"
	pages    []string         // URL paths of prerendered pages, sorted
	fallback *file            // the app shell for routes rendered in the browser
}

var (
	inlineScript = regexp.MustCompile(`(?s)<script([^>]*)>(.*?)</script>`)
	noIndexMeta  = regexp.MustCompile(`<meta[^>]+name="robots"[^>]+content="[^"]*noindex`)
)

// loadPages reads every file of dist, replaces the runtime tokens in pages and route data,
// computes each page's Content-Security-Policy from its inline scripts, and compresses
// what is worth compressing.
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

	ps := &pageSet{files: map[string]*file{}}
	var mu sync.Mutex
	var wg sync.WaitGroup
	var firstErr error
	sem := make(chan struct{}, 4)
	err = fs.WalkDir(dist, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		raw, err := fs.ReadFile(dist, name)
		if err != nil {
			return err
		}
		urlPath, isPage := urlPathOf(name)
		ext := path.Ext(name)
		f := &file{body: raw, contentType: contentTypeOf(ext)}
		switch {
		case isPage:
			f.body = []byte(replacer.Replace(string(raw)))
			f.cacheControl = "no-cache"
			f.csp = pageCSP(f.body, extraOrigin)
			f.noIndex = noIndexMeta.Match(f.body)
		case ext == ".data":
			f.body = []byte(replacer.Replace(string(raw)))
			f.cacheControl = "no-cache"
		case strings.HasPrefix(name, "assets/"):
			f.cacheControl = "public, max-age=31536000, immutable"
		default:
			f.cacheControl = "public, max-age=3600"
		}
		sum := sha256.Sum256(f.body)
		f.etag = `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`
		if name == spaFallbackFile {
			ps.fallback = f
		} else {
			ps.files[urlPath] = f
			if isPage {
				ps.pages = append(ps.pages, urlPath)
			}
		}
		if compressible(ext) && len(f.body) > 512 {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer func() { <-sem; wg.Done() }()
				if err := f.compress(); err != nil {
					mu.Lock()
					firstErr = fmt.Errorf("compress %s: %w", name, err)
					mu.Unlock()
				}
			}()
		}
		return nil
	})
	wg.Wait()
	if err != nil {
		return nil, err
	}
	if firstErr != nil {
		return nil, firstErr
	}
	if ps.files["/"] == nil {
		return nil, fmt.Errorf("the web app has no index.html")
	}
	if ps.fallback == nil {
		ps.fallback = ps.files["/"]
	}
	sort.Strings(ps.pages)
	return ps, nil
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

func (f *file) compress() error {
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if _, err := zw.Write(f.body); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	var br bytes.Buffer
	// Quality 6 compresses the whole build in well under a second at start; 11 would save
	// about a tenth of the bytes for several seconds of CPU on every start.
	bw := brotli.NewWriterLevel(&br, 6)
	if _, err := bw.Write(f.body); err != nil {
		return err
	}
	if err := bw.Close(); err != nil {
		return err
	}
	if gz.Len() < len(f.body) {
		f.gzip = gz.Bytes()
	}
	if br.Len() < len(f.body) {
		f.brotli = br.Bytes()
	}
	return nil
}

// pageCSP allows the page's own inline scripts by hash and nothing else from elsewhere,
// except the third-party form's origin when one is configured.
func pageCSP(body []byte, extraOrigin string) string {
	var hashes []string
	for _, m := range inlineScript.FindAllSubmatch(body, -1) {
		if bytes.Contains(m[1], []byte("src=")) {
			continue
		}
		sum := sha256.Sum256(m[2])
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

// ServeHTTP serves a page, an asset or the app shell; anything else redirects to the home page.
func (ps *pageSet) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "Method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := r.URL.Path
	if len(p) > 1 && strings.HasSuffix(p, "/") {
		target := strings.TrimRight(p, "/")
		if target == "" {
			target = "/"
		}
		if r.URL.RawQuery != "" {
			target += "?" + r.URL.RawQuery
		}
		http.Redirect(w, r, target, http.StatusMovedPermanently)
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

func isBlogPostPath(p string) bool {
	slug, ok := strings.CutPrefix(p, "/blog/")
	return ok && slug != "" && !strings.ContainsAny(slug, "/.")
}

func (ps *pageSet) serveFile(w http.ResponseWriter, r *http.Request, f *file, status int) {
	h := w.Header()
	h.Set("Content-Type", f.contentType)
	h.Set("Cache-Control", f.cacheControl)
	h.Set("ETag", f.etag)
	if f.csp != "" {
		h.Set("Content-Security-Policy", f.csp)
	}
	if f.gzip != nil || f.brotli != nil {
		h.Add("Vary", "Accept-Encoding")
	}
	if status == http.StatusOK && etagMatches(r.Header.Get("If-None-Match"), f.etag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	body := f.body
	switch enc := negotiateEncoding(r.Header.Get("Accept-Encoding"), f.brotli != nil, f.gzip != nil); enc {
	case "br":
		body = f.brotli
		h.Set("Content-Encoding", "br")
	case "gzip":
		body = f.gzip
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

func etagMatches(header, etag string) bool {
	if header == "" {
		return false
	}
	for _, candidate := range strings.Split(header, ",") {
		c := strings.TrimSpace(candidate)
		if c == "*" || strings.TrimPrefix(c, "W/") == etag {
			return true
		}
	}
	return false
}

// negotiateEncoding picks br, then gzip, among the codings the client accepts with q > 0.
func negotiateEncoding(header string, haveBr, haveGzip bool) string {
	accepted := map[string]bool{}
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		accepted[strings.ToLower(strings.TrimSpace(name))] = q > 0
	}
	switch {
	case haveBr && accepted["br"]:
		return "br"
	case haveGzip && (accepted["gzip"] || accepted["x-gzip"]):
		return "gzip"
	}
	return ""
}
