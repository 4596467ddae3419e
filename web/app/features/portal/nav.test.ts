import { describe, expect, it } from "vitest";
import { PORTAL_NAV, adminNavFor, displayName, portalNavFor, userInitial } from "./nav";
import { portalMeta } from "./portal-meta";

describe("portal navigation", () => {
  it("lists the portal's sections in order", () => {
    expect(PORTAL_NAV.map((i) => [i.label, i.to])).toEqual([
      ["Dashboard", "/portal"],
      ["Projects", "/portal/projects"],
      ["Automations", "/portal/automations"],
      ["Reports", "/portal/reports"],
      ["Meetings", "/portal/meetings"],
      ["Support", "/portal/support"],
      ["Billing", "/portal/billing"],
      ["FAQ", "/portal/faq"],
      ["Community", "/portal/community"],
      ["Settings", "/portal/settings"],
    ]);
  });

  it("shows 'Admin Dashboard' and 'Leads' to staff only", () => {
    expect(adminNavFor("admin").map((i) => i.label)).toEqual(["Admin Dashboard", "Leads"]);
    expect(adminNavFor("employee").map((i) => i.to)).toEqual(["/portal/admin", "/portal/leads"]);
    expect(adminNavFor("customer")).toEqual([]);
    expect(adminNavFor(undefined)).toEqual([]);
  });

  it("leaves the customer dashboard out for staff, and billing for employees", () => {
    const labels = (role: Parameters<typeof portalNavFor>[0]) => portalNavFor(role).map((i) => i.label);
    expect(labels("customer")).toEqual(PORTAL_NAV.map((i) => i.label));
    expect(labels(undefined)).toEqual(PORTAL_NAV.map((i) => i.label));
    expect(labels("admin")).not.toContain("Dashboard");
    expect(labels("admin")).toContain("Billing");
    expect(labels("employee")).not.toContain("Dashboard");
    expect(labels("employee")).not.toContain("Billing");
    expect(labels("employee")).toContain("Support");
  });

  it("derives the initial and the greeting", () => {
    expect(userInitial("ada lovelace", "x@example.com")).toBe("A");
    expect(userInitial("", "zoe@example.com")).toBe("Z");
    expect(userInitial(undefined, undefined)).toBe("?");
    expect(displayName(" Ada Lovelace ", "ada@example.com")).toBe("Ada Lovelace");
    expect(displayName("", "ada@example.com")).toBe("ada@example.com");
  });

  it("gives portal pages a title and keeps them out of search engines", () => {
    expect(portalMeta("Settings")).toEqual([
      { title: "Settings | Growthdesk Portal" },
      { name: "robots", content: "noindex, nofollow" },
    ]);
  });
});
