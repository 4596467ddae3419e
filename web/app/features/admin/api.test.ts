import { describe, expect, it } from "vitest";
import { adminUsersPath, auditLogPath, pendingChanges, type AdminUser } from "./api";

describe("adminUsersPath", () => {
  it("sends the trimmed search and the approval filter", () => {
    expect(adminUsersPath("  ada lovelace ", "pending")).toBe("/api/v1/admin/users?search=ada+lovelace&approval=pending");
    expect(adminUsersPath("", "all")).toBe("/api/v1/admin/users?search=&approval=all");
    expect(adminUsersPath("ada", "all", { pageIndex: 2, pageSize: 10, sort: "last_sign_in", desc: true })).toBe(
      "/api/v1/admin/users?search=ada&approval=all&sort=last_sign_in&dir=desc&limit=10&offset=20",
    );
  });
});

describe("auditLogPath", () => {
  it("asks for the page in the order and direction chosen", () => {
    expect(auditLogPath({ pageIndex: 0, pageSize: 25, sort: "when", desc: true })).toBe(
      "/api/v1/admin/audit-log?sort=when&dir=desc&limit=25&offset=0",
    );
    expect(auditLogPath({ pageIndex: 3, pageSize: 10, sort: "action", desc: false })).toBe(
      "/api/v1/admin/audit-log?sort=action&dir=asc&limit=10&offset=30",
    );
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
