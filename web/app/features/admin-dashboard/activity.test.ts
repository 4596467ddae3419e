import { describe, expect, it } from "vitest";
import * as api from "~/lib/api-types.gen";
import type { AdminActivity } from "~/lib/api-types.gen";
import { formatMoney } from "~/lib/format";
import { SENTENCES, activityText, describeActivity, monthLabel } from "./activity";

const entry = (over: Partial<AdminActivity>): AdminActivity => ({
  id: "1",
  actor_id: "a",
  actor_email: "dana@example.com",
  actor_name: "Dana",
  action: "account.approve",
  target_type: "user",
  target_id: "u",
  target_email: "priya@example.com",
  target_name: "Priya Shah",
  target_exists: true,
  target_code: "",
  organization_name: "",
  details: {},
  ip: "",
  created_at: "2026-03-01T00:00:00Z",
  ...over,
});

/** Every audit action the Go code can write: the generated constants named Audit…. */
const AUDIT_ACTIONS = Object.entries(api)
  .filter(([name, value]) => /^Audit[A-Z]/.test(name) && typeof value === "string")
  .map(([, value]) => value as string);

describe("every audit action has a sentence", () => {
  it("finds the generated actions", () => {
    expect(AUDIT_ACTIONS.length).toBeGreaterThan(40);
    expect(AUDIT_ACTIONS).toContain("announcement.create");
  });

  it.each(AUDIT_ACTIONS)("%s", (action) => {
    expect(SENTENCES[action], `no sentence for ${action}: add one to SENTENCES in activity.ts`).toBeTypeOf("function");
    const text = activityText(describeActivity(entry({ action })));
    expect(text).not.toMatch(/did “/);
    expect(text.length).toBeGreaterThan(10);
  });
});

