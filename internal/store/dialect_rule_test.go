package store_test

import (
	"go/ast"
	"go/parser"
	"go/token"
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
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") || dialectFiles[name] {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
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
