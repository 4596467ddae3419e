import type { ReportPeriod, ReportSummary, SavingsSlice, TrendPoint } from "~/lib/api-types.gen";
import { AUTOMATION_TYPE_LABELS, PERIOD_LABELS, workspaceMoney } from "./labels";

/** What the running span of a period is called: the last point of its trend holds only this much. */
export const SO_FAR: Record<ReportPeriod, string> = {
  "7d": "today so far",
  "30d": "today so far",
  "90d": "this week so far",
  "1y": "this month so far",
};

/**
 * One row of the Performance Trends chart. A partial span (today so far) is kept off the lines:
 * `runs`/`rate` hold the whole spans (the lines), `runsSoFar`/`rateSoFar` the partial one (an
 * open marker of its own), so that the few runs of a day that has only begun never read as a
 * fall of the line.
 */
export type TrendRow = {
  label: string;
  start: string;
  partial: boolean;
  runs: number | null;
  rate: number | null;
  runsSoFar: number | null;
  rateSoFar: number | null;
};

export function trendRows(points: readonly TrendPoint[]): TrendRow[] {
  return points.map((p) => ({
    label: p.label,
    start: p.start,
    partial: p.partial,
    runs: p.partial ? null : p.runs,
    rate: p.partial ? null : p.success_rate,
    runsSoFar: p.partial ? p.runs : null,
    rateSoFar: p.partial ? p.success_rate : null,
  }));
}

const DAY = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** The period the figures cover, as a reader says it: "Last 30 days, Oct 27 – Nov 25, 2026" (UTC days, as the server counts them). */
export function periodText(summary: Pick<ReportSummary, "period" | "from" | "to">): string {
  const from = new Date(summary.from);
  const to = new Date(summary.to);
  const label = PERIOD_LABELS[summary.period] ?? summary.period;
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return label;
  return `${label}, ${DAY.formatRange(from, to)}`;
}

/** One slice of the savings pie with what its legend says: the amount and its share of the whole. */
export type SavingsShare = { type: string; name: string; cents: number; hours: number; share: number; shareText: string };

/** The pie's slices with their share of the total, in whole percents that add up to 100 (largest remainder). */
export function savingsShares(slices: readonly SavingsSlice[]): SavingsShare[] {
  const total = slices.reduce((n, s) => n + Math.max(0, s.savings_cents), 0);
  const exact = slices.map((s) => (total > 0 ? (Math.max(0, s.savings_cents) / total) * 100 : 0));
  const whole = exact.map(Math.floor);
  let left = total > 0 ? 100 - whole.reduce((a, b) => a + b, 0) : 0;
  const byRemainder = exact.map((v, i) => [v - Math.floor(v), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of byRemainder) {
    if (left <= 0) break;
    whole[i] = (whole[i] ?? 0) + 1;
    left--;
  }
  return slices.map((s, i) => ({
    type: s.type,
    name: AUTOMATION_TYPE_LABELS[s.type] ?? s.type,
    cents: s.savings_cents,
    hours: s.hours_saved,
    share: whole[i] ?? 0,
    shareText: `${whole[i]}%`,
  }));
}

/** A slice as its legend and tooltip say it: "Chatbot: $1,200.00 (45%)". */
export function shareLine(s: SavingsShare): string {
  return `${s.name}: ${workspaceMoney(s.cents)} (${s.shareText})`;
}
