package store

import (
	"context"
	"database/sql"
	"errors"
	"math"
	"strings"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// BillingStore keeps the plan catalogue, the organizations' provider customers,
// subscriptions, invoices, checkouts and the provider events applied.
type BillingStore struct{ db *DB }

// NewBillingStore returns a BillingStore on db.
func NewBillingStore(db *DB) *BillingStore { return &BillingStore{db: db} }

var _ growthdesk.BillingStore = (*BillingStore)(nil)

var errNoSubscription = growthdesk.Errorf(growthdesk.ENotFound, "There is no subscription with this id.")

const planColumns = `price_id, name, description, mode, amount, currency, billing_interval, active, sort_order`

func scanPlan(row rowScanner) (*growthdesk.Plan, error) {
	var p growthdesk.Plan
	err := row.Scan(&p.PriceID, &p.Name, &p.Description, &p.Mode, &p.Amount, &p.Currency, &p.Interval, &p.Active, &p.SortOrder)
	return &p, err
}

// ListPlans returns the catalogue in its order.
func (s *BillingStore) ListPlans(ctx context.Context, activeOnly bool) ([]*growthdesk.Plan, error) {
	q := `SELECT ` + planColumns + ` FROM billing_plans`
	if activeOnly {
		q += ` WHERE active = TRUE`
	}
	rows, err := s.db.query(ctx, q+` ORDER BY sort_order, amount, name`)
	if err != nil {
		return nil, err
	}
	return orEmpty(scanRows(rows, scanPlan))
}

// GetPlan returns one plan; ENotFound when the price is not in the catalogue.
func (s *BillingStore) GetPlan(ctx context.Context, priceID string) (*growthdesk.Plan, error) {
	p, err := scanPlan(s.db.queryRow(ctx, `SELECT `+planColumns+` FROM billing_plans WHERE price_id = ?`, priceID))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, growthdesk.Errorf(growthdesk.ENotFound, "There is no plan with this price.")
	}
	return p, err
}

