import { describe, expect, it } from "vitest";
import type { ForumPost } from "~/lib/api-types.gen";
import { activityTime, canEdit, categoryLabel, isForumCategory } from "./forum";
import { topicsPath } from "./api";

const post = (mine: boolean, editableUntil: string): ForumPost => ({
  id: "p",
  topic_id: "t",
  author: { full_name: "Casey", staff: false, mine },
  body: "hi",
  created_at: "2026-03-01T12:00:00Z",
  edited_at: null,
  editable_until: editableUntil,
});

describe("forum rules on the page", () => {
  const now = Date.parse("2026-03-01T12:10:00Z");

  it("lets only the author edit, within the window", () => {
    expect(canEdit(post(true, "2026-03-01T12:15:00Z"), now)).toBe(true);
    expect(canEdit(post(false, "2026-03-01T12:15:00Z"), now)).toBe(false);
    expect(canEdit(post(true, "2026-03-01T12:09:59Z"), now)).toBe(false);
  });

  it("labels categories and rejects unknown ones", () => {
    expect(categoryLabel("automation")).toBe("Automation");
    expect(isForumCategory("feedback")).toBe(true);
    expect(isForumCategory("gossip")).toBe(false);
    expect(isForumCategory(null)).toBe(false);
  });

  it("tells how long ago", () => {
    expect(activityTime("2026-03-01T12:09:30Z", now)).toBe("just now");
    expect(activityTime("2026-03-01T12:05:00Z", now)).toBe("5 minutes ago");
    expect(activityTime("2026-02-28T12:10:00Z", now)).toBe("yesterday");
  });

  it("builds the list's query", () => {
    expect(topicsPath({ category: "", search: "  " })).toBe("/api/v1/forum/topics");
    expect(topicsPath({ category: "marketing", search: "email & sms" })).toBe("/api/v1/forum/topics?category=marketing&search=email+%26+sms");
  });
});
