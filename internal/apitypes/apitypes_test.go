package apitypes_test

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/growthdesk/growthdesk/internal/apitypes"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

const (
	srcDir    = "../growthdesk"
	generated = "../../web/app/lib/api-types.gen.ts"
)

func TestGeneratedFileIsCurrent(t *testing.T) {
	want, err := apitypes.Generate(srcDir)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(generated)
	if err != nil {
		t.Fatalf("%v: run make generate", err)
	}
	if bytes.Equal(got, want) {
		return
	}
	gotLines, wantLines := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(gotLines) || i < len(wantLines); i++ {
		var g, w string
		if i < len(gotLines) {
			g = gotLines[i]
		}
		if i < len(wantLines) {
			w = wantLines[i]
		}
		if g != w {
			t.Fatalf("web/app/lib/api-types.gen.ts is stale, the Go types of internal/growthdesk changed: run make generate\nfirst difference, line %d:\n  committed: %s\n  generated: %s", i+1, g, w)
		}
	}
}

// jsonForms are zero values of every struct the generated file declares, as the API writes
// them. Their JSON decides which properties are optional and which may be null.
var jsonForms = map[string]any{
	"Profile":                growthdesk.Profile{},
	"ProfileUpdate":          growthdesk.ProfileUpdate{},
	"NotificationPrefs":      growthdesk.NotificationPrefs{},
	"SessionInfo":            growthdesk.SessionInfo{},
	"Account":                growthdesk.Account{},
	"Organization":           growthdesk.Organization{},
	"OrganizationSummary":    growthdesk.OrganizationSummary{},
	"AuditEntry":             growthdesk.AuditEntry{},
	"Lead":                   growthdesk.Lead{},
	"LeadInput":              growthdesk.LeadInput{},
	"LeadList":               growthdesk.LeadList{Items: []*growthdesk.Lead{}}, // the store always fills it
	"LeadChange":             growthdesk.LeadChange{},
	"SubscribeInput":         growthdesk.SubscribeInput{},
	"SubscribeResult":        growthdesk.SubscribeResult{},
	"LinkInput":              growthdesk.LinkInput{},
	"LinkResult":             growthdesk.LinkResult{},
	"LeadCreated":            growthdesk.LeadCreated{},
	"ClientErrorReport":      growthdesk.ClientErrorReport{},
	"AccountChange":          growthdesk.AccountChange{},
	"ApprovalRequest":        growthdesk.ApprovalRequest{},
	"OrganizationInput":      growthdesk.OrganizationInput{},
	"NotificationPrefsInput": growthdesk.NotificationPrefsInput{},
	"MailLogEntry":           growthdesk.MailLogEntry{},
	"ErrorBody":              growthdesk.ErrorBody{},
	"Member":                 growthdesk.Member{},
	// The API always writes these lists, empty rather than null.
	"AdminDashboard": growthdesk.AdminDashboard{Growth: []growthdesk.MonthGrowth{}, TicketStatus: []growthdesk.StatusCount{},
		RecentActivity: []*growthdesk.AdminActivity{}},
	"AdminActivity":   growthdesk.AdminActivity{},
	"MonthGrowth":     growthdesk.MonthGrowth{},
	"StatusCount":     growthdesk.StatusCount{},
	"ForumAuthor":     growthdesk.ForumAuthor{},
	"ForumTopic":      growthdesk.ForumTopic{},
	"ForumPost":       growthdesk.ForumPost{},
	"ForumThread":     growthdesk.ForumThread{Posts: []*growthdesk.ForumPost{}},
	"ForumTopicInput": growthdesk.ForumTopicInput{},
	"ForumPostInput":  growthdesk.ForumPostInput{},
	"ForumModeration": growthdesk.ForumModeration{},
	// Staff tools.
	"Announcement":        growthdesk.Announcement{},
	"AnnouncementInput":   growthdesk.AnnouncementInput{},
	"AnnouncementUpdate":  growthdesk.AnnouncementUpdate{},
	"Impersonation":       growthdesk.Impersonation{},
	"ImpersonationTarget": growthdesk.ImpersonationTarget{},
	"ImpersonationStart":  growthdesk.ImpersonationStart{},
	"MeetingAttendee":     growthdesk.MeetingAttendee{},
	"Meeting":             growthdesk.Meeting{},
	"MeetingList":         growthdesk.MeetingList{},
	"MeetingInput":        growthdesk.MeetingInput{},
	"CalendarFeed":        growthdesk.CalendarFeed{},
	"Activity":            growthdesk.Activity{},
	"DashboardSummary":    growthdesk.DashboardSummary{},
	"SupportCategory":     growthdesk.SupportCategory{},
	"CategoryInput":       growthdesk.CategoryInput{},
	"TicketPerson":        growthdesk.TicketPerson{},
	"TicketOrganization":  growthdesk.TicketOrganization{},
	"TicketCategory":      growthdesk.TicketCategory{},
	"Ticket":              growthdesk.Ticket{},
	"TicketDetail":        growthdesk.TicketDetail{Attachments: []growthdesk.Attachment{}, Responses: []growthdesk.TicketResponse{}}, // the store always fills both
	"TicketResponse":      growthdesk.TicketResponse{},
	"TicketAuthor":        growthdesk.TicketAuthor{},
	"Attachment":          growthdesk.Attachment{},
	"TicketList":          growthdesk.TicketList{},
	"TicketSummary":       growthdesk.TicketSummary{},
	"TicketInput":         growthdesk.TicketInput{},
	"ResponseInput":       growthdesk.ResponseInput{},
	// Billing.
	"Plan":                growthdesk.Plan{},
	"Subscription":        growthdesk.Subscription{},
	"Invoice":             growthdesk.Invoice{},
	"PaymentMethod":       growthdesk.PaymentMethod{},
	"BillingAccount":      growthdesk.BillingAccount{BillingAddress: []string{}},
	"BillingAddressInput": growthdesk.BillingAddressInput{},
	"InvoiceParty":        growthdesk.InvoiceParty{Address: []string{}},
	"InvoiceLine":         growthdesk.InvoiceLine{},
	"InvoiceTax":          growthdesk.InvoiceTax{},
	"InvoiceDocument":     growthdesk.InvoiceDocument{Lines: []growthdesk.InvoiceLine{}, Seller: growthdesk.InvoiceParty{Address: []string{}}, Buyer: growthdesk.InvoiceParty{Address: []string{}}},
	"SubscriptionPage":    growthdesk.SubscriptionPage{},
	"BillingSummary":      growthdesk.BillingSummary{},
	"SubscriptionChange":  growthdesk.SubscriptionChange{},
	"CheckoutRequest":     growthdesk.CheckoutRequest{},
	"CheckoutAnswer":      growthdesk.CheckoutAnswer{},
	"CheckoutSession":     growthdesk.CheckoutSession{},
	// Client workspace.
	"Automation":         growthdesk.Automation{},
	"AutomationFigures":  growthdesk.AutomationFigures{},
	"AutomationInput":    growthdesk.AutomationInput{},
	"AutomationList":     growthdesk.AutomationList{Items: []*growthdesk.Automation{}},
	"AutomationRun":      growthdesk.AutomationRun{},
	"AutomationSecret":   growthdesk.AutomationSecret{Automation: &growthdesk.Automation{}}, // never answered without its automation
	"GenerateInput":      growthdesk.GenerateInput{},
	"PersonRef":          growthdesk.PersonRef{},
	"Project":            growthdesk.Project{AssignedTo: []string{}, Assignees: []growthdesk.PersonRef{}},
	"ProjectInput":       growthdesk.ProjectInput{},
	"ProjectList":        growthdesk.ProjectList{Items: []*growthdesk.Project{}}, // the services never answer a nil list
	"ProjectUpdate":      growthdesk.ProjectUpdate{},
	"ProjectUpdateInput": growthdesk.ProjectUpdateInput{},
	"Report":             growthdesk.Report{},
	"ReportList":         growthdesk.ReportList{Items: []*growthdesk.Report{}},
	"ReportSummary":      growthdesk.ReportSummary{Trends: []growthdesk.TrendPoint{}, Breakdown: []growthdesk.SavingsSlice{}, Automations: []*growthdesk.AutomationFigures{}},
	"RunInput":           growthdesk.RunInput{},
	"RunList":            growthdesk.RunList{Items: []*growthdesk.AutomationRun{}},
	"SavingsSlice":       growthdesk.SavingsSlice{},
	"ScheduleInput":      growthdesk.ScheduleInput{},
	"TrendPoint":         growthdesk.TrendPoint{},
}