// SavePlan inserts or replaces a plan of the catalogue, with its audit entry.
func (s *BillingStore) SavePlan(ctx context.Context, p *growthdesk.Plan, audit growthdesk.AuditEntry) error {
	return s.db.inTx(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, `UPDATE billing_plans SET name = ?, description = ?, mode = ?, amount = ?, currency = ?, billing_interval = ?,
		active = ?, sort_order = ?, updated_at = ? WHERE price_id = ?`,
			p.Name, p.Description, p.Mode, p.Amount, p.Currency, p.Interval, p.Active, p.SortOrder, tx.now, p.PriceID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			if _, err := tx.exec(ctx, `INSERT INTO billing_plans (`+planColumns+`, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				p.PriceID, p.Name, p.Description, p.Mode, p.Amount, p.Currency, p.Interval, p.Active, p.SortOrder, tx.now, tx.now); err != nil {
				return err
			}
		}
		return tx.writeAudit(ctx, audit)
	})
}

// AddPlan adds a plan the catalogue does not have, with its audit entry; false when the
// catalogue has the price id already (that plan is left as it is).
func (s *BillingStore) AddPlan(ctx context.Context, p *growthdesk.Plan, audit growthdesk.AuditEntry) (bool, error) {
	added := false
	err := s.db.inTx(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, `INSERT INTO billing_plans (`+planColumns+`, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (price_id) DO NOTHING`,
			p.PriceID, p.Name, p.Description, p.Mode, p.Amount, p.Currency, p.Interval, p.Active, p.SortOrder, tx.now, tx.now)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		added = true
		return tx.writeAudit(ctx, audit)
	})
	return added, err
}

// CustomerOf returns the provider's customer of the scope's one organization, "" when it has
// none yet (or the scope is not one organization's).
func (s *BillingStore) CustomerOf(ctx context.Context, provider string, scope growthdesk.Scope) (string, error) {
	if scope.Organization() == "" {
		return "", nil
	}
	where, args := scopeWhere(scope, "organization_id")
	var id string
	err := s.db.queryRow(ctx, `SELECT customer_id FROM billing_customers WHERE provider = ? AND `+where, append([]any{provider}, args...)...).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return id, err
}

// SaveCustomer records the provider's customer of the scope's one organization; an
// organization that has one already keeps it. A scope of all or none records nothing.
func (s *BillingStore) SaveCustomer(ctx context.Context, scope growthdesk.Scope, provider, customerID string) error {
	orgID := scope.Organization()
	if orgID == "" {
		return growthdesk.Errorf(growthdesk.ENotFound, "There is no such organization.")
	}
	_, err := s.db.exec(ctx, `INSERT INTO billing_customers (provider, organization_id, customer_id, created_at) VALUES (?, ?, ?, ?)
		ON CONFLICT DO NOTHING`, provider, orgID, customerID, s.db.now())
	return err
}

// OrganizationOfCustomer returns the organization of a provider's customer, "" when unknown.
func (s *BillingStore) OrganizationOfCustomer(ctx context.Context, provider, customerID string) (string, error) {
	var id string
	err := s.db.queryRow(ctx, `SELECT organization_id FROM billing_customers WHERE provider = ? AND customer_id = ?`, provider, customerID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return id, err
}

// OrganizationName returns an organization's name; ENotFound for an unknown id.
func (s *BillingStore) OrganizationName(ctx context.Context, orgID string) (string, error) {
	var name string
	err := s.db.queryRow(ctx, `SELECT name FROM organizations WHERE id = ?`, orgID).Scan(&name)
	if errors.Is(err, sql.ErrNoRows) {
		return "", growthdesk.Errorf(growthdesk.ENotFound, "There is no such organization.")
	}
	return name, err
}

// OrganizationCustomers lists the approved customers inside scope.
func (s *BillingStore) OrganizationCustomers(ctx context.Context, scope growthdesk.Scope) ([]*growthdesk.Member, error) {
	where, args := scopeWhere(scope, "organization_id")
	rows, err := s.db.query(ctx, `SELECT id, full_name, email, role, created_at FROM profiles
		WHERE `+where+` AND approval_status = 'approved' AND role NOT IN ('admin', 'employee') ORDER BY email`, args...)
	if err != nil {
		return nil, err
	}
	return scanRows(rows, func(row rowScanner) (*growthdesk.Member, error) {
		var m growthdesk.Member
		if err := row.Scan(&m.ID, &m.FullName, &m.Email, &m.Role, &m.CreatedAt); err != nil {
			return nil, err
		}
		return &m, nil
	})
}

// CreateCheckoutSession records a checkout the caller started for an organization of scope,
// with its audit entry.
func (s *BillingStore) CreateCheckoutSession(ctx context.Context, scope growthdesk.Scope, c *growthdesk.CheckoutSession, audit growthdesk.AuditEntry) error {
	if !scope.Allows(c.OrganizationID) {
		return growthdesk.Errorf(growthdesk.ENotFound, "There is no such organization.")
	}
	return s.db.inTx(ctx, func(tx *Tx) error {
		c.CreatedAt = tx.now
		if _, err := tx.exec(ctx, `INSERT INTO billing_checkout_sessions (id, organization_id, profile_id, provider, customer_id, price_id,
		plan_name, amount, currency, mode, billing_interval, status, paid, success_url, cancel_url, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			c.ID, c.OrganizationID, c.ProfileID, c.Provider, c.CustomerID, c.PriceID, c.PlanName, c.Amount, c.Currency, c.Mode, c.Interval,
			c.Status, c.Paid, c.SuccessURL, c.CancelURL, tx.now); err != nil {
			return err
		}
		return tx.writeAudit(ctx, audit)
	})
}

// GetCheckoutSession returns a checkout inside scope.
func (s *BillingStore) GetCheckoutSession(ctx context.Context, scope growthdesk.Scope, id string) (*growthdesk.CheckoutSession, error) {
	where, args := scopeWhere(scope, "organization_id")
	var c growthdesk.CheckoutSession
	var completed sql.NullTime
	err := s.db.queryRow(ctx, `SELECT id, organization_id, profile_id, provider, customer_id, price_id, plan_name, amount, currency, mode,
		billing_interval, status, paid, success_url, cancel_url, created_at, completed_at
		FROM billing_checkout_sessions WHERE id = ? AND `+where, append([]any{id}, args...)...).Scan(
		&c.ID, &c.OrganizationID, &c.ProfileID, &c.Provider, &c.CustomerID, &c.PriceID, &c.PlanName, &c.Amount, &c.Currency, &c.Mode,
		&c.Interval, &c.Status, &c.Paid, &c.SuccessURL, &c.CancelURL, &c.CreatedAt, &completed)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, growthdesk.Errorf(growthdesk.ENotFound, "There is no such checkout.")
	}
	c.CreatedAt = c.CreatedAt.UTC()
	c.CompletedAt = nullTime(completed)
	return &c, err
}

// ExpireCheckoutSession marks an open checkout of scope expired (canceled by the customer).
func (s *BillingStore) ExpireCheckoutSession(ctx context.Context, scope growthdesk.Scope, id string) error {
	where, args := scopeWhere(scope, "organization_id")
	_, err := s.db.exec(ctx, `UPDATE billing_checkout_sessions SET status = 'expired' WHERE id = ? AND status = 'open' AND `+where,
		append([]any{id}, args...)...)
	return err
}

// OpenCheckoutSessions lists the ids of the open checkouts of scope at provider.
func (s *BillingStore) OpenCheckoutSessions(ctx context.Context, scope growthdesk.Scope, provider string) ([]string, error) {
	where, args := scopeWhere(scope, "organization_id")
	rows, err := s.db.query(ctx, `SELECT id FROM billing_checkout_sessions WHERE `+where+` AND provider = ? AND status = 'open'
		ORDER BY created_at, id`, append(args, provider)...)
	if err != nil {
		return nil, err
	}
	return scanRows(rows, func(row rowScanner) (string, error) {
		var id string
		if err := row.Scan(&id); err != nil {
			return "", err
		}
		return id, nil
	})
}

