package growthdesk

import (
	"context"
	"fmt"
	"regexp"
	"strings"
)

// SupportCategory is a kind of ticket, such as Billing or Technical Issue.
type SupportCategory struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Color     string `json:"color"`
	IsActive  bool   `json:"is_active"`
	SortOrder int    `json:"sort_order"`
}

// CategoryInput creates a category or changes one; nil leaves a field as it is.
type CategoryInput struct {
	Name      *string `json:"name,omitempty"`
	Color     *string `json:"color,omitempty"`
	IsActive  *bool   `json:"is_active,omitempty"`
	SortOrder *int    `json:"sort_order,omitempty"`
}

var colorPattern = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

// Validate checks the fields present; create says whether the name is required.
func (in *CategoryInput) Validate(create bool) error {
	c := fieldCheck{}
	if in.Name != nil {
		n := strings.TrimSpace(*in.Name)
		in.Name = &n
		if c.required("name", n, "Enter a name.") {
			c.maxLen("name", n, CategoryNameMax, fmt.Sprintf("Use at most %d characters.", CategoryNameMax))
		}
	} else if create {
		c.add("name", "Enter a name.")
	}
	if in.Color != nil {
		col := strings.ToLower(strings.TrimSpace(*in.Color))
		in.Color = &col
		if !colorPattern.MatchString(col) {
			c.add("color", "Use a color like #2563eb.")
		}
	}
	if in.SortOrder != nil && (*in.SortOrder < 0 || *in.SortOrder > 10000) {
		c.add("sort_order", "Use a number from 0 to 10000.")
	}
	return c.err()
}

// Categories lists the active categories in sort order; all (administrators only) adds the
// inactive ones, for Settings.
func (s *Support) Categories(ctx context.Context, c *Caller, all bool) ([]*SupportCategory, error) {
	if err := CanViewTickets(c); err != nil {
		return nil, err
	}
	if all {
		if err := CanManageCategories(c); err != nil {
			return nil, err
		}
	}
	return s.Store.ListCategories(ctx, all)
}

// CreateCategory adds a category (administrators).
func (s *Support) CreateCategory(ctx context.Context, c *Caller, in CategoryInput) (*SupportCategory, error) {
	if err := CanManageCategories(c); err != nil {
		return nil, err
	}
	if err := in.Validate(true); err != nil {
		return nil, err
	}
	if in.Color == nil {
		col := defaultCategoryColor
		in.Color = &col
	}
	return s.Store.CreateCategory(ctx, in, c.Audit(AuditCategoryCreate, "support_category", "", map[string]any{"name": *in.Name}))
}

// UpdateCategory renames, recolors, reorders, deactivates or reactivates a category.
func (s *Support) UpdateCategory(ctx context.Context, c *Caller, id string, in CategoryInput) (*SupportCategory, error) {
	if err := CanManageCategories(c); err != nil {
		return nil, err
	}
	if err := in.Validate(false); err != nil {
		return nil, err
	}
	details := map[string]any{}
	if in.Name != nil {
		details["name"] = *in.Name
	}
	if in.Color != nil {
		details["color"] = *in.Color
	}
	if in.IsActive != nil {
		details["is_active"] = *in.IsActive
	}
	if in.SortOrder != nil {
		details["sort_order"] = *in.SortOrder
	}
	return s.Store.UpdateCategory(ctx, id, in, c.Audit(AuditCategoryUpdate, "support_category", id, details))
}
