package growthdesk

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// AnnouncementType is how an announcement is shown (an alias of string, like Role).
type AnnouncementType = string

// Announcement types; each colors its banner.
const (
	AnnouncementTypeInfo    AnnouncementType = "info"
	AnnouncementTypeSuccess AnnouncementType = "success"
	AnnouncementTypeWarning AnnouncementType = "warning"
	AnnouncementTypeError   AnnouncementType = "error"
)

// Limits of an announcement's fields, in characters.
const (
	AnnouncementTitleMax   = 200
	AnnouncementContentMax = 2000
)

// Announcement is a message staff publish to every portal user. An active announcement whose
// ShowUntil has not passed appears as a banner at the top of every portal page until the user
// dismisses it.
type Announcement struct {
	ID        string           `json:"id"`
	Title     string           `json:"title"`
	Content   string           `json:"content"`
	Type      AnnouncementType `json:"type"`
	ShowUntil *time.Time       `json:"show_until"`
	// CreatedBy and CreatedByName name the staff member who wrote it; only staff receive
	// them (a customer's banner carries no staff account id or name).
	CreatedBy     *string   `json:"created_by,omitempty"`
	CreatedByName string    `json:"created_by_name,omitempty"`
	IsActive      bool      `json:"is_active"`
	CreatedAt     time.Time `json:"created_at"`
	UpdatedAt     time.Time `json:"updated_at"`
}

// AnnouncementInput is what staff send to create an announcement. IsActive defaults to true
// (an announcement shows as soon as it is created); false keeps it a draft to preview first.
type AnnouncementInput struct {
	Title     string           `json:"title"`
	Content   string           `json:"content"`
	Type      AnnouncementType `json:"type"`
	ShowUntil *time.Time       `json:"show_until"`
	IsActive  *bool            `json:"is_active,omitempty"`
}

// AnnouncementUpdate changes whether an announcement is shown.
type AnnouncementUpdate struct {
	IsActive *bool `json:"is_active"`
}

// errAnnouncementRequired is the alert for a missing title or content, word for word.
const errAnnouncementRequired = "Please fill in all required fields"

// Normalize trims the text and applies the default type.
func (in *AnnouncementInput) Normalize() {
	in.Title = strings.TrimSpace(in.Title)
	in.Content = strings.TrimSpace(in.Content)
	in.Type = strings.TrimSpace(in.Type)
	if in.Type == "" {
		in.Type = AnnouncementTypeInfo
	}
	if in.ShowUntil != nil {
		t := in.ShowUntil.UTC()
		in.ShowUntil = &t
	}
}

// Validate returns an EInvalid error listing every problem, or nil. now is the time a
// show-until date must lie after.
func (in AnnouncementInput) Validate(now time.Time) error {
	c := fieldCheck{}
	if c.required("title", in.Title, errAnnouncementRequired) {
		c.maxLen("title", in.Title, AnnouncementTitleMax, fmt.Sprintf("The title must be at most %d characters.", AnnouncementTitleMax))
	}
	if c.required("content", in.Content, errAnnouncementRequired) {
		c.maxLen("content", in.Content, AnnouncementContentMax, fmt.Sprintf("The content must be at most %d characters.", AnnouncementContentMax))
	}
	switch in.Type {
	case AnnouncementTypeInfo, AnnouncementTypeSuccess, AnnouncementTypeWarning, AnnouncementTypeError:
	default:
		c.add("type", "Choose info, success, warning or error.")
	}
	if in.ShowUntil != nil && !in.ShowUntil.After(now) {
		c.add("show_until", "Choose a time in the future, or leave it empty.")
	}
	if err := c.err(); err != nil {
		if e, ok := err.(*Error); ok && (c["title"] == errAnnouncementRequired || c["content"] == errAnnouncementRequired) {
			e.Message = errAnnouncementRequired
		}
		return err
	}
	return nil
}

// AnnouncementStore keeps announcements and who dismissed which. Writes take their audit entry
// and write it in the same transaction.
type AnnouncementStore interface {
	// ListAnnouncements returns every announcement, newest first.
	ListAnnouncements(ctx context.Context) ([]*Announcement, error)
	// ActiveAnnouncements returns the active announcements whose show-until is after now and
	// that userID has not dismissed, newest first.
	ActiveAnnouncements(ctx context.Context, userID string, now time.Time) ([]*Announcement, error)
	// GetAnnouncement returns ENotFound for an unknown id.
	GetAnnouncement(ctx context.Context, id string) (*Announcement, error)
	CreateAnnouncement(ctx context.Context, a *Announcement, audit AuditEntry) (*Announcement, error)
	// SetAnnouncementActive returns ENotFound for an unknown id.
	SetAnnouncementActive(ctx context.Context, id string, active bool, audit AuditEntry) (*Announcement, error)
	// DeleteAnnouncement returns ENotFound for an unknown id.
	DeleteAnnouncement(ctx context.Context, id string, audit AuditEntry) error
	// DismissAnnouncement records that userID dismissed the announcement (again is fine);
	// ENotFound for an unknown id.
	DismissAnnouncement(ctx context.Context, id, userID string, audit AuditEntry) error
}

