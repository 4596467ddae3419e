import type { AdminActivity } from "~/lib/api-types.gen";
import { paths } from "~/lib/paths";

export type ActivityLine = {
  actor: string;
  verb: string;
  target?: { label: string; to?: string };
  after?: string;
};

type Target = NonNullable<ActivityLine["target"]>;
type Sentence = { verb: string; target?: Target; after?: string; actor?: string };

const ROLE_NAMES: Record<string, string> = { admin: "admin", employee: "employee", customer: "customer" };

const STATUS_WORDS: Record<string, string> = {
  open: "open",
  in_progress: "in progress",
  resolved: "resolved",
  closed: "closed",
  active: "active",
  cancelled: "cancelled",
  past_due: "past due",
};

const END_REASONS: Record<string, string> = {
  ended: "",
  replaced: "(started another impersonation)",
  signed_out: "(signed out)",
  session_ended: "(the session ended)",
  expired: "(60 minutes passed)",
  target_revoked: "(the account may no longer be impersonated)",
};

function detail(entry: AdminActivity, key: string): unknown {
  const details = entry.details as Record<string, unknown> | null | undefined;
  return details && typeof details === "object" ? details[key] : undefined;
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function actorName(entry: AdminActivity): string {
  return entry.actor_name || entry.actor_email || (entry.actor_id ? "A former account" : "An operator");
}

function actorOf(entry: AdminActivity): string {
  const who = actorName(entry);
  return entry.acted_as_email ? `${who} (acting as ${entry.acted_as_email})` : who;
}

/** What a target is called: its name from the server, else what the entry recorded, else a plain noun. */
function nameOf(entry: AdminActivity, fallback: string): string {
  return entry.target_name || text(detail(entry, "title")) || text(detail(entry, "name")) || fallback;
}

/** The page a target lives on, when it still exists. */
function linkOf(entry: AdminActivity): string | undefined {
  if (!entry.target_exists) return undefined;
  switch (entry.target_type) {
    case "user":
      return paths.portal.settings("admin", entry.target_email || undefined);
    case "organization":
    case "support_category":
      return paths.portal.settings("admin");
    case "announcement":
      return paths.portal.settings("announcements");
    case "forum_topic":
      return paths.portal.communityTopic(entry.target_id);
    case "ticket":
      return paths.portal.ticket(entry.target_id);
    case "meeting":
      return paths.portal.meetings;
    case "project":
      return paths.portal.projects;
    case "automation":
      return paths.portal.automations;
    case "report":
      return paths.portal.reports;
    case "subscription":
    case "plan":
      return paths.portal.billing;
    case "lead":
      return paths.portal.lead(entry.target_id);
    default:
      return undefined;
  }
}

function target(entry: AdminActivity, fallback: string, to = linkOf(entry)): Target {
  return to ? { label: nameOf(entry, fallback), to } : { label: nameOf(entry, fallback) };
}

function account(entry: AdminActivity): Target {
  return target(entry, entry.target_email || "an account that no longer exists");
}

function ticket(entry: AdminActivity): Target {
  const t = target(entry, "a ticket");
  return entry.target_code ? { ...t, label: `${t.label} (${entry.target_code})` } : t;
}

/** A subscription is named by its organization, with the plan when known. */
function subscription(entry: AdminActivity): Target {
  const org = entry.organization_name;
  const plan = entry.target_name || text(detail(entry, "plan_name"));
  const label = org ? (plan ? `${org} (${plan})` : org) : plan || "a subscription";
  const to = linkOf(entry);
  return to ? { label, to } : { label };
}

function forOrg(entry: AdminActivity): string | undefined {
  return entry.organization_name ? `for ${entry.organization_name}` : undefined;
}

function ofOrg(entry: AdminActivity): string | undefined {
  return entry.organization_name ? `of ${entry.organization_name}` : undefined;
}

function self(entry: AdminActivity): boolean {
  return entry.target_id === (entry.acted_as_id || entry.actor_id);
}

function moderation(entry: AdminActivity): string {
  const changes: string[] = [];
  const pinned = detail(entry, "pinned");
  const locked = detail(entry, "locked");
  if (typeof pinned === "boolean") changes.push(pinned ? "pinned" : "unpinned");
  if (typeof locked === "boolean") changes.push(locked ? "locked" : "unlocked");
  return changes.length ? changes.join(" and ") : "moderated";
}

function organizationChange(entry: AdminActivity): Sentence {
  const details = (entry.details ?? {}) as Record<string, unknown>;
  const org = entry.organization_name;
  if ("to" in details && !details.to) return { verb: "removed", target: account(entry), after: "from their organization" };
  if (details.to && details.from) return { verb: "moved", target: account(entry), after: `to ${org || "another organization"}` };
  if (details.to) return { verb: "added", target: account(entry), after: `to ${org || "an organization"}` };
  return { verb: "changed the organization of", target: account(entry) };
}

function ticketUpdate(entry: AdminActivity): Sentence {
  const status = text(detail(entry, "status"));
  if (status) return { verb: "set", target: ticket(entry), after: `to ${STATUS_WORDS[status] ?? status}` };
  const details = (entry.details ?? {}) as Record<string, unknown>;
  if ("assigned_to" in details) return { verb: details.assigned_to ? "assigned" : "unassigned", target: ticket(entry) };
  const priority = text(detail(entry, "priority"));
  if (priority) return { verb: "changed the priority of", target: ticket(entry), after: `to ${priority}` };
  if ("category_id" in details) return { verb: "changed the category of", target: ticket(entry) };
  return { verb: "updated", target: ticket(entry) };
}

function ticketResponse(entry: AdminActivity): Sentence {
  if (detail(entry, "is_internal") === true) return { verb: "added an internal note to", target: ticket(entry) };
  return { verb: "replied to", target: ticket(entry), after: detail(entry, "reopened") === true ? "and reopened it" : undefined };
}

function attachment(entry: AdminActivity): Sentence {
  const files = detail(entry, "files");
  const n = Array.isArray(files) ? files.length : 0;
  return { verb: n === 1 ? "attached a file to" : n > 1 ? `attached ${n} files to` : "attached files to", target: ticket(entry) };
}

/**
 * A sentence for every audit action the server writes (activity.test.ts checks each generated action has one).
 * The dashboard's Recent Activity leaves one person's own changes out (growthdesk.ActivityHidden); they keep a
 * sentence so the list reads well wherever it shows them.
 */
export const SENTENCES: Record<string, (entry: AdminActivity) => Sentence> = {
  // Accounts and organizations.
  "account.approve": (e) => ({ verb: "approved", target: account(e) }),
  "account.reject": (e) => ({ verb: "rejected", target: account(e) }),
  "account.role_change": (e) => {
    const role = ROLE_NAMES[text(detail(e, "to"))];
    return { verb: "changed the role of", target: account(e), after: role ? `to ${role}` : undefined };
  },
  "account.organization_change": organizationChange,
  "organization.create": (e) => ({ verb: "created the organization", target: target(e, "an organization") }),
  "profile.update": (e) => (self(e) ? { verb: "updated their profile" } : { verb: "updated the profile of", target: account(e) }),
  "profile.notifications_update": (e) =>
    self(e) ? { verb: "changed their notification settings" } : { verb: "changed the notification settings of", target: account(e) },
  "auth.password_failed": (e) => ({ actor: "Someone", verb: "entered a wrong password for", target: account(e) }),
  "auth.mfa_failed": (e) => ({ actor: "Someone", verb: "entered a wrong two-factor code for", target: account(e) }),
  "auth.otp_failed": (e) => ({ actor: "Someone", verb: "entered a wrong e-mailed code for", target: account(e) }),
  "auth.recovery_codes_generate": () => ({ verb: "made new two-factor recovery codes" }),
  "auth.recovery_code_use": () => ({ verb: "signed in with a recovery code" }),
  // Announcements.
  "announcement.create": (e) => ({
    verb: detail(e, "is_active") === false ? "drafted the announcement" : "published the announcement",
    target: target(e, "an announcement"),
  }),
  "announcement.activate": (e) => ({ verb: "activated the announcement", target: target(e, "an announcement") }),
  "announcement.deactivate": (e) => ({ verb: "deactivated the announcement", target: target(e, "an announcement") }),
  "announcement.delete": (e) => ({ verb: "deleted the announcement", target: target(e, "an announcement") }),
  "announcement.dismiss": (e) => ({ verb: "dismissed the announcement", target: target(e, "an announcement") }),
  // Impersonation.
  "impersonation.start": (e) => ({ verb: "started impersonating", target: account(e) }),
  "impersonation.request": (e) => ({
    actor: actorName(e),
    verb: "opened",
    target: { label: `${text(detail(e, "method"))} ${text(detail(e, "path"))}`.trim() || "a page" },
    after: `as ${account(e).label}`,
  }),
  // The sentence names whom they acted as already.
  "impersonation.end": (e) => ({
    actor: actorName(e),
    verb: "stopped impersonating",
    target: account(e),
    after: END_REASONS[text(detail(e, "reason"))] || undefined,
  }),
  // Meetings and calendars.
  "meeting.create": (e) => ({ verb: "scheduled the meeting", target: target(e, "a meeting"), after: e.organization_name ? `with ${e.organization_name}` : undefined }),
  "meeting.update": (e) => ({ verb: "updated the meeting", target: target(e, "a meeting"), after: e.organization_name ? `with ${e.organization_name}` : undefined }),
  "meeting.complete": (e) => ({ verb: "completed the meeting", target: target(e, "a meeting"), after: e.organization_name ? `with ${e.organization_name}` : undefined }),
  "meeting.cancel": (e) => ({ verb: "cancelled the meeting", target: target(e, "a meeting"), after: e.organization_name ? `with ${e.organization_name}` : undefined }),
  "calendar_feed.reset": (e) =>
    self(e) ? { verb: "made a new calendar feed link" } : { verb: "made a new calendar feed link for", target: account(e) },
  // Projects, automations and reports.
  "project.create": (e) => ({ verb: "created the project", target: target(e, "a project"), after: forOrg(e) }),
  "project.update": (e) => ({ verb: "updated the project", target: target(e, "a project"), after: forOrg(e) }),
  "project.delete": (e) => ({ verb: "deleted the project", target: target(e, "a project"), after: forOrg(e) }),
  "project.post_update": (e) => ({ verb: "posted a progress update on", target: target(e, "a project"), after: forOrg(e) }),
  "automation.create": (e) => ({ verb: "created the automation", target: target(e, "an automation"), after: forOrg(e) }),
  "automation.update": (e) => ({ verb: "updated the automation", target: target(e, "an automation"), after: forOrg(e) }),
  "automation.delete": (e) => ({ verb: "deleted the automation", target: target(e, "an automation"), after: forOrg(e) }),
  "automation.pause": (e) => ({ verb: "paused the automation", target: target(e, "an automation"), after: forOrg(e) }),
  "automation.resume": (e) => ({ verb: "resumed the automation", target: target(e, "an automation"), after: forOrg(e) }),
  "automation.token_rotate": (e) => ({ verb: "issued a new ingestion token for", target: target(e, "an automation"), after: forOrg(e) }),
  "report.generate": (e) => ({ verb: "generated the", target: target(e, "report"), after: ofOrg(e) }),
  "report.schedule": (e) => {
    const frequency = text(detail(e, "frequency"));
    const when = ofOrg(e);
    return frequency
      ? { verb: "scheduled the", target: target(e, "report"), after: [when, frequency].filter(Boolean).join(", ") }
      : { verb: "stopped the schedule of the", target: target(e, "report"), after: when };
  },
  // Billing.
  "billing.checkout_started": (e) => ({
    verb: "started a checkout for",
    target: e.target_exists ? { label: nameOf(e, "an organization"), to: paths.portal.billing } : { label: nameOf(e, "an organization") },
  }),
  "billing.subscription_status": (e) => {
    const to = text(detail(e, "to"));
    return { verb: "set the subscription of", target: subscription(e), after: to ? `to ${STATUS_WORDS[to] ?? to}` : undefined };
  },
  "billing.subscription_delete": (e) => ({ verb: "deleted the subscription of", target: subscription(e) }),
  "billing.subscription_cancel": (e) => ({ verb: "cancelled the subscription of", target: subscription(e), after: "at the end of the period" }),
  "billing.subscription_resume": (e) => ({ verb: "resumed the subscription of", target: subscription(e) }),
  "billing.subscription_replaced": (e) => ({ verb: "replaced the older subscription of", target: subscription(e), after: "with its new plan" }),
  "billing.plan_save": (e) => ({ verb: "saved the plan", target: target(e, "a plan") }),
  "billing.address_save": (e) => ({ verb: "changed the billing address of", target: target(e, "an organization") }),
  // The community forum.
  "forum.topic_create": (e) => ({ verb: "started the topic", target: target(e, "a forum topic") }),
  "forum.reply": (e) => ({ verb: "replied to", target: target(e, "a forum topic") }),
  "forum.post_edit": (e) => ({ verb: "edited a post in", target: target(e, "a forum topic") }),
  "forum.topic_moderate": (e) => ({ verb: moderation(e), target: target(e, "a forum topic") }),
  "forum.topic_delete": (e) => ({ verb: "deleted the topic", target: target(e, "a forum topic") }),
  "forum.post_delete": (e) => ({ verb: "deleted a reply in", target: target(e, "a forum topic") }),
  // The support desk.
  "ticket.create": (e) => ({ verb: "opened the ticket", target: ticket(e), after: forOrg(e) }),
  "ticket.update": ticketUpdate,
  "ticket.delete": (e) => ({ verb: "deleted the ticket", target: ticket(e) }),
  "ticket.respond": ticketResponse,
  "ticket.attach": attachment,
  "support_category.create": (e) => ({ verb: "added the support category", target: target(e, "a category") }),
  "support_category.update": (e) => ({ verb: "updated the support category", target: target(e, "a category") }),
  // Contact-form leads.
  "lead.handled": (e) => ({ verb: "marked the lead of", target: target(e, "a visitor"), after: "handled" }),
  "lead.reopened": (e) => ({ verb: "reopened the lead of", target: target(e, "a visitor") }),
};

/** An audit entry as a sentence a person reads: "Dana approved Priya Shah", linking to what it names. */
export function describeActivity(entry: AdminActivity): ActivityLine {
  const sentence = SENTENCES[entry.action];
  if (sentence) {
    const { actor, ...rest } = sentence(entry);
    return { actor: actor ?? actorOf(entry), ...rest };
  }
  // An action newer than this page: its words, still readable.
  const words = entry.action.replace(/[._]+/g, " ").trim().toLowerCase();
  return { actor: actorOf(entry), verb: `did “${words}” on`, target: { label: nameOf(entry, "the portal") } };
}

/** The whole sentence as plain text. */
export function activityText(line: ActivityLine): string {
  return [line.actor, line.verb, line.target?.label, line.after].filter(Boolean).join(" ");
}

const monthFormat = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

/** "2026-03" → "Mar 2026". */
export function monthLabel(month: string): string {
  const [year, m] = month.split("-").map(Number);
  if (!year || !m) return month;
  return monthFormat.format(new Date(Date.UTC(year, m - 1, 1)));
}

export const TICKET_STATUS_LABELS: Record<string, string> = {
  open: "Open",
  in_progress: "In Progress",
  resolved: "Resolved",
  closed: "Closed",
};
