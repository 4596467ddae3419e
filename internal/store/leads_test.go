package store_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
	"github.com/growthdesk/growthdesk/internal/store/storetest"
)

// The contact page's leads (growthdesk.Leads) on the real stores of both engines; the callers
// here serve the newsletter's tests too.

var (
	staff    = &growthdesk.Caller{Profile: &growthdesk.Profile{ID: "s1", Role: growthdesk.RoleEmployee, ApprovalStatus: growthdesk.ApprovalApproved}}
	customer = &growthdesk.Caller{Profile: &growthdesk.Profile{ID: "c1", Role: growthdesk.RoleCustomer, ApprovalStatus: growthdesk.ApprovalApproved}}
	pending  = &growthdesk.Caller{Profile: &growthdesk.Profile{ID: "p1", Role: growthdesk.RoleEmployee, ApprovalStatus: growthdesk.ApprovalPending}}
)

// leadItems is the leads of one page of the list.
func leadItems(list *growthdesk.LeadList, err error) ([]*growthdesk.Lead, error) {
	if err != nil {
		return nil, err
	}
	return list.Items, nil
}

func mails(t *testing.T, db *store.DB) []growthdesk.OutboxMail {
	t.Helper()
	list, err := store.NewMailOutbox(db).ListMail(context.Background(), 100)
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func TestLeads_CreateStoresTheNormalizedLeadWithOneNotification(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		fixed := time.Date(2026, 3, 4, 5, 6, 7, 891011000, time.UTC)
		db.Now = func() time.Time { return fixed }
		leads := &growthdesk.Leads{Store: store.NewLeadStore(db), Notify: func(l *growthdesk.Lead) (*growthdesk.Email, error) {
			return &growthdesk.Email{Kind: growthdesk.EmailNewLead, To: "hello@example.com", Subject: "New lead", Text: l.Company + " " + l.Email}, nil
		}}

		lead, err := leads.Create(ctx, validLead())
		if err != nil {
			t.Fatal(err)
		}
		if lead.Name != "Dana Whitfield" || lead.Email != "dana@example.com" || !lead.CreatedAt.Equal(fixed) {
			t.Fatalf("lead not normalized: %+v", lead)
		}
		got, err := leadItems(leads.List(ctx, staff, growthdesk.LeadFilter{Limit: 10}))
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || got[0].ID != lead.ID || got[0].Company != "Whitfield Dental" || !got[0].CreatedAt.Equal(fixed) {
			t.Fatalf("stored leads = %+v", got)
		}
		m := mails(t, db)
		if len(m) != 1 || m[0].Email.Kind != growthdesk.EmailNewLead || m[0].Email.Text != "Whitfield Dental dana@example.com" {
			t.Fatalf("outbox = %+v, want one notification of the normalized lead", m)
		}
	})
}

func TestLeads_InvalidInputStoresNothingAndMailsNothing(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		notified := 0
		leads := &growthdesk.Leads{Store: store.NewLeadStore(db), Notify: func(l *growthdesk.Lead) (*growthdesk.Email, error) {
			notified++
			return &growthdesk.Email{Kind: growthdesk.EmailNewLead, To: "hello@example.com", Subject: "x", Text: "x"}, nil
		}}
		cases := map[string]func(*growthdesk.LeadInput){
			"missing name":     func(in *growthdesk.LeadInput) { in.Name = "   " },
			"bad email":        func(in *growthdesk.LeadInput) { in.Email = "dana@" },
			"long company":     func(in *growthdesk.LeadInput) { in.Company = strings.Repeat("x", growthdesk.LeadCompanyMax+1) },
			"short goal":       func(in *growthdesk.LeadInput) { in.AutomationGoal = "bots" },
			"unknown time":     func(in *growthdesk.LeadInput) { in.PreferredTime = "midnight" },
			"letters in phone": func(in *growthdesk.LeadInput) { in.Phone = "call me" },
		}
		for name, mutate := range cases {
			in := validLead()
			mutate(&in)
			if _, err := leads.Create(ctx, in); growthdesk.ErrorCode(err) != growthdesk.EInvalid {
				t.Errorf("%s: err = %v, want %s", name, err, growthdesk.EInvalid)
			}
		}
		if got, _ := leadItems(leads.List(ctx, staff, growthdesk.LeadFilter{Limit: 100})); len(got) != 0 || notified != 0 || len(mails(t, db)) != 0 {
			t.Fatalf("invalid input stored %d leads, rendered %d notifications", len(got), notified)
		}
	})
}

func TestLeads_ListIsForStaffAndTheConsoleOnly(t *testing.T) {
	t.Parallel()
	storetest.Engines(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		leads := &growthdesk.Leads{Store: store.NewLeadStore(db)}
		if _, err := leads.Create(ctx, validLead()); err != nil {
			t.Fatal(err)
		}
		for name, tc := range map[string]struct {
			c    *growthdesk.Caller
			code string
		}{
			"anonymous":      {nil, growthdesk.EUnauthorized},
			"customer":       {customer, growthdesk.EForbidden},
			"pending staff":  {pending, growthdesk.EForbidden},
			"approved staff": {staff, ""},
			"console (CLI)":  {growthdesk.Operator("cli"), ""},
		} {
			list, err := leadItems(leads.List(ctx, tc.c, growthdesk.LeadFilter{Limit: 10}))
			if growthdesk.ErrorCode(err) != tc.code {
				t.Errorf("%s: err = %v, want code %q", name, err, tc.code)
			}
			if tc.code == "" && len(list) != 1 {
				t.Errorf("%s: got %d leads, want 1", name, len(list))
			}
			if tc.code != "" && list != nil {
				t.Errorf("%s: refused, yet got %d leads", name, len(list))
			}
		}
	})
}
