package server

import (
	"encoding/xml"
	"fmt"
	"net/http"
	"strings"
	"time"
)

type sitemapURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

type sitemapURLSet struct {
	XMLName xml.Name     `xml:"urlset"`
	Xmlns   string       `xml:"xmlns,attr"`
	URLs    []sitemapURL `xml:"url"`
}

// handleSitemap lists every prerendered page that search engines may index, with the
// publish date of each blog post.
func (s *Server) handleSitemap(w http.ResponseWriter, r *http.Request) {
	published := map[string]time.Time{}
	for _, p := range s.deps.Posts {
		published["/blog/"+p.Slug] = p.PublishDate
	}
	set := sitemapURLSet{Xmlns: "http://www.sitemaps.org/schemas/sitemap/0.9"}
	for _, p := range s.pages.pages {
		if s.pages.files[p].noIndex {
			continue
		}
		u := sitemapURL{Loc: s.absoluteURL(p)}
		if d, ok := published[p]; ok {
			u.LastMod = d.Format(time.DateOnly)
		}
		set.URLs = append(set.URLs, u)
	}
	writeXML(w, "application/xml; charset=utf-8", set)
}

// handleRobots allows the public site, keeps crawlers out of the portal and the APIs, and
// names the sitemap.
func (s *Server) handleRobots(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	fmt.Fprintf(w, "User-agent: *\nAllow: /\nDisallow: /portal\nDisallow: /api/\nDisallow: /auth/\nDisallow: /checkout/\n\nSitemap: %s\n", s.absoluteURL("/sitemap.xml"))
}

type rssGUID struct {
	IsPermaLink bool   `xml:"isPermaLink,attr"`
	Value       string `xml:",chardata"`
}

type rssItem struct {
	Title       string  `xml:"title"`
	Link        string  `xml:"link"`
	GUID        rssGUID `xml:"guid"`
	PubDate     string  `xml:"pubDate"`
	Description string  `xml:"description"`
	Author      string  `xml:"dc:creator"`
	Category    string  `xml:"category"`
}

type rssAtomLink struct {
	Href string `xml:"href,attr"`
	Rel  string `xml:"rel,attr"`
	Type string `xml:"type,attr"`
}

type rssChannel struct {
	Title         string      `xml:"title"`
	Link          string      `xml:"link"`
	Description   string      `xml:"description"`
	Language      string      `xml:"language"`
	AtomLink      rssAtomLink `xml:"atom:link"`
	LastBuildDate string      `xml:"lastBuildDate,omitempty"`
	Items         []rssItem   `xml:"item"`
}

type rssFeed struct {
	XMLName xml.Name   `xml:"rss"`
	Version string     `xml:"version,attr"`
	Atom    string     `xml:"xmlns:atom,attr"`
	DC      string     `xml:"xmlns:dc,attr"`
	Channel rssChannel `xml:"channel"`
}

// handleRSS is the blog's RSS 2.0 feed, newest post first.
func (s *Server) handleRSS(w http.ResponseWriter, r *http.Request) {
	ch := rssChannel{
		Title:       s.deps.Site.Name + " Blog",
		Link:        s.absoluteURL("/blog"),
		Description: s.deps.Site.Description,
		Language:    "en-us",
		AtomLink:    rssAtomLink{Href: s.absoluteURL("/blog/rss.xml"), Rel: "self", Type: "application/rss+xml"},
	}
	for i, p := range s.deps.Posts {
		link := s.absoluteURL("/blog/" + p.Slug)
		date := p.PublishDate.Format(time.RFC1123Z)
		if i == 0 {
			ch.LastBuildDate = date
		}
		ch.Items = append(ch.Items, rssItem{
			Title:       p.Title,
			Link:        link,
			GUID:        rssGUID{IsPermaLink: true, Value: link},
			PubDate:     date,
			Description: p.Excerpt,
			Author:      p.Author,
			Category:    p.Category,
		})
	}
	writeXML(w, "application/rss+xml; charset=utf-8", rssFeed{
		Version: "2.0",
		Atom:    "http://www.w3.org/2005/Atom",
		DC:      "http://purl.org/dc/elements/1.1/",
		Channel: ch,
	})
}

func (s *Server) absoluteURL(path string) string {
	return strings.TrimRight(s.cfg.SiteURL, "/") + path
}

func writeXML(w http.ResponseWriter, contentType string, v any) {
	out, err := xml.MarshalIndent(v, "", "  ")
	if err != nil {
		http.Error(w, "could not render XML", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write([]byte(xml.Header))
	_, _ = w.Write(out)
}
