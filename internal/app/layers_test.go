package app_test

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/growthdesk/growthdesk/"

// adapters are the packages that each serve one technology. None imports another: the
// wiring (internal/app) joins them, and cmd/growthdesk runs it.
var adapters = []string{"internal/store", "internal/auth", "internal/server", "internal/mailer", "internal/payments"}

// TestLayers_PackagesImportOnlyWhatTheirLayerAllows fails when a package's code (its tests
// aside) reaches across the layers: the domain (internal/growthdesk) and the records of
// sign-in (internal/identity) import only the standard library; an adapter never imports
// another adapter, so the store never imports the auth service or the server; and only the
// command imports the wiring.
func TestLayers_PackagesImportOnlyWhatTheirLayerAllows(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	imports := importsByPackage(t, root)
	for _, pkg := range []string{"internal/growthdesk", "internal/identity"} {
		if _, ok := imports[pkg]; !ok {
			t.Fatalf("%s not found under %s", pkg, root)
		}
		for _, imp := range imports[pkg] {
			if !isStandard(imp) {
				t.Errorf("%s imports %s: it may import only the standard library", pkg, imp)
			}
		}
	}
	for pkg, imps := range imports {
		for _, imp := range imps {
			imp, ok := strings.CutPrefix(imp, module)
			if !ok {
				continue
			}
			if adapter := adapterOf(pkg); adapter != "" {
				if other := adapterOf(imp); other != "" && other != adapter {
					t.Errorf("%s imports %s: an adapter never imports another; internal/app wires them", pkg, imp)
				}
			}
			if imp == "internal/app" && !strings.HasPrefix(pkg, "cmd/") {
				t.Errorf("%s imports internal/app: only the command (and tests) use the wiring", pkg)
			}
		}
	}
}

// TestLayers_HandlersCallServicesNotTheirStores fails when the server's code reaches through a
// service to its store (s.deps.Accounts.Store…): what a handler needs from the data is a
// method of the service, where the domain's rules apply.
func TestLayers_HandlersCallServicesNotTheirStores(t *testing.T) {
	names, err := filepath.Glob("../server/*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Store" {
				return true
			}
			if svc, ok := sel.X.(*ast.SelectorExpr); ok {
				if deps, ok := svc.X.(*ast.SelectorExpr); ok && deps.Sel.Name == "deps" {
					t.Errorf("%s: the server reaches the store of deps.%s; call a method of the service", fset.Position(sel.Pos()), svc.Sel.Name)
				}
			}
			return true
		})
	}
	if checked == 0 {
		t.Fatal("no server file found")
	}
}

// adapterOf is the adapter pkg belongs to (its own directory or one below), or "".
func adapterOf(pkg string) string {
	for _, a := range adapters {
		if pkg == a || strings.HasPrefix(pkg, a+"/") {
			return a
		}
	}
	return ""
}

// isStandard reports whether path names a standard library package: its first element has
// no dot, unlike a module path.
func isStandard(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// importsByPackage lists the imports of every package's non-test Go files under cmd and
// internal, by path relative to the module root, with the build tags of a default build.
func importsByPackage(t *testing.T, root string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, top := range []string{"cmd", "internal"} {
		err := filepath.WalkDir(filepath.Join(root, top), func(path string, d os.DirEntry, err error) error {
			if err != nil || !d.IsDir() {
				return err
			}
			if d.Name() == "testdata" {
				return filepath.SkipDir
			}
			p, err := build.Default.ImportDir(path, 0)
			if err != nil {
				if _, none := err.(*build.NoGoError); none {
					return nil
				}
				return err
			}
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			out[filepath.ToSlash(rel)] = slices.Clone(p.Imports)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}
