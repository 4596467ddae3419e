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

  it("describe other details whatever their shape", () => {
    expect(describeDetails(null)).toBe("");
    expect(describeDetails("role changed")).toBe("role changed");
    expect(describeDetails({ from_role: "customer", to_role: "employee" })).toBe("From role: Customer, To role: Employee");
    expect(describeDetails({ organization_id: null })).toBe("Organization id: none");
  });
});
