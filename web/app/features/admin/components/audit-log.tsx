import { useMemo, useState } from "react";
import { DataTable, PAGE_SIZES, type DataTableColumn } from "~/components/ui/data-table";
import { LoadError } from "~/components/ui/load-error";
import { SettingsCard } from "~/components/ui/settings-card";
import { errorMessage } from "~/lib/api";
import { formatDateTime } from "~/lib/format";
import { AUDIT_SORTS, useAuditLog, useOrganizations, type AuditEntry, type AuditPage } from "../api";
import { describeAction, describeDetails } from "../audit";

function actor(entry: AuditEntry): string {
  const who = entry.actor_name || entry.actor_email || (entry.actor_id ? "A former account" : "System");
  return entry.acted_as_email ? `${who} (as ${entry.acted_as_email})` : who;
}

/** What an entry concerns, by name: an account with its address, a ticket with its number, and whose it is. */
export function target(entry: AuditEntry): string {
  const kind = entry.target_type ? entry.target_type.replace(/_/g, " ") : "";
  let name = entry.target_name || entry.target_email;
  if (entry.target_type === "user" && entry.target_name && entry.target_email && entry.target_name !== entry.target_email) {
    name = `${entry.target_name} (${entry.target_email})`;
  }
  if (!name) name = kind ? `A ${kind} that no longer exists` : "—";
  if (entry.target_code) name = `${name} (${entry.target_code})`;
  const owner = entry.organization_name && !["user", "organization"].includes(entry.target_type) ? ` · ${entry.organization_name}` : "";
  return name + owner;
}

/**
 * How the log is ordered, in words, for its description. The server orders actions by their stored
 * key, which keeps an area's actions together but is not the alphabet of their words.
 */
function orderInWords({ sort, desc }: AuditPage): string {
  if (sort === "who") return `by who acted, ${desc ? "Z to A" : "A to Z"}`;
  if (sort === "action") return `grouped by action${desc ? ", in reverse" : ""}`;
  return desc ? "newest first" : "oldest first";
}

const NEWEST_FIRST: AuditPage = { pageIndex: 0, pageSize: PAGE_SIZES[1], sort: "when", desc: true };

/** The audit log, newest first, paged and ordered by the server; each entry in words. */
export function AuditLog() {
  const [page, setPage] = useState<AuditPage>(NEWEST_FIRST);
  const log = useAuditLog(page);
  const organizations = useOrganizations();

  // Names, addresses and details break anywhere ([overflow-wrap:anywhere], alone: break-words would
  // override it and keep a long e-mail address as the column's least width, widening the table).
  // Who keeps a least width of its own, so that a short name ("System") is never split.
  const columns = useMemo<DataTableColumn<AuditEntry>[]>(() => {
    const names = new Map((organizations.data ?? []).map((o) => [o.id, o.name]));
    // The organization an account moved to is named by the entry itself, even once renamed or gone.
    const nameFor = (e: AuditEntry) => (value: string) =>
      names.get(value) ?? (e.organization_name && (e.details as Record<string, unknown> | null)?.to === value ? e.organization_name : undefined);
    return [
      {
        id: "when",
        header: "When",
        cell: (e) => <span className="text-slate-700">{formatDateTime(e.created_at, { invalid: e.created_at })}</span>,
        // The server orders the log (by time, who acted or action); these values only mark the columns sortable.
        sortValue: (e) => e.created_at,
        className: "w-40",
      },
      {
        id: "who",
        header: "Who",
        sortValue: (e) => actor(e),
        cell: (e) => (
          <span className="inline-block min-w-24 text-slate-900 [overflow-wrap:anywhere]" title={e.actor_email || undefined}>
            {actor(e)}
          </span>
        ),
      },
      {
        id: "action",
        header: "Action",
        sortValue: (e) => e.action,
        cell: (e) => <span className="font-medium text-slate-900">{describeAction(e.action)}</span>,
      },
      {
        id: "whom",
        header: "Concerning",
        cell: (e) => <span className="text-slate-700 [overflow-wrap:anywhere]">{target(e)}</span>,
      },
      {
        id: "details",
        header: "Details",
        cardWide: true,
        cell: (e) => (
          <span className="text-slate-700 [overflow-wrap:anywhere]">{describeDetails(e.details, nameFor(e), e.action) || "—"}</span>
        ),
      },
    ];
  }, [organizations.data]);

  return (
    <SettingsCard
      title="Audit log"
      description={`Every staff action, ${orderInWords(page)}${log.data ? ` (${log.data.total} ${log.data.total === 1 ? "entry" : "entries"})` : ""}.`}
    >
      {log.isError ? (
        <LoadError
          title="The audit log could not be loaded."
          message={errorMessage(log.error, "")}
          onRetry={() => log.refetch()}
          retrying={log.isFetching}
        />
      ) : (
        <DataTable
          label="Audit log"
          data={log.data?.items ?? []}
          columns={columns}
          getRowId={(e) => e.id}
          loading={log.isPending}
          loadingText="Loading the audit log…"
          busy={log.isFetching}
          emptyText="Nothing has been recorded yet."
          stackBelow="3xl"
          server={{
            total: log.data?.total ?? 0,
            sort: { id: page.sort, desc: page.desc },
            pageIndex: page.pageIndex,
            pageSize: page.pageSize,
            onChange: ({ sort, pageIndex, pageSize }) => {
              const key = AUDIT_SORTS.find((s) => s === sort?.id);
              setPage(key && sort ? { pageIndex, pageSize, sort: key, desc: sort.desc } : { ...NEWEST_FIRST, pageIndex, pageSize });
            },
          }}
        />
      )}
    </SettingsCard>
  );
}
