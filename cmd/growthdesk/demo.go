package main

import (
	"context"
	"log/slog"

	"github.com/growthdesk/growthdesk/internal/auth"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
)

// DemoPassword is the password of every demo account; the sign-in page's test-account box
// (shown only in demo mode) fills it in.
const DemoPassword = "growthdesk-demo"

type demoAccount struct {
	email, name, role, org string
	approved               bool
}

var demoAccounts = []demoAccount{
	{"admin@demo.growthdesk.io", "Avery Admin", growthdesk.RoleAdmin, "", true},
	{"staff@demo.growthdesk.io", "Sam Support", growthdesk.RoleEmployee, "", true},
	{"customer@demo.growthdesk.io", "Casey Customer", growthdesk.RoleCustomer, "Brightside Dental", true},
	{"owner@northwind.example", "Noor Haddad", growthdesk.RoleCustomer, "Northwind Logistics", true},
	{"pending@demo.growthdesk.io", "Pat Pending", growthdesk.RoleCustomer, "", false},
}

// seedDemo creates the demo organizations and accounts that do not exist yet, so a demo
// install can be explored with every role. Running it again changes nothing, and neither
// does running it on two servers at once: each seed looks for what exists and adds the
// rest, so they take turns (an advisory lock on PostgreSQL), and the second finds it done.
func seedDemo(ctx context.Context, db *store.DB, authSvc *auth.Service, log *slog.Logger) error {
	return db.Exclusive(ctx, store.JobSeedDemo, func(ctx context.Context) error {
		return seedDemoData(ctx, db, authSvc, log)
	})
}

func seedDemoData(ctx context.Context, db *store.DB, authSvc *auth.Service, log *slog.Logger) error {
	accounts := store.NewAccountStore(db)
	orgs, err := accounts.ListOrganizations(ctx)
	if err != nil {
		return err
	}
	orgIDs := map[string]string{}
	for _, o := range orgs {
		orgIDs[o.Name] = o.ID
	}
	// Hashing a password is most of the work (bcrypt is slow by design): every demo account
	// has the same password, so they share one hash.
	hash := ""
	created := 0
	for _, d := range demoAccounts {
		if _, err := findAccount(ctx, accounts, d.email); err == nil {
			continue
		}
		if hash == "" {
			if hash, err = authSvc.HashPassword(DemoPassword); err != nil {
				return err
			}
		}
		u, err := authSvc.CreateUser(ctx, auth.CreateUserParams{
			Email: d.email, PasswordHash: hash, FullName: d.name, Role: d.role, Approved: d.approved, Confirmed: true,
		})
		if err != nil {
			return err
		}
		if d.org != "" {
			if orgIDs[d.org] == "" {
				o, err := accounts.CreateOrganization(ctx, d.org, growthdesk.AuditEntry{Action: growthdesk.AuditOrganizationCreate, TargetType: "organization", Details: map[string]any{"name": d.org, "via": "demo"}})
				if err != nil {
					return err
				}
				orgIDs[d.org] = o.ID
			}
			id := orgIDs[d.org]
			if _, err := accounts.SetOrganization(ctx, u.ID, &id, growthdesk.AuditEntry{Action: growthdesk.AuditOrganizationChange, TargetType: "user", TargetID: u.ID, Details: map[string]any{"via": "demo"}}); err != nil {
				return err
			}
		}
		created++
	}
	if created > 0 {
		log.Info("demo accounts created", "count", created, "password", DemoPassword)
	}
	if err := seedDemoForum(ctx, db); err != nil {
		return err
	}
	if err := seedDemoSupport(ctx, db); err != nil {
		return err
	}
	if err := seedDemoMeetings(ctx, db); err != nil {
		return err
	}
	if err := seedDemoBilling(ctx, db); err != nil {
		return err
	}
	return seedDemoWorkspace(ctx, db)
}