describe("describeActivity", () => {
  it("says who did what to whom, linking to what it names", () => {
    const line = describeActivity(entry({}));
    expect(activityText(line)).toBe("Dana approved Priya Shah");
    expect(line.target?.to).toBe("/portal/settings?tab=admin&search=priya%40example.com");
  });

  it("names the new role and the forum topic", () => {
    expect(activityText(describeActivity(entry({ action: "account.role_change", details: { from: "customer", to: "employee" } })))).toBe(
      "Dana changed the role of Priya Shah to employee",
    );
    const reply = describeActivity(
      entry({ action: "forum.reply", target_type: "forum_topic", target_id: "t1", target_name: "Email cadence?", target_email: "" }),
    );
    expect(activityText(reply)).toBe("Dana replied to Email cadence?");
    expect(reply.target?.to).toBe("/portal/community/t1");
  });

  it("names the organization an account joins", () => {
    const change = (details: Record<string, unknown>, organization_name = "") =>
      activityText(describeActivity(entry({ action: "account.organization_change", details, organization_name })));
    expect(change({ from: null, to: "o1" }, "Acme")).toBe("Dana added Priya Shah to Acme");
    expect(change({ from: "o1", to: "o2" }, "Beta")).toBe("Dana moved Priya Shah to Beta");
    expect(change({ from: "o1", to: "o2" })).toBe("Dana moved Priya Shah to another organization");
    expect(change({ from: "o1", to: null })).toBe("Dana removed Priya Shah from their organization");
    expect(change({ via: "demo" })).toBe("Dana changed the organization of Priya Shah");
  });

  it("does not link to what is gone and reads moderation flags", () => {
    const deleted = describeActivity(
      entry({ action: "forum.topic_delete", target_type: "forum_topic", target_name: "Spam", target_email: "", target_exists: false }),
    );
    expect(activityText(deleted)).toBe("Dana deleted the topic Spam");
    expect(deleted.target?.to).toBeUndefined();
    expect(
      activityText(
        describeActivity(entry({ action: "forum.topic_moderate", target_type: "forum_topic", target_name: "FAQ", details: { pinned: true, locked: false } })),
      ),
    ).toBe("Dana pinned and unlocked FAQ");
  });

  it("shows who acted as whom, an operator without an account, and failed sign-ins without an actor", () => {
    expect(activityText(describeActivity(entry({ acted_as_email: "casey@example.com" })))).toBe(
      "Dana (acting as casey@example.com) approved Priya Shah",
    );
    expect(activityText(describeActivity(entry({ actor_id: "", actor_name: "", actor_email: "" })))).toBe("An operator approved Priya Shah");
    expect(activityText(describeActivity(entry({ action: "auth.password_failed", actor_id: "", actor_name: "", actor_email: "" })))).toBe(
      "Someone entered a wrong password for Priya Shah",
    );
  });

  it("links a ticket to its page, with its shown id, and says what changed", () => {
    const ticket = (action: string, details: Record<string, unknown> = {}, over: Partial<AdminActivity> = {}) =>
      describeActivity(
        entry({
          action,
          details,
          target_type: "ticket",
          target_id: "t9",
          target_name: "Printer offline",
          target_email: "",
          target_code: "T-1042",
          organization_name: "Acme",
          ...over,
        }),
      );
    const opened = ticket("ticket.create");
    expect(activityText(opened)).toBe("Dana opened the ticket Printer offline (T-1042) for Acme");
    expect(opened.target?.to).toBe("/portal/support/t9");
    expect(activityText(ticket("ticket.update", { status: "in_progress" }))).toBe("Dana set Printer offline (T-1042) to in progress");
    expect(activityText(ticket("ticket.update", { assigned_to: "s1" }))).toBe("Dana assigned Printer offline (T-1042)");
    expect(activityText(ticket("ticket.respond", { is_internal: true }))).toBe("Dana added an internal note to Printer offline (T-1042)");
    expect(activityText(ticket("ticket.respond", { is_internal: false, reopened: true }))).toBe(
      "Dana replied to Printer offline (T-1042) and reopened it",
    );
    expect(activityText(ticket("ticket.attach", { files: ["a.png", "b.pdf"] }))).toBe("Dana attached 2 files to Printer offline (T-1042)");
    const gone = ticket("ticket.delete", { title: "Printer offline", code: "T-1042" }, { target_name: "Printer offline", target_exists: false });
    expect(activityText(gone)).toBe("Dana deleted the ticket Printer offline (T-1042)");
    expect(gone.target?.to).toBeUndefined();
  });

  it("reads announcements, impersonation, the workspace and billing", () => {
    const say = (over: Partial<AdminActivity>) => activityText(describeActivity(entry(over)));
    expect(say({ action: "announcement.create", target_type: "announcement", target_name: "Maintenance", details: { is_active: true } })).toBe(
      "Dana published the announcement Maintenance",
    );
    expect(
      describeActivity(entry({ action: "announcement.activate", target_type: "announcement", target_name: "Maintenance" })).target?.to,
    ).toBe("/portal/settings?tab=announcements");
    expect(say({ action: "impersonation.start", target_name: "Casey Customer" })).toBe("Dana started impersonating Casey Customer");
    expect(say({ action: "impersonation.request", target_name: "Casey Customer", details: { method: "GET", path: "/api/v1/tickets" } })).toBe(
      "Dana opened GET /api/v1/tickets as Casey Customer",
    );
    expect(say({ action: "impersonation.end", target_name: "Casey Customer", details: { reason: "expired" } })).toBe(
      "Dana stopped impersonating Casey Customer (60 minutes passed)",
    );
    expect(say({ action: "impersonation.end", target_name: "Casey Customer", acted_as_email: "casey@example.com", details: { reason: "ended" } })).toBe(
      "Dana stopped impersonating Casey Customer",
    );
    const project = describeActivity(entry({ action: "project.create", target_type: "project", target_name: "Chatbot", organization_name: "Acme" }));
    expect(activityText(project)).toBe("Dana created the project Chatbot for Acme");
    expect(project.target?.to).toBe("/portal/projects");
    expect(say({ action: "report.generate", target_type: "report", target_name: "Cost Savings Analysis", organization_name: "Acme" })).toBe(
      "Dana generated the Cost Savings Analysis of Acme",
    );
    expect(say({ action: "meeting.cancel", target_type: "meeting", target_name: "Kickoff", organization_name: "Acme" })).toBe(
      "Dana cancelled the meeting Kickoff with Acme",
    );
    const sub = describeActivity(
      entry({ action: "billing.subscription_status", target_type: "subscription", target_name: "Growth", organization_name: "Acme", details: { to: "past_due" } }),
    );
    expect(activityText(sub)).toBe("Dana set the subscription of Acme (Growth) to past due");
    expect(sub.target?.to).toBe("/portal/billing");
  });

  it("says 'their' for one's own profile", () => {
    expect(activityText(describeActivity(entry({ action: "profile.update", target_id: "a" })))).toBe("Dana updated their profile");
    expect(activityText(describeActivity(entry({ action: "profile.update", target_id: "u" })))).toBe("Dana updated the profile of Priya Shah");
  });
});

describe("formatting", () => {
  it("formats cents and months", () => {
    expect(formatMoney(129900, "usd")).toBe("$1,299.00");
    expect(monthLabel("2026-03")).toBe("Mar 2026");
  });
});
