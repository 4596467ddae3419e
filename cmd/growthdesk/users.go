package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/growthdesk/growthdesk/internal/auth"
	"github.com/growthdesk/growthdesk/internal/growthdesk"
	"github.com/growthdesk/growthdesk/internal/store"
)

// usersApprove approves an account from the command line, as staff would in the portal;
// the audit entry records that it came from the operator's console.
func usersApprove(ctx context.Context, cfg usersConfig, stdout io.Writer) error {
	a, db, err := openApp(ctx, cfg.dbConfig, cfg.SiteURL)
	if err != nil {
		return err
	}
	defer db.Close()
	acct, err := findAccount(ctx, store.NewAccountStore(db), cfg.Email)
	if err != nil {
		return err
	}
	if acct.ApprovalStatus == growthdesk.ApprovalApproved {
		fmt.Fprintf(stdout, "%s is already approved\n", acct.Email)
		return nil
	}
	if _, err := a.Deps.Accounts.Approve(ctx, growthdesk.Operator("cli"), acct.ID); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "approved %s; the approval e-mail is queued (sent by the running server)\n", acct.Email)
	return nil
}

// usersList prints every account with its role and approval state.
func usersList(ctx context.Context, cfg usersConfig, stdout io.Writer) error {
	a, db, err := openApp(ctx, cfg.dbConfig, cfg.SiteURL)
	if err != nil {
		return err
	}
	defer db.Close()
	list, err := a.Deps.Accounts.ListAccounts(ctx, growthdesk.Operator("cli"), growthdesk.AccountFilter{Limit: 1000})
	if err != nil {
		return err
	}
	return printList(stdout, cfg.JSON, list, []string{"EMAIL", "NAME", "ROLE", "APPROVAL", "CONFIRMED", "ORGANIZATION", "CREATED"},
		func(a *growthdesk.Account) []string {
			confirmed := "no"
			if a.EmailConfirmedAt != nil {
				confirmed = "yes"
			}
			return []string{a.Email, a.FullName, a.Role, a.ApprovalStatus, confirmed, a.OrganizationName, a.CreatedAt.Format(time.DateOnly)}
		})
}

func findAccount(ctx context.Context, accounts *store.AccountStore, email string) (*growthdesk.Account, error) {
	email = growthdesk.NormalizeEmail(email)
	list, err := accounts.ListAccounts(ctx, growthdesk.AccountFilter{Search: email, Limit: 1000})
	if err != nil {
		return nil, err
	}
	for _, a := range list {
		if a.Email == email {
			return a, nil
		}
	}
	return nil, fmt.Errorf("no account with the e-mail address %s", email)
}

// usersCreate creates a confirmed, approved account, e.g. the first admin.
func usersCreate(ctx context.Context, cfg usersConfig, stdout io.Writer) error {
	a, db, err := openApp(ctx, cfg.dbConfig, cfg.SiteURL)
	if err != nil {
		return err
	}
	defer db.Close()
	svc := a.Auth
	u, err := svc.CreateUser(ctx, auth.CreateUserParams{
		Email: cfg.Email, Password: cfg.Password, FullName: cfg.FullName, Role: cfg.Role, Approved: true, Confirmed: true,
	})
	if err != nil {
		return describe(err)
	}
	fmt.Fprintf(stdout, "created %s (%s)\n", u.Email, cfg.Role)
	if u.GeneratedPassword != "" {
		fmt.Fprintf(stdout, "password: %s\n", u.GeneratedPassword)
	}
	return nil
}

// describe turns a domain error into one line an operator can act on, listing each field's
// problem.
func describe(err error) error {
	var e *growthdesk.Error
	if !errors.As(err, &e) {
		return err
	}
	msg := e.Message
	for field, problem := range e.Fields {
		msg += fmt.Sprintf(" %s: %s", field, problem)
	}
	return errors.New(msg)
}

// keysRotate makes a new signing key. Running servers pick it up when they meet a token
// signed with it and sign with it after a restart; tokens signed with the old key keep
// verifying until they expire.
func keysRotate(ctx context.Context, cfg usersConfig, stdout io.Writer) error {
	a, db, err := openApp(ctx, cfg.dbConfig, cfg.SiteURL)
	if err != nil {
		return err
	}
	defer db.Close()
	svc := a.Auth
	if err := svc.RotateSigningKey(ctx); err != nil {
		return describe(err)
	}
	fmt.Fprintln(stdout, "rotated the signing key; restart the servers to sign with the new key (old tokens stay valid until they expire)")
	return nil
}
