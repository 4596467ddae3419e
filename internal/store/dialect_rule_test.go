package store_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// dialectFiles may look at the engine: dialect.go holds every difference of SQL and
// behavior; db.go opens the engines, backup.go copies SQLite's file.
var dialectFiles = map[string]bool{"dialect.go": true, "db.go": true, "backup.go": true}

// TestEngineDifferences_LiveInTheDialectFile fails when a query file branches on the engine
// (reads db.dialect) instead of calling a helper of dialect.go such as tx.forUpdate().
func TestEngineDifferences_LiveInTheDialectFile(t *testing.T) {
	t.Parallel()
	fset, files := sourceFiles(t)
	checked := 0
	for name, f := range files {
		if dialectFiles[name] {
			continue
		}
		checked++
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "dialect" {
				t.Errorf("%s: branches on the engine; put the difference into dialect.go", fset.Position(sel.Pos()))
			}
			return true
		})
	}
	if checked < 10 {
		t.Fatalf("checked only %d files", checked)
	}
}

// sourceFiles parses the package's files that are not tests, by file name: the code the rule
// tests of this package read.
func sourceFiles(t *testing.T) (*token.FileSet, map[string]*ast.File) {
	t.Helper()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	files := map[string]*ast.File{}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = f
	}
	return fset, files
}

// TestPageSizes_AreNotParameters fails when a query takes its LIMIT as a parameter: on
// PostgreSQL a prepared statement soon runs a generic plan, which cannot know the limit is
// small and sorts every matching row (the ticket list was twice as slow at 100k tickets as
// at 1k). limitClause writes the number into the statement instead.
func TestPageSizes_AreNotParameters(t *testing.T) {
	t.Parallel()
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(src), "\n") {
			if strings.Contains(strings.ToUpper(line), "LIMIT ?") {
				t.Errorf("%s:%d: a parameterized LIMIT; use limitClause", name, i+1)
			}
		}
	}
}
