import { describe, expect, it } from "vitest";
import { isStaff } from "./roles";

describe("isStaff", () => {
  it("is true for admins and employees only", () => {
    expect(isStaff("admin")).toBe(true);
    expect(isStaff("employee")).toBe(true);
    expect(isStaff("customer")).toBe(false);
    expect(isStaff(undefined)).toBe(false);
    expect(isStaff(null)).toBe(false);
  });
});
