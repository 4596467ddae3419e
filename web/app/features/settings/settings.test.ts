import { describe, expect, it } from "vitest";
import { selectedTab, settingsTabsFor, settingsTitle } from "./tabs";
import { describeUserAgent } from "./user-agent";
import { sortSessions } from "./components/active-sessions";
import { uniqueFactorName } from "./components/two-factor";

describe("settingsTabsFor", () => {
  it("gives everyone Profile, Notifications and Security", () => {
    expect(settingsTabsFor("customer").map((t) => t.label)).toEqual(["Profile", "Notifications", "Security"]);
  });

  it("adds the staff tabs for admins and employees", () => {
    const labels = ["Profile", "Notifications", "Security", "Announcements", "Admin Management", "User Impersonation"];
    expect(settingsTabsFor("admin").map((t) => t.label)).toEqual(labels);
    expect(settingsTabsFor("employee").map((t) => t.label)).toEqual(labels);
  });

  it("falls back to Profile for a tab the user may not see", () => {
    expect(selectedTab(settingsTabsFor("customer"), "admin")).toBe("profile");
    expect(selectedTab(settingsTabsFor("admin"), "admin")).toBe("admin");
    expect(selectedTab(settingsTabsFor("customer"), null)).toBe("profile");
  });
});

describe("settingsTitle", () => {
  it("names the tab in the URL before Settings", () => {
    expect(settingsTitle(null)).toBe("Settings");
    expect(settingsTitle("profile")).toBe("Settings");
    expect(settingsTitle("security")).toBe("Security · Settings");
    expect(settingsTitle("admin")).toBe("Admin Management · Settings");
    expect(settingsTitle("nonsense")).toBe("Settings");
  });
});

describe("describeUserAgent", () => {
  it("names browser and system", () => {
    expect(
      describeUserAgent(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
      ),
    ).toBe("Chrome on Windows");
    expect(
      describeUserAgent(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
      ),
    ).toBe("Safari on macOS");
    expect(describeUserAgent("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0")).toBe("Firefox on Linux");
    expect(
      describeUserAgent(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
      ),
    ).toBe("Edge on Windows");
    expect(
      describeUserAgent("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"),
    ).toBe("Safari on iOS");
  });

  it("copes with empty or unknown agents", () => {
    expect(describeUserAgent("")).toBe("Unknown device");
    expect(describeUserAgent(null)).toBe("Unknown device");
    expect(describeUserAgent("SomethingElse/1.0")).toBe("Unknown device");
  });
});

describe("sortSessions", () => {
  it("puts the current session first, then the most recently active", () => {
    const base = { user_agent: "", ip: "", aal: "aal1" };
    const sorted = sortSessions([
      { ...base, id: "old", created_at: "2026-01-01T00:00:00Z", refreshed_at: null, current: false },
      { ...base, id: "new", created_at: "2026-01-01T00:00:00Z", refreshed_at: "2026-03-01T00:00:00Z", current: false },
      { ...base, id: "me", created_at: "2025-01-01T00:00:00Z", refreshed_at: null, current: true },
    ]);
    expect(sorted.map((s) => s.id)).toEqual(["me", "new", "old"]);
  });
});

describe("uniqueFactorName", () => {
  it("keeps a free name and numbers a taken one", () => {
    expect(uniqueFactorName("Phone", [])).toBe("Phone");
    expect(uniqueFactorName("Phone", ["Phone"])).toBe("Phone 2");
    expect(uniqueFactorName("Phone", ["Phone", "Phone 2"])).toBe("Phone 3");
    expect(uniqueFactorName("  ", [])).toBe("Authenticator app");
  });
});
