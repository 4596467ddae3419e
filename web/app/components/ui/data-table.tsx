import { useId, useMemo, useState, type ReactNode } from "react";
import {
  createPaginatedRowModel,
  createSortedRowModel,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type PaginationState,
  type RowData,
  type SortingState,
} from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "./button";
import { Select } from "./input";
import { Spinner } from "./spinner";

export type SortValue = string | number | null | undefined;

export type DataTableColumn<T extends RowData> = {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Makes the column sortable by this value (strings compare in natural order; empty values stay last both ways). */
  sortValue?: (row: T) => SortValue;
  /** The header is read by screen readers only (e.g. a column of buttons). */
  hideHeader?: boolean;
  /** Extra classes for the column's cells, e.g. a width. */
  className?: string;
  /** As a card: the cell spans the card's full width, and shows no column name when `cardLabel` is false. */
  cardWide?: boolean;
  cardLabel?: boolean;
  /** The column says nothing of this row (e.g. a date that cannot exist yet): an empty cell, and no entry in its card. */
  absent?: (row: T) => boolean;
};

/**
 * Below which container width the rows become cards: "xl" (36rem) suits tables of text, "3xl" (48rem) wide
 * tables of text or few controls, "5xl" (64rem) tables whose rows hold many form controls. Tailwind needs each
 * class spelled out, hence a full set each.
 */
const LAYOUTS = {
  xl: {
    table: "@max-xl:block",
    thead: "@max-xl:hidden",
    tbody: "@max-xl:block",
    tr: "@max-xl:grid @max-xl:grid-cols-[repeat(auto-fill,minmax(14rem,1fr))] @max-xl:gap-x-6 @max-xl:gap-y-3 @max-xl:p-4",
    td: "@max-xl:flex @max-xl:flex-col @max-xl:gap-1 @max-xl:p-0",
    wide: "@max-xl:col-span-full",
    label: "@xl:hidden",
    sortBar: "@xl:hidden",
    absent: "@max-xl:hidden",
  },
  "3xl": {
    table: "@max-3xl:block",
    thead: "@max-3xl:hidden",
    tbody: "@max-3xl:block",
    tr: "@max-3xl:grid @max-3xl:grid-cols-[repeat(auto-fill,minmax(14rem,1fr))] @max-3xl:gap-x-6 @max-3xl:gap-y-3 @max-3xl:p-4",
    td: "@max-3xl:flex @max-3xl:flex-col @max-3xl:gap-1 @max-3xl:p-0",
    wide: "@max-3xl:col-span-full",
    label: "@3xl:hidden",
    sortBar: "@3xl:hidden",
    absent: "@max-3xl:hidden",
  },
  "5xl": {
    table: "@max-5xl:block",
    thead: "@max-5xl:hidden",
    tbody: "@max-5xl:block",
    tr: "@max-5xl:grid @max-5xl:grid-cols-[repeat(auto-fill,minmax(14rem,1fr))] @max-5xl:gap-x-6 @max-5xl:gap-y-3 @max-5xl:p-4",
    td: "@max-5xl:flex @max-5xl:flex-col @max-5xl:gap-1 @max-5xl:p-0",
    wide: "@max-5xl:col-span-full",
    label: "@5xl:hidden",
    sortBar: "@5xl:hidden",
    absent: "@max-5xl:hidden",
  },
} as const;

export type DataTableSort = { id: string; desc: boolean };

/**
 * The rows are one page of a list that the server sorts and pages: `total` counts every row, and a new order or
 * page goes to the caller, who fetches it (a new order starts again at the first page).
 */
export type DataTableServer = {
  total: number;
  sort: DataTableSort | null;
  pageIndex: number;
  pageSize: number;
  onChange: (change: { sort: DataTableSort | null; pageIndex: number; pageSize: number }) => void;
};

/** Ascending order of two sort values; null, undefined and "" sort after everything else. */
export function compareSortValues(a: SortValue, b: SortValue): number {
  const emptyA = a === null || a === undefined || a === "";
  const emptyB = b === null || b === undefined || b === "";
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a).localeCompare(String(b), "en-US", { numeric: true, sensitivity: "base" });
}

export function ariaSort(sorted: false | "asc" | "desc"): "ascending" | "descending" | "none" {
  return sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none";
}

