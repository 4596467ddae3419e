package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// TestClaimReport_ARepeatedFailureIsMarkedEvenWithNothingElseWaiting: a report whose
// generator failed every attempt ends as an error once its last lock expires, also when no
// other report waits to be claimed, instead of staying "generating" for good.
func TestClaimReport_ARepeatedFailureIsMarkedEvenWithNothingElseWaiting(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		org := newOrganization(t, db, "Acme")
		scope := growthdesk.OrganizationScope(org.ID)
		rs := store.NewReportStore(db)
		list, err := rs.ListReports(ctx, scope)
		if err != nil || len(list) == 0 {
			t.Fatalf("reports: %d, %v", len(list), err)
		}
		if _, err := rs.RequestReport(ctx, scope, list[0].ID, growthdesk.ReportPeriod7d, growthdesk.AuditEntry{Action: growthdesk.AuditReportGenerate}); err != nil {
			t.Fatal(err)
		}
		// Each claim's lock has expired by the next one, as when a generator dies mid-way.
		worker := growthdesk.SystemScope("test")
		for i := range 3 {
			job, err := rs.ClaimReport(ctx, worker, -time.Second)
			if err != nil || job == nil || job.Report.ID != list[0].ID {
				t.Fatalf("claim %d: %+v, %v", i+1, job, err)
			}
		}
		if job, err := rs.ClaimReport(ctx, worker, -time.Second); err != nil || job != nil {
			t.Fatalf("a fourth claim: %+v, %v; want nothing to claim", job, err)
		}
		after, err := rs.ListReports(ctx, scope)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range after {
			if r.ID == list[0].ID && (r.Status == nil || *r.Status != growthdesk.ReportStatusError || r.Error == "") {
				t.Fatalf("after three failed attempts the report is %v (%q), want an error", r.Status, r.Error)
			}
		}
	})
}
