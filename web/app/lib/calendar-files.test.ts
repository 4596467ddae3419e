import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";

function read(name: string) {
  const text = readFileSync(fileURLToPath(new URL(`../../../internal/calendar/testdata/${name}`, import.meta.url)), "utf8");
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent("vevent");
  if (!event) throw new Error(`${name} has no event`);
  return { method: calendar.getFirstPropertyValue("method"), event };
}

function time(event: ICAL.Component, name: string) {
  const value = event.getFirstPropertyValue(name);
  if (!(value instanceof ICAL.Time)) throw new Error(`${name} is not a date-time`);
  return value.toJSDate();
}

describe("the calendar files the server writes, read by another parser", () => {
  it("the published feed names no attendees but keeps its organizer", () => {
    const { method, event } = read("feed.ics");
    expect(method).toBe("PUBLISH");
    expect(event.getAllProperties("attendee")).toEqual([]);
    expect(event.getFirstPropertyValue("organizer")).toBe("mailto:hello@growthdesk.io");
  });

  it("an invitation carries real creation and change times", () => {
    const { method, event } = read("invitation.ics");
    expect(method).toBe("REQUEST");
    for (const name of ["created", "last-modified"]) {
      expect(time(event, name).getUTCFullYear()).toBeGreaterThanOrEqual(2020);
    }
    expect(time(event, "created").toISOString()).toBe("2026-03-08T15:00:00.000Z");
    expect(time(event, "last-modified").toISOString()).toBe("2026-03-10T14:00:00.000Z");
  });

  it("a name with punctuation comes back whole, and text is unescaped", () => {
    const { event } = read("invitation.ics");
    const [attendee, ...rest] = event.getAllProperties("attendee");
    expect(rest).toEqual([]);
    expect(attendee?.getParameter("cn")).toBe("Smith, Jr.: 'Ops'; Team");
    expect(attendee?.getFirstValue()).toBe("mailto:smith@example.com");
    expect(event.getFirstPropertyValue("summary")).toBe("Quarterly review; results, next steps");
    expect(String(event.getFirstPropertyValue("description"))).toMatch(/^Line one\nLine two /);
  });

  it("the cancellation sent to a removed attendee names them and leaves the meeting on", () => {
    const { method, event } = read("cancel-removed-attendee.ics");
    expect(method).toBe("CANCEL");
    expect(event.getAllProperties("attendee").map((a) => a.getFirstValue())).toEqual(["mailto:removed@example.com"]);
    expect(event.getFirstPropertyValue("status")).toBeNull();
  });
});
