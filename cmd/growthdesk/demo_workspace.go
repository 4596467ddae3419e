package main

import (
	"context"
	"fmt"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
)

type demoProject struct {
	name, description, status, priority string
	progress, startDaysAgo, endInDays   int
	update                              string
}

type demoAutomation struct {
	name, description, typ, status string
	minutes                        int
	hourlyCents                    int64
	runsPerDay, failEvery, items   int
}

// demoWorkspace is the sample data of the projects and automations pages, per demo
// organization.
var demoWorkspace = map[string]struct {
	projects    []demoProject
	automations []demoAutomation
}{
	"Brightside Dental": {
		projects: []demoProject{
			{"Customer Service Chatbot", "AI-powered chatbot that answers patient questions and books appointments around the clock.", growthdesk.ProjectStatusInProgress, growthdesk.ProjectPriorityHigh, 65, 30, 30,
				"The chatbot now answers the twenty most common patient questions; booking goes live next week."},
			{"Email Automation Workflow", "Automated recall and follow-up e-mails after each visit, personalized per treatment.", growthdesk.ProjectStatusPlanning, growthdesk.ProjectPriorityMedium, 15, 7, 60,
				"We mapped the follow-up sequences with your front desk; templates are being written."},
			{"Data Analytics Dashboard", "One dashboard of bookings, no-shows and revenue per chair, refreshed every night.", growthdesk.ProjectStatusCompleted, growthdesk.ProjectPriorityLow, 100, 90, -10,
				"The dashboard is live and refreshed nightly. Thank you for the feedback during testing!"},
		},
		automations: []demoAutomation{
			{"Customer Support Bot", "Answers patient questions on the website and books appointments.", growthdesk.AutomationTypeChatbot, growthdesk.AutomationStatusActive, 6, 3500, 6, 17, 3},
			{"Lead Qualification Workflow", "Scores new website enquiries and routes them to the front desk.", growthdesk.AutomationTypeWorkflow, growthdesk.AutomationStatusActive, 12, 4000, 3, 25, 1},
			{"Email Marketing Automation", "Sends recall reminders and post-visit follow-ups.", growthdesk.AutomationTypeEmail, growthdesk.AutomationStatusPaused, 20, 3000, 1, 0, 40},
			{"Invoice Data Sync", "Copies invoices from the practice software into accounting.", growthdesk.AutomationTypeIntegration, growthdesk.AutomationStatusError, 15, 4500, 1, 4, 12},
		},
	},
	"Northwind Logistics": {
		projects: []demoProject{
			{"Shipment Tracking Assistant", "A chatbot that tells customers where their shipment is, from the tracking system.", growthdesk.ProjectStatusTesting, growthdesk.ProjectPriorityUrgent, 80, 45, 10,
				"Testing with twenty pilot customers; answers are correct in 97% of conversations."},
			{"Carrier Invoice Matching", "Matches carrier invoices with shipments and flags differences.", growthdesk.ProjectStatusOnHold, growthdesk.ProjectPriorityMedium, 40, 60, 30,
				"On hold until the new carrier portal exports are available."},
		},
		automations: []demoAutomation{
			{"Order Intake Processor", "Reads order e-mails and creates shipments in the TMS.", growthdesk.AutomationTypeDataProcessing, growthdesk.AutomationStatusActive, 8, 3800, 8, 20, 5},
			{"Delivery Update Emails", "Tells customers when their shipment is out for delivery.", growthdesk.AutomationTypeEmail, growthdesk.AutomationStatusDraft, 2, 3000, 0, 0, 0},
		},
	},
}

