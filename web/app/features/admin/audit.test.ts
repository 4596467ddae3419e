import { describe, expect, it } from "vitest";
import * as apiTypes from "~/lib/api-types.gen";
import { ACTION_LABELS, describeAction, describeDetails } from "./audit";

/** Every audit action the Go code can write: the generated Audit… string constants. */
const goActions = Object.entries(apiTypes)
  .filter(([name, value]) => name.startsWith("Audit") && typeof value === "string")
  .map(([name, value]) => ({ name, value: value as string }));

describe("audit entries", () => {
  it("name the known actions as people say them", () => {
    expect(describeAction("account.approve")).toBe("Approved account");
    expect(describeAction("account.reject")).toBe("Rejected account");
    expect(describeAction("account.role_change")).toBe("Changed role");
    expect(describeAction("account.organization_change")).toBe("Changed organization");
    expect(describeAction("organization.create")).toBe("Created organization");
  });

  it("label every action the server can write", () => {
    expect(goActions.length).toBeGreaterThan(40);
    for (const { name, value } of goActions) {
      expect(ACTION_LABELS, `${name} (${value}) has no label`).toHaveProperty([value]);
      expect(describeAction(value)).not.toMatch(/[._]/);
    }
    expect(Object.keys(ACTION_LABELS).sort()).toEqual(goActions.map((a) => a.value).sort());
  });

  it("turn unknown action names into words", () => {
    expect(describeAction("ticket.close")).toBe("Ticket close");
    expect(describeAction("impersonation_start")).toBe("Impersonation start");
  });

  it("show a change as from → to, in labels and names", () => {
    expect(describeDetails({ from: "pending", to: "approved" }, undefined, "account.approve")).toBe("Pending → Approved");
    expect(describeDetails({ from: "customer", to: "employee" }, undefined, "account.role_change")).toBe("Customer → Employee");
    const names = new Map([["org-1", "Acme Inc"]]);
    expect(describeDetails({ from: null, to: "org-1" }, (v) => names.get(v), "account.organization_change")).toBe("No organization → Acme Inc");
    expect(describeDetails({ name: "Acme Inc" }, undefined, "organization.create")).toBe("Name: Acme Inc");
  });

  it("describe other details in words, never raw keys or ids", () => {
    expect(describeDetails(null)).toBe("");
    expect(describeDetails("role changed")).toBe("role changed");
    expect(describeDetails({ name: "Support bot", status: "in_progress", minutes_saved_per_run: 15, hourly_cost_cents: 3000 }, undefined, "automation.update")).toBe(
      "Name: Support bot, Status: In progress, Minutes saved per run: 15, Hourly cost: $30.00",
    );
    expect(describeDetails({ name: "Growth", amount: 9900, currency: "eur", mode: "subscription", interval: "month", active: true })).toBe(
      "Name: Growth, Price: €99.00, Billing: Subscription, Every: Month, Offered: Yes",
    );
    expect(describeDetails({ response_id: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", files: ["a.pdf", "b.png"] }, undefined, "ticket.attach")).toBe(
      "Files: a.pdf, b.png",
    );
    expect(describeDetails({ from: null, to: "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b" }, undefined, "account.organization_change")).toBe(
      "No organization → another organization",
    );
    expect(describeDetails({ organization_id: null })).toBe("Organization: None");
    expect(describeDetails({ from_role: "customer", session_id: "abc" })).toBe("");
  });
});
