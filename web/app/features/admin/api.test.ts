import { describe, expect, it } from "vitest";
import { adminUsersPath, describeAction, describeDetails } from "./api";

describe("adminUsersPath", () => {
  it("sends the trimmed search and the approval filter", () => {
    expect(adminUsersPath("  ada lovelace ", "pending")).toBe("/api/v1/admin/users?search=ada+lovelace&approval=pending");
    expect(adminUsersPath("", "all")).toBe("/api/v1/admin/users?search=&approval=all");
  });
});

describe("audit entries", () => {
  it("describe their details whatever their shape", () => {
    expect(describeDetails(null)).toBe("");
    expect(describeDetails("role changed")).toBe("role changed");
    expect(describeDetails({ from_role: "customer", to_role: "employee" })).toBe("from role: customer, to role: employee");
    expect(describeDetails({ organization_id: null })).toBe("organization id: none");
    const names = new Map([["org-1", "Acme Inc"]]);
    expect(describeDetails({ from: "", to: "org-1" }, (v) => names.get(v))).toBe("from: none, to: Acme Inc");
  });

  it("turn action names into words", () => {
    expect(describeAction("user.approve")).toBe("User approve");
    expect(describeAction("organization_create")).toBe("Organization create");
  });
});
