import type { AuditAction } from "~/lib/api-types.gen";
import { APPROVAL_LABELS, ROLE_LABELS } from "./labels";

/**
 * Every action the server writes to the audit log, in words. `AuditAction` is generated from the Go
 * constants, so the type check fails when an action has no label here (and `audit.test.ts` checks
 * the generated constants one by one).
 */
export const ACTION_LABELS: Record<AuditAction, string> = {
  // Accounts and organizations.
  "account.approve": "Approved account",
  "account.reject": "Rejected account",
  "account.role_change": "Changed role",
  "account.organization_change": "Changed organization",
  "organization.create": "Created organization",
  "profile.update": "Updated their profile",
  "profile.notifications_update": "Changed their notification settings",
  // Announcements.
  "announcement.create": "Created an announcement",
  "announcement.activate": "Turned an announcement on",
  "announcement.deactivate": "Turned an announcement off",
  "announcement.delete": "Deleted an announcement",
  "announcement.dismiss": "Dismissed an announcement",
  // Billing.
  "billing.checkout_started": "Started a checkout",
  "billing.subscription_status": "Changed a subscription's status",
  "billing.subscription_delete": "Deleted a subscription",
  "billing.subscription_cancel": "Canceled a subscription at the end of the period",
  "billing.subscription_resume": "Resumed a subscription",
  "billing.subscription_replaced": "Replaced a subscription with a newer one",
  "billing.plan_save": "Saved a plan",
  "billing.address_save": "Changed the billing address",
  // The community forum.
  "forum.topic_create": "Started a forum topic",
  "forum.reply": "Replied in the forum",
  "forum.post_edit": "Edited a forum post",
  "forum.topic_moderate": "Moderated a forum topic",
  "forum.topic_delete": "Deleted a forum topic",
  "forum.post_delete": "Deleted a forum post",
  // Impersonation.
  "impersonation.start": "Started impersonating",
  "impersonation.end": "Stopped impersonating",
  "impersonation.request": "Opened a page while impersonating",
  // Meetings and calendar feeds.
  "meeting.create": "Scheduled a meeting",
  "meeting.update": "Changed a meeting",
  "meeting.complete": "Marked a meeting completed",
  "meeting.cancel": "Canceled a meeting",
  "calendar_feed.reset": "Reset their calendar feed link",
  // The client workspace.
  "project.create": "Created a project",
  "project.update": "Changed a project",
  "project.delete": "Deleted a project",
  "project.post_update": "Posted a project update",
  "automation.create": "Created an automation",
  "automation.update": "Changed an automation",
  "automation.delete": "Deleted an automation",
  "automation.pause": "Paused an automation",
  "automation.resume": "Resumed an automation",
  "automation.token_rotate": "Replaced an automation's token",
  "report.generate": "Generated a report",
  "report.schedule": "Changed a report's schedule",
  // The support desk.
  "ticket.create": "Opened a ticket",
  "ticket.update": "Updated a ticket",
  "ticket.delete": "Deleted a ticket",
  "ticket.respond": "Replied to a ticket",
  "ticket.attach": "Attached files to a ticket",
  "support_category.create": "Created a support category",
  "support_category.update": "Changed a support category",
  // Contact-form leads.
  "lead.handled": "Marked a lead handled",
  "lead.reopened": "Reopened a lead",
  // Failed attempts, counted for the sign-in lockout.
  "auth.password_failed": "Wrong password entered",
  "auth.mfa_failed": "Wrong two-factor code entered",
  "auth.otp_failed": "Wrong e-mailed code entered",
  // Two-factor recovery codes.
  "auth.recovery_codes_generate": "Made new two-factor recovery codes",
  "auth.recovery_code_use": "Signed in with a recovery code",
};

/** The action of an audit entry in words; an action this page does not know reads as words ("ticket.close" → "Ticket close"). */
export function describeAction(action: string): string {
  const known = (ACTION_LABELS as Record<string, string | undefined>)[action];
  if (known) return known;
  const words = action.replace(/[._]+/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : action;
}

type NameOf = (value: string) => string | undefined;

const LABELS: Record<string, string> = { ...ROLE_LABELS, ...APPROVAL_LABELS };

function show(value: unknown, nameOf: NameOf, empty: string): string {
  if (value === null || value === undefined || value === "") return empty;
  if (typeof value === "string") return nameOf(value) ?? LABELS[value] ?? value;
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/**
 * A readable line for the details of an audit entry, whatever shape the server gives them. `nameOf` turns
 * ids the log refers to (organizations) into names where it knows them.
 */
export function describeDetails(details: unknown, nameOf: NameOf = () => undefined, action = ""): string {
  if (details === null || details === undefined || details === "") return "";
  if (typeof details === "string") return details;
  if (typeof details !== "object") return String(details);
  const record = details as Record<string, unknown>;
  const keys = Object.keys(record);
  const empty = action === "account.organization_change" ? "No organization" : "none";
  if (keys.length === 2 && "from" in record && "to" in record) {
    return `${show(record.from, nameOf, empty)} → ${show(record.to, nameOf, empty)}`;
  }
  if (action === "organization.create" && keys.length === 1 && typeof record.name === "string") return `Name: ${record.name}`;
  return keys
    .map((key) => {
      const label = key.replace(/_/g, " ");
      return `${label.charAt(0).toUpperCase()}${label.slice(1)}: ${show(record[key], nameOf, "none")}`;
    })
    .join(", ");
}
