import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ariaSort, clampPageIndex, compareSortValues, DataTable, pageLabel, type DataTableColumn } from "./data-table";

type Person = { id: string; name: string; age: number | null };

const people: Person[] = [
  { id: "1", name: "zoe", age: 31 },
  { id: "2", name: "Ada", age: null },
  { id: "3", name: "item 10", age: 5 },
  { id: "4", name: "item 9", age: 40 },
];

const columns: DataTableColumn<Person>[] = [
  { id: "name", header: "Name", cell: (p) => `<${p.name}>`, sortValue: (p) => p.name },
  { id: "age", header: "Age", cell: (p) => String(p.age ?? "-"), sortValue: (p) => p.age },
  { id: "actions", header: "Actions", hideHeader: true, cell: () => "x" },
];

const namesIn = (html: string) => [...html.matchAll(/&lt;([^&]+)&gt;/g)].map((m) => m[1]);

describe("sorting", () => {
  it("compares naturally and case-insensitively, with empty values last", () => {
    const names = ["item 10", "Ada", "item 9", "zoe"].sort(compareSortValues);
    expect(names).toEqual(["Ada", "item 9", "item 10", "zoe"]);
    expect([3, null, 1, undefined, 2].sort(compareSortValues)).toEqual([1, 2, 3, null, undefined]);
  });

  it("orders the rows by the initial sort, both ways", () => {
    const up = renderToStaticMarkup(<DataTable label="People" data={people} columns={columns} getRowId={(p) => p.id} emptyText="None" initialSort={[{ id: "name", desc: false }]} />);
    expect(namesIn(up)).toEqual(["Ada", "item 9", "item 10", "zoe"]);
    const down = renderToStaticMarkup(<DataTable label="People" data={people} columns={columns} getRowId={(p) => p.id} emptyText="None" initialSort={[{ id: "age", desc: true }]} />);
    expect(namesIn(down)).toEqual(["item 9", "zoe", "item 10", "Ada"]);
  });

  it("marks the sorted header with aria-sort and leaves unsortable columns without it", () => {
    const html = renderToStaticMarkup(<DataTable label="People" data={people} columns={columns} getRowId={(p) => p.id} emptyText="None" initialSort={[{ id: "age", desc: true }]} />);
    expect(html.match(/aria-sort="[a-z]+"/g)).toEqual(['aria-sort="none"', 'aria-sort="descending"']);
    expect(ariaSort("asc")).toBe("ascending");
    expect(ariaSort(false)).toBe("none");
  });
});

describe("paging", () => {
  const many = Array.from({ length: 23 }, (_, i) => ({ id: String(i), name: `person ${i + 1}`, age: i }));

  it("shows one page of rows and where the reader is", () => {
    const html = renderToStaticMarkup(<DataTable label="People" data={many} columns={columns} getRowId={(p) => p.id} emptyText="None" pageSize={10} />);
    expect(namesIn(html)).toHaveLength(10);
    expect(html).toContain("Page 1 of 3");
    expect(html).toContain("Rows per page");
  });

  it("hides the controls when everything fits one page", () => {
    const html = renderToStaticMarkup(<DataTable label="People" data={people} columns={columns} getRowId={(p) => p.id} emptyText="None" />);
    expect(html).not.toContain("Page 1 of 1");
    expect(namesIn(html)).toHaveLength(4);
  });

  it("labels pages and keeps the index inside the rows", () => {
    expect(pageLabel(0, 0)).toBe("Page 1 of 1");
    expect(pageLabel(2, 3)).toBe("Page 3 of 3");
    expect(clampPageIndex(4, 23, 10)).toBe(2);
    expect(clampPageIndex(2, 0, 10)).toBe(0);
  });
});

describe("states", () => {
  it("shows the empty text, or the loading text", () => {
    expect(renderToStaticMarkup(<DataTable label="People" data={[]} columns={columns} getRowId={(p) => p.id} emptyText="Nobody yet." />)).toContain("Nobody yet.");
    const loading = renderToStaticMarkup(<DataTable label="People" data={[]} columns={columns} getRowId={(p) => p.id} emptyText="Nobody yet." loading loadingText="Loading people…" />);
    expect(loading).toContain("Loading people…");
    expect(loading).not.toContain("Nobody yet.");
  });

  it("names the table and its scroll region", () => {
    const html = renderToStaticMarkup(<DataTable label="People" data={people} columns={columns} getRowId={(p) => p.id} emptyText="None" />);
    expect(html).toMatch(/<caption id="([^"]+)"[^>]*>People<\/caption>/);
    expect(html).toMatch(/role="region" aria-labelledby="[^"]+" tabindex="0"/);
  });
});

describe("a list the server sorts and pages", () => {
  const server = (pageIndex: number, sort: { id: string; desc: boolean } | null) => ({
    total: 42,
    sort,
    pageIndex,
    pageSize: 10,
    onChange: () => {},
  });

  it("shows the rows as the server gave them, counting pages from the total", () => {
    const html = renderToStaticMarkup(
      <DataTable label="People" data={people} columns={columns} getRowId={(p) => p.id} emptyText="None" server={server(2, { id: "name", desc: true })} />,
    );
    // The server's order, not sorted again here.
    expect(namesIn(html)).toEqual(["zoe", "Ada", "item 10", "item 9"]);
    expect(html).toContain("Page 3 of 5");
    expect(html.match(/aria-sort="[a-z]+"/g)).toEqual(['aria-sort="descending"', 'aria-sort="none"']);
  });

  it("shows the paging controls whenever the total needs them", () => {
    const html = renderToStaticMarkup(
      <DataTable label="People" data={people.slice(0, 2)} columns={columns} getRowId={(p) => p.id} emptyText="None" server={server(4, null)} />,
    );
    expect(html).toContain("Page 5 of 5");
    expect(html).toContain("Rows per page");
  });
});
