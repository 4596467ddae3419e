// Package docs_test checks the project's documents against the tree they describe.
package docs_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// codeSpan is a Markdown code span; repoPath, a span that names a file or folder of the
// repository by its path from the root.
var (
	codeSpan = regexp.MustCompile("`([^`\n]+)`")
	repoPath = regexp.MustCompile(`^(internal|cmd|web|docs|scripts|bench|content)/[A-Za-z0-9_./-]*$`)
	// placeholder marks a span that stands for many paths ("internal/store/<feature>.go",
	// "NNNN_<feature>.sql", "features/*/api.ts"); built, a path the build makes, which a
	// clean checkout does not have.
	placeholder = regexp.MustCompile(`[<>*{}]|NNNN`)
	built       = regexp.MustCompile(`^web/(build|node_modules|\.react-router)(/|$)`)
)

// TestDocs_NameOnlyPathsThatExist: every path a document names in a code span exists, so
// that the feature guide, the ADRs and the README stay true to the code as it moves. An
// ADR's status line is history (what was renamed when) and is not checked.
func TestDocs_NameOnlyPathsThatExist(t *testing.T) {
	docs, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	adrs, _ := filepath.Glob("adr/*.md")
	docs = append(append(docs, adrs...), "../README.md")
	checked := 0
	for _, doc := range docs {
		b, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(line, "Status:") {
				continue
			}
			for _, m := range codeSpan.FindAllStringSubmatch(line, -1) {
				p := strings.TrimSuffix(strings.Fields(m[1] + " x")[0], ":")
				if !repoPath.MatchString(p) || placeholder.MatchString(p) || built.MatchString(p) {
					continue
				}
				checked++
				if _, err := os.Stat(filepath.Join("..", filepath.FromSlash(p))); err != nil {
					t.Errorf("%s:%d names %s, which does not exist", doc, i+1, p)
				}
			}
		}
	}
	if checked < 50 {
		t.Fatalf("checked only %d paths; the pattern no longer finds the documents' paths", checked)
	}
}
