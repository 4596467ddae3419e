import { describe, expect, it } from "vitest";
import { adminUsersPath, describeAction, describeDetails, pendingChanges, type AdminUser } from "./api";

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

describe("pendingChanges", () => {
  const user = { id: "u1", role: "customer", organization_id: null } as AdminUser;

  it("is empty until a select differs from the saved account", () => {
    expect(pendingChanges(user, undefined)).toEqual({});
    expect(pendingChanges(user, { role: "customer", organization_id: null })).toEqual({});
  });

  it("holds only what differs", () => {
    expect(pendingChanges(user, { role: "employee" })).toEqual({ role: "employee" });
    expect(pendingChanges(user, { role: "customer", organization_id: "org-1" })).toEqual({ organization_id: "org-1" });
    expect(pendingChanges({ ...user, organization_id: "org-1" }, { organization_id: null })).toEqual({ organization_id: null });
  });
});
