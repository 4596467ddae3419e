package store

import (
	"context"
	"strings"
	"time"
)

// Bulk seeding for benchmarks and tests: thousands of tickets in a few statements, without
// the audit entries, e-mails and events of a request. Nothing that serves a request calls it.

// TicketSeedRow is one ticket for SeedTickets.
type TicketSeedRow struct {
	ID, Title, Description, Priority, Status string
	CategoryID, CustomerID, AssignedTo       *string
	OrganizationID                           string
	CreatedAt                                time.Time
}

// SeedTickets stores many tickets at once with multi-row inserts, numbering them and keeping
// the counts: for demo data and the benchmark, not for requests (nothing is audited).
func (s *SupportStore) SeedTickets(ctx context.Context, rows []TicketSeedRow) error {
	if len(rows) == 0 {
		return nil
	}
	if err := s.db.inTx(ctx, func(tx *Tx) error {
		var last int64
		if err := tx.queryRow(ctx, "UPDATE support_counters SET value = value + ? WHERE name = 'ticket' RETURNING value", len(rows)).Scan(&last); err != nil {
			return err
		}
		number := last - int64(len(rows))
		counts := map[[2]string]int{}
		const batch = 500
		for start := 0; start < len(rows); start += batch {
			end := min(start+batch, len(rows))
			var b strings.Builder
			b.WriteString(`INSERT INTO support_tickets (id, number, title, description, priority, status, category_id,
			customer_id, organization_id, assigned_to, created_at, updated_at) VALUES `)
			args := make([]any, 0, (end-start)*12)
			for i, r := range rows[start:end] {
				if i > 0 {
					b.WriteString(", ")
				}
				b.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
				number++
				created := r.CreatedAt.UTC().Truncate(time.Microsecond)
				args = append(args, r.ID, number, r.Title, r.Description, r.Priority, r.Status, r.CategoryID, r.CustomerID,
					r.OrganizationID, r.AssignedTo, created, created)
				counts[[2]string{r.OrganizationID, r.Status}]++
			}
			if _, err := tx.exec(ctx, b.String(), args...); err != nil {
				return err
			}
		}
		for k, n := range counts {
			if err := tx.bumpCount(ctx, k[0], k[1], n); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		return err
	}
	return s.db.checkpoint(ctx)
}
