import { describe, expect, it } from "vitest";
import { formatCount, formatDate, formatDateTime, formatMoney, formatTime } from "./format";

describe("format", () => {
  it("writes money from cents, trimming zero cents only when asked", () => {
    expect(formatMoney(129900)).toBe("$1,299.00");
    expect(formatMoney(1999, "eur")).toBe("€19.99");
    expect(formatMoney(123400, "usd", { trimZeroCents: true })).toBe("$1,234");
    expect(formatMoney(1050, "usd", { trimZeroCents: true })).toBe("$10.50");
  });

  it("writes dates and times as a US reader does", () => {
    expect(formatDate("2026-01-05T23:30:00Z", { timeZone: "UTC" })).toBe("Jan 5, 2026");
    expect(formatDateTime("2026-01-05T23:30:00Z")).toMatch(/^Jan [56], 2026, \d{1,2}:30\s[AP]M$/);
    expect(formatTime("2026-01-05T23:30:00Z")).toMatch(/^\d{1,2}:30\s[AP]M$/);
    expect(formatCount(1234567)).toBe("1,234,567");
  });

  it("shows a dash for a missing or unreadable date unless told otherwise", () => {
    expect(formatDate(null)).toBe("—");
    expect(formatDate("not a date")).toBe("—");
    expect(formatDateTime(undefined, { empty: "Never" })).toBe("Never");
    expect(formatDateTime("bad", { invalid: "bad" })).toBe("bad");
    expect(formatTime("", { empty: "" })).toBe("");
  });
});
