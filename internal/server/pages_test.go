package server_test

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"

	"github.com/growthdesk/growthdesk/internal/server"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

func TestPages_ServeWithSiteURLAndRuntimeConfig(t *testing.T) {
	t.Parallel()
	env := newTestEnv(t, storetest.SQLite(t), server.Config{Demo: true})
	res := env.do(t, "GET", "/blog/first-post", "", "")
	if res.status != 200 || !strings.HasPrefix(res.header.Get("Content-Type"), "text/html") {
		t.Fatalf("%d %s", res.status, res.header.Get("Content-Type"))
	}
	if strings.Contains(res.body, "growthdesk.invalid") || strings.Contains(res.body, "__GROWTHDESK_CONFIG__") {
		t.Fatal("tokens were not replaced")
	}
	for _, want := range []string{
		`<link rel="canonical" href="https://www.example.com/x"/>`,
		`content="{&#34;siteUrl&#34;:&#34;https://www.example.com&#34;,&#34;contactEmbedUrl&#34;:&#34;&#34;,&#34;demo&#34;:true}"`,
	} {
		if !strings.Contains(res.body, want) {
			t.Errorf("page lacks %s", want)
		}
	}
	if cc := res.header.Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("HTML Cache-Control = %q", cc)
	}
	data := env.do(t, "GET", "/blog/first-post.data", "", "")
	if data.status != 200 || !strings.Contains(data.body, "https://www.example.com/blog/first-post") {
		t.Fatalf("route data: %d %s", data.status, data.body)
	}
}

func TestPages_CSPAllowsExactlyTheInlineScripts(t *testing.T) {
	t.Parallel()
	env := newTestEnv(t, storetest.SQLite(t), server.Config{})
	res := env.do(t, "GET", "/", "", "")
	script := `window.__ctx = {"url":"https://www.example.com/x"};`
	sum := sha256.Sum256([]byte(script))
	hash := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	csp := res.header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "script-src 'self' "+hash) {
		t.Fatalf("CSP %q lacks the hash of the substituted inline script %s", csp, hash)
	}
	scriptSrc := strings.Split(strings.Split(csp, "script-src")[1], ";")[0]
	if strings.Contains(scriptSrc, "unsafe-inline") || strings.Contains(scriptSrc, "*") {
		t.Fatalf("script-src allows unsafe-inline: %s", csp)
	}
	if !strings.Contains(csp, "frame-ancestors 'none'") || res.header.Get("X-Content-Type-Options") != "nosniff" {
		t.Fatalf("security headers missing: %v", res.header)
	}
}

func TestPages_ContactEmbedOriginIsAllowedByCSP(t *testing.T) {
	t.Parallel()
	env := newTestEnv(t, storetest.SQLite(t), server.Config{ContactEmbedURL: "https://forms.example.net/embed.js"})
	csp := env.do(t, "GET", "/", "", "").header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "frame-src https://forms.example.net") || !strings.Contains(csp, "https://forms.example.net;") {
		t.Fatalf("CSP %q does not allow the embed origin", csp)
	}
}

func TestPages_CompressionAndCaching(t *testing.T) {
	t.Parallel()
	env := newTestEnv(t, storetest.SQLite(t), server.Config{})
	plain := env.do(t, "GET", "/assets/app-abc123.js", "", "", "Accept-Encoding", "identity")
	if plain.header.Get("Cache-Control") != "public, max-age=31536000, immutable" {
		t.Fatalf("asset Cache-Control = %q", plain.header.Get("Cache-Control"))
	}
	gz := env.do(t, "GET", "/assets/app-abc123.js", "", "", "Accept-Encoding", "gzip")
	if gz.header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("gzip not negotiated: %v", gz.header)
	}
	zr, err := gzip.NewReader(strings.NewReader(gz.body))
	if err != nil {
		t.Fatal(err)
	}
	unzipped, _ := io.ReadAll(zr)
	if string(unzipped) != plain.body {
		t.Fatal("gzip body differs from the plain body")
	}
	br := env.do(t, "GET", "/assets/app-abc123.js", "", "", "Accept-Encoding", "gzip, deflate, br")
	if br.header.Get("Content-Encoding") != "br" {
		t.Fatalf("brotli not preferred: %v", br.header)
	}
	unbr, _ := io.ReadAll(brotli.NewReader(bytes.NewReader([]byte(br.body))))
	if string(unbr) != plain.body {
		t.Fatal("brotli body differs from the plain body")
	}
	if noBr := env.do(t, "GET", "/assets/app-abc123.js", "", "", "Accept-Encoding", "br;q=0, gzip"); noBr.header.Get("Content-Encoding") != "gzip" {
		t.Fatal("br;q=0 was not respected")
	}
	etag := plain.header.Get("ETag")
	if res := env.do(t, "GET", "/assets/app-abc123.js", "", "", "If-None-Match", etag); res.status != http.StatusNotModified || res.body != "" {
		t.Fatalf("conditional GET: %d", res.status)
	}
	if res := env.do(t, "HEAD", "/", "", ""); res.status != 200 || res.body != "" {
		t.Fatalf("HEAD: %d %q", res.status, res.body)
	}
}

