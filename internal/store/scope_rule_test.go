package store_test

import (
	"go/ast"
	"go/token"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// tenantTables are the tables of one organization's data: a row with an organization_id, or
// owned through one (a ticket's responses and files, a project's updates, an automation's runs).
var tenantTables = regexp.MustCompile(`\b(support_tickets|support_responses|support_attachments|support_ticket_counts|` +
	`projects|project_updates|automations|automation_runs|reports|meetings|` +
	`billing_customers|billing_subscriptions|billing_invoices|billing_checkout_sessions)\b`)

// unscopedTenantMethods are the exported store methods that touch a tenant table without a
// growthdesk.Scope parameter, each with the reason.
var unscopedTenantMethods = map[string]string{
	// The token is the credential: this lookup is how an automation's organization is found.
	"AutomationStore.AutomationTokenHash": "the automation's token establishes the organization",
	// A provider's event names a customer; this lookup is how its organization is found.
	"BillingStore.OrganizationOfCustomer": "a provider's customer establishes the organization",
	// The invoice's unguessable id is the capability of its document page (no sign-in).
	"BillingStore.InvoiceDocument": "an invoice's random id is its capability",
	// The audit log belongs to no organization; tenant tables are joined only to name an
	// entry's target, for staff.
	"AdminDashboardStore.RecentActivity": "reads the audit log, not tenant rows",
	"AdminDashboardStore.ActivityPage":   "reads the audit log, not tenant rows",
	// The scope travels in TicketQuery.Scope, which ticketWhere applies.
	"SupportStore.ListTickets": "scoped by TicketQuery.Scope",
	"SupportStore.Summary":     "scoped by TicketQuery.Scope",
	// Bulk seeding of demo-sized data for benchmarks and tests, never reached by a request.
	"SupportStore.SeedTickets": "benchmark and test seeding",
}

// TestTenantMethods_TakeAScope fails for an exported method of a store type whose SQL names a
// tenant table (in its body or in the package's functions it calls, followed through) but
// that takes no growthdesk.Scope: reads and writes alike, so that another organization's id
// answers ENotFound everywhere and work without a caller names itself (growthdesk.SystemScope).
func TestTenantMethods_TakeAScope(t *testing.T) {
	t.Parallel()
	_, files := sourceFiles(t)
	consts := map[string]string{}       // package-level string constants and variables
	funcs := map[string]*ast.FuncDecl{} // package functions by name, methods by Type.name
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				key := d.Name.Name
				if d.Recv != nil {
					key = receiverName(d) + "." + key
				}
				funcs[key] = d
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					if vs, ok := sp.(*ast.ValueSpec); ok {
						for i, n := range vs.Names {
							if i < len(vs.Values) {
								consts[n.Name] = literals(vs.Values[i], nil)
							}
						}
					}
				}
			}
		}
	}
	// sqlOf is the text of the string literals a function holds, with the constants it names
	// and the functions of the package it calls, followed through.
	memo := map[*ast.FuncDecl]string{}
	var sqlOf func(fd *ast.FuncDecl) string
	sqlOf = func(fd *ast.FuncDecl) string {
		if s, ok := memo[fd]; ok {
			return s
		}
		memo[fd] = "" // a recursive call adds nothing new
		var b strings.Builder
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				if n.Kind == token.STRING {
					s, _ := strconv.Unquote(n.Value)
					b.WriteString(s + "\n")
				}
			case *ast.Ident:
				b.WriteString(consts[n.Name] + "\n")
			case *ast.CallExpr:
				// A call of a function of the package, or of a method on the caller's own
				// receiver, a Tx (tx.x) or the DB (s.db.x, db.x).
				var key string
				switch fn := n.Fun.(type) {
				case *ast.Ident:
					key = fn.Name
				case *ast.IndexExpr: // a generic function
					if id, ok := fn.X.(*ast.Ident); ok {
						key = id.Name
					}
				case *ast.SelectorExpr:
					switch x := fn.X.(type) {
					case *ast.Ident:
						switch {
						case x.Name == "tx":
							key = "Tx." + fn.Sel.Name
						case x.Name == "db":
							key = "DB." + fn.Sel.Name
						case fd.Recv != nil && len(fd.Recv.List[0].Names) > 0 && fd.Recv.List[0].Names[0].Name == x.Name:
							key = receiverName(fd) + "." + fn.Sel.Name
						}
					case *ast.SelectorExpr:
						if x.Sel.Name == "db" {
							key = "DB." + fn.Sel.Name
						}
					}
				}
				if callee := funcs[key]; callee != nil && callee != fd && callee.Body != nil {
					b.WriteString(sqlOf(callee))
				}
			}
			return true
		})
		memo[fd] = b.String()
		return memo[fd]
	}
	checked := 0
	var missing []string
	allowed := map[string]bool{}
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || !fd.Name.IsExported() || fd.Body == nil {
				continue
			}
			recv := receiverName(fd)
			if !strings.HasSuffix(recv, "Store") {
				continue
			}
			checked++
			method := recv + "." + fd.Name.Name
			table := tenantTables.FindString(sqlOf(fd))
			if table == "" || takesScope(fd) {
				continue
			}
			if _, ok := unscopedTenantMethods[method]; ok {
				allowed[method] = true
				continue
			}
			missing = append(missing, method+" ("+table+")")
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Errorf("%s touches a tenant table but takes no growthdesk.Scope", m)
	}
	for m := range unscopedTenantMethods {
		if !allowed[m] {
			t.Errorf("%s is allowed to go without a scope but no longer needs to: remove it from the list", m)
		}
	}
	if checked < 50 {
		t.Fatalf("checked only %d store methods", checked)
	}
}

// literals is the text of the string literals in e.
func literals(e ast.Expr, b *strings.Builder) string {
	if b == nil {
		b = &strings.Builder{}
	}
	ast.Inspect(e, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			s, _ := strconv.Unquote(lit.Value)
			b.WriteString(s + "\n")
		}
		return true
	})
	return b.String()
}

func receiverName(fd *ast.FuncDecl) string {
	typ := fd.Recv.List[0].Type
	if star, ok := typ.(*ast.StarExpr); ok {
		typ = star.X
	}
	if id, ok := typ.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// takesScope reports whether one of fd's parameters is a growthdesk.Scope.
func takesScope(fd *ast.FuncDecl) bool {
	for _, p := range fd.Type.Params.List {
		if sel, ok := p.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "Scope" {
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "growthdesk" {
				return true
			}
		}
	}
	return false
}