const subscriptionColumns = `s.id, s.organization_id, o.name, s.plan_name, s.price_id, s.amount, s.currency, s.billing_cycle, s.status,
	s.next_billing_date, s.provider, s.provider_customer_id, s.provider_subscription_id, s.provider_status, s.cancel_at_period_end,
	s.payment_method_brand, s.payment_method_last4, s.created_at, s.updated_at`

func scanSubscription(row rowScanner) (*growthdesk.Subscription, error) {
	var sub growthdesk.Subscription
	var next sql.NullTime
	var psid sql.NullString
	err := row.Scan(&sub.ID, &sub.OrganizationID, &sub.OrganizationName, &sub.PlanName, &sub.PriceID, &sub.Amount, &sub.Currency,
		&sub.BillingCycle, &sub.Status, &next, &sub.Provider, &sub.ProviderCustomerID, &psid, &sub.ProviderStatus,
		&sub.CancelAtPeriodEnd, &sub.PaymentMethodBrand, &sub.PaymentMethodLast4, &sub.CreatedAt, &sub.UpdatedAt)
	if err != nil {
		return nil, err
	}
	sub.NextBillingDate = nullTime(next)
	sub.ProviderSubscriptionID = psid.String
	sub.CreatedAt, sub.UpdatedAt = sub.CreatedAt.UTC(), sub.UpdatedAt.UTC()
	return &sub, nil
}

