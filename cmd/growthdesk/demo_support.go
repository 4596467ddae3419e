package main

import (
	"context"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
)

// demoTicket is one demo ticket: who opened it, what the thread says, where it ended.
type demoTicket struct {
	customer, title, description, priority, category, status string
	assign                                                   bool
	thread                                                   []demoMessage
	attachment                                               string // a file name attached to the ticket
}

type demoMessage struct {
	staff, internal bool
	text            string
}

var demoTickets = []demoTicket{
	{"customer@demo.growthdesk.io", "Chatbot stopped answering after hours", "Since Monday our website chatbot shows a spinner after 6 pm and never answers. Patients are calling instead.", "urgent", "Technical Issue", "in_progress", true,
		[]demoMessage{{true, true, "Hosting logs show the after-hours flow hitting a rate limit on the calendar API."}, {true, false, "Thanks for the report. We found the cause and are rolling out a fix today."}}, "chatbot-screenshot.txt"},
	{"customer@demo.growthdesk.io", "Invoice shows the wrong practice name", "The November invoice says Brightside Dentistry instead of Brightside Dental.", "medium", "Billing", "resolved", false,
		[]demoMessage{{true, false, "We corrected the name; the new invoice is in your billing page."}, {false, false, "Got it, thank you!"}}, ""},
	{"customer@demo.growthdesk.io", "Automate recall reminders", "Could the assistant send six-month recall reminders by SMS?", "medium", "Automation Request", "open", false, nil, ""},
	{"customer@demo.growthdesk.io", "Add our new hygienist to the portal", "Please give portal access to jordan@brightside.example.", "low", "Account", "closed", true,
		[]demoMessage{{true, true, "Jordan must sign up first; approval follows."}, {true, false, "Ask Jordan to register; we approve the account as soon as it arrives."}}, ""},
	{"customer@demo.growthdesk.io", "Weekly report arrives empty", "The Monday report e-mail has no charts since last week.", "high", "Technical Issue", "open", true,
		[]demoMessage{{false, false, "It happened again this morning."}}, "report-export.csv"},
	{"customer@demo.growthdesk.io", "Question about the annual plan", "Is there a discount if we pay yearly?", "low", "General", "resolved", false,
		[]demoMessage{{true, false, "Yes: two months free on the annual plan. Reply if you want to switch."}}, ""},
	{"owner@northwind.example", "Shipment tracking bot gives old ETAs", "Customers see the ETA from the first scan, not the latest.", "high", "Technical Issue", "in_progress", true,
		[]demoMessage{{true, true, "Carrier webhook retries are out of order; needs a sequence check."}, {true, false, "We reproduced it and are working on it."}, {false, false, "Thanks, please keep us posted."}}, ""},
	{"owner@northwind.example", "Automate proof-of-delivery e-mails", "We would like a PDF proof of delivery sent when a driver closes a stop.", "medium", "Automation Request", "open", false, nil, ""},
	{"owner@northwind.example", "Card declined on renewal", "Our renewal failed; the card is valid.", "urgent", "Billing", "resolved", true,
		[]demoMessage{{true, true, "Stripe shows a 3-D Secure challenge that timed out."}, {true, false, "The bank asked for a confirmation; it went through on the second try."}}, ""},
	{"owner@northwind.example", "Two-factor for the dispatch team", "Can we require authenticator apps for everyone?", "medium", "Account", "open", false, nil, ""},
	{"owner@northwind.example", "Dashboard times are in UTC", "Our team works in Central time; the dashboard shows UTC.", "low", "General", "closed", false,
		[]demoMessage{{true, false, "Times follow your browser now; reload to see Central time."}}, ""},
	{"owner@northwind.example", "Driver app login loop", "Two drivers get sent back to the login page after signing in.", "high", "Technical Issue", "open", true,
		[]demoMessage{{true, true, "Both devices have clocks off by 10 minutes."}}, ""},
}

// seedDemoSupport opens the demo tickets, with threads, internal notes and a file, when no
// ticket exists yet; running it again changes nothing. It goes through the service (without
// a mailer, so the demo sends no e-mail).
func seedDemoSupport(ctx context.Context, db *store.DB) error {
	accounts := store.NewAccountStore(db)
	svc := &growthdesk.Support{Store: store.NewSupportStore(db)}
	staffAccount, err := findAccount(ctx, accounts, "staff@demo.growthdesk.io")
	if err != nil {
		return nil // no demo accounts: nothing to attach tickets to
	}
	staff := &growthdesk.Caller{Profile: &staffAccount.Profile}
	existing, err := svc.List(ctx, staff, growthdesk.TicketFilter{Limit: 1})
	if err != nil || existing.Total > 0 {
		return err
	}
	cats, err := svc.Categories(ctx, staff, false)
	if err != nil {
		return err
	}
	catID := map[string]string{}
	for _, c := range cats {
		catID[c.Name] = c.ID
	}
	customers := map[string]*growthdesk.Caller{}
	for _, d := range demoTickets {
		if customers[d.customer] == nil {
			a, err := findAccount(ctx, accounts, d.customer)
			if err != nil {
				return err
			}
			customers[d.customer] = &growthdesk.Caller{Profile: &a.Profile}
		}
		customer := customers[d.customer]
		in := growthdesk.TicketInput{Title: d.title, Description: d.description, Priority: d.priority}
		if id := catID[d.category]; id != "" {
			in.CategoryID = &id
		}
		t, err := svc.Create(ctx, customer, in)
		if err != nil {
			return err
		}
		if d.attachment != "" {
			content := "Exported for the support team.\nline,value\nafter_hours,failed\n"
			if _, err := svc.Attach(ctx, customer, t.ID, nil, []growthdesk.NewAttachment{{Filename: d.attachment, Content: []byte(content)}}); err != nil {
				return err
			}
		}
		for _, m := range d.thread {
			author := customer
			if m.staff {
				author = staff
			}
			if _, err := svc.Respond(ctx, author, t.ID, growthdesk.ResponseInput{Content: m.text, IsInternal: m.internal}); err != nil {
				return err
			}
		}
		ch := growthdesk.TicketChange{}
		if d.status != growthdesk.TicketStatusOpen {
			status := d.status
			ch.Status = &status
		}
		if d.assign {
			ch.SetAssignedTo, ch.AssignedTo = true, &staffAccount.ID
		}
		if ch.Status != nil || ch.SetAssignedTo {
			if _, err := svc.Update(ctx, staff, t.ID, ch); err != nil {
				return err
			}
		}
	}
	return nil
}
