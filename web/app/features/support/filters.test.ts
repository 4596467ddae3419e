import { describe, expect, it } from "vitest";
import { filterQuery, preview, readFilters, shortCustomerId } from "./filters";

describe("ticket filters", () => {
  it("reads the URL and drops what the role may not use", () => {
    const params = new URLSearchParams("q= chat &status=open&organization=o1&assignee=me&category=c1");
    expect(readFilters(params, true)).toEqual({
      q: "chat",
      status: "open",
      category: "c1",
      organization: "o1",
      assignee: "me",
    });
    expect(readFilters(params, false)).toEqual({
      q: "chat",
      status: "open",
      category: "c1",
      organization: "",
      assignee: "",
    });
  });

  it("ignores an unknown status", () => {
    expect(readFilters(new URLSearchParams("status=done"), true).status).toBe("");
  });

  it("writes only the filters that are set", () => {
    expect(
      filterQuery(
        {
          q: "",
          status: "resolved",
          category: "",
          organization: "",
          assignee: "",
        },
        { cursor: "", limit: "50" },
      ),
    ).toBe("status=resolved&limit=50");
  });
});

describe("ticket card", () => {
  it("cuts the description to 200 characters", () => {
    expect(preview("a".repeat(250))).toBe(`${"a".repeat(200)}…`);
    expect(preview("short")).toBe("short");
  });

  it("shows a customer id by its last 8 characters", () => {
    expect(shortCustomerId("0193a000-0000-7000-8000-0000deadbeef")).toBe("deadbeef");
  });
});

describe("support links", () => {
  it("opens a ticket and the create dialog by URL", async () => {
    const { paths } = await import("~/lib/paths");
    expect(paths.portal.ticket("abc-1")).toBe("/portal/support/abc-1");
    expect(paths.portal.newTicket).toBe("/portal/support?new=1");
  });
});

describe("file checks", () => {
  it("refuses types the server refuses and more than five files", async () => {
    const { checkFiles } = await import("./components/file-picker");
    const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);
    expect(checkFiles([file("a.png"), file("b.PDF")])).toBeNull();
    expect(checkFiles([file("page.html")])).toMatch(/not accepted/);
    expect(checkFiles(Array.from({ length: 6 }, (_, i) => file(`f${i}.txt`)))).toMatch(/at most 5/);
  });
});