/** "Page X of Y", never "of 0". */
export function pageLabel(pageIndex: number, pageCount: number): string {
  const total = Math.max(pageCount, 1);
  return `Page ${Math.min(pageIndex + 1, total)} of ${total}`;
}

/** The page index to show once the number of pages changed (rows removed by a refetch or a filter). */
export function clampPageIndex(pageIndex: number, rowCount: number, pageSize: number): number {
  const last = Math.max(Math.ceil(rowCount / pageSize) - 1, 0);
  return Math.min(Math.max(pageIndex, 0), last);
}

const features = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
});

export const PAGE_SIZES = [10, 25, 50] as const;

/**
 * A typed table that fits its box: a table while its container is wide enough (see LAYOUTS), a stacked list
 * of cards (each cell under its column's name) below that. Headers of sortable columns are buttons with aria-sort;
 * pages have a size and 'Page X of Y' controls.
 */
export function DataTable<T extends RowData>({
  label,
  data,
  columns,
  getRowId,
  emptyText,
  loading = false,
  loadingText = "Loading…",
  busy = false,
  initialSort = [],
  pageSize: initialPageSize = PAGE_SIZES[0],
  stackBelow = "xl",
  server,
}: {
  label: string;
  data: readonly T[];
  columns: readonly DataTableColumn<T>[];
  getRowId: (row: T) => string;
  emptyText: string;
  loading?: boolean;
  loadingText?: string;
  busy?: boolean;
  initialSort?: DataTableSort[];
  pageSize?: number;
  stackBelow?: keyof typeof LAYOUTS;
  server?: DataTableServer;
}) {
  const layout = LAYOUTS[stackBelow];
  const captionId = useId();
  const sortId = useId();
  const pageSizeId = useId();
  const [localSorting, setLocalSorting] = useState<SortingState>(initialSort);
  const [localPagination, setLocalPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: initialPageSize });
  const sorting: SortingState = server ? (server.sort ? [server.sort] : []) : localSorting;
  const pagination: PaginationState = server ? { pageIndex: server.pageIndex, pageSize: server.pageSize } : localPagination;
  const setSorting = (next: SortingState) => {
    if (!server) return setLocalSorting(next);
    const first = next[0];
    server.onChange({ sort: first ? { id: first.id, desc: first.desc } : null, pageIndex: 0, pageSize: server.pageSize });
  };
  const setPagination = (next: PaginationState) => {
    if (!server) return setLocalPagination(next);
    server.onChange({ sort: server.sort, pageIndex: next.pageIndex, pageSize: next.pageSize });
  };

  const columnDefs = useMemo<ColumnDef<typeof features, T>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        accessorFn: (row: T) => {
          const value = column.sortValue?.(row);
          return value === null || value === "" ? undefined : value;
        },
        enableSorting: Boolean(column.sortValue),
        sortUndefined: "last" as const,
        sortFn: (rowA, rowB, id) => compareSortValues(rowA.getValue<SortValue>(id), rowB.getValue<SortValue>(id)),
      })),
    [columns],
  );
  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const rows = useMemo(() => [...data], [data]);
  const rowCount = server ? server.total : rows.length;
  const pageIndex = clampPageIndex(pagination.pageIndex, rowCount, pagination.pageSize);

  const table = useTable({
    features,
    columns: columnDefs,
    data: rows,
    getRowId: (row) => getRowId(row),
    state: { sorting, pagination: { ...pagination, pageIndex } },
    onSortingChange: (update) => setSorting(typeof update === "function" ? update(sorting) : update),
    onPaginationChange: (update) => setPagination(typeof update === "function" ? update(pagination) : update),
    autoResetPageIndex: false,
    enableMultiSort: false,
    manualSorting: Boolean(server),
    // A server's list always has an order: a column toggles between ascending and descending.
    enableSortingRemoval: !server,
    manualPagination: Boolean(server),
    rowCount: server?.total,
  });

  const sortable = columns.filter((c) => c.sortValue);
  const current = sorting[0];
  const pageRows = table.getRowModel().rows;
  const pageCount = table.getPageCount();

  if (loading) {
    return (
      <p role="status" className="flex items-center gap-3 rounded-lg p-6 text-sm text-slate-600 ring-1 ring-slate-200">
        <Spinner className="h-5 w-5 border-2" />
        {loadingText}
      </p>
    );
  }
  if (rows.length === 0) {
    return <p className="rounded-lg bg-slate-50 p-6 text-center text-sm text-slate-600">{emptyText}</p>;
  }

  return (
    <div className="@container space-y-3">
      {sortable.length > 0 && (
        <div className={`flex items-center gap-2 ${layout.sortBar}`}>
          <label htmlFor={sortId} className="text-sm font-semibold whitespace-nowrap text-slate-800">
            Sort by
          </label>
          <Select
            id={sortId}
            controlSize="sm"
            className="max-w-64"
            value={current ? `${current.id}:${current.desc ? "desc" : "asc"}` : ""}
            onChange={(e) => {
              const [id, dir] = e.target.value.split(":");
              setSorting(id ? [{ id, desc: dir === "desc" }] : []);
            }}
          >
            <option value="">Default order</option>
            {sortable.flatMap((c) => [
              <option key={`${c.id}:asc`} value={`${c.id}:asc`}>
                {c.header} (ascending)
              </option>,
              <option key={`${c.id}:desc`} value={`${c.id}:desc`}>
                {c.header} (descending)
              </option>,
            ])}
          </Select>
        </div>
      )}
      <div
        role="region"
        aria-labelledby={captionId}
        aria-busy={busy || undefined}
        tabIndex={0}
        className="relative overflow-x-auto rounded-lg ring-1 ring-slate-200"
      >
        <table className={`w-full text-left text-sm ${layout.table}`}>
          <caption id={captionId} className="sr-only">
            {label}
          </caption>
          <thead className={`bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase ${layout.thead}`}>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const column = byId.get(header.column.id);
                  const sorted = header.column.getIsSorted();
                  const Icon = sorted === "asc" ? ArrowUp : sorted === "desc" ? ArrowDown : ArrowUpDown;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={header.column.getCanSort() ? ariaSort(sorted) : undefined}
                      className="px-3 py-3 align-bottom"
                    >
                      {column?.hideHeader ? (
                        <span className="sr-only">{column.header}</span>
                      ) : header.column.getCanSort() ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 text-left uppercase hover:text-slate-950"
                        >
                          {column?.header}
                          <Icon className={`h-3.5 w-3.5 shrink-0 ${sorted ? "text-blue-700" : "text-slate-400"}`} aria-hidden="true" />
                        </button>
                      ) : (
                        column?.header
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className={`divide-y divide-slate-200 bg-white ${layout.tbody}`}>
            {pageRows.map((row) => (
              <tr key={row.id} className={layout.tr}>
                {columns.map((column) => {
                  const absent = column.absent?.(row.original) ?? false;
                  return (
                    <td
                      key={column.id}
                      className={`px-3 py-3 align-top ${absent ? layout.absent : layout.td} ${column.cardWide ? layout.wide : ""} ${column.className ?? ""}`}
                    >
                      {!absent && !column.hideHeader && column.cardLabel !== false && (
                        <span className={`text-xs font-semibold tracking-wide text-slate-600 uppercase ${layout.label}`}>{column.header}</span>
                      )}
                      {!absent && <div className="min-w-0 flex-1">{column.cell(row.original)}</div>}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {(pageCount > 1 || rowCount > PAGE_SIZES[0]) && (
        <nav aria-label={`${label} pages`} className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
          <div className="flex items-center gap-2">
            <label htmlFor={pageSizeId} className="whitespace-nowrap">
              Rows per page
            </label>
            <Select
              id={pageSizeId}
              controlSize="sm"
              className="max-w-20"
              value={pagination.pageSize}
              onChange={(e) => setPagination({ pageIndex: 0, pageSize: Number(e.target.value) })}
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex items-center gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => table.previousPage()}
              disabled={!table.getCanPreviousPage()}
              aria-label="Previous page"
            >
              <ChevronLeft className="h-4 w-4" aria-hidden="true" />
            </Button>
            <span aria-live="polite" className="whitespace-nowrap">
              {pageLabel(pageIndex, pageCount)}
            </span>
            <Button variant="secondary" size="sm" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()} aria-label="Next page">
              <ChevronRight className="h-4 w-4" aria-hidden="true" />
            </Button>
          </div>
        </nav>
      )}
    </div>
  );
}