type tsProperty struct {
	optional bool
	typ      string
}

var (
	tsInterface = regexp.MustCompile(`(?ms)^export interface (\w+)(?: extends (\w+))? \{\n(.*?)^\}`)
	tsProp      = regexp.MustCompile(`^\s+(\w+)(\??): (.*);`)
)

// interfaces reads the generated interfaces with their properties, inherited ones included.
func interfaces(t *testing.T, ts string) map[string]map[string]tsProperty {
	t.Helper()
	own := map[string]map[string]tsProperty{}
	parent := map[string]string{}
	for _, m := range tsInterface.FindAllStringSubmatch(ts, -1) {
		props := map[string]tsProperty{}
		for _, line := range strings.Split(m[3], "\n") {
			if p := tsProp.FindStringSubmatch(line); p != nil {
				props[p[1]] = tsProperty{optional: p[2] == "?", typ: p[3]}
			}
		}
		own[m[1]], parent[m[1]] = props, m[2]
	}
	all := map[string]map[string]tsProperty{}
	for name := range own {
		props := map[string]tsProperty{}
		for n := name; n != ""; n = parent[n] {
			if own[n] == nil {
				t.Fatalf("%s extends %s, which the file does not declare", name, n)
			}
			for k, v := range own[n] {
				props[k] = v
			}
		}
		all[name] = props
	}
	return all
}

