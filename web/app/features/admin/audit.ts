import { APPROVAL_LABELS, ROLE_LABELS } from "./labels";

const ACTION_LABELS: Record<string, string> = {
  "account.approve": "Approved account",
  "account.reject": "Rejected account",
  "account.role_change": "Changed role",
  "account.organization_change": "Changed organization",
  "organization.create": "Created organization",
};

/** The action of an audit entry in words; an action this page does not know reads as words ("ticket.close" → "Ticket close"). */
export function describeAction(action: string): string {
  const known = ACTION_LABELS[action];
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