// CurrentSubscription is the organization's subscription the billing page shows: the newest
// one that is not cancelled, else the newest. Nil when there is none.
func (s *BillingStore) CurrentSubscription(ctx context.Context, scope growthdesk.Scope) (*growthdesk.Subscription, error) {
	where, args := scopeWhere(scope, "s.organization_id")
	sub, err := scanSubscription(s.db.queryRow(ctx, `SELECT `+subscriptionColumns+` FROM billing_subscriptions s
		JOIN organizations o ON o.id = s.organization_id WHERE `+where+`
		ORDER BY CASE WHEN s.status = 'cancelled' THEN 1 ELSE 0 END, s.created_at DESC, s.id DESC LIMIT 1`, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return sub, err
}

// LiveSubscriptions lists the subscriptions of scope at provider that are not cancelled,
// newest first: by the provider's creation time (created_at, whole seconds at Stripe), then,
// within one second, in the order they were recorded here (ids are time-ordered UUIDv7).
func (s *BillingStore) LiveSubscriptions(ctx context.Context, scope growthdesk.Scope, provider string) ([]*growthdesk.Subscription, error) {
	where, args := scopeWhere(scope, "s.organization_id")
	rows, err := s.db.query(ctx, `SELECT `+subscriptionColumns+` FROM billing_subscriptions s JOIN organizations o ON o.id = s.organization_id
		WHERE `+where+` AND s.provider = ? AND s.status <> 'cancelled' AND s.provider_subscription_id IS NOT NULL
		ORDER BY s.created_at DESC, s.id DESC`, append(args, provider)...)
	if err != nil {
		return nil, err
	}
	return scanRows(rows, scanSubscription)
}

// ReplaceSubscription marks a subscription cancelled, ended at the provider too (so that its
// late events change nothing), with its audit entry; false when it was cancelled already.
func (s *BillingStore) ReplaceSubscription(ctx context.Context, scope growthdesk.Scope, id string, audit growthdesk.AuditEntry) (bool, error) {
	where, args := scopeWhere(scope, "organization_id")
	return inTxResult(ctx, s.db, func(tx *Tx) (bool, error) {
		res, err := tx.exec(ctx, `UPDATE billing_subscriptions SET status = 'cancelled', provider_status = 'canceled', cancel_at_period_end = FALSE,
		cancelled_at = COALESCE(cancelled_at, ?), updated_at = ? WHERE id = ? AND status <> 'cancelled' AND `+where,
			append([]any{tx.now, tx.now, id}, args...)...)
		if err != nil {
			return false, err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return false, nil
		}
		if err := tx.writeAudit(ctx, audit); err != nil {
			return false, err
		}
		return true, nil
	})
}

// ListInvoices returns the organization's invoices, newest first.
func (s *BillingStore) ListInvoices(ctx context.Context, scope growthdesk.Scope, limit int) ([]*growthdesk.Invoice, error) {
	where, args := scopeWhere(scope, "organization_id")
	rows, err := s.db.query(ctx, `SELECT id, number, amount, currency, status, period_start, period_end, paid_at,
		document_url, created_at FROM billing_invoices WHERE `+where+` ORDER BY created_at DESC, id DESC`+limitClause(limit), args...)
	if err != nil {
		return nil, err
	}
	return orEmpty(scanRows(rows, func(row rowScanner) (*growthdesk.Invoice, error) {
		var in growthdesk.Invoice
		var ps, pe, paid sql.NullTime
		if err := row.Scan(&in.ID, &in.Number, &in.Amount, &in.Currency, &in.Status, &ps, &pe, &paid, &in.DocumentURL, &in.CreatedAt); err != nil {
			return nil, err
		}
		in.PeriodStart, in.PeriodEnd, in.PaidAt = nullTime(ps), nullTime(pe), nullTime(paid)
		in.CreatedAt = in.CreatedAt.UTC()
		return &in, nil
	}))
}

// BillingAddress returns the billing address of the scope's one organization, one line each;
// none for a scope that is not one organization's.
func (s *BillingStore) BillingAddress(ctx context.Context, scope growthdesk.Scope) ([]string, error) {
	if scope.Organization() == "" {
		return []string{}, nil
	}
	var text string
	err := s.db.queryRow(ctx, `SELECT billing_address FROM organizations WHERE id = ?`, scope.Organization()).Scan(&text)
	if errors.Is(err, sql.ErrNoRows) {
		return []string{}, nil
	}
	return addressLines(text), err
}

// SaveBillingAddress replaces the billing address of the scope's one organization, with its
// audit entry.
func (s *BillingStore) SaveBillingAddress(ctx context.Context, scope growthdesk.Scope, lines []string, audit growthdesk.AuditEntry) error {
	if scope.Organization() == "" {
		return growthdesk.Errorf(growthdesk.ENotFound, "There is no organization to bill.")
	}
	return s.db.inTx(ctx, func(tx *Tx) error {
		if _, err := tx.exec(ctx, `UPDATE organizations SET billing_address = ?, updated_at = ? WHERE id = ?`,
			strings.Join(lines, "\n"), tx.now, scope.Organization()); err != nil {
			return err
		}
		return tx.writeAudit(ctx, audit)
	})
}

// addressLines splits a stored address into its lines (none for "").
func addressLines(text string) []string {
	if text == "" {
		return []string{}
	}
	return strings.Split(text, "\n")
}

// GetInvoice returns an invoice inside scope with its organization's name and the plan it
// billed: its subscription's, or for a one-time purchase billed as its checkout, the
// checkout's. ENotFound for an invoice outside scope.
func (s *BillingStore) GetInvoice(ctx context.Context, scope growthdesk.Scope, id string) (*growthdesk.InvoiceRecord, error) {
	where, args := scopeWhere(scope, "i.organization_id")
	var rec growthdesk.InvoiceRecord
	in := &rec.Invoice
	var ps, pe, paid sql.NullTime
	var address string
	err := s.db.queryRow(ctx, `SELECT i.id, i.number, i.amount, i.currency, i.status, i.period_start, i.period_end, i.paid_at,
		i.document_url, i.created_at, i.organization_id, o.name, o.billing_address,
		COALESCE((SELECT MAX(s.plan_name) FROM billing_subscriptions s WHERE s.provider = i.provider AND i.provider_subscription_id <> ''
			AND s.provider_subscription_id = i.provider_subscription_id),
			(SELECT MAX(c.plan_name) FROM billing_checkout_sessions c WHERE c.id = i.provider_invoice_id AND c.organization_id = i.organization_id), '')
		FROM billing_invoices i JOIN organizations o ON o.id = i.organization_id
		WHERE `+where+` AND i.id = ?`, append(args, id)...).Scan(
		&in.ID, &in.Number, &in.Amount, &in.Currency, &in.Status, &ps, &pe, &paid, &in.DocumentURL, &in.CreatedAt,
		&rec.OrganizationID, &rec.OrganizationName, &address, &rec.PlanName)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, growthdesk.Errorf(growthdesk.ENotFound, "There is no such invoice.")
	} else if err != nil {
		return nil, err
	}
	in.PeriodStart, in.PeriodEnd, in.PaidAt = nullTime(ps), nullTime(pe), nullTime(paid)
	in.CreatedAt = in.CreatedAt.UTC()
	rec.BillingAddress = addressLines(address)
	return &rec, nil
}

// ListSubscriptions lists the subscriptions of scope, newest first.
func (s *BillingStore) ListSubscriptions(ctx context.Context, scope growthdesk.Scope, f growthdesk.SubscriptionFilter) ([]*growthdesk.Subscription, error) {
	where, args := scopeWhere(scope, "s.organization_id")
	q := `SELECT ` + subscriptionColumns + ` FROM billing_subscriptions s JOIN organizations o ON o.id = s.organization_id WHERE ` + where
	if f.Status != "" {
		q += ` AND s.status = ?`
		args = append(args, f.Status)
	}
	if f.Query != "" {
		like := likePattern(f.Query)
		q += ` AND (LOWER(o.name) LIKE ? ESCAPE '\' OR LOWER(s.plan_name) LIKE ? ESCAPE '\')`
		args = append(args, like, like)
	}
	rows, err := s.db.query(ctx, q+` ORDER BY s.created_at DESC, s.id DESC`, args...)
	if err != nil {
		return nil, err
	}
	return orEmpty(scanRows(rows, scanSubscription))
}

// GetSubscription returns one subscription inside scope; ENotFound otherwise.
func (s *BillingStore) GetSubscription(ctx context.Context, scope growthdesk.Scope, id string) (*growthdesk.Subscription, error) {
	where, args := scopeWhere(scope, "s.organization_id")
	sub, err := scanSubscription(s.db.queryRow(ctx, `SELECT `+subscriptionColumns+` FROM billing_subscriptions s
		JOIN organizations o ON o.id = s.organization_id WHERE s.id = ? AND `+where, append([]any{id}, args...)...))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoSubscription
	}
	return sub, err
}

