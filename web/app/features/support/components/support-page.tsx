import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/input";
import { QueryState } from "~/components/ui/query-state";
import { RowsSkeleton } from "~/components/ui/skeleton";
import { useAuth } from "~/features/auth/auth-provider";
import { TicketSearchMax } from "~/lib/api-types.gen";
import { paths } from "~/lib/paths";
import { isStaff } from "~/lib/roles";
import { useCategories, useOrganizationOptions, usePeople, useTicketSummary, useTickets } from "../api";
import { filterQuery, readFilters, STATUSES, STATUS_LABELS, type TicketFilters } from "../filters";
import { NewTicketDialog } from "./new-ticket-dialog";
import { TicketCard } from "./ticket-card";
import { TicketDialog } from "./ticket-dialog";
import { StatCard } from "~/components/ui/stat-card";
import { SearchField } from "~/components/ui/search-field";
import { FilterBar } from "~/components/ui/filter-bar";

const SEARCH_DELAY_MS = 300;
/** The address's parameters that belong to the create dialog, not to the list. */
const DIALOG_PARAMS = ["new", "title", "description"];

/** The support desk: filters in the URL, `/portal/support/{id}` opens a ticket, `?new=1` the create dialog. */
export function SupportPage({ ticketId }: { ticketId?: string }) {
  const { profile } = useAuth();
  const staff = isStaff(profile?.role);
  const noOrganization = Boolean(profile && !staff && !profile.organization_id);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params, staff);
  const creating = params.get("new") === "1";
  // Another page may open the dialog with a drafted ticket (a project request, an automation's error).
  const draft = { title: params.get("title") ?? "", description: params.get("description") ?? "" };

  function setFilter(key: keyof TicketFilters, value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true, preventScrollReset: true });
  }

  const [search, setSearch] = useState(filters.q);
  const [notice, setNotice] = useState("");
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(""), 8000);
    return () => window.clearTimeout(timer);
  }, [notice]);
  useEffect(() => {
    if (search.trim() === filters.q) return;
    const timer = window.setTimeout(() => setFilter("q", search.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  });

  const tickets = useTickets(filters);
  const summary = useTicketSummary(filters, staff);
  const categories = useCategories();
  const organizations = useOrganizationOptions(staff);
  const people = usePeople(staff);
  const staffPeople = (people.data ?? []).filter((p) => p.role !== "customer");

  const listSearch = () => {
    const rest = new URLSearchParams(params);
    for (const key of DIALOG_PARAMS) rest.delete(key);
    const s = rest.toString();
    return s ? `?${s}` : "";
  };
  const openTicket = (id: string) =>
    navigate(`${paths.portal.ticket(id)}${listSearch()}`, {
      preventScrollReset: true,
    });
  const closeTicket = () =>
    navigate(`${paths.portal.support}${listSearch()}`, {
      preventScrollReset: true,
    });
  const setCreating = (open: boolean) => {
    const next = new URLSearchParams(params);
    if (open) next.set("new", "1");
    else for (const key of DIALOG_PARAMS) next.delete(key);
    setParams(next, { preventScrollReset: true });
  };

  const items = tickets.data?.pages.flatMap((p) => p.items ?? []) ?? [];
  const total = tickets.data?.pages[0]?.total;
  const filtered = Boolean(filterQuery(filters));

  return (
    <div className="space-y-6">
      <PageHeader
        title="Support Tickets"
        description={staff ? "Every organization's tickets: triage, assign and answer." : "Ask for help and follow our answers."}
        actions={
          !noOrganization && (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" className="size-4" />
              New Ticket
            </Button>
          )
        }
      />

      {notice && <Alert tone="success">{notice}</Alert>}

      {noOrganization ? (
        <Alert tone="info" title="No organization yet">
          Your account is not part of an organization yet, so you cannot open or see support tickets. Contact us to be added to your
          organization.
        </Alert>
      ) : (
        <>
          {staff && (
            <section aria-label="Ticket summary" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
              <StatCard label="Open" value={summary.data?.open ?? "—"} />
              <StatCard label="In Progress" value={summary.data?.in_progress ?? "—"} />
              <StatCard label="Resolved" value={summary.data?.resolved ?? "—"} />
              <StatCard label="Total" value={summary.data?.total ?? "—"} />
            </section>
          )}

          <FilterBar columns={staff ? 5 : 3}>
            <SearchField
              id="ticket-search"
              label="Search tickets"
              placeholder="Search tickets"
              className="sm:col-span-2 lg:col-span-1"
              value={search}
              maxLength={TicketSearchMax}
              onChange={(e) => setSearch(e.target.value)}
            />
            <div>
              <label htmlFor="ticket-status-filter" className="sr-only">
                Status
              </label>
              <Select id="ticket-status-filter" value={filters.status} onChange={(e) => setFilter("status", e.target.value)}>
                <option value="">All statuses</option>
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {STATUS_LABELS[s]}
                  </option>
                ))}
              </Select>
            </div>
            <div>
              <label htmlFor="ticket-category-filter" className="sr-only">
                Category
              </label>
              <Select id="ticket-category-filter" value={filters.category} onChange={(e) => setFilter("category", e.target.value)}>
                <option value="">All categories</option>
                {(categories.data ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </Select>
            </div>
            {staff && (
              <>
                <div>
                  <label htmlFor="ticket-organization-filter" className="sr-only">
                    Organization
                  </label>
                  <Select
                    id="ticket-organization-filter"
                    value={filters.organization}
                    onChange={(e) => setFilter("organization", e.target.value)}
                  >
                    <option value="">All organizations</option>
                    {(organizations.data ?? []).map((o) => (
                      <option key={o.id} value={o.id}>
                        {o.name}
                      </option>
                    ))}
                  </Select>
                </div>
                <div>
                  <label htmlFor="ticket-assignee-filter" className="sr-only">
                    Assignee
                  </label>
                  <Select id="ticket-assignee-filter" value={filters.assignee} onChange={(e) => setFilter("assignee", e.target.value)}>
                    <option value="">Any assignee</option>
                    <option value="me">Assigned to me</option>
                    <option value="none">Unassigned</option>
                    {staffPeople.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.full_name || p.email}
                      </option>
                    ))}
                  </Select>
                </div>
              </>
            )}
          </FilterBar>

          <QueryState query={tickets} loading={<RowsSkeleton label="Loading tickets…" />} failed="The tickets could not be loaded.">
            {() =>
              items.length === 0 ? (
                <div className="rounded-2xl bg-white p-10 text-center ring-1 ring-slate-200">
                  <p className="text-lg font-semibold text-slate-900">No tickets found</p>
                  {filtered && <p className="mt-1 text-slate-600">Try adjusting your search or filter criteria</p>}
                </div>
              ) : (
                <>
                  <p className="text-sm text-slate-600" aria-live="polite">
                    Showing {items.length} of {total ?? items.length} tickets
                  </p>
                  <ul className="space-y-4">
                    {items.map((t) => (
                      <TicketCard key={t.id} ticket={t} staff={staff} onView={() => openTicket(t.id)} />
                    ))}
                  </ul>
                  {tickets.hasNextPage && (
                    <div className="flex justify-center">
                      <Button variant="secondary" loading={tickets.isFetchingNextPage} onClick={() => tickets.fetchNextPage()}>
                        Load more tickets
                      </Button>
                    </div>
                  )}
                </>
              )
            }
          </QueryState>
        </>
      )}

      <NewTicketDialog
        key={`${draft.title}\n${draft.description}`}
        draft={draft}
        open={creating && !noOrganization}
        staff={staff}
        onClose={() => setCreating(false)}
        onCreated={(id) => openTicket(id)}
      />
      <TicketDialog
        ticketId={noOrganization ? undefined : ticketId}
        staff={staff}
        onClose={closeTicket}
        onDeleted={(t) => setNotice(`Ticket ${t.code} "${t.title}" was deleted.`)}
      />
    </div>
  );
}