// TestGenerate_PropertiesMatchEncodingJSON checks every generated interface against what
// encoding/json writes for a zero value: a key that is always written is a required property,
// one that can be left out is optional, and one written as null has a type that admits null.
func TestGenerate_PropertiesMatchEncodingJSON(t *testing.T) {
	ts, err := apitypes.Generate(srcDir)
	if err != nil {
		t.Fatal(err)
	}
	ifaces := interfaces(t, string(ts))
	if len(ifaces) == 0 {
		t.Fatal("the generated file declares no interfaces")
	}
	for name := range ifaces {
		if _, ok := jsonForms[name]; !ok {
			t.Errorf("interface %s has no zero value in jsonForms: add one", name)
		}
	}
	for name, zero := range jsonForms {
		props, ok := ifaces[name]
		if !ok {
			t.Errorf("%s is not generated", name)
			continue
		}
		raw, err := json.Marshal(zero)
		if err != nil {
			t.Fatal(err)
		}
		var written map[string]any
		if err := json.Unmarshal(raw, &written); err != nil {
			t.Fatal(err)
		}
		for key, value := range written {
			p, ok := props[key]
			switch {
			case !ok:
				t.Errorf("%s: JSON key %q is missing from the TypeScript", name, key)
			case p.optional:
				t.Errorf("%s.%s is optional, but encoding/json always writes it", name, key)
			case value == nil && !strings.HasSuffix(p.typ, "| null"):
				t.Errorf("%s.%s: %s, but encoding/json writes null", name, key, p.typ)
			}
		}
		for key, p := range props {
			if _, ok := written[key]; !ok && !p.optional {
				t.Errorf("%s.%s is required, but encoding/json leaves it out of a zero value", name, key)
			}
		}
	}
}