func (tx *Tx) getSubscription(ctx context.Context, id string) (*growthdesk.Subscription, error) {
	sub, err := scanSubscription(tx.queryRow(ctx, `SELECT `+subscriptionColumns+` FROM billing_subscriptions s
		JOIN organizations o ON o.id = s.organization_id WHERE s.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoSubscription
	}
	return sub, err
}

// SetSubscriptionStatus sets the status of a subscription of scope, with its audit entry.
func (s *BillingStore) SetSubscriptionStatus(ctx context.Context, scope growthdesk.Scope, id, status string, audit growthdesk.AuditEntry) (*growthdesk.Subscription, error) {
	return s.changeSubscription(ctx, scope, id, audit,
		`status = ?, updated_at = ?, cancelled_at = CASE WHEN ? = 'cancelled' THEN COALESCE(cancelled_at, ?) ELSE NULL END`,
		func(now time.Time) []any { return []any{status, now, status, now} })
}

// changeSubscription sets the columns of a subscription of scope (set, with the arguments
// args gives for the transaction's time) with its audit entry, and answers the subscription
// after it; errNoSubscription for another organization's id as for an unknown one.
func (s *BillingStore) changeSubscription(ctx context.Context, scope growthdesk.Scope, id string, audit growthdesk.AuditEntry,
	set string, args func(now time.Time) []any) (*growthdesk.Subscription, error) {
	where, scopeArgs := scopeWhere(scope, "organization_id")
	return inTxResult(ctx, s.db, func(tx *Tx) (*growthdesk.Subscription, error) {
		res, err := tx.exec(ctx, `UPDATE billing_subscriptions SET `+set+` WHERE id = ? AND `+where,
			append(append(args(tx.now), id), scopeArgs...)...)
		if err != nil {
			return nil, err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil, errNoSubscription
		}
		if err := tx.writeAudit(ctx, audit); err != nil {
			return nil, err
		}
		return tx.getSubscription(ctx, id)
	})
}

// DeleteSubscription removes a subscription record of scope, with its audit entry.
func (s *BillingStore) DeleteSubscription(ctx context.Context, scope growthdesk.Scope, id string, audit growthdesk.AuditEntry) error {
	where, args := scopeWhere(scope, "organization_id")
	return s.db.inTx(ctx, func(tx *Tx) error {
		res, err := tx.exec(ctx, `DELETE FROM billing_subscriptions WHERE id = ? AND `+where, append([]any{id}, args...)...)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errNoSubscription
		}
		return tx.writeAudit(ctx, audit)
	})
}

// SetCancelAtPeriodEnd schedules or unschedules the end of a subscription of scope, with its
// audit entry.
func (s *BillingStore) SetCancelAtPeriodEnd(ctx context.Context, scope growthdesk.Scope, id string, cancel bool, audit growthdesk.AuditEntry) (*growthdesk.Subscription, error) {
	return s.changeSubscription(ctx, scope, id, audit, `cancel_at_period_end = ?, updated_at = ?`,
		func(now time.Time) []any { return []any{cancel, now} })
}

// Summary computes the overview's tiles of scope in the catalogue's first currency: revenue
// from paid invoices, active subscriptions, their amount per month, and churn since since.
func (s *BillingStore) Summary(ctx context.Context, scope growthdesk.Scope, since time.Time) (*growthdesk.BillingSummary, error) {
	where, args := scopeWhere(scope, "organization_id")
	out := &growthdesk.BillingSummary{Currency: "usd"}
	var cur sql.NullString
	if err := s.db.queryRow(ctx, `SELECT currency FROM billing_plans WHERE active = TRUE ORDER BY sort_order, amount LIMIT 1`).Scan(&cur); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	if cur.Valid {
		out.Currency = cur.String
	}
	if err := s.db.queryRow(ctx, `SELECT COALESCE(SUM(amount), 0) FROM billing_invoices WHERE status = 'paid' AND currency = ? AND `+where,
		append([]any{out.Currency}, args...)...).Scan(&out.TotalRevenue); err != nil {
		return nil, err
	}
	var monthly, yearly int64
	if err := s.db.queryRow(ctx, `SELECT COUNT(*),
		COALESCE(SUM(CASE WHEN billing_cycle = 'monthly' AND currency = ? THEN amount ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN billing_cycle = 'yearly' AND currency = ? THEN amount ELSE 0 END), 0)
		FROM billing_subscriptions WHERE status = 'active' AND `+where, append([]any{out.Currency, out.Currency}, args...)...).Scan(&out.ActiveSubscriptions, &monthly, &yearly); err != nil {
		return nil, err
	}
	out.MonthlyRecurring = monthly + int64(math.Round(float64(yearly)/12))
	var churned int
	if err := s.db.queryRow(ctx, `SELECT COUNT(*) FROM billing_subscriptions WHERE status = 'cancelled' AND cancelled_at >= ? AND `+where,
		append([]any{since.UTC()}, args...)...).Scan(&churned); err != nil {
		return nil, err
	}
	if base := out.ActiveSubscriptions + churned; base > 0 {
		out.ChurnRate = math.Round(float64(churned)*1000/float64(base)) / 10
	}
	return out, nil
}

// NextBillingDate is the next billing date of an active subscription inside scope that
// renews (nil when none).
func (s *BillingStore) NextBillingDate(ctx context.Context, scope growthdesk.Scope) (*time.Time, error) {
	where, args := scopeWhere(scope, "organization_id")
	var next sql.NullTime
	err := s.db.queryRow(ctx, `SELECT next_billing_date FROM billing_subscriptions WHERE `+where+` AND status = 'active'
		AND cancel_at_period_end = FALSE AND next_billing_date IS NOT NULL ORDER BY next_billing_date LIMIT 1`, args...).Scan(&next)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return nullTime(next), err
}

func timeArg(t *time.Time) any {
	if t == nil {
		return nil
	}
	return t.UTC().Truncate(time.Microsecond)
}

// ApplyEvent records a provider event and applies it in one transaction with its e-mails.
// A redelivered event id changes nothing and answers false. State carried by an event older
// than what is stored is not applied (events may arrive out of order), and a cancelled
// subscription or a paid invoice stays so. An event of an organization outside scope is
// recorded and not applied, like one of an unknown customer.
func (s *BillingStore) ApplyEvent(ctx context.Context, scope growthdesk.Scope, ev *growthdesk.BillingEvent, mails []*growthdesk.Email) (bool, error) {
	return inTxResult(ctx, s.db, func(tx *Tx) (bool, error) {
		res, err := tx.exec(ctx, `INSERT INTO billing_events (provider, id, type, created_at, received_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT DO NOTHING`, ev.Provider, ev.ID, ev.Type, ev.Created.UTC(), tx.now)
		if err != nil {
			return false, err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return false, nil
		}
		if ev.OrganizationID != "" && scope.Allows(ev.OrganizationID) {
			switch {
			case ev.Checkout != nil:
				err = tx.applyCheckout(ctx, ev)
			case ev.Subscription != nil:
				err = tx.applySubscription(ctx, ev)
			case ev.Invoice != nil:
				err = tx.applyInvoice(ctx, ev)
			}
			if err != nil {
				return false, err
			}
			if err := tx.enqueueMail(ctx, mails...); err != nil {
				return false, err
			}
		}
		return true, nil
	})
}

func (tx *Tx) applyCheckout(ctx context.Context, ev *growthdesk.BillingEvent) error {
	co := ev.Checkout
	paid := co.PaymentStatus == "paid" || co.PaymentStatus == "no_payment_required"
	if _, err := tx.exec(ctx, `UPDATE billing_checkout_sessions SET status = 'complete', paid = ?, completed_at = ? WHERE id = ?`,
		paid, ev.Created.UTC(), co.SessionID); err != nil {
		return err
	}
	var cs growthdesk.CheckoutSession
	err := tx.queryRow(ctx, `SELECT plan_name, price_id, amount, currency, mode, billing_interval FROM billing_checkout_sessions WHERE id = ?`,
		co.SessionID).Scan(&cs.PlanName, &cs.PriceID, &cs.Amount, &cs.Currency, &cs.Mode, &cs.Interval)
	if errors.Is(err, sql.ErrNoRows) {
		return nil // a checkout started elsewhere (the provider's dashboard): the subscription events carry it
	} else if err != nil {
		return err
	}
	if co.SubscriptionID == "" {
		if !paid || cs.Mode != growthdesk.PlanModePayment {
			return nil
		}
		// A one-time purchase: its bill is the provider's invoice of the checkout when there is
		// one (the same row its invoice.paid event fills in), else the paid checkout itself;
		// its document is the invoice's page or the payment's receipt.
		providerInvoiceID := co.InvoiceID
		if providerInvoiceID == "" {
			providerInvoiceID = co.SessionID
		}
		if _, err := tx.exec(ctx, `INSERT INTO billing_invoices (id, organization_id, provider, provider_invoice_id, number, amount, currency,
			status, paid_at, document_url, provider_event_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'paid', ?, ?, ?, ?, ?)
			ON CONFLICT DO NOTHING`,
			growthdesk.NewID(), ev.OrganizationID, ev.Provider, providerInvoiceID, co.InvoiceNumber, cs.Amount, cs.Currency, ev.Created.UTC(),
			co.DocumentURL, ev.Created.UTC(), tx.now, tx.now); err != nil {
			return err
		}
		if co.DocumentURL == "" {
			return nil
		}
		_, err := tx.exec(ctx, `UPDATE billing_invoices SET document_url = ? WHERE provider = ? AND provider_invoice_id = ? AND document_url = ''`,
			co.DocumentURL, ev.Provider, providerInvoiceID)
		return err
	}
	var existing string
	err = tx.queryRow(ctx, `SELECT id FROM billing_subscriptions WHERE provider = ? AND provider_subscription_id = ?`,
		ev.Provider, co.SubscriptionID).Scan(&existing)
	if err == nil {
		return nil // the subscription's own events are the truth about it
	} else if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	status, providerStatus := growthdesk.SubscriptionActive, "active"
	if !paid {
		status, providerStatus = growthdesk.SubscriptionPastDue, "incomplete"
	}
	_, err = tx.exec(ctx, `INSERT INTO billing_subscriptions (id, organization_id, plan_name, price_id, amount, currency, billing_cycle, status,
		provider, provider_customer_id, provider_subscription_id, provider_status, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		growthdesk.NewID(), ev.OrganizationID, cs.PlanName, cs.PriceID, cs.Amount, cs.Currency, (&growthdesk.Plan{Mode: cs.Mode, Interval: cs.Interval}).BillingCycle(),
		status, ev.Provider, ev.CustomerID, co.SubscriptionID, providerStatus, tx.now, tx.now)
	return err
}

func (tx *Tx) applySubscription(ctx context.Context, ev *growthdesk.BillingEvent) error {
	sub := ev.Subscription
	var id, storedProviderStatus string
	var eventAt sql.NullTime
	err := tx.queryRow(ctx, `SELECT id, provider_status, provider_event_at FROM billing_subscriptions WHERE provider = ? AND provider_subscription_id = ?`,
		ev.Provider, sub.ID).Scan(&id, &storedProviderStatus, &eventAt)
	exists := err == nil
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	deleted := ev.Type == growthdesk.EventSubscriptionDeleted
	if exists && !deleted {
		switch {
		case storedProviderStatus == "canceled":
			return nil // about a subscription that has ended
		case eventAt.Valid && ev.Created.Before(eventAt.Time):
			return nil // older news
		case eventAt.Valid && ev.Created.Equal(eventAt.Time) &&
			growthdesk.ProviderStatusRank(sub.Status) < growthdesk.ProviderStatusRank(storedProviderStatus):
			// News of the same second that would move the subscription back in its life
			// (created as incomplete after updated to active): the older of the two.
			return nil
		}
	}
	providerStatus := sub.Status
	if deleted {
		providerStatus = "canceled"
	}
	status := growthdesk.PortalStatus(providerStatus)
	planName := sub.PriceID
	if p, err := scanPlan(tx.queryRow(ctx, `SELECT `+planColumns+` FROM billing_plans WHERE price_id = ?`, sub.PriceID)); err == nil {
		planName = p.Name
	} else if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	cycle := (&growthdesk.Plan{Mode: growthdesk.PlanModeSubscription, Interval: sub.Interval}).BillingCycle()
	brand, last4 := "", ""
	if sub.PaymentMethod != nil {
		brand, last4 = sub.PaymentMethod.Brand, sub.PaymentMethod.Last4
	}
	created := ev.Created.UTC()
	// created_at is when the provider created the subscription when the event says so: of an
	// organization's live subscriptions the newest replaces the others (Billing.settle), and
	// the order of arrival is not the order of purchase.
	startedAt, startedArg := tx.now, any(nil)
	if sub.Created != nil {
		startedAt, startedArg = sub.Created.UTC(), sub.Created.UTC()
	}
	if !exists {
		_, err := tx.exec(ctx, `INSERT INTO billing_subscriptions (id, organization_id, plan_name, price_id, amount, currency, billing_cycle,
			status, next_billing_date, provider, provider_customer_id, provider_subscription_id, provider_status, cancel_at_period_end,
			payment_method_brand, payment_method_last4, provider_event_at, cancelled_at, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			growthdesk.NewID(), ev.OrganizationID, planName, sub.PriceID, sub.Amount, sub.Currency, cycle, status, timeArg(sub.CurrentPeriodEnd),
			ev.Provider, ev.CustomerID, sub.ID, providerStatus, sub.CancelAtPeriodEnd, brand, last4, created,
			cancelledAt(status, tx.now), startedAt, tx.now)
		return err
	}
	_, err = tx.exec(ctx, `UPDATE billing_subscriptions SET plan_name = ?, price_id = ?, amount = ?, currency = ?, billing_cycle = ?, status = ?,
		next_billing_date = ?, provider_status = ?, cancel_at_period_end = ?,
		payment_method_brand = CASE WHEN ? = '' THEN payment_method_brand ELSE ? END,
		payment_method_last4 = CASE WHEN ? = '' THEN payment_method_last4 ELSE ? END,
		provider_event_at = ?, cancelled_at = CASE WHEN ? = 'cancelled' THEN COALESCE(cancelled_at, ?) ELSE NULL END, updated_at = ?,
		created_at = COALESCE(?, created_at)
		WHERE id = ?`,
		planName, sub.PriceID, sub.Amount, sub.Currency, cycle, status, timeArg(sub.CurrentPeriodEnd), providerStatus, sub.CancelAtPeriodEnd,
		last4, brand, last4, last4, created, status, tx.now, tx.now, startedArg, id)
	return err
}

func cancelledAt(status string, now time.Time) any {
	if status == growthdesk.SubscriptionCancelled {
		return now
	}
	return nil
}

func (tx *Tx) applyInvoice(ctx context.Context, ev *growthdesk.BillingEvent) error {
	in := ev.Invoice
	created := ev.Created.UTC()
	var id, status string
	var eventAt time.Time
	err := tx.queryRow(ctx, `SELECT id, status, provider_event_at FROM billing_invoices WHERE provider = ? AND provider_invoice_id = ?`,
		ev.Provider, in.ID).Scan(&id, &status, &eventAt)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		if _, err := tx.exec(ctx, `INSERT INTO billing_invoices (id, organization_id, provider, provider_invoice_id, provider_subscription_id,
			number, amount, currency, status, period_start, period_end, paid_at, document_url, provider_event_at, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			growthdesk.NewID(), ev.OrganizationID, ev.Provider, in.ID, in.SubscriptionID, in.Number, in.Amount, in.Currency, in.Status,
			timeArg(in.PeriodStart), timeArg(in.PeriodEnd), timeArg(in.PaidAt), in.DocumentURL, created, tx.now, tx.now); err != nil {
			return err
		}
	case err != nil:
		return err
	case status == "paid" || created.Before(eventAt):
		// a paid invoice stays paid; older news changes nothing
	default:
		if _, err := tx.exec(ctx, `UPDATE billing_invoices SET number = ?, amount = ?, currency = ?, status = ?, period_start = ?, period_end = ?,
			paid_at = ?, document_url = ?, provider_event_at = ?, updated_at = ? WHERE id = ?`,
			in.Number, in.Amount, in.Currency, in.Status, timeArg(in.PeriodStart), timeArg(in.PeriodEnd), timeArg(in.PaidAt),
			in.DocumentURL, created, tx.now, id); err != nil {
			return err
		}
	}
	if in.SubscriptionID == "" {
		return nil
	}
	// The payment decides whether the subscription is in good standing, unless newer news
	// about the subscription arrived already.
	var from, to string
	switch ev.Type {
	case growthdesk.EventInvoicePaymentFailed:
		from, to = growthdesk.SubscriptionActive, growthdesk.SubscriptionPastDue
	case growthdesk.EventInvoicePaid:
		from, to = growthdesk.SubscriptionPastDue, growthdesk.SubscriptionActive
	default:
		return nil
	}
	_, err = tx.exec(ctx, `UPDATE billing_subscriptions SET status = ?, provider_event_at = ?, updated_at = ?
		WHERE provider = ? AND provider_subscription_id = ? AND status = ? AND (provider_event_at IS NULL OR provider_event_at <= ?)`,
		to, created, tx.now, ev.Provider, in.SubscriptionID, from, created)
	return err
}

// InvoiceDocument returns an invoice by the provider's id, with its organization's name.
func (s *BillingStore) InvoiceDocument(ctx context.Context, provider, providerInvoiceID string) (*growthdesk.Invoice, string, error) {
	var in growthdesk.Invoice
	var org string
	var ps, pe, paid sql.NullTime
	err := s.db.queryRow(ctx, `SELECT i.id, i.number, i.amount, i.currency, i.status, i.period_start, i.period_end, i.paid_at,
		i.document_url, i.created_at, o.name FROM billing_invoices i JOIN organizations o ON o.id = i.organization_id
		WHERE i.provider = ? AND i.provider_invoice_id = ?`, provider, providerInvoiceID).Scan(
		&in.ID, &in.Number, &in.Amount, &in.Currency, &in.Status, &ps, &pe, &paid, &in.DocumentURL, &in.CreatedAt, &org)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, "", growthdesk.Errorf(growthdesk.ENotFound, "There is no such invoice.")
	} else if err != nil {
		return nil, "", err
	}
	in.PeriodStart, in.PeriodEnd, in.PaidAt = nullTime(ps), nullTime(pe), nullTime(paid)
	in.CreatedAt = in.CreatedAt.UTC()
	return &in, org, nil
}
