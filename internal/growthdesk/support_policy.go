package growthdesk

var (
	errNoOrgTickets  = &Error{Code: EConflict, Message: "Your account is not part of an organization yet, so you cannot open or see support tickets. Contact us to be added to your organization."}
	errTicketMissing = &Error{Code: ENotFound, Message: "There is no such ticket."}
	errNoteForbidden = &Error{Code: EForbidden, Message: "Only staff can add internal notes."}
)

// CanViewTickets allows approved accounts to read and open tickets of their scope.
func CanViewTickets(c *Caller) error { return CanUsePortal(c) }

// CanManageTickets allows staff to change, delete and annotate any ticket.
func CanManageTickets(c *Caller) error { return RequireStaff(c) }

// CanWriteInternalNote allows staff only to add a response customers never see.
func CanWriteInternalNote(c *Caller) error {
	if err := CanViewTickets(c); err != nil {
		return err
	}
	if !c.Profile.IsStaff() {
		return errNoteForbidden
	}
	return nil
}

// CanManageCategories allows administrators to add and change categories.
func CanManageCategories(c *Caller) error { return RequireAdmin(c) }

func validStatus(s string) bool {
	switch s {
	case TicketStatusOpen, TicketStatusInProgress, TicketStatusResolved, TicketStatusClosed:
		return true
	}
	return false
}

func validPriority(s string) bool {
	switch s {
	case TicketPriorityLow, TicketPriorityMedium, TicketPriorityHigh, TicketPriorityUrgent:
		return true
	}
	return false
}

// ticketScope is the caller's scope for tickets; a customer without an organization gets
// a clear refusal instead of an empty list.
func ticketScope(c *Caller) (Scope, error) {
	if err := CanViewTickets(c); err != nil {
		return Scope{}, err
	}
	scope := c.Scope()
	if scope.Empty() {
		return scope, errNoOrgTickets
	}
	return scope, nil
}
