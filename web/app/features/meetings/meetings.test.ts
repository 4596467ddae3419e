import { describe, expect, it } from "vitest";
import { attendeeCount, canAddToCalendar, canJoin, formatAttendees, formatMeetingDate, formatMeetingWhen, formatTimeRange, fromLocalInput, parseAttendees, sortByStart, tabLabel } from "./meetings";

describe("meetings", () => {
  it("offers Join only for scheduled meetings with a link", () => {
    expect(canJoin({ status: "scheduled", meeting_url: "https://zoom.example/j/1" })).toBe(true);
    expect(canJoin({ status: "scheduled", meeting_url: "" })).toBe(false);
    expect(canJoin({ status: "cancelled", meeting_url: "https://zoom.example/j/1" })).toBe(false);
    expect(canJoin({ status: "completed", meeting_url: "https://zoom.example/j/1" })).toBe(false);
  });

  it("sorts by start time ascending", () => {
    const list = [{ start_time: "2026-03-10T15:00:00Z" }, { start_time: "2026-03-01T09:00:00Z" }, { start_time: "2026-03-05T12:00:00Z" }];
    expect(sortByStart(list).map((m) => m.start_time)).toEqual(["2026-03-01T09:00:00Z", "2026-03-05T12:00:00Z", "2026-03-10T15:00:00Z"]);
  });

  it("shows times in the viewer's time zone", () => {
    expect(formatMeetingDate("2026-03-10T15:00:00Z", "America/Indiana/Indianapolis")).toBe("Tue, Mar 10, 2026");
    expect(formatTimeRange("2026-03-10T15:00:00Z", "2026-03-10T16:00:00Z", "America/Indiana/Indianapolis")).toBe("11:00 AM – 12:00 PM EDT");
    expect(formatTimeRange("2026-03-10T15:00:00Z", "2026-03-10T16:00:00Z", "Europe/Berlin")).toBe("4:00 PM – 5:00 PM CET");
    expect(formatTimeRange("2026-07-10T15:00:00Z", "2026-07-10T16:00:00Z", "Europe/Berlin")).toBe("5:00 PM – 6:00 PM CEST");
    expect(formatTimeRange("2026-03-10T15:00:00Z", "2026-03-10T16:00:00Z", "Asia/Tokyo")).toBe("12:00 AM – 1:00 AM GMT+9");
    expect(formatMeetingWhen("2026-12-01T13:00:00Z", "2026-12-01T14:00:00Z", "Europe/Berlin")).toBe("Tue, Dec 1, 2026, 2:00 PM – 3:00 PM CET");
    expect(formatMeetingDate("2026-03-10T23:30:00Z", "Asia/Tokyo")).toBe("Wed, Mar 11, 2026");
  });

  it("parses and formats attendee lines", () => {
    const parsed = parseAttendees("Dana Whitfield <dana@example.com>\n\n  sam@example.com \nFront desk");
    expect(parsed).toEqual([
      { name: "Dana Whitfield", email: "dana@example.com" },
      { name: "sam@example.com", email: "sam@example.com" },
      { name: "Front desk", email: "" },
    ]);
    expect(formatAttendees(parsed)).toBe("Dana Whitfield <dana@example.com>\nsam@example.com\nFront desk");
    expect(attendeeCount(1)).toBe("1 attendee");
    expect(attendeeCount(3)).toBe("3 attendees");
  });

  it("turns a local date-time input into UTC", () => {
    expect(fromLocalInput("")).toBe("");
    expect(fromLocalInput("not a date")).toBe("");
    expect(fromLocalInput("2026-03-10T15:00")).toMatch(/^2026-03-1\dT\d\d:00:00Z$/);
  });
});

describe("meeting actions and tabs", () => {
  const now = Date.parse("2026-03-10T12:00:00Z");
  it("offers Add to calendar only for scheduled meetings that are not over", () => {
    expect(canAddToCalendar({ status: "scheduled", end_time: "2026-03-10T13:00:00Z" }, now)).toBe(true);
    expect(canAddToCalendar({ status: "scheduled", end_time: "2026-03-10T11:00:00Z" }, now)).toBe(false);
    expect(canAddToCalendar({ status: "cancelled", end_time: "2026-03-11T13:00:00Z" }, now)).toBe(false);
    expect(canAddToCalendar({ status: "completed", end_time: "2026-03-09T13:00:00Z" }, now)).toBe(false);
  });
  it("names a tab with its count once known", () => {
    expect(tabLabel("Upcoming", 2)).toBe("Upcoming (2)");
    expect(tabLabel("Past", 0)).toBe("Past (0)");
    expect(tabLabel("All", undefined)).toBe("All");
  });
});
