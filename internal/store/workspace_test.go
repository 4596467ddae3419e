package store_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// fakePDF stands in for the PDF library: the store tests are about claims and scope.
type fakePDF struct{}

func (fakePDF) PDF(job *growthdesk.ReportJob, s *growthdesk.ReportSummary) ([]byte, error) {
	return []byte("%PDF-fake " + job.OrganizationName), nil
}

func TestWorkspaceStores_StayInsideTheScopeOnBothEngines(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		acme := newOrganization(t, db, "Acme")
		beta := newOrganization(t, db, "Beta")
		op := growthdesk.Operator("test")
		customer := &growthdesk.Caller{Profile: &growthdesk.Profile{ID: "c", Role: "customer", ApprovalStatus: "approved", OrganizationID: &acme.ID}}
		projects := &growthdesk.Projects{Store: store.NewProjectStore(db)}
		autos := &growthdesk.Automations{Store: store.NewAutomationStore(db)}
		reports := &growthdesk.Reports{Store: store.NewReportStore(db), Renderer: fakePDF{}}

		var betaProject, betaAuto string
		autoOf := map[string]string{}
		for _, org := range []string{acme.ID, beta.ID} {
			p, err := projects.Create(ctx, op, growthdesk.ProjectInput{OrganizationID: org, Name: "100% Done_ish", Status: "planning", Priority: "low", StartDate: "2026-01-01"})
			if err != nil {
				t.Fatal(err)
			}
			a, err := autos.Create(ctx, op, growthdesk.AutomationInput{OrganizationID: org, Name: "Bot", Type: "chatbot", Status: "active", MinutesSavedPerRun: 60, HourlyCostCents: 5000})
			if err != nil {
				t.Fatal(err)
			}
			for _, outcome := range []string{"success", "failure", "success", "success"} {
				if _, err := autos.Ingest(ctx, a.Automation.ID, a.Token, growthdesk.RunInput{Outcome: outcome, ItemsProcessed: 2}); err != nil {
					t.Fatal(err)
				}
			}
			betaProject, betaAuto = p.ID, a.Automation.ID
			autoOf[org] = a.Automation.ID
		}
		// The report queries read one organization's runs and automations through its scope.
		rs := store.NewReportStore(db)
		acmeScope, none := growthdesk.OrganizationScope(acme.ID), growthdesk.OrganizationScope("")
		facts, err := rs.RunFacts(ctx, acmeScope, time.Now().Add(-time.Hour), time.Now().Add(time.Hour))
		if err != nil || len(facts) != 4 {
			t.Fatalf("Acme's runs: %d, %v", len(facts), err)
		}
		for _, f := range facts {
			if f.AutomationID != autoOf[acme.ID] {
				t.Fatalf("Acme's runs hold a run of %s", f.AutomationID)
			}
		}
		if n, err := rs.CountActiveAutomations(ctx, acmeScope); err != nil || n != 1 {
			t.Fatalf("Acme's active automations: %d, %v", n, err)
		}
		if names, err := rs.AutomationNames(ctx, acmeScope); err != nil || len(names) != 1 || names[0].ID != autoOf[acme.ID] {
			t.Fatalf("Acme's automations: %+v, %v", names, err)
		}
		if facts, _ := rs.RunFacts(ctx, none, time.Now().Add(-time.Hour), time.Now().Add(time.Hour)); len(facts) != 0 {
			t.Fatalf("an empty scope read %d runs", len(facts))
		}
		if n, _ := rs.CountActiveAutomations(ctx, none); n != 0 {
			t.Fatalf("an empty scope counted %d automations", n)
		}
		if list, err := rs.ListReports(ctx, none); err != nil || len(list) != 0 {
			t.Fatalf("an empty scope listed reports %+v, %v", list, err)
		}
		if list, err := rs.ListReports(ctx, acmeScope); err != nil || len(list) != 4 || list[0].OrganizationID != acme.ID {
			t.Fatalf("Acme's reports %+v, %v", list, err)
		}
		// LIKE's wildcards in a search are plain characters.
		if got, err := projects.List(ctx, customer, growthdesk.ProjectFilter{Search: "100%"}); err != nil || got.Total != 1 {
			t.Fatalf("search 100%%: %+v %v", got, err)
		}
		if got, err := projects.List(ctx, customer, growthdesk.ProjectFilter{Search: "0_d"}); err != nil || got.Total != 0 {
			t.Fatalf("search 0_d matched a wildcard: %+v %v", got, err)
		}
		if _, err := projects.Get(ctx, customer, betaProject); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Fatalf("another organization's project: %v", err)
		}
		list, err := autos.List(ctx, customer, growthdesk.AutomationFilter{})
		if err != nil || list.Total != 1 || list.Items[0].OrganizationID != acme.ID {
			t.Fatalf("automations: %+v %v", list, err)
		}
		a := list.Items[0]
		if a.TotalRuns != 4 || a.SuccessRate != 75 || a.LastRun == nil || time.Since(*a.LastRun) > time.Minute {
			t.Fatalf("figures: %+v", a)
		}
		if _, err := autos.Pause(ctx, customer, betaAuto); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
			t.Fatalf("pause another organization's automation: %v", err)
		}

		// Two job instances share the work: each report is produced exactly once.
		for _, org := range []string{acme.ID, beta.ID} {
			rl, err := reports.List(ctx, op, org)
			if err != nil || rl.Total != 4 {
				t.Fatalf("reports: %+v %v", rl, err)
			}
			for _, r := range rl.Items {
				if _, err := reports.Generate(ctx, op, r.ID, growthdesk.GenerateInput{Period: "30d"}); err != nil {
					t.Fatal(err)
				}
			}
		}
		var wg sync.WaitGroup
		counts := make([]int, 2)
		for i := range counts {
			wg.Add(1)
			go func() {
				defer wg.Done()
				n, err := reports.RunOnce(ctx)
				if err != nil {
					t.Error(err)
				}
				counts[i] = n
			}()
		}
		wg.Wait()
		if counts[0]+counts[1] != 8 {
			t.Fatalf("the two jobs produced %v reports, want 8 in all", counts)
		}
		sum, err := reports.Summary(ctx, customer, "", "30d")
		if err != nil || sum.TotalRuns != 4 || sum.SuccessfulRuns != 3 || sum.TotalSavingsCents != 15000 || sum.HoursSaved != 3 {
			t.Fatalf("summary: %+v %v", sum, err)
		}
		rl, _ := reports.List(ctx, customer, beta.ID)
		name, file, err := reports.File(ctx, customer, rl.Items[0].ID, "pdf")
		if err != nil || !strings.Contains(string(file), "Acme") || !strings.HasSuffix(name, ".pdf") {
			t.Fatalf("file: %q %q %v", name, file, err)
		}
		activity, err := reports.RecentActivity(ctx, customer, 10)
		if err != nil || len(activity) != 4 {
			t.Fatalf("report activity: %d %v", len(activity), err)
		}
	})
}

