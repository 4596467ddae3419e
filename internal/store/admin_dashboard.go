package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// AdminDashboardStore reads the admin dashboard's figures of accounts and organizations,
// and its Recent Activity from the audit log.
type AdminDashboardStore struct{ accounts *AccountStore }

// NewAdminDashboardStore returns an AdminDashboardStore on db.
func NewAdminDashboardStore(db *DB) *AdminDashboardStore {
	return &AdminDashboardStore{accounts: NewAccountStore(db)}
}

var _ growthdesk.AdminDashboardStore = (*AdminDashboardStore)(nil)

// CountAccounts counts every profile, whatever its approval state: the Total Users tile counts
// accounts that exist, pending and rejected ones included.
func (s *AdminDashboardStore) CountAccounts(ctx context.Context) (int, error) {
	var n int
	err := s.accounts.db.queryRow(ctx, "SELECT COUNT(*) FROM profiles").Scan(&n)
	return n, err
}

// CountOrganizations counts every organization.
func (s *AdminDashboardStore) CountOrganizations(ctx context.Context) (int, error) {
	var n int
	err := s.accounts.db.queryRow(ctx, "SELECT COUNT(*) FROM organizations").Scan(&n)
	return n, err
}

// CreatedSince returns when each account and organization created at or after since was created.
func (s *AdminDashboardStore) CreatedSince(ctx context.Context, since time.Time) (accounts, organizations []time.Time, err error) {
	if accounts, err = s.times(ctx, "SELECT created_at FROM profiles WHERE created_at >= ?", since); err != nil {
		return nil, nil, err
	}
	if organizations, err = s.times(ctx, "SELECT created_at FROM organizations WHERE created_at >= ?", since); err != nil {
		return nil, nil, err
	}
	return accounts, organizations, nil
}

func (s *AdminDashboardStore) times(ctx context.Context, q string, since time.Time) ([]time.Time, error) {
	db := s.accounts.db
	rows, err := db.query(ctx, q, since.UTC())
	if err != nil {
		return nil, err
	}
	return scanRows(rows, func(row rowScanner) (time.Time, error) {
		var t time.Time
		if err := row.Scan(&t); err != nil {
			return time.Time{}, err
		}
		return t.UTC(), nil
	})
}

// RecentActivity returns the newest audit entries whose action is not hidden, with the names
// a sentence about each needs: the target's current name whatever its type, a ticket's shown
// id, and the organization the entry concerns. A target deleted since keeps the name its entry
// recorded (details title, name or plan_name).
func (s *AdminDashboardStore) RecentActivity(ctx context.Context, limit int, hidden growthdesk.AuditFilter) ([]*growthdesk.AdminActivity, error) {
	return s.activity(ctx, limit, 0, growthdesk.SortAuditWhen, true, hidden)
}

// auditOrders are the ORDER BY of each order of the audit log; %[1]s is the direction. Entries
// without an actor (the system's, or a deleted account's) come last either way; ties go newest
// first, then by id, so that pages never overlap.
var auditOrders = map[string]string{
	growthdesk.SortAuditWhen: "a.created_at %[1]s, a.id %[1]s",
	growthdesk.SortAuditWho: "CASE WHEN ap.id IS NULL THEN 1 ELSE 0 END, LOWER(COALESCE(NULLIF(ap.full_name, ''), ap.email)) %[1]s, " +
		"a.created_at DESC, a.id",
	growthdesk.SortAuditAction: "a.action %[1]s, a.created_at DESC, a.id",
}