// Announcements lets staff publish announcements and every portal user see and dismiss them.
type Announcements struct {
	Store AnnouncementStore
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

func (a *Announcements) now() time.Time {
	if a.Now != nil {
		return a.Now().UTC()
	}
	return time.Now().UTC()
}

// CanManageAnnouncements lets approved staff create, list, activate, deactivate and delete
// announcements.
func CanManageAnnouncements(c *Caller) error { return RequireStaff(c) }

// CanSeeAnnouncements lets every approved account see and dismiss the banners.
func CanSeeAnnouncements(c *Caller) error { return CanUsePortal(c) }

// List returns every announcement, newest first, for staff.
func (a *Announcements) List(ctx context.Context, c *Caller) ([]*Announcement, error) {
	if err := CanManageAnnouncements(c); err != nil {
		return nil, err
	}
	return a.Store.ListAnnouncements(ctx)
}

// Create publishes an announcement (active unless the input says otherwise).
func (a *Announcements) Create(ctx context.Context, c *Caller, in AnnouncementInput) (*Announcement, error) {
	if err := CanManageAnnouncements(c); err != nil {
		return nil, err
	}
	in.Normalize()
	if err := in.Validate(a.now()); err != nil {
		return nil, err
	}
	active := in.IsActive == nil || *in.IsActive
	by := c.Profile.ID
	ann := &Announcement{Title: in.Title, Content: in.Content, Type: in.Type, ShowUntil: in.ShowUntil, IsActive: active}
	if by != "" {
		ann.CreatedBy = &by
	}
	return a.Store.CreateAnnouncement(ctx, ann, c.Audit(AuditAnnouncementCreate, "announcement", "",
		map[string]any{"title": in.Title, "type": in.Type, "is_active": active}))
}

// SetActive activates or deactivates an announcement.
func (a *Announcements) SetActive(ctx context.Context, c *Caller, id string, upd AnnouncementUpdate) (*Announcement, error) {
	if err := CanManageAnnouncements(c); err != nil {
		return nil, err
	}
	if upd.IsActive == nil {
		return nil, Invalid(map[string]string{"is_active": "Send true or false."})
	}
	action := AuditAnnouncementDeactivate
	if *upd.IsActive {
		action = AuditAnnouncementActivate
	}
	return a.Store.SetAnnouncementActive(ctx, id, *upd.IsActive, c.Audit(action, "announcement", id, nil))
}

// Delete removes an announcement and its dismissals.
func (a *Announcements) Delete(ctx context.Context, c *Caller, id string) error {
	if err := CanManageAnnouncements(c); err != nil {
		return err
	}
	ann, err := a.Store.GetAnnouncement(ctx, id)
	if err != nil {
		return err
	}
	return a.Store.DeleteAnnouncement(ctx, id, c.Audit(AuditAnnouncementDelete, "announcement", id,
		map[string]any{"title": ann.Title}))
}

// Current returns the banners the caller sees now: active, not past their show-until, not
// dismissed by the account acted as.
func (a *Announcements) Current(ctx context.Context, c *Caller) ([]*Announcement, error) {
	if err := CanSeeAnnouncements(c); err != nil {
		return nil, err
	}
	list, err := a.Store.ActiveAnnouncements(ctx, c.Profile.ID, a.now())
	if err != nil || c.Profile.IsStaff() {
		return list, err
	}
	out := make([]*Announcement, len(list))
	for i, an := range list {
		banner := *an
		banner.CreatedBy, banner.CreatedByName = nil, ""
		out[i] = &banner
	}
	return out, nil
}

// Dismiss hides an announcement's banner for the account acted as, on every device.
func (a *Announcements) Dismiss(ctx context.Context, c *Caller, id string) error {
	if err := CanSeeAnnouncements(c); err != nil {
		return err
	}
	return a.Store.DismissAnnouncement(ctx, id, c.Profile.ID, c.Audit(AuditAnnouncementDismiss, "announcement", id, nil))
}
