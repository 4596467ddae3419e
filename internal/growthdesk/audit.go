package growthdesk

// AuditAction is what an audit log entry records was done. It is an alias so that Go code
// keeps using plain strings while the generated TypeScript gets the union of the actions, and
// the web's audit log has a human label for each (a test fails for an action without one).
type AuditAction = string

// Audit actions: every action the Go code writes to the audit log, in one group so that the
// web's labels can be checked against it. A new action goes here, never into its feature's
// file (TestAuditActions_AllInOneGroup).
const (
	// Accounts and organizations.
	AuditApprove            AuditAction = "account.approve"
	AuditReject             AuditAction = "account.reject"
	AuditRoleChange         AuditAction = "account.role_change"
	AuditOrganizationChange AuditAction = "account.organization_change"
	AuditOrganizationCreate AuditAction = "organization.create"
	// A user's changes to their own account, audited like staff actions so that a staff member
	// acting as the user is seen.
	AuditProfileUpdate       AuditAction = "profile.update"
	AuditNotificationsUpdate AuditAction = "profile.notifications_update"
	// Announcements.
	AuditAnnouncementCreate     AuditAction = "announcement.create"
	AuditAnnouncementActivate   AuditAction = "announcement.activate"
	AuditAnnouncementDeactivate AuditAction = "announcement.deactivate"
	AuditAnnouncementDelete     AuditAction = "announcement.delete"
	AuditAnnouncementDismiss    AuditAction = "announcement.dismiss"
	// Billing.
	AuditCheckoutStart      AuditAction = "billing.checkout_started"
	AuditSubscriptionStatus AuditAction = "billing.subscription_status"
	AuditSubscriptionDelete AuditAction = "billing.subscription_delete"
	AuditSubscriptionCancel AuditAction = "billing.subscription_cancel"
	AuditSubscriptionResume AuditAction = "billing.subscription_resume"
	// AuditSubscriptionReplaced records a subscription cancelled because a newer one of the
	// same organization became active (a plan change, or a second purchase that slipped
	// through): an organization pays for one subscription at a time.
	AuditSubscriptionReplaced AuditAction = "billing.subscription_replaced"
	AuditPlanSave             AuditAction = "billing.plan_save"
	AuditBillingAddress       AuditAction = "billing.address_save"
	// The community forum.
	AuditForumTopicCreate   AuditAction = "forum.topic_create"
	AuditForumReply         AuditAction = "forum.reply"
	AuditForumPostEdit      AuditAction = "forum.post_edit"
	AuditForumTopicModerate AuditAction = "forum.topic_moderate"
	AuditForumTopicDelete   AuditAction = "forum.topic_delete"
	AuditForumPostDelete    AuditAction = "forum.post_delete"
	// Impersonation.
	AuditImpersonationStart AuditAction = "impersonation.start"
	AuditImpersonationEnd   AuditAction = "impersonation.end"
	// AuditImpersonationRequest records one request made while impersonating, reads and
	// downloads included, with its method and path: what a staff member saw as the account.
	AuditImpersonationRequest AuditAction = "impersonation.request"
	// Meetings and calendar feeds.
	AuditMeetingCreate   AuditAction = "meeting.create"
	AuditMeetingUpdate   AuditAction = "meeting.update"
	AuditMeetingComplete AuditAction = "meeting.complete"
	AuditMeetingCancel   AuditAction = "meeting.cancel"
	AuditCalendarFeed    AuditAction = "calendar_feed.reset"
	// The client workspace: projects, automations, reports.
	AuditProjectCreate     AuditAction = "project.create"
	AuditProjectUpdate     AuditAction = "project.update"
	AuditProjectDelete     AuditAction = "project.delete"
	AuditProjectPostUpdate AuditAction = "project.post_update"
	AuditAutomationCreate  AuditAction = "automation.create"
	AuditAutomationUpdate  AuditAction = "automation.update"
	AuditAutomationDelete  AuditAction = "automation.delete"
	AuditAutomationPause   AuditAction = "automation.pause"
	AuditAutomationResume  AuditAction = "automation.resume"
	AuditAutomationToken   AuditAction = "automation.token_rotate"
	AuditReportGenerate    AuditAction = "report.generate"
	AuditReportSchedule    AuditAction = "report.schedule"
	// The support desk.
	AuditTicketCreate   AuditAction = "ticket.create"
	AuditTicketUpdate   AuditAction = "ticket.update"
	AuditTicketDelete   AuditAction = "ticket.delete"
	AuditTicketRespond  AuditAction = "ticket.respond"
	AuditTicketAttach   AuditAction = "ticket.attach"
	AuditCategoryCreate AuditAction = "support_category.create"
	AuditCategoryUpdate AuditAction = "support_category.update"
	// Contact-form leads.
	AuditLeadHandled  AuditAction = "lead.handled"
	AuditLeadReopened AuditAction = "lead.reopened"
	// Failed attempts the auth service counts per account for its lockout (written by the
	// store, no actor: the attempt was not signed in).
	AuditPasswordFailed AuditAction = "auth.password_failed"
	AuditMFAFailed      AuditAction = "auth.mfa_failed"
	AuditOTPFailed      AuditAction = "auth.otp_failed"
	// Two-factor recovery codes: a new set made (replacing any old one), and one code spent
	// at sign-in instead of an authenticator code.
	AuditRecoveryCodesGenerate AuditAction = "auth.recovery_codes_generate"
	AuditRecoveryCodeUse       AuditAction = "auth.recovery_code_use"
)

// AuditFilter names what an audit list leaves out: single actions, and whole areas (the part
// of an action before its dot, "billing" for "billing.subscription_status").
type AuditFilter struct {
	Actions []AuditAction
	Areas   []string
}

// auditAreaBilling is the area of the billing actions. Their details (plans, amounts,
// checkout session ids, subscription changes) are admin-only like the billing overview.
const auditAreaBilling = "billing"

// auditFilterFor is the filter of what c may not read in an audit list, on top of the
// actions a list leaves out for its own reasons.
func auditFilterFor(c *Caller, actions []AuditAction) AuditFilter {
	f := AuditFilter{Actions: actions}
	if CanSeeBillingAudit(c) != nil {
		f.Areas = append(f.Areas, auditAreaBilling)
	}
	return f
}
