import { describe, expect, it } from "vitest";
import { nextFocusTarget } from "./dialog";

describe("the dialog's focus trap", () => {
  const items = ["close", "name", "save"];

  it("wraps from the last control to the first and back", () => {
    expect(nextFocusTarget(items, "save", false)).toBe("close");
    expect(nextFocusTarget(items, "close", true)).toBe("save");
  });

  it("lets the browser move between controls inside", () => {
    expect(nextFocusTarget(items, "name", false)).toBeNull();
    expect(nextFocusTarget(items, "name", true)).toBeNull();
  });

  it("pulls focus back in when it is outside", () => {
    expect(nextFocusTarget(items, null, false)).toBe("close");
    expect(nextFocusTarget(items, "elsewhere", true)).toBe("save");
    expect(nextFocusTarget([], "x", false)).toBeNull();
  });
});
