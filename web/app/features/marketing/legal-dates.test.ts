import { describe, expect, it } from "vitest";
import { privacyPolicy } from "./copy/privacy";
import { termsOfService } from "./copy/terms";

describe("the legal pages' 'Last updated' dates", () => {
  for (const doc of [privacyPolicy, termsOfService]) {
    it(`${doc.title}: shows the date it declares, never a future year`, () => {
      const date = new Date(`${doc.lastUpdated.iso}T12:00:00Z`);
      expect(Number.isNaN(date.getTime())).toBe(false);
      expect(date.toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" })).toBe(doc.lastUpdated.display);
      expect(date.getUTCFullYear()).toBeLessThanOrEqual(new Date().getUTCFullYear());
    });
  }
});