// TestProjectStore_NamesAssigneesAndReportStoreReadsThePlan on both engines: a project's
// assignees come with their names, and the ROI analysis reads the active plan's price.
func TestProjectStore_NamesAssigneesAndReportStoreReadsThePlan(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		acme := newOrganization(t, db, "Acme")
		staff := growthdesk.NewID()
		store.InsertAccountForTest(t, db, staff, "sam@example.com", "Sam Staff", "employee", "approved")
		projects := &growthdesk.Projects{Store: store.NewProjectStore(db)}
		p, err := projects.Create(ctx, growthdesk.Operator("test"), growthdesk.ProjectInput{OrganizationID: acme.ID, Name: "Bot", Status: "planning",
			Priority: "low", StartDate: "2026-01-01", AssignedTo: []string{staff}})
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Assignees) != 1 || p.Assignees[0].FullName != "Sam Staff" {
			t.Fatalf("assignees %+v", p.Assignees)
		}
		list, err := store.NewProjectStore(db).ListProjects(ctx, (&growthdesk.Caller{Profile: &growthdesk.Profile{Role: "employee"}}).Scope(), growthdesk.ProjectFilter{})
		if err != nil || len(list) != 1 || len(list[0].Assignees) != 1 || list[0].Assignees[0].ID != staff {
			t.Fatalf("list %+v, %v", list, err)
		}

		reports := store.NewReportStore(db)
		if plan, err := reports.PlanCost(ctx, growthdesk.OrganizationScope(acme.ID)); err != nil || plan != nil {
			t.Fatalf("plan without a subscription: %+v, %v", plan, err)
		}
		billing := store.NewBillingStore(db)
		if err := billing.SaveCustomer(ctx, growthdesk.OrganizationScope(acme.ID), "test", "cus_a"); err != nil {
			t.Fatal(err)
		}
		if _, err := billing.ApplyEvent(ctx, growthdesk.SystemScope("test"), &growthdesk.BillingEvent{ID: "evt_1", Type: growthdesk.EventSubscriptionCreated, Provider: "test",
			Created: time.Now().UTC().Truncate(time.Second), CustomerID: "cus_a", OrganizationID: acme.ID,
			Subscription: &growthdesk.SubscriptionEvent{ID: "sub_a", Status: "active", PriceID: growthdesk.SeedPlan.PriceID, Amount: 100,
				Currency: "usd", Interval: "month"}}, nil); err != nil {
			t.Fatal(err)
		}
		plan, err := reports.PlanCost(ctx, growthdesk.OrganizationScope(acme.ID))
		if err != nil || plan == nil || plan.PlanName != "Chatbot Setup" || plan.Amount != 100 || plan.BillingCycle != "monthly" || plan.Currency != "usd" {
			t.Fatalf("plan %+v, %v", plan, err)
		}
	})
}
