import { describe, expect, it } from "vitest";
import { ANNOUNCEMENT_TYPES, BANNER_CLASSES, hasEnded, showUntilToISO, typeLabel } from "./announcement-style";

describe("announcement style", () => {
  it("has a distinct banner color for every type", () => {
    const classes = ANNOUNCEMENT_TYPES.map((t) => BANNER_CLASSES[t.value]);
    expect(new Set(classes).size).toBe(4);
    expect(BANNER_CLASSES.error).toContain("red");
    expect(BANNER_CLASSES.warning).toContain("amber");
  });

  it("labels the types", () => {
    expect(typeLabel("success")).toBe("Success");
  });

  it("turns a local date-time into an instant, and nothing into null", () => {
    expect(showUntilToISO("")).toBeNull();
    expect(showUntilToISO("not a date")).toBeNull();
    const iso = showUntilToISO("2030-05-01T10:30");
    expect(iso).not.toBeNull();
    expect(new Date(iso as string).getTime()).toBe(new Date(2030, 4, 1, 10, 30).getTime());
  });

  it("tells whether a show-until time has passed", () => {
    const now = Date.parse("2030-01-01T12:00:00Z");
    expect(hasEnded(null, now)).toBe(false);
    expect(hasEnded("2030-01-01T11:59:59Z", now)).toBe(true);
    expect(hasEnded("2030-01-01T12:00:01Z", now)).toBe(false);
  });
});