// ActivityPage returns the audit entries whose action is not hidden, in the order sort names,
// skipping offset of them, named as RecentActivity names them; and how many there are in all.
func (s *AdminDashboardStore) ActivityPage(ctx context.Context, limit, offset int, sort string, desc bool, hidden growthdesk.AuditFilter) ([]*growthdesk.AdminActivity, int, error) {
	where, args := auditFilterWhere(hidden)
	var total int
	if err := s.accounts.db.queryRow(ctx, "SELECT COUNT(*) FROM audit_log a WHERE "+where, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	list, err := s.activity(ctx, limit, offset, sort, desc, hidden)
	return list, total, err
}

func (s *AdminDashboardStore) activity(ctx context.Context, limit, offset int, sort string, desc bool, hidden growthdesk.AuditFilter) ([]*growthdesk.AdminActivity, error) {
	db := s.accounts.db
	where, args := auditFilterWhere(hidden)
	rows, err := db.query(ctx, `SELECT a.id, COALESCE(a.actor_id, ''), COALESCE(ap.email, ''), COALESCE(ap.full_name, ''),
		COALESCE(a.acted_as_id, ''), COALESCE(asp.email, ''), a.action, a.target_type, a.target_id,
		COALESCE(tp.email, ''), COALESCE(NULLIF(tp.full_name, ''), tp.email, tao.name, tft.title, tan.title, tt.title, tm.title, tpj.name,
			tau.name, tcat.name, tpl.name, tsub.plan_name, tld.name, ''),
		COALESCE(tp.id, tao.id, tft.id, tan.id, tt.id, tm.id, tpj.id, tau.id, trp.id, tcat.id, tpl.price_id, tsub.id, tld.id, ''),
		COALESCE(trp.type, ''), COALESCE(tt.number, 0), COALESCE(tor.name, tao.name, ''),
		a.details, a.ip, a.request_id, a.created_at
		FROM audit_log a
		LEFT JOIN profiles ap ON ap.id = a.actor_id
		LEFT JOIN profiles asp ON asp.id = a.acted_as_id
		LEFT JOIN profiles tp ON a.target_type = 'user' AND tp.id = a.target_id
		LEFT JOIN organizations tao ON a.target_type = 'organization' AND tao.id = a.target_id
		LEFT JOIN forum_topics tft ON a.target_type = 'forum_topic' AND tft.id = a.target_id
		LEFT JOIN global_announcements tan ON a.target_type = 'announcement' AND tan.id = a.target_id
		LEFT JOIN support_tickets tt ON a.target_type = 'ticket' AND tt.id = a.target_id
		LEFT JOIN meetings tm ON a.target_type = 'meeting' AND tm.id = a.target_id
		LEFT JOIN projects tpj ON a.target_type = 'project' AND tpj.id = a.target_id
		LEFT JOIN automations tau ON a.target_type = 'automation' AND tau.id = a.target_id
		LEFT JOIN reports trp ON a.target_type = 'report' AND trp.id = a.target_id
		LEFT JOIN support_categories tcat ON a.target_type = 'support_category' AND tcat.id = a.target_id
		LEFT JOIN billing_plans tpl ON a.target_type = 'plan' AND tpl.price_id = a.target_id
		LEFT JOIN billing_subscriptions tsub ON a.target_type = 'subscription' AND tsub.id = a.target_id
		LEFT JOIN leads tld ON a.target_type = 'lead' AND tld.id = a.target_id
		LEFT JOIN organizations tor ON tor.id = COALESCE(tt.organization_id, tm.organization_id, tpj.organization_id,
			tau.organization_id, trp.organization_id, tsub.organization_id)
		WHERE `+where+orderedPage(auditOrders, sort, growthdesk.SortAuditWhen, desc, limit, offset), args...)
	if err != nil {
		return nil, err
	}
	out, err := scanRows(rows, func(row rowScanner) (*growthdesk.AdminActivity, error) {
		var (
			e          growthdesk.AdminActivity
			details    string
			existingID string
			reportType string
			number     int64
		)
		if err := row.Scan(&e.ID, &e.ActorID, &e.ActorEmail, &e.ActorName, &e.ActedAsID, &e.ActedAsEmail, &e.Action, &e.TargetType,
			&e.TargetID, &e.TargetEmail, &e.TargetName, &existingID, &reportType, &number, &e.OrganizationName,
			&details, &e.IP, &e.RequestID, &e.CreatedAt); err != nil {
			return nil, err
		}
		_ = json.Unmarshal([]byte(details), &e.Details)
		e.CreatedAt = e.CreatedAt.UTC()
		e.TargetExists = existingID != ""
		if number > 0 {
			e.TargetCode = growthdesk.TicketCode(number)
		} else if code, ok := e.Details["code"].(string); ok && e.TargetType == "ticket" {
			e.TargetCode = code
		}
		if reportType != "" {
			e.TargetName = growthdesk.ReportName(reportType)
		}
		if e.TargetName == "" {
			for _, key := range []string{"title", "name", "plan_name"} {
				if v, ok := e.Details[key].(string); ok && v != "" {
					e.TargetName = v
					break
				}
			}
		}
		return &e, nil
	})
	if err != nil {
		return nil, err
	}
	return out, s.nameMovedTo(ctx, out)
}

// nameMovedTo sets OrganizationName of account.organization_change entries to the
// organization the account was moved to then (details.to), not the one it is in now.
func (s *AdminDashboardStore) nameMovedTo(ctx context.Context, list []*growthdesk.AdminActivity) error {
	for _, e := range list {
		if e.Action != growthdesk.AuditOrganizationChange {
			continue
		}
		to, _ := e.Details["to"].(string)
		if to == "" {
			continue
		}
		err := s.accounts.db.queryRow(ctx, "SELECT name FROM organizations WHERE id = ?", to).Scan(&e.OrganizationName)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
	}
	return nil
}