func TestGenerate_SharesTheDomainConstants(t *testing.T) {
	ts, err := apitypes.Generate(srcDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`export const RoleAdmin = "` + growthdesk.RoleAdmin + `";`,
		`export type Role = typeof RoleAdmin | typeof RoleEmployee | typeof RoleCustomer;`,
		`export type Approval = typeof ApprovalPending | typeof ApprovalApproved | typeof ApprovalRejected;`,
		`  role: Role;`,
		`  approval_status: Approval;`,
		`  preferred_time: PreferredTime;`,
		`export const EInvalid = "` + growthdesk.EInvalid + `";`,
		`export const FullNameMax = 100;`,
		`export const PasswordMinLength = 6;`,
	} {
		if !bytes.Contains(ts, []byte(want)) {
			t.Errorf("the generated file lacks %q", want)
		}
	}
	if bytes.Contains(ts, []byte("export type Role = string")) {
		t.Error("Role is declared both as string and as a union")
	}
}

// TestEveryAuditActionIsGenerated fails when an audit action of package growthdesk (a string
// constant named Audit…) is missing from the generated file: the admin dashboard's unit test
// checks that each generated action has a sentence, so an action left out here would reach
// Recent Activity without one.
func TestEveryAuditActionIsGenerated(t *testing.T) {
	pkgs, err := parser.ParseDir(token.NewFileSet(), srcDir, func(fi fs.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, 0)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(generated)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, pkg := range pkgs {
		for _, file := range pkg.Files {
			for _, decl := range file.Decls {
				gen, ok := decl.(*ast.GenDecl)
				if !ok || gen.Tok != token.CONST {
					continue
				}
				for _, spec := range gen.Specs {
					vs := spec.(*ast.ValueSpec)
					for i, name := range vs.Names {
						if !strings.HasPrefix(name.Name, "Audit") || i >= len(vs.Values) {
							continue
						}
						lit, ok := vs.Values[i].(*ast.BasicLit)
						if !ok || lit.Kind != token.STRING {
							continue
						}
						n++
						if want := "export const " + name.Name + " = " + lit.Value + ";"; !bytes.Contains(got, []byte(want)) {
							t.Errorf("%s (%s) is not in %s: add its const group to apitypes.Declarations and run make generate", name.Name, lit.Value, generated)
						}
					}
				}
			}
		}
	}
	if n < 40 {
		t.Fatalf("found only %d audit actions in %s; has the naming changed?", n, srcDir)
	}
}

// TestAuditActions_AllInOneGroup: every audit action constant (Audit… of type AuditAction, or
// any string constant named Audit…) is declared in the one AuditAction group, which the
// generated file turns into the AuditAction union; the web's audit log must label each of its
// members (web/app/features/admin/audit.test.ts), so an action declared elsewhere would reach
// the log without a label.
func TestAuditActions_AllInOneGroup(t *testing.T) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, srcDir, func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	groups := 0
	n := 0
	for _, pkg := range pkgs {
		for name, file := range pkg.Files {
			for _, d := range file.Decls {
				gd, ok := d.(*ast.GenDecl)
				if !ok || gd.Tok != token.CONST {
					continue
				}
				isGroup := false
				for _, spec := range gd.Specs {
					vs := spec.(*ast.ValueSpec)
					typ, _ := vs.Type.(*ast.Ident)
					for _, id := range vs.Names {
						audit := strings.HasPrefix(id.Name, "Audit") || (typ != nil && typ.Name == "AuditAction")
						if !audit {
							continue
						}
						if typ == nil || typ.Name != "AuditAction" {
							t.Errorf("%s: %s is an audit action outside the AuditAction group (internal/growthdesk/audit.go)", filepath.Base(name), id.Name)
						}
						isGroup = true
						n++
					}
				}
				if isGroup {
					groups++
				}
			}
		}
	}
	if groups != 1 || n < 40 {
		t.Fatalf("found %d audit action groups with %d actions, want one group", groups, n)
	}
}