// seedDemoWorkspace gives each demo organization the sample projects (with a progress
// update each), automations with sixty days of runs, and a weekly schedule for one report.
// An organization that has projects already is left alone.
func seedDemoWorkspace(ctx context.Context, db *store.DB) error {
	accounts := store.NewAccountStore(db)
	orgs, err := accounts.ListOrganizations(ctx)
	if err != nil {
		return err
	}
	op := growthdesk.Operator("demo")
	// The demo admin creates the projects and posts their updates, so the cards name a creator.
	author := op
	if admin, err := findAccount(ctx, accounts, "admin@demo.growthdesk.io"); err == nil {
		author = &growthdesk.Caller{Profile: &admin.Profile, RequestID: "demo"}
	}
	projects := &growthdesk.Projects{Store: store.NewProjectStore(db)}
	automations := &growthdesk.Automations{Store: store.NewAutomationStore(db)}
	reports := &growthdesk.Reports{Store: store.NewReportStore(db)}
	now := time.Now().UTC()
	today := now.Truncate(24 * time.Hour)
	for _, o := range orgs {
		data, ok := demoWorkspace[o.Name]
		if !ok {
			continue
		}
		existing, err := projects.List(ctx, op, growthdesk.ProjectFilter{Organization: o.ID})
		if err != nil {
			return err
		}
		if existing.Total > 0 {
			continue
		}
		for _, d := range data.projects {
			in := growthdesk.ProjectInput{OrganizationID: o.ID, Name: d.name, Description: d.description, Status: d.status,
				Priority: d.priority, Progress: d.progress, StartDate: today.AddDate(0, 0, -d.startDaysAgo).Format(time.DateOnly),
				EndDate: today.AddDate(0, 0, d.endInDays).Format(time.DateOnly)}
			p, err := projects.Create(ctx, author, in)
			if err != nil {
				return fmt.Errorf("demo project %q: %w", d.name, err)
			}
			if _, err := projects.PostUpdate(ctx, author, p.ID, growthdesk.ProjectUpdateInput{Content: d.update}); err != nil {
				return err
			}
		}
		for i, d := range data.automations {
			in := growthdesk.AutomationInput{OrganizationID: o.ID, Name: d.name, Description: d.description, Type: d.typ,
				Status: growthdesk.AutomationStatusActive, MinutesSavedPerRun: d.minutes, HourlyCostCents: d.hourlyCents}
			if d.status == growthdesk.AutomationStatusActive {
				next := now.Truncate(time.Hour).Add(time.Hour)
				in.NextRun = &next
			}
			created, err := automations.Create(ctx, op, in)
			if err != nil {
				return fmt.Errorf("demo automation %q: %w", d.name, err)
			}
			n := 0
			for day := 60; day >= 1; day-- {
				for k := 0; k < d.runsPerDay; k++ {
					n++
					start := today.AddDate(0, 0, -day).Add(time.Duration(8+k*2)*time.Hour + time.Duration(i*7)*time.Minute)
					end := start.Add(time.Duration(30+n%90) * time.Second)
					run := growthdesk.RunInput{StartedAt: &start, FinishedAt: &end, Outcome: growthdesk.RunOutcomeSuccess, ItemsProcessed: d.items + n%3}
					if d.failEvery > 0 && n%d.failEvery == 0 {
						run.Outcome, run.Message = growthdesk.RunOutcomeFailure, "The connected service did not answer in time."
					}
					if _, err := automations.Ingest(ctx, created.Automation.ID, created.Token, run); err != nil {
						return fmt.Errorf("demo run of %q: %w", d.name, err)
					}
				}
			}
			if d.status != growthdesk.AutomationStatusActive {
				in.Status, in.NextRun = d.status, nil
				if _, err := automations.Update(ctx, op, created.Automation.ID, in); err != nil {
					return err
				}
			}
		}
		list, err := reports.List(ctx, op, o.ID)
		if err != nil {
			return err
		}
		weekly := growthdesk.ReportFrequencyWeekly
		if _, err := reports.Schedule(ctx, op, list.Items[0].ID, growthdesk.ScheduleInput{Frequency: &weekly}); err != nil {
			return err
		}
	}
	return nil
}
