package site

// Fuzz target of the blog's front matter reader (docs/fuzzing.md).

import (
	"bytes"
	"io/fs"
	"reflect"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/growthdesk/growthdesk/content"
)

// FuzzParsePost checks the reader of a post's front matter on any file: it never panics;
// what it accepts has every required field (not blank, as the web build requires too) and a
// publish date that is a calendar day; the same file with CRLF line ends reads the same;
// and the post, written back as front matter, reads back as itself.
func FuzzParsePost(f *testing.F) {
	names, _ := fs.Glob(content.FS, "blog/*.md")
	for _, name := range names {
		raw, err := fs.ReadFile(content.FS, name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(raw)
	}
	f.Add([]byte("---\ntitle: T\nexcerpt: E\nauthor: A\ncategory: C\npublishDate: 2025-02-29\n---\n"))
	f.Add([]byte("---\ntitle: ' '\nexcerpt: E\nauthor: A\ncategory: C\npublishDate: \"2025-01-01\"\ntags: [a, [b]]\n---"))
	f.Add([]byte("---\ntitle: &a T\nexcerpt: *a\nauthor: !!str 5\ncategory: C\npublishDate: 2025-01-01\nfeatured: yes\n---\nbody"))
	f.Add([]byte("---\ntitle: \" \"\nexcerpt: E\nauthor: A\ncategory: C\npublishDate: \"2025-01-01\"\n---\n")) // blank: the web build refuses it
	f.Add([]byte("---\r\n---\r\n"))
	f.Add([]byte("no front matter"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		p, err := parsePost(raw)
		if err != nil {
			return
		}
		for name, v := range map[string]string{"title": p.Title, "excerpt": p.Excerpt, "author": p.Author, "category": p.Category} {
			if strings.TrimSpace(v) == "" {
				t.Fatalf("a post with a blank %s is accepted: %q", name, raw)
			}
		}
		day := p.PublishDate.Format(time.DateOnly)
		if back, err := time.Parse(time.DateOnly, day); err != nil || !back.Equal(p.PublishDate) || p.PublishDate.Location() != time.UTC {
			t.Fatalf("publish date %v is not a day", p.PublishDate)
		}
		if !bytes.Contains(raw, []byte("\r")) {
			crlf, err := parsePost(bytes.ReplaceAll(raw, []byte("\n"), []byte("\r\n")))
			if err != nil || !reflect.DeepEqual(crlf, p) {
				t.Fatalf("with CRLF line ends %q reads as %+v, %v; with LF as %+v", raw, crlf, err, p)
			}
		}
		fm, err := yaml.Marshal(struct {
			Post        `yaml:",inline"`
			PublishDate string `yaml:"publishDate"`
		}{p, day})
		if err != nil {
			t.Fatalf("the post %+v cannot be written back: %v", p, err)
		}
		again, err := parsePost(append(append([]byte("---\n"), fm...), "---\nbody\n"...))
		if len(again.Tags) == 0 && len(p.Tags) == 0 {
			again.Tags = p.Tags // no tags is written as [] and read back as an empty list
		}
		if err != nil || !reflect.DeepEqual(again, p) {
			t.Fatalf("the post %+v, written back as\n%s\nreads as %+v, %v", p, fm, again, err)
		}
	})
}
