import type { BadgeTone } from "~/components/ui/badge";
import type {
  Account,
  AutomationStatus,
  AutomationType,
  Project,
  ProjectPriority,
  ProjectStatus,
  ReportFrequency,
  ReportPeriod,
  ReportStatus,
} from "~/lib/api-types.gen";
import { formatDate, formatMoney } from "~/lib/format";

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  planning: "Planning",
  in_progress: "In Progress",
  testing: "Testing",
  completed: "Completed",
  on_hold: "On Hold",
};

export const PROJECT_STATUS_TONES: Record<ProjectStatus, BadgeTone> = {
  planning: "neutral",
  in_progress: "info",
  testing: "warning",
  completed: "success",
  on_hold: "danger",
};

export const PRIORITY_LABELS: Record<ProjectPriority, string> = {
  urgent: "Urgent",
  high: "High",
  medium: "Medium",
  low: "Low",
};

export const PRIORITY_TONES: Record<ProjectPriority, BadgeTone> = {
  urgent: "danger",
  high: "warning",
  medium: "info",
  low: "neutral",
};

export const AUTOMATION_TYPE_LABELS: Record<AutomationType, string> = {
  chatbot: "Chatbot",
  workflow: "Workflow",
  email: "Email",
  data_processing: "Data Processing",
  integration: "Integration",
};

export const AUTOMATION_STATUS_LABELS: Record<AutomationStatus, string> = {
  active: "Active",
  paused: "Paused",
  error: "Error",
  draft: "Draft",
};

export const AUTOMATION_STATUS_TONES: Record<AutomationStatus, BadgeTone> = {
  active: "success",
  paused: "warning",
  error: "danger",
  draft: "neutral",
};

export const PERIOD_LABELS: Record<ReportPeriod, string> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  "1y": "Last year",
};

export const FREQUENCY_LABELS: Record<ReportFrequency, string> = {
  daily: "Daily",
  weekly: "Weekly",
  monthly: "Monthly",
  quarterly: "Quarterly",
};

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  generating: "Generating",
  ready: "Ready",
  error: "Error",
};

export const REPORT_STATUS_TONES: Record<ReportStatus, BadgeTone> = {
  generating: "info",
  ready: "success",
  error: "danger",
};

export type ProjectStats = {
  total: number;
  inProgress: number;
  completed: number;
  averageProgress: number;
};

export function projectStats(projects: readonly Project[]): ProjectStats {
  const total = projects.length;
  const sum = projects.reduce((acc, p) => acc + p.progress, 0);
  return {
    total,
    inProgress: projects.filter((p) => p.status === "in_progress").length,
    completed: projects.filter((p) => p.status === "completed").length,
    averageProgress: total ? Math.round(sum / total) : 0,
  };
}

export type AutomationStats = {
  total: number;
  active: number;
  paused: number;
  errors: number;
  averageSuccess: string;
};

export function automationStats(
  items: readonly {
    status: AutomationStatus;
    success_rate: number;
    total_runs: number;
  }[],
): AutomationStats {
  const withRuns = items.filter((a) => a.total_runs > 0);
  const average = withRuns.length ? withRuns.reduce((acc, a) => acc + a.success_rate, 0) / withRuns.length : 0;
  return {
    total: items.length,
    active: items.filter((a) => a.status === "active").length,
    paused: items.filter((a) => a.status === "paused").length,
    errors: items.filter((a) => a.status === "error").length,
    averageSuccess: `${average.toFixed(1)}%`,
  };
}

/** Workspace amounts are whole dollars unless they have cents: "$1,234", "$10.50". */
export function workspaceMoney(cents: number): string {
  return formatMoney(cents, "usd", { trimZeroCents: true });
}

/** A calendar day ("2026-01-05") as "Jan 5, 2026"; empty when missing, the day itself when unreadable. */
export function formatDay(day: string | null | undefined): string {
  return day ? formatDate(`${day}T00:00:00Z`, { timeZone: "UTC", invalid: day }) : "";
}

export function dateRange(start: string, end: string | null): string {
  return end ? `${formatDay(start)} – ${formatDay(end)}` : `From ${formatDay(start)}`;
}

/** Dollars typed in a form ("45", "45.50") as cents; null when it is not an amount. */
export function parseDollars(text: string): number | null {
  const t = text.trim().replace(/^\$/, "").replaceAll(",", "");
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

export type AssigneeCandidate = { id: string; name: string; group: "member" | "staff" };

/**
 * Who may be assigned to a project of an organization: its approved members, then approved staff, each by name. The
 * server refuses anyone else; the form offers only these.
 */
export function assigneeCandidates(accounts: Account[], organizationId: string): AssigneeCandidate[] {
  const byName = (a: AssigneeCandidate, b: AssigneeCandidate) => a.name.localeCompare(b.name);
  const approved = accounts.filter((a) => a.approval_status === "approved");
  const name = (a: Account) => a.full_name || a.email;
  const members = approved
    .filter((a) => organizationId !== "" && a.organization_id === organizationId && a.role !== "admin" && a.role !== "employee")
    .map((a): AssigneeCandidate => ({ id: a.id, name: name(a), group: "member" }));
  const staff = approved
    .filter((a) => a.role === "admin" || a.role === "employee")
    .map((a): AssigneeCandidate => ({ id: a.id, name: name(a), group: "staff" }));
  return [...members.sort(byName), ...staff.sort(byName)];
}

/** The card's line of assignees: "Assigned to Ada, Sam and Noor". */
export function assigneesLabel(names: string[]): string {
  if (names.length === 0) return "";
  if (names.length === 1) return `Assigned to ${names[0]}`;
  return `Assigned to ${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}
