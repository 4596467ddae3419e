package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"slices"
	"strconv"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// plansConfig is what the plans commands take.
type plansConfig struct {
	dbConfig
	JSON bool
	Plan growthdesk.Plan
}

func parsePlansConfig(sub string, args []string, getenv func(string) string, stderr io.Writer) (plansConfig, error) {
	var c plansConfig
	e := newEnvFlags("plans "+sub, getenv, stderr)
	e.database(&c.dbConfig)
	switch sub {
	case "list":
		e.fs.BoolVar(&c.JSON, "json", false, "print one JSON object per line")
	case "set":
		p := &c.Plan
		e.fs.StringVar(&p.PriceID, "price-id", "", "the provider's price identifier (Stripe: price_…); the plan's key")
		e.fs.StringVar(&p.Name, "name", "", "the plan's name, e.g. Chatbot Setup")
		e.fs.StringVar(&p.Description, "description", "", "one line shown under the name")
		e.fs.StringVar(&p.Mode, "mode", growthdesk.PlanModeSubscription, "subscription or payment (one-time)")
		e.fs.Int64Var(&p.Amount, "amount", 0, "price in cents, e.g. 100 for $1.00")
		e.fs.StringVar(&p.Currency, "currency", "usd", "three-letter currency code")
		e.fs.StringVar(&p.Interval, "interval", "month", "month or year (subscriptions)")
		e.fs.BoolVar(&p.Active, "active", true, "offered in 'Choose Your Plan'")
		e.fs.IntVar(&p.SortOrder, "sort", 0, "position in the list (lowest first)")
	default:
		return c, fmt.Errorf("%w: use 'plans list' or 'plans set'", errUsage)
	}
	err := e.parse(args, func() []string { return c.validate() })
	return c, err
}

// plansList prints the plan catalogue.
func plansList(ctx context.Context, cfg plansConfig, stdout io.Writer) error {
	a, db, err := openApp(ctx, cfg.dbConfig, cliSiteURL)
	if err != nil {
		return err
	}
	defer db.Close()
	b := a.Deps.Billing
	plans, err := b.Catalogue(ctx, growthdesk.Operator("cli"))
	if err != nil {
		return err
	}
	return printList(stdout, cfg.JSON, plans, []string{"PRICE ID", "NAME", "MODE", "PRICE", "INTERVAL", "ACTIVE"},
		func(p *growthdesk.Plan) []string {
			return []string{p.PriceID, p.Name, p.Mode, growthdesk.FormatMoney(p.Amount, p.Currency), p.Interval, strconv.FormatBool(p.Active)}
		})
}

// plansSet adds or changes a plan of the catalogue, audited as the operator.
func plansSet(ctx context.Context, cfg plansConfig, stdout io.Writer) error {
	a, db, err := openApp(ctx, cfg.dbConfig, cliSiteURL)
	if err != nil {
		return err
	}
	defer db.Close()
	b := a.Deps.Billing
	if err := b.SavePlan(ctx, growthdesk.Operator("cli"), &cfg.Plan); err != nil {
		var ge *growthdesk.Error
		if errors.As(err, &ge) && len(ge.Fields) > 0 {
			msg := ""
			for _, k := range slices.Sorted(maps.Keys(ge.Fields)) {
				msg += fmt.Sprintf("\n  - --%s: %s", flagOf(k), ge.Fields[k])
			}
			return fmt.Errorf("invalid plan:%s", msg)
		}
		return err
	}
	fmt.Fprintf(stdout, "plan %s saved: %s, %s\n", cfg.Plan.PriceID, cfg.Plan.Name, growthdesk.FormatMoney(cfg.Plan.Amount, cfg.Plan.Currency))
	return nil
}

func flagOf(field string) string {
	if field == "price_id" {
		return "price-id"
	}
	return field
}

// addDefaultPlans adds the plans of plans.json in fsys (the default catalogue,
// content/plans.json) that the database's catalogue lacks, audited as the operator. Plans the
// catalogue has stay as the operator set them ('plans set').
func addDefaultPlans(ctx context.Context, b *growthdesk.Billing, fsys fs.FS) (int, error) {
	raw, err := fs.ReadFile(fsys, "plans.json")
	if err != nil {
		return 0, err
	}
	var plans []growthdesk.Plan
	if err := json.Unmarshal(raw, &plans); err != nil {
		return 0, fmt.Errorf("plans.json: %w", err)
	}
	return b.AddDefaultPlans(ctx, growthdesk.Operator("defaults"), plans)
}