func TestPages_UnknownPathsAndSlugs(t *testing.T) {
	t.Parallel()
	env := newTestEnv(t, storetest.SQLite(t), server.Config{})
	cases := []struct {
		path     string
		status   int
		location string
	}{
		{"/no/such/page", http.StatusFound, "/"},
		{"/pricing", http.StatusFound, "/"},
		{"/blog/", http.StatusMovedPermanently, "/blog"},
		{"/about/?ref=x", http.StatusMovedPermanently, "/about?ref=x"},
		{"/blog/no-such-article", http.StatusNotFound, ""},
		{"/assets/missing-123.js", http.StatusNotFound, ""},
		{"/favicon.svg", http.StatusOK, ""},
		{"/portal", http.StatusOK, ""},
		{"/portal/settings", http.StatusOK, ""},
	}
	for _, tc := range cases {
		res := env.do(t, "GET", tc.path, "", "")
		if res.status != tc.status || res.header.Get("Location") != tc.location {
			t.Errorf("%s: %d → %q, want %d → %q", tc.path, res.status, res.header.Get("Location"), tc.status, tc.location)
		}
	}
	res := env.do(t, "GET", "/blog/no-such-article", "", "")
	if !strings.Contains(res.body, "<title>Loading</title>") || res.header.Get("X-Robots-Tag") != "noindex" {
		t.Fatalf("unknown slug did not get the app shell: %s", res.body)
	}
	if res := env.do(t, "POST", "/about", "application/json", "{}"); res.status != http.StatusMethodNotAllowed {
		t.Fatalf("POST to a page: %d", res.status)
	}
}

func TestSitemapRobotsAndRSS(t *testing.T) {
	t.Parallel()
	env := newTestEnv(t, storetest.SQLite(t), server.Config{})
	sm := env.do(t, "GET", "/sitemap.xml", "", "")
	for _, want := range []string{
		"<loc>https://www.example.com/</loc>",
		"<loc>https://www.example.com/blog</loc>",
		"<loc>https://www.example.com/blog/first-post</loc>\n    <lastmod>2025-03-15</lastmod>",
	} {
		if !strings.Contains(sm.body, want) {
			t.Errorf("sitemap lacks %q:\n%s", want, sm.body)
		}
	}
	if strings.Contains(sm.body, "checkout") || strings.Contains(sm.body, "spa-fallback") {
		t.Errorf("sitemap lists a noindex page:\n%s", sm.body)
	}
	robots := env.do(t, "GET", "/robots.txt", "", "")
	if !strings.Contains(robots.body, "Sitemap: https://www.example.com/sitemap.xml") || !strings.Contains(robots.body, "Disallow: /portal") {
		t.Errorf("robots.txt:\n%s", robots.body)
	}
	rss := env.do(t, "GET", "/blog/rss.xml", "", "")
	if !strings.HasPrefix(rss.header.Get("Content-Type"), "application/rss+xml") {
		t.Errorf("RSS content type %q", rss.header.Get("Content-Type"))
	}
	for _, want := range []string{
		"<title>First &amp; best</title>",
		"<link>https://www.example.com/blog/first-post</link>",
		"<description>Why &lt;automation&gt; pays</description>",
		"<pubDate>Sat, 15 Mar 2025 00:00:00 +0000</pubDate>",
	} {
		if !strings.Contains(rss.body, want) {
			t.Errorf("RSS lacks %q:\n%s", want, rss.body)
		}
	}
}
