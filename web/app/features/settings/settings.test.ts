import { describe, expect, it } from "vitest";
import { selectedTab, settingsTabsFor, settingsTitle } from "./tabs";
import { describeUserAgent } from "./user-agent";
import { groupSessions, sessionCount } from "./session-groups";
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

describe("groupSessions", () => {
  const MAC_CHROME =
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
  const MAC_SAFARI =
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
  const PHONE =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
  const session = (id: string, user_agent: string, at: string, extra: { current?: boolean; ip?: string; aal?: string } = {}) => ({
    id,
    user_agent,
    created_at: "2026-01-01T00:00:00Z",
    refreshed_at: at,
    ip: extra.ip ?? "203.0.113.1",
    aal: extra.aal ?? "aal1",
    current: extra.current ?? false,
  });

  it("makes one row per device and browser: this browser's first, then the most recently active", () => {
    const groups = groupSessions([
      session("a", MAC_CHROME, "2026-03-01T00:00:00Z", { ip: "203.0.113.1" }),
      session("b", PHONE, "2026-04-01T00:00:00Z"),
      session("c", MAC_CHROME, "2026-05-01T00:00:00Z", { ip: "203.0.113.9" }),
      session("d", MAC_SAFARI, "2026-02-01T00:00:00Z", { current: true }),
      session("e", MAC_CHROME, "2026-02-01T00:00:00Z", { ip: "203.0.113.9" }),
    ]);
    expect(groups.map((g) => g.label)).toEqual(["Safari on macOS", "Chrome on macOS", "Safari on iOS"]);
    const chrome = groups[1]!;
    expect(chrome.sessions.map((s) => s.id)).toEqual(["c", "a", "e"]);
    expect(chrome.lastActive).toBe("2026-05-01T00:00:00Z");
    expect(chrome.ips).toEqual(["203.0.113.9", "203.0.113.1"]);
    expect(chrome.current).toBe(false);
    expect(groups[0]?.current).toBe(true);
  });

  it("marks a row two-factor only when every session of it passed the second step", () => {
    const groups = groupSessions([
      session("a", PHONE, "2026-03-01T00:00:00Z", { aal: "aal2" }),
      session("b", MAC_CHROME, "2026-03-01T00:00:00Z", { aal: "aal2" }),
      session("c", MAC_CHROME, "2026-02-01T00:00:00Z"),
    ]);
    expect(Object.fromEntries(groups.map((g) => [g.label, g.twoFactor]))).toEqual({
      "Safari on iOS": true,
      "Chrome on macOS": false,
    });
  });

  it("counts sessions in words", () => {
    expect(sessionCount(1)).toBe("1 session");
    expect(sessionCount(3)).toBe("3 sessions");
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
