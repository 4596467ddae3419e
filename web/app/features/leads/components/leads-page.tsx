import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Inbox } from "lucide-react";
import { PageHeader } from "~/components/layout/page-header";
import { LoadError } from "~/components/ui/load-error";
import { errorMessage } from "~/lib/api";
import { Badge } from "~/components/ui/badge";
import { DataTable, PAGE_SIZES, type DataTableColumn, type DataTableSort } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { FilterSelect } from "~/components/ui/filter-bar";
import { SearchField } from "~/components/ui/search-field";
import { LeadSearchMax } from "~/lib/api-types.gen";
import { formatDateTime } from "~/lib/format";
import { paths } from "~/lib/paths";
import { useLeads, type Lead, type LeadQuery, type LeadSort, type LeadStatus } from "../api";
import { leadState, preferredTimeLabel } from "../labels";

const SEARCH_DELAY_MS = 300;
const STATUSES: { value: LeadStatus; label: string }[] = [
  { value: "all", label: "All leads" },
  { value: "open", label: "Open" },
  { value: "handled", label: "Handled" },
];
const SORTS: readonly LeadSort[] = ["received", "name", "company"];

/** The list's state from the URL, so that a filtered page can be shared and Back restores it. */
function queryOf(params: URLSearchParams): LeadQuery {
  const status = params.get("status") as LeadStatus | null;
  const sort = params.get("sort") as LeadSort | null;
  const size = Number(params.get("size"));
  const page = Number(params.get("page"));
  return {
    search: params.get("search") ?? "",
    status: status && STATUSES.some((s) => s.value === status) ? status : "all",
    sort: sort && SORTS.includes(sort) ? sort : "received",
    desc: sort && SORTS.includes(sort) ? params.get("dir") === "desc" : true,
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : PAGE_SIZES[1],
  };
}

function paramsOf(q: LeadQuery): Record<string, string> {
  const out: Record<string, string> = {};
  if (q.search.trim()) out.search = q.search;
  if (q.status !== "all") out.status = q.status;
  if (q.sort !== "received" || !q.desc) {
    out.sort = q.sort;
    out.dir = q.desc ? "desc" : "asc";
  }
  if (q.page > 0) out.page = String(q.page + 1);
  if (q.pageSize !== PAGE_SIZES[1]) out.size = String(q.pageSize);
  return out;
}

const COLUMNS: DataTableColumn<Lead>[] = [
  {
    id: "received",
    header: "Received",
    sortValue: (l) => l.created_at,
    className: "w-44",
    cell: (l) => <span className="text-slate-700">{formatDateTime(l.created_at)}</span>,
  },
  {
    id: "name",
    header: "Name",
    sortValue: (l) => l.name,
    cardWide: true,
    cardLabel: false,
    cell: (l) => (
      <>
        <Link
          to={paths.portal.lead(l.id)}
          className="font-semibold break-words text-blue-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          {l.name}
        </Link>
        <p className="text-slate-600 [overflow-wrap:anywhere]">{l.email}</p>
      </>
    ),
  },
  { id: "company", header: "Company", sortValue: (l) => l.company, cell: (l) => <span className="break-words text-slate-800">{l.company}</span> },
  { id: "time", header: "Preferred time", cell: (l) => <span className="text-slate-700">{preferredTimeLabel(l.preferred_time)}</span> },
  {
    id: "status",
    header: "Status",
    cell: (l) => {
      const state = leadState(l);
      return <Badge tone={state.tone}>{state.label}</Badge>;
    },
  },
];

/** The contact form's discovery-call requests, for staff: search, open or handled, newest first, paged by the server. */
export function LeadsPage() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryOf(params), [params]);
  const update = (change: Partial<LeadQuery>, replace = false) => setParams(paramsOf({ ...query, ...change }), { replace });

  // Typing narrows the list as it goes; the URL follows a moment later, without a history entry per keystroke.
  const [search, setSearch] = useState(query.search);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const onSearch = (value: string) => {
    setSearch(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => update({ search: value, page: 0 }, true), SEARCH_DELAY_MS);
  };
  // Back or a shared link brings another search: the box shows it.
  const [shown, setShown] = useState(query.search);
  if (shown !== query.search) {
    setShown(query.search);
    setSearch(query.search);
  }

  const leads = useLeads(query);
  const filtered = query.search.trim() !== "" || query.status !== "all";
  const sort: DataTableSort = { id: query.sort, desc: query.desc };

  return (
    <div className="space-y-6">
      <PageHeader title="Leads" description="Discovery calls requested through the contact form, newest first." />
      <section aria-label="Filters" className="flex flex-col gap-3 sm:flex-row">
        <SearchField
          id="lead-search"
          label="Search leads by name, email or company"
          placeholder="Search by name, email or company"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          maxLength={LeadSearchMax}
          className="flex-1"
        />
        <FilterSelect
          id="lead-status"
          label="Status"
          value={query.status}
          onChange={(e) => update({ status: e.target.value as LeadStatus, page: 0 })}
          className="sm:w-44"
        >
          {STATUSES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </FilterSelect>
      </section>

      {leads.isError ? (
        <LoadError title="The leads could not be loaded." message={errorMessage(leads.error, "")} onRetry={() => leads.refetch()} retrying={leads.isFetching} />
      ) : leads.data && leads.data.total === 0 && !filtered ? (
        <EmptyState icon={Inbox} title="No leads yet">
          Requests for a discovery call sent from the contact page appear here.
        </EmptyState>
      ) : (
        <div className="space-y-2">
          {leads.data && (
            <p className="text-sm text-slate-600" aria-live="polite">
              {leads.data.total === 1 ? "1 lead" : `${leads.data.total} leads`}
              {filtered ? " match" : ""}
            </p>
          )}
          <DataTable
            label="Leads"
            data={leads.data?.items ?? []}
            columns={COLUMNS}
            getRowId={(l) => l.id}
            loading={leads.isPending}
            loadingText="Loading leads…"
            busy={leads.isFetching}
            emptyText="No leads match your search."
            stackBelow="xl"
            server={{
              total: leads.data?.total ?? 0,
              sort,
              pageIndex: query.page,
              pageSize: query.pageSize,
              onChange: (change) =>
                update({
                  sort: (change.sort?.id as LeadSort | undefined) ?? "received",
                  desc: change.sort ? change.sort.desc : true,
                  page: change.pageIndex,
                  pageSize: change.pageSize,
                }),
            }}
          />
        </div>
      )}
    </div>
  );
}
