import { afterEach, describe, expect, it } from "vitest";
import { formatPublishDate } from "./format-date";

describe("formatPublishDate", () => {
  const tz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = tz;
  });

  it("formats YYYY-MM-DD in the en-US long style", () => {
    expect(formatPublishDate("2025-03-15")).toBe("March 15, 2025");
    expect(formatPublishDate("2024-12-01")).toBe("December 1, 2024");
  });

  it("does not shift the day in time zones behind or ahead of UTC", () => {
    for (const zone of ["America/Los_Angeles", "Pacific/Kiritimati", "Asia/Tokyo"]) {
      process.env.TZ = zone;
      expect(formatPublishDate("2025-01-01")).toBe("January 1, 2025");
    }
  });

  it("returns anything that is not a date unchanged", () => {
    expect(formatPublishDate("soon")).toBe("soon");
  });
});
