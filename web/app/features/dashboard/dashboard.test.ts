import { describe, expect, it } from "vitest";
import { activityLink, formatActivityTime, formatBillingDate, formatLastLogin, greeting } from "./dashboard";

describe("dashboard formatting", () => {
  it("greets with 'Welcome' on the first sign-in and 'Welcome back' after", () => {
    expect(greeting("Ada", null)).toBe("Welcome, Ada");
    expect(greeting("Ada", undefined)).toBe("Welcome, Ada");
    expect(greeting("Ada", "2026-11-20T14:05:00Z")).toBe("Welcome back, Ada");
  });

  it("shows the previous sign-in, not Today", () => {
    expect(formatLastLogin(null)).toBe("First sign-in");
    expect(formatLastLogin("2026-11-20T14:05:00Z", "America/Indiana/Indianapolis")).toBe("Nov 20, 2026, 9:05 AM");
  });

  it("formats the next billing date and activity times", () => {
    expect(formatBillingDate("2026-12-01T00:00:00Z", "UTC")).toBe("December 1, 2026");
    const now = new Date("2026-11-24T12:00:00Z");
    expect(formatActivityTime("2026-11-24T11:59:40Z", now)).toBe("Just now");
    expect(formatActivityTime("2026-11-24T11:15:00Z", now)).toBe("45 minutes ago");
    expect(formatActivityTime("2026-11-24T09:00:00Z", now)).toBe("3 hours ago");
    expect(formatActivityTime("2026-11-20T09:00:00Z", now, "UTC")).toBe("Nov 20, 2026");
  });

  it("links activity to its page", () => {
    expect(activityLink("meetings")).toBe("/portal/meetings");
    expect(activityLink("")).toBeUndefined();
  });
});
