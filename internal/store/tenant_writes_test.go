package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// TestTenantWrites_AnotherOrganizationsIDAnswersNotFound aims every write of a project, an
// automation and a ticket at another organization's row: each answers ENotFound, exactly as
// for an unknown id, and the row is left as it was.
func TestTenantWrites_AnotherOrganizationsIDAnswersNotFound(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		acme := newOrganization(t, db, "Acme")
		beta := newOrganization(t, db, "Beta")
		system, own, other := growthdesk.SystemScope("test"), growthdesk.OrganizationScope(acme.ID), growthdesk.OrganizationScope(beta.ID)
		audit := growthdesk.AuditEntry{Action: growthdesk.AuditProjectUpdate}

		projects := store.NewProjectStore(db)
		p, err := projects.CreateProject(ctx, system, &growthdesk.Project{ID: growthdesk.NewID(), OrganizationID: acme.ID, Name: "Chatbot",
			Status: growthdesk.ProjectStatusPlanning, Priority: "medium"}, audit)
		if err != nil {
			t.Fatal(err)
		}
		autos := store.NewAutomationStore(db)
		a, err := autos.CreateAutomation(ctx, system, &growthdesk.Automation{ID: growthdesk.NewID(), OrganizationID: acme.ID, Name: "Bot",
			Type: "chatbot", Status: "active"}, "hash", "", audit)
		if err != nil {
			t.Fatal(err)
		}
		support := store.NewSupportStore(db)
		ticketID := growthdesk.NewID()
		if err := support.SeedTickets(ctx, []store.TicketSeedRow{{ID: ticketID, Title: "Help", Description: "d", Priority: "low",
			Status: growthdesk.TicketStatusOpen, OrganizationID: acme.ID, CreatedAt: time.Now().UTC()}}); err != nil {
			t.Fatal(err)
		}

		closed := growthdesk.TicketStatusClosed
		writes := map[string]func() error{
			"UpdateProject": func() error {
				_, err := projects.UpdateProject(ctx, other, p.ID, growthdesk.ProjectInput{Name: "Taken", Status: growthdesk.ProjectStatusPlanning,
					Priority: "low", StartDate: "2026-01-01"}, audit)
				return err
			},
			"DeleteProject": func() error { return projects.DeleteProject(ctx, other, p.ID, audit) },
			"AddProjectUpdate": func() error {
				_, err := projects.AddProjectUpdate(ctx, other, &growthdesk.ProjectUpdate{ID: growthdesk.NewID(), ProjectID: p.ID, Content: "x"}, "", audit)
				return err
			},
			"UpdateAutomation": func() error {
				_, err := autos.UpdateAutomation(ctx, other, a.ID, growthdesk.AutomationInput{Name: "Taken", Type: "chatbot", Status: "paused"}, audit)
				return err
			},
			"DeleteAutomation": func() error { return autos.DeleteAutomation(ctx, other, a.ID, audit) },
			"SetAutomationToken": func() error {
				_, err := autos.SetAutomationToken(ctx, other, a.ID, "stolen", audit)
				return err
			},
			"UpdateTicket": func() error {
				_, err := support.UpdateTicket(ctx, other, ticketID, growthdesk.TicketChange{Status: &closed}, nil, audit)
				return err
			},
			"DeleteTicket": func() error { return support.DeleteTicket(ctx, other, ticketID, audit) },
			"AddResponse": func() error {
				_, err := support.AddResponse(ctx, other, growthdesk.NewResponse{ID: growthdesk.NewID(), TicketID: ticketID, Content: "x"}, nil, audit)
				return err
			},
			"AddAttachments": func() error {
				_, err := support.AddAttachments(ctx, other, ticketID, nil, []growthdesk.NewAttachment{{Filename: "a.txt", Content: []byte("x")}},
					[]string{"text/plain"}, "", 10, audit)
				return err
			},
		}
		for name, write := range writes {
			if err := write(); growthdesk.ErrorCode(err) != growthdesk.ENotFound {
				t.Errorf("%s of another organization's row: %v, want ENotFound", name, err)
			}
		}

		if got, err := projects.GetProject(ctx, own, p.ID); err != nil || got.Name != "Chatbot" || len(got.Updates) != 0 {
			t.Errorf("project after the writes: %+v, %v", got, err)
		}
		if got, err := autos.GetAutomation(ctx, own, a.ID); err != nil || got.Name != "Bot" || got.Status != "active" {
			t.Errorf("automation after the writes: %+v, %v", got, err)
		}
		if got, err := support.GetTicket(ctx, own, ticketID, true); err != nil || got.Status != growthdesk.TicketStatusOpen ||
			len(got.Responses) != 0 || len(got.Attachments) != 0 {
			t.Errorf("ticket after the writes: %+v, %v", got, err)
		}
	})
}
