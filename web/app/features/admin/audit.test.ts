import { describe, expect, it } from "vitest";
import { describeAction, describeDetails } from "./audit";

describe("audit entries", () => {
  it("name the known actions as people say them", () => {
    expect(describeAction("account.approve")).toBe("Approved account");
    expect(describeAction("account.reject")).toBe("Rejected account");
    expect(describeAction("account.role_change")).toBe("Changed role");
    expect(describeAction("account.organization_change")).toBe("Changed organization");
    expect(describeAction("organization.create")).toBe("Created organization");
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
