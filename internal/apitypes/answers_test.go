package apitypes_test

import (
	"go/ast"
	"go/types"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/growthdesk/growthdesk/internal/apitypes"
)

const (
	domainPkg = "github.com/growthdesk/growthdesk/internal/growthdesk"
	serverPkg = "github.com/growthdesk/growthdesk/internal/server"
)

// wireCalls are the server's functions that put a value on the wire, with the index of the
// argument that is the value: answers (writeJSON, reply, respondList) and JSON bodies
// (decodeJSON's destination).
var wireCalls = map[string]int{
	"writeJSON":   2,
	"reply":       3,
	"respondList": 3,
	"decodeJSON":  3,
}

// notForTheWeb are answers the web app never reads, with why.
var notForTheWeb = map[string]string{
	"BillingEvent": "never answered: the provider's webhook is decoded by the payments package",
}

// TestAnswers_EveryDomainTypeOnTheWireIsGenerated type-checks internal/server and follows
// every value it answers with or decodes a body into: each type of package growthdesk it
// reaches (through pointers, slices, maps, struct fields and embedded structs) must be in
// Declarations, so that a new answer type cannot be forgotten by the generated TypeScript.
// An answer or body of a type declared in the server package, or an anonymous struct, fails
// too: the wire format lives in the domain.
func TestAnswers_EveryDomainTypeOnTheWireIsGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks internal/server")
	}
	pkgs, err := packages.Load(&packages.Config{
		Mode: packages.NeedName | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo,
	}, serverPkg)
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 || len(pkgs) != 1 {
		t.Fatal("internal/server does not type-check")
	}
	pkg := pkgs[0]
	declared := map[string]bool{}
	for _, d := range apitypes.Declarations {
		declared[d] = true
	}

	found := map[string][]string{} // domain type → where it is on the wire
	var problems []string
	seen := map[types.Type]bool{}
	var follow func(typ types.Type, where string)
	follow = func(typ types.Type, where string) {
		if seen[typ] {
			return
		}
		seen[typ] = true
		switch t := typ.(type) {
		case *types.Pointer:
			follow(t.Elem(), where)
		case *types.Slice:
			follow(t.Elem(), where)
		case *types.Array:
			follow(t.Elem(), where)
		case *types.Map:
			follow(t.Elem(), where)
		case *types.Alias:
			follow(types.Unalias(t), where)
		case *types.Named:
			obj := t.Obj()
			switch {
			case obj.Pkg() == nil: // error, any
				return
			case obj.Pkg().Path() == domainPkg:
				if _, ok := t.Underlying().(*types.Struct); ok || declared[obj.Name()] {
					found[obj.Name()] = append(found[obj.Name()], where)
				}
			case obj.Pkg().Path() == serverPkg:
				problems = append(problems, where+": "+obj.Name()+" is declared in internal/server; declare the wire type in internal/growthdesk")
				return
			case obj.Pkg().Path() == "time":
				return
			}
			if st, ok := t.Underlying().(*types.Struct); ok {
				followFields(st, where, follow)
			}
		case *types.Struct:
			problems = append(problems, where+": an anonymous struct; declare the wire type in internal/growthdesk")
			followFields(t, where, follow)
		}
	}

	calls := 0
	for _, file := range pkg.Syntax {
		name := pkg.Fset.Position(file.Pos()).Filename
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			var id *ast.Ident
			switch fn := call.Fun.(type) {
			case *ast.Ident:
				id = fn
			case *ast.SelectorExpr:
				id = fn.Sel
			case *ast.IndexExpr: // respondList[T]
				if i, ok := fn.X.(*ast.Ident); ok {
					id = i
				}
			}
			if id == nil {
				return true
			}
			arg, ok := wireCalls[id.Name]
			obj := pkg.TypesInfo.Uses[id]
			if !ok || obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != serverPkg || arg >= len(call.Args) {
				return true
			}
			calls++
			typ := pkg.TypesInfo.TypeOf(call.Args[arg])
			where := pkg.Fset.Position(call.Pos()).String()
			where = where[strings.LastIndex(where, "/")+1:]
			_ = name
			delete(seen, typ)
			follow(typ, where)
			return true
		})
	}
	if calls < 50 {
		t.Fatalf("found only %d answers and bodies in internal/server", calls)
	}
	names := make([]string, 0, len(found))
	for n := range found {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if declared[n] {
			continue
		}
		if _, ok := notForTheWeb[n]; ok {
			continue
		}
		problems = append(problems, n+" is on the wire ("+strings.Join(slices.Compact(found[n]), ", ")+") but not in apitypes.Declarations")
	}
	slices.Sort(problems)
	for _, p := range slices.Compact(problems) {
		t.Error(p)
	}
}

// followFields follows the fields encoding/json writes: exported, not tagged "-".
func followFields(st *types.Struct, where string, follow func(types.Type, string)) {
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if !f.Exported() && !f.Embedded() {
			continue
		}
		if tag, _, _ := strings.Cut(reflect.StructTag(st.Tag(i)).Get("json"), ","); tag == "-" {
			continue
		}
		follow(f.Type(), where)
	}
}
