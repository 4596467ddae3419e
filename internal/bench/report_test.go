//go:build bench

package bench

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// benchDoc is the report every benchmark writes its own section of.
var benchDoc = filepath.Join("..", "..", "docs", "benchmarks.md")

// writeSection replaces the part of docs/benchmarks.md between the markers start and end with
// body (which starts with start and ends with end), so that each benchmark rewrites only its
// own figures and the prose around them stays. A section not there yet goes before the first
// of the markers in before that the report holds, else at the end.
func writeSection(t *testing.T, start, end, body string, before ...string) {
	t.Helper()
	old, err := os.ReadFile(benchDoc)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	doc := string(old)
	body = strings.TrimSuffix(body, "\n")
	if i, j := strings.Index(doc, start), strings.Index(doc, end); i >= 0 && j > i {
		doc = doc[:i] + body + doc[j+len(end):]
	} else {
		placed := false
		for _, marker := range before {
			if k := strings.Index(doc, marker); k >= 0 {
				doc = doc[:k] + body + "\n\n" + doc[k:]
				placed = true
				break
			}
		}
		if !placed {
			doc = strings.TrimRight(doc, "\n") + "\n\n" + body + "\n"
		}
	}
	if err := os.WriteFile(benchDoc, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s", benchDoc)
}
