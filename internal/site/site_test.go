package site_test

import (
	"testing"
	"testing/fstest"
	"time"

	"github.com/growthdesk/growthdesk/content"
	"github.com/growthdesk/growthdesk/internal/site"
)

func TestLoadPosts_ReadsFrontMatterNewestFirst(t *testing.T) {
	fsys := fstest.MapFS{
		"blog/old.md": {Data: []byte("---\ntitle: Old\nexcerpt: E\nauthor: A\ncategory: Case Studies\npublishDate: \"2025-01-02\"\ntags: [x, y]\n---\nBody\n")},
		"blog/new.md": {Data: []byte("---\r\ntitle: New\r\nexcerpt: E\r\nauthor: A\r\ncategory: AI Technology\r\npublishDate: 2025-03-04\r\nfeatured: true\r\n---\r\nBody\r\n")},
	}
	posts, err := site.LoadPosts(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if len(posts) != 2 || posts[0].Slug != "new" || posts[1].Slug != "old" {
		t.Fatalf("posts = %+v", posts)
	}
	if !posts[0].Featured || !posts[0].PublishDate.Equal(time.Date(2025, 3, 4, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("new post = %+v", posts[0])
	}
	if len(posts[1].Tags) != 2 || posts[1].Tags[1] != "y" {
		t.Fatalf("tags = %v", posts[1].Tags)
	}
}

func TestLoadPosts_RejectsBrokenFrontMatter(t *testing.T) {
	for name, body := range map[string]string{
		"no front matter": "# Title\n",
		"unclosed":        "---\ntitle: x\n",
		"bad date":        "---\ntitle: T\nexcerpt: E\nauthor: A\ncategory: C\npublishDate: March 4\n---\n",
		"missing title":   "---\nexcerpt: E\nauthor: A\ncategory: C\npublishDate: 2025-01-01\n---\n",
	} {
		if _, err := site.LoadPosts(fstest.MapFS{"blog/p.md": {Data: []byte(body)}}); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestRepositoryContent_IsValid(t *testing.T) {
	cfg, err := site.LoadConfig(content.FS)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Location != "Indianapolis, IN" || cfg.CopyrightYear != 2025 || len(cfg.Social) != 2 {
		t.Fatalf("site config = %+v", cfg)
	}
	posts, err := site.LoadPosts(content.FS)
	if err != nil {
		t.Fatal(err)
	}
	featured := 0
	for _, p := range posts {
		if p.Featured {
			featured++
		}
	}
	if len(posts) < 2 || featured != 1 {
		t.Fatalf("want at least 2 posts with exactly 1 featured, got %d posts, %d featured", len(posts), featured)
	}
}
