import type { AuditEntry } from "~/lib/api-types.gen";
import { paths } from "~/lib/paths";

export type ActivityLine = {
  actor: string;
  verb: string;
  target?: { label: string; to?: string };
  after?: string;
};

const ROLE_NAMES: Record<string, string> = { admin: "admin", employee: "employee", customer: "customer" };

function detail(entry: AuditEntry, key: string): unknown {
  const details = entry.details as Record<string, unknown> | null | undefined;
  return details && typeof details === "object" ? details[key] : undefined;
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function actorOf(entry: AuditEntry): string {
  const who = entry.actor_name || entry.actor_email || (entry.actor_id ? "A former account" : "An operator");
  return entry.acted_as_email ? `${who} (acting as ${entry.acted_as_email})` : who;
}

function targetOf(entry: AuditEntry): ActivityLine["target"] {
  switch (entry.target_type) {
    case "user":
      return { label: entry.target_name || entry.target_email || "an account that no longer exists", to: paths.portal.settings("admin") };
    case "organization":
      return {
        label: entry.target_name || text(detail(entry, "name")) || "an organization",
        to: paths.portal.settings("admin"),
      };
    case "forum_topic": {
      const label = entry.target_name || text(detail(entry, "title")) || "a forum topic";
      const gone = entry.action === "forum.topic_delete" || !entry.target_name;
      return gone ? { label } : { label, to: paths.portal.communityTopic(entry.target_id) };
    }
    default:
      if (!entry.target_type) return undefined;
      return { label: entry.target_name || entry.target_type.replace(/_/g, " ") };
  }
}

function moderation(entry: AuditEntry): string {
  const changes: string[] = [];
  const pinned = detail(entry, "pinned");
  const locked = detail(entry, "locked");
  if (typeof pinned === "boolean") changes.push(pinned ? "pinned" : "unpinned");
  if (typeof locked === "boolean") changes.push(locked ? "locked" : "unlocked");
  return changes.length ? changes.join(" and ") : "moderated";
}

/** An audit entry as a sentence a person reads: "Dana approved Priya Shah". */
export function describeActivity(entry: AuditEntry): ActivityLine {
  const actor = actorOf(entry);
  const target = targetOf(entry);
  switch (entry.action) {
    case "account.approve":
      return { actor, verb: "approved", target };
    case "account.reject":
      return { actor, verb: "rejected", target };
    case "account.role_change": {
      const role = ROLE_NAMES[text(detail(entry, "to"))];
      return { actor, verb: "changed the role of", target, after: role ? `to ${role}` : undefined };
    }
    case "account.organization_change": {
      const details = (entry.details ?? {}) as Record<string, unknown>;
      if ("to" in details && !details.to) return { actor, verb: "removed", target, after: "from their organization" };
      if (details.to && details.from) return { actor, verb: "moved", target, after: "to another organization" };
      if (details.to) return { actor, verb: "added", target, after: "to an organization" };
      return { actor, verb: "changed the organization of", target };
    }
    case "organization.create":
      return { actor, verb: "created the organization", target };
    case "forum.topic_create":
      return { actor, verb: "started the topic", target };
    case "forum.reply":
      return { actor, verb: "replied to", target };
    case "forum.post_edit":
      return { actor, verb: "edited a post in", target };
    case "forum.topic_moderate":
      return { actor, verb: moderation(entry), target };
    case "forum.topic_delete":
      return { actor, verb: "deleted the topic", target };
    case "forum.post_delete":
      return { actor, verb: "deleted a reply in", target };
    default: {
      const words = entry.action.replace(/[._]+/g, " ").trim().toLowerCase();
      return { actor, verb: `did “${words}” on`, target: target ?? { label: "the portal" } };
    }
  }
}

/** The whole sentence as plain text. */
export function activityText(line: ActivityLine): string {
  return [line.actor, line.verb, line.target?.label, line.after].filter(Boolean).join(" ");
}

const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export function formatRevenue(cents: number, currency: string): string {
  if (currency.toLowerCase() === "usd") return money.format(cents / 100);
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
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
