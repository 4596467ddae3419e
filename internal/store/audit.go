package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/growthdesk/growthdesk/internal/growthdesk"
)

// writeAudit adds an audit entry inside tx, so that it is recorded if and only if the change
// it describes is committed.
func (tx *Tx) writeAudit(ctx context.Context, e growthdesk.AuditEntry) error {
	details, err := json.Marshal(e.Details)
	if err != nil {
		return err
	}
	if e.Details == nil {
		details = []byte("{}")
	}
	// An entry is stamped with the transaction's time unless it records something that
	// happened earlier (an impersonation that expired before anyone noticed).
	at := tx.now
	if !e.CreatedAt.IsZero() {
		at = e.CreatedAt.UTC()
	}
	_, err = tx.exec(ctx, `INSERT INTO audit_log (id, actor_id, acted_as_id, action, target_type, target_id, details, ip, request_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, growthdesk.NewID(), nullString(e.ActorID), nullString(e.ActedAsID), e.Action, e.TargetType, e.TargetID,
		string(details), e.IP, e.RequestID, at)
	if err != nil {
		return fmt.Errorf("write audit entry: %w", err)
	}
	return nil
}

// auditFilterWhere is the condition on audit_log a that leaves out what hidden names.
func auditFilterWhere(hidden growthdesk.AuditFilter) (string, []any) {
	conds, args := []string{"1 = 1"}, []any{}
	if len(hidden.Actions) > 0 {
		conds = append(conds, "a.action NOT IN (?"+strings.Repeat(", ?", len(hidden.Actions)-1)+")")
		for _, h := range hidden.Actions {
			args = append(args, h)
		}
	}
	for _, area := range hidden.Areas {
		conds = append(conds, "a.action NOT LIKE ?")
		args = append(args, area+".%")
	}
	return strings.Join(conds, " AND "), args
}
