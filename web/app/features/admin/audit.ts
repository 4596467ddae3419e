import type { AuditAction } from "~/lib/api-types.gen";
import { formatCount, formatDateTime, formatMoney } from "~/lib/format";
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

/** What each detail the server records is called; a detail not named here is left out (ids, internal keys). */
const DETAIL_LABELS: Record<string, string> = {
  name: "Name",
  title: "Title",
  full_name: "Full name",
  email: "Email",
  company: "Company",
  status: "Status",
  priority: "Priority",
  category: "Category",
  type: "Type",
  reason: "Reason",
  start_time: "Starts",
  expires_at: "Ends",
  attendees: "Attendees",
  plan_name: "Plan",
  replaced_by_plan: "Replaced by",
  amount: "Price",
  mode: "Billing",
  interval: "Every",
  active: "Offered",
  is_active: "Active",
  is_internal: "Internal note",
  reopened: "Reopened",
  pinned: "Pinned",
  locked: "Locked",
  minutes_saved_per_run: "Minutes saved per run",
  hourly_cost_cents: "Hourly cost",
  frequency: "Frequency",
  period: "Period",
  progress: "Progress",
  remaining: "Remaining",
  count: "Count",
  files: "Files",
  target_role: "Role",
  path: "Page",
  organization_id: "Organization",
  email_notifications: "E-mail notifications",
  ticket_updates: "Ticket updates",
  forum_replies: "Forum replies",
  avatar_url: "Avatar",
};

/** Details in cents, shown as money in the entry's currency. */
const MONEY = new Set(["amount", "hourly_cost_cents"]);
/** Details that are instants. */
const TIMES = new Set(["start_time", "expires_at"]);

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** An id the server generated: never shown, only named. */
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/i;

function words(value: string): string {
  const text = value.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function show(key: string, value: unknown, record: Record<string, unknown>, nameOf: NameOf, empty: string): string | undefined {
  if (value === null || value === undefined || value === "") return empty;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") {
    if (MONEY.has(key)) return formatMoney(value, typeof record.currency === "string" && record.currency ? record.currency : "usd");
    if (key === "progress") return `${value}%`;
    return formatCount(value);
  }
  if (Array.isArray(value)) {
    const parts = value.map((v) => (typeof v === "string" ? nameOf(v) ?? v : undefined)).filter(Boolean);
    return parts.length ? parts.join(", ") : undefined;
  }
  if (typeof value === "string") {
    const named = nameOf(value);
    if (named) return named;
    if (ID.test(value)) return undefined;
    if (TIMES.has(key) || ISO_INSTANT.test(value)) return formatDateTime(value, { invalid: value });
    if (LABELS[value]) return LABELS[value];
    // Words the server stores as keys (statuses, priorities, frequencies) read as words.
    return /^[a-z_]+$/.test(value) && key !== "name" && key !== "title" ? words(value) : value;
  }
  return undefined;
}

/**
 * A readable line for the details of an audit entry: each known detail in words ("Hourly cost: $30.00",
 * "Status: In progress"), a change as "from → to". `nameOf` turns the ids an entry refers to (organizations)
 * into names; ids it cannot name, and internal keys, are left out rather than shown raw.
 */
export function describeDetails(details: unknown, nameOf: NameOf = () => undefined, action = ""): string {
  if (details === null || details === undefined || details === "") return "";
  if (typeof details === "string") return details;
  if (typeof details !== "object") return String(details);
  const record = details as Record<string, unknown>;
  const keys = Object.keys(record);
  const empty = action === "account.organization_change" ? "No organization" : "None";
  if ("from" in record && "to" in record) {
    const unnamed = action === "account.organization_change" ? "another organization" : "—";
    const [from, to] = [show("", record.from, record, nameOf, empty), show("", record.to, record, nameOf, empty)];
    return `${from ?? unnamed} → ${to ?? unnamed}`;
  }
  return keys
    .filter((key) => DETAIL_LABELS[key])
    .map((key) => [DETAIL_LABELS[key], show(key, record[key], record, nameOf, "None")] as const)
    .filter(([, value]) => value !== undefined)
    .map(([label, value]) => `${label}: ${value}`)
    .join(", ");
}
