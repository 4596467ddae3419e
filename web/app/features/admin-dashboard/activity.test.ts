import { describe, expect, it } from "vitest";
import type { AuditEntry } from "~/lib/api-types.gen";
import { activityText, describeActivity, formatRevenue, monthLabel } from "./activity";

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: "1",
  actor_id: "a",
  actor_email: "dana@example.com",
  actor_name: "Dana",
  action: "account.approve",
  target_type: "user",
  target_id: "u",
  target_email: "priya@example.com",
  target_name: "Priya Shah",
  details: {},
  ip: "",
  created_at: "2026-03-01T00:00:00Z",
  ...over,
});

describe("describeActivity", () => {
  it("says who did what to whom, linking to what it names", () => {
    const line = describeActivity(entry({}));
    expect(activityText(line)).toBe("Dana approved Priya Shah");
    expect(line.target?.to).toBe("/portal/settings?tab=admin");
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

  it("tells organization changes apart", () => {
    const change = (details: Record<string, unknown>) =>
      activityText(describeActivity(entry({ action: "account.organization_change", details })));
    expect(change({ from: null, to: "o1" })).toBe("Dana added Priya Shah to an organization");
    expect(change({ from: "o1", to: "o2" })).toBe("Dana moved Priya Shah to another organization");
    expect(change({ from: "o1", to: null })).toBe("Dana removed Priya Shah from their organization");
    expect(change({ via: "demo" })).toBe("Dana changed the organization of Priya Shah");
  });

  it("does not link to a deleted topic and reads moderation flags", () => {
    const deleted = describeActivity(
      entry({ action: "forum.topic_delete", target_type: "forum_topic", target_name: "", target_email: "", details: { title: "Spam" } }),
    );
    expect(activityText(deleted)).toBe("Dana deleted the topic Spam");
    expect(deleted.target?.to).toBeUndefined();
    expect(
      activityText(
        describeActivity(entry({ action: "forum.topic_moderate", target_type: "forum_topic", target_name: "FAQ", details: { pinned: true, locked: false } })),
      ),
    ).toBe("Dana pinned and unlocked FAQ");
  });

  it("shows who acted as whom and an operator without an account", () => {
    expect(activityText(describeActivity(entry({ acted_as_email: "casey@example.com" })))).toBe(
      "Dana (acting as casey@example.com) approved Priya Shah",
    );
    expect(activityText(describeActivity(entry({ actor_id: "", actor_name: "", actor_email: "" })))).toBe("An operator approved Priya Shah");
  });
});

describe("formatting", () => {
  it("formats cents and months", () => {
    expect(formatRevenue(129900, "usd")).toBe("$1,299.00");
    expect(monthLabel("2026-03")).toBe("Mar 2026");
  });
});
