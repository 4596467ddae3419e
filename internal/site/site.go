// Package site reads the editorial content shared with the web build: the site configuration
// (company name, contact details, social profiles) and the blog posts' front matter.
package site

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// SocialProfile is one of the company's social network pages.
type SocialProfile struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

// Config is the one site configuration: everything that names or reaches the company.
type Config struct {
	Name        string `json:"name"`
	LegalName   string `json:"legalName"`
	Tagline     string `json:"tagline"`
	Description string `json:"description"`
	Email       string `json:"email"`
	Phone       string `json:"phone"`
	// BookingURL is the online booking page where a customer picks a consultation time.
	BookingURL    string          `json:"bookingUrl"`
	Location      string          `json:"location"`
	CopyrightYear int             `json:"copyrightYear"`
	Social        []SocialProfile `json:"social"`
	// Invoice is what invoices say of the company besides its legal name and e-mail.
	Invoice Invoicing `json:"invoice"`
}

// Invoicing is the seller's part of an invoice: postal address, tax number and tax line.
type Invoicing struct {
	// Address is the postal address, one line each.
	Address []string `json:"address"`
	// TaxID is a tax or VAT number, printed when set.
	TaxID string `json:"taxId"`
	// TaxLabel names the tax line ("Sales tax", "VAT"); TaxRatePercent is its rate (0 to
	// 100, e.g. 8.25), printed even when 0.
	TaxLabel       string  `json:"taxLabel"`
	TaxRatePercent float64 `json:"taxRatePercent"`
}

// LoadConfig reads site.json from fsys.
func LoadConfig(fsys fs.FS) (Config, error) {
	var c Config
	raw, err := fs.ReadFile(fsys, "site.json")
	if err != nil {
		return c, err
	}
	if err := json.Unmarshal(raw, &c); err != nil {
		return c, fmt.Errorf("site.json: %w", err)
	}
	if c.Name == "" || c.Email == "" {
		return c, errors.New("site.json: name and email are required")
	}
	if r := c.Invoice.TaxRatePercent; r < 0 || r > 100 {
		return c, fmt.Errorf("site.json: invoice.taxRatePercent %v is not between 0 and 100", r)
	}
	return c, nil
}

// Post is a blog post's metadata, as its front matter states it.
type Post struct {
	Slug        string
	Title       string    `yaml:"title"`
	Excerpt     string    `yaml:"excerpt"`
	Author      string    `yaml:"author"`
	PublishDate time.Time `yaml:"-"`
	ReadTime    string    `yaml:"readTime"`
	Category    string    `yaml:"category"`
	Tags        []string  `yaml:"tags"`
	Featured    bool      `yaml:"featured"`
	Image       string    `yaml:"image"`
}

// LoadPosts reads the front matter of every blog/*.md in fsys, newest first.
func LoadPosts(fsys fs.FS) ([]Post, error) {
	names, err := fs.Glob(fsys, "blog/*.md")
	if err != nil {
		return nil, err
	}
	posts := make([]Post, 0, len(names))
	for _, name := range names {
		raw, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		p, err := parsePost(raw)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		p.Slug = strings.TrimSuffix(path.Base(name), ".md")
		posts = append(posts, p)
	}
	sort.SliceStable(posts, func(i, j int) bool {
		if !posts[i].PublishDate.Equal(posts[j].PublishDate) {
			return posts[i].PublishDate.After(posts[j].PublishDate)
		}
		return posts[i].Slug < posts[j].Slug
	})
	return posts, nil
}

func parsePost(raw []byte) (Post, error) {
	var p Post
	raw = bytes.ReplaceAll(raw, []byte("\r\n"), []byte("\n"))
	if !bytes.HasPrefix(raw, []byte("---\n")) {
		return p, errors.New("missing front matter")
	}
	end := bytes.Index(raw[4:], []byte("\n---"))
	if end < 0 {
		return p, errors.New("front matter is not closed")
	}
	var fm struct {
		Post        `yaml:",inline"`
		PublishDate string `yaml:"publishDate"`
	}
	if err := yaml.Unmarshal(raw[4:4+end], &fm); err != nil {
		return p, fmt.Errorf("front matter: %w", err)
	}
	p = fm.Post
	date, err := time.Parse(time.DateOnly, fm.PublishDate)
	if err != nil {
		return p, fmt.Errorf("publishDate %q is not YYYY-MM-DD", fm.PublishDate)
	}
	p.PublishDate = date
	// Blank counts as missing, as in the web build's reader of the same files.
	if blank(p.Title) || blank(p.Excerpt) || blank(p.Author) || blank(p.Category) {
		return p, errors.New("title, excerpt, author and category are required")
	}
	return p, nil
}

func blank(s string) bool { return strings.TrimSpace(s) == "" }
