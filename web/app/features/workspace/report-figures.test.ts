import { describe, expect, it } from "vitest";
import type { SavingsSlice, TrendPoint } from "~/lib/api-types.gen";
import { periodText, savingsShares, shareLine, trendRows } from "./report-figures";

const point = (label: string, runs: number, rate: number | null, partial = false): TrendPoint => ({
  label,
  start: `2026-11-${label.slice(4).padStart(2, "0")}T00:00:00Z`,
  runs,
  successful: 0,
  items_processed: 0,
  success_rate: rate,
  partial,
});

describe("Performance Trends rows", () => {
  it("keeps the partial day off the lines: they stop at the last whole day, today so far is a value of its own", () => {
    const rows = trendRows([point("Nov 23", 40, 90), point("Nov 24", 42, 95), point("Nov 25", 3, 100, true)]);
    expect(rows.map((r) => r.runs)).toEqual([40, 42, null]);
    expect(rows.map((r) => r.rate)).toEqual([90, 95, null]);
    expect(rows.map((r) => r.runsSoFar)).toEqual([null, null, 3]);
    expect(rows.map((r) => r.rateSoFar)).toEqual([null, null, 100]);
    expect(rows.map((r) => r.partial)).toEqual([false, false, true]);
  });

  it("keeps every point on the solid line when no span is partial", () => {
    const rows = trendRows([point("Nov 24", 5, 80), point("Nov 25", 0, null)]);
    expect(rows.map((r) => r.runs)).toEqual([5, 0]);
    expect(rows.map((r) => r.rate)).toEqual([80, null]);
    expect(rows.every((r) => r.runsSoFar === null && r.rateSoFar === null)).toBe(true);
  });

  it("shows a period of one partial day as that day alone", () => {
    const [only] = trendRows([point("Nov 25", 2, 50, true)]);
    expect(only).toMatchObject({ runs: null, runsSoFar: 2, rateSoFar: 50 });
  });
});

describe("period text", () => {
  it("names the period and the days it covers, in UTC", () => {
    expect(periodText({ period: "30d", from: "2026-10-27T00:00:00Z", to: "2026-11-25T23:30:00Z" })).toMatch(/^Last 30 days, Oct 27\s–\sNov 25, 2026$/);
    expect(periodText({ period: "1y", from: "2025-12-01T00:00:00Z", to: "2026-11-25T09:00:00Z" })).toMatch(/^Last year, Dec 1, 2025\s–\sNov 25, 2026$/);
  });

  it("falls back to the period's name when a date cannot be read", () => {
    expect(periodText({ period: "7d", from: "", to: "2026-11-25T09:00:00Z" })).toBe("Last 7 days");
  });
});

describe("savings shares", () => {
  const slice = (type: SavingsSlice["type"], cents: number): SavingsSlice => ({ type, savings_cents: cents, hours_saved: 1 });

  it("gives each slice its amount and a whole-percent share, the shares adding up to 100", () => {
    const shares = savingsShares([slice("chatbot", 100_00), slice("email", 100_00), slice("workflow", 100_00)]);
    expect(shares.map((s) => s.share)).toEqual([34, 33, 33]);
    expect(shares.reduce((n, s) => n + s.share, 0)).toBe(100);
    expect(shareLine(shares[1]!)).toMatch(/: \$100 \(33%\)$/);
  });

  it("says 0% for every slice when nothing was saved", () => {
    expect(savingsShares([slice("chatbot", 0)]).map((s) => s.shareText)).toEqual(["0%"]);
  });
});
