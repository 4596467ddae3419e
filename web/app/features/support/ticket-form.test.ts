import { describe, expect, it } from "vitest";
import { shownError, validateNewTicket } from "./ticket-form";
import { withoutFile } from "./components/file-picker";

describe("validateNewTicket", () => {
  it("asks for a title and a description, and staff for a customer", () => {
    expect(validateNewTicket({ title: " ", description: "", files: [] }, false)).toEqual({
      title: "Enter a title.",
      description: "Describe the problem.",
    });
    expect(validateNewTicket({ title: "a", description: "b", files: [] }, true)).toEqual({
      customer_id: "Choose the customer this ticket is for.",
    });
    expect(validateNewTicket({ title: "a", description: "b", customer_id: "c", files: [] }, true)).toEqual({});
  });
});

describe("shownError", () => {
  it("keeps the submitted error until the field is edited", () => {
    expect(shownError("Enter a title.", false, undefined)).toBe("Enter a title.");
  });
  it("clears once the edited value passes the check", () => {
    expect(shownError("Enter a title.", true, undefined)).toBeUndefined();
  });
  it("keeps the error while the edited value still fails", () => {
    expect(shownError("Enter a title.", true, "Enter a title.")).toBe("Enter a title.");
  });
  it("shows nothing before a submit", () => {
    expect(shownError(undefined, true, "Enter a title.")).toBeUndefined();
  });
});

describe("withoutFile", () => {
  it("drops only the file at the index", () => {
    const a = new File(["a"], "a.txt");
    const b = new File(["b"], "b.txt");
    const c = new File(["c"], "a.txt");
    expect(withoutFile([a, b, c], 0)).toEqual([b, c]);
    expect(withoutFile([a, b, c], 2)).toEqual([a, b]);
  });
});
