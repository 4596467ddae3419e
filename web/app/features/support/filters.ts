import type { TicketPriority, TicketStatus } from "~/lib/api-types.gen";

/** The list's filters, as they live in the page's URL. */
export type TicketFilters = {
  q: string;
  status: string;
  category: string;
  organization: string;
  assignee: string;
};

const FILTER_KEYS = ["q", "status", "category", "organization", "assignee"] as const;

export function readFilters(params: URLSearchParams, staff: boolean): TicketFilters {
  const get = (key: string) => (params.get(key) ?? "").trim();
  return {
    q: get("q"),
    status: STATUS_LABELS[get("status") as TicketStatus] ? get("status") : "",
    category: get("category"),
    organization: staff ? get("organization") : "",
    assignee: staff ? get("assignee") : "",
  };
}

/** The filters (and extra parameters) as a query string, leaving out empty ones. */
export function filterQuery(filters: TicketFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key]) params.set(key, filters[key]);
  for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value);
  return params.toString();
}

export const STATUS_LABELS: Record<TicketStatus, string> = {
  open: "Open",
  in_progress: "In Progress",
  resolved: "Resolved",
  closed: "Closed",
};

export const STATUSES = Object.keys(STATUS_LABELS) as TicketStatus[];

export const PRIORITY_LABELS: Record<TicketPriority, string> = {
  low: "Low",
  medium: "Medium",
  high: "High",
  urgent: "Urgent",
};

export const PRIORITIES = Object.keys(PRIORITY_LABELS) as TicketPriority[];

/** A ticket card shows at most 200 characters of the description and the customer id by its last 8. */
export function preview(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export const shortCustomerId = (id: string) => id.slice(-8);

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export const ACCEPTED_FILES = ".png,.jpg,.jpeg,.gif,.webp,.pdf,.txt,.log,.csv,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods";
