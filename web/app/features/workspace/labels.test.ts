import { describe, expect, it } from "vitest";
import type { Account, Project } from "~/lib/api-types.gen";
import { assigneeCandidates, assigneesLabel, automationStats, dateRange, parseDollars, workspaceMoney, projectStats } from "./labels";

const project = (status: Project["status"], progress: number) => ({ status, progress }) as Project;

describe("workspace figures", () => {
  it("counts projects and averages their progress", () => {
    expect(projectStats([project("in_progress", 65), project("planning", 15), project("completed", 100)])).toEqual({
      total: 3,
      inProgress: 1,
      completed: 1,
      averageProgress: 60,
    });
    expect(projectStats([]).averageProgress).toBe(0);
  });

  it("averages the success rate of automations that ran, with one decimal", () => {
    const stats = automationStats([
      { status: "active", success_rate: 94.2, total_runs: 10 },
      { status: "paused", success_rate: 88.1, total_runs: 3 },
      { status: "error", success_rate: 0, total_runs: 0 },
    ]);
    expect(stats).toEqual({
      total: 3,
      active: 1,
      paused: 1,
      errors: 1,
      averageSuccess: "91.2%",
    });
    expect(automationStats([]).averageSuccess).toBe("0.0%");
  });

  it("formats money and reads dollars", () => {
    expect(workspaceMoney(123400)).toBe("$1,234");
    expect(workspaceMoney(1050)).toBe("$10.50");
    expect(parseDollars("$1,250.5")).toBe(125050);
    expect(parseDollars("abc")).toBeNull();
    expect(parseDollars("-3")).toBeNull();
  });

  it("writes date ranges", () => {
    expect(dateRange("2026-01-05", "2026-03-01")).toBe("Jan 5, 2026 – Mar 1, 2026");
    expect(dateRange("2026-01-05", null)).toBe("From Jan 5, 2026");
  });
});

describe("project assignees", () => {
  const account = (id: string, full_name: string, role: "admin" | "employee" | "customer", organization_id: string | null, approval_status = "approved") =>
    ({ id, full_name, role, organization_id, approval_status, email: `${id}@example.com`, avatar_url: "", created_at: "", updated_at: "", email_confirmed_at: null, last_sign_in_at: null }) as Account;
  const accounts = [
    account("s2", "Sam Support", "employee", null),
    account("c1", "Casey Customer", "customer", "acme"),
    account("c2", "Beth Other", "customer", "beta"),
    account("c3", "Pat Pending", "customer", "acme", "pending"),
    account("a1", "Avery Admin", "admin", null),
    account("c4", "Alex Acme", "customer", "acme"),
  ];

  it("offers the organization's approved members, then staff, each by name", () => {
    expect(assigneeCandidates(accounts, "acme")).toEqual([
      { id: "c4", name: "Alex Acme", group: "member" },
      { id: "c1", name: "Casey Customer", group: "member" },
      { id: "a1", name: "Avery Admin", group: "staff" },
      { id: "s2", name: "Sam Support", group: "staff" },
    ]);
    expect(assigneeCandidates(accounts, "").map((c) => c.id)).toEqual(["a1", "s2"]);
  });

  it("names them on the card", () => {
    expect(assigneesLabel([])).toBe("");
    expect(assigneesLabel(["Ada"])).toBe("Assigned to Ada");
    expect(assigneesLabel(["Ada", "Sam", "Noor"])).toBe("Assigned to Ada, Sam and Noor");
  });
});
