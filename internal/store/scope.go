package store

import "github.com/growthdesk/growthdesk/internal/growthdesk"

// scopeWhere is the condition that keeps a query of tenant data inside the caller's scope,
// for the organization id column named. Every query of tenant data adds it, so that a row of
// another organization is never read and its id answers ENotFound like an unknown id.
func scopeWhere(scope growthdesk.Scope, column string) (string, []any) {
	switch {
	case scope.All():
		return "1 = 1", nil
	case scope.Empty():
		return "1 = 0", nil
	default:
		return column + " = ?", []any{scope.Organization()}
	}
}
