import { useMemo } from "react";
import { LoadError } from "~/components/ui/load-error";
import { errorMessage } from "~/lib/api";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { SettingsCard } from "~/components/ui/settings-card";
import { AUDIT_LOG_LIMIT, useAuditLog, useOrganizations, type AuditEntry } from "../api";
import { describeAction, describeDetails } from "../audit";
import { formatDateTime } from "~/lib/format";

function actor(entry: AuditEntry): string {
  const who = entry.actor_name || entry.actor_email || "System";
  return entry.acted_as_email ? `${who} (as ${entry.acted_as_email})` : who;
}

function target(entry: AuditEntry, nameOf: (id: string) => string | undefined): string {
  if (entry.target_name && entry.target_email) return `${entry.target_name} (${entry.target_email})`;
  if (entry.target_name || entry.target_email) return entry.target_name || entry.target_email;
  if (entry.target_type && entry.target_id) {
    const name = nameOf(entry.target_id);
    if (name) return name;
    return `${entry.target_type.charAt(0).toUpperCase()}${entry.target_type.slice(1)} ${entry.target_id.slice(0, 8)}`;
  }
  return entry.target_type || "—";
}

export function AuditLog() {
  const log = useAuditLog();
  const organizations = useOrganizations();

  const columns = useMemo<DataTableColumn<AuditEntry>[]>(() => {
    const names = new Map((organizations.data ?? []).map((o) => [o.id, o.name]));
    const nameOf = (value: string) => names.get(value);
    return [
      {
        id: "when",
        header: "When",
        cell: (e) => <span className="text-slate-700">{formatDateTime(e.created_at, { invalid: e.created_at })}</span>,
        sortValue: (e) => e.created_at,
        className: "w-36",
      },
      {
        id: "who",
        header: "Who",
        cell: (e) => (
          <span className="break-words text-slate-900 [overflow-wrap:anywhere]" title={e.actor_email || undefined}>
            {actor(e)}
          </span>
        ),
        sortValue: (e) => actor(e),
      },
      {
        id: "action",
        header: "Action",
        cell: (e) => <span className="font-medium text-slate-900">{describeAction(e.action)}</span>,
        sortValue: (e) => describeAction(e.action),
      },
      {
        id: "whom",
        header: "Whom",
        cell: (e) => <span className="break-words text-slate-700 [overflow-wrap:anywhere]">{target(e, nameOf)}</span>,
        sortValue: (e) => target(e, nameOf),
      },
      {
        id: "details",
        header: "Details",
        cell: (e) => <span className="break-words text-slate-700 [overflow-wrap:anywhere]">{describeDetails(e.details, nameOf, e.action) || "—"}</span>,
      },
    ];
  }, [organizations.data]);

  return (
    <SettingsCard title="Audit log" description={`The latest ${AUDIT_LOG_LIMIT} staff actions, newest first.`}>
      {log.isError ? (
        <LoadError title="The audit log could not be loaded." message={errorMessage(log.error, "")} onRetry={() => log.refetch()} retrying={log.isFetching} />
      ) : (
        <DataTable
          label="Audit log"
          data={log.data ?? []}
          columns={columns}
          getRowId={(e) => e.id}
          loading={log.isPending}
          loadingText="Loading the audit log…"
          emptyText="Nothing has been recorded yet."
          stackBelow="5xl"
        />
      )}
    </SettingsCard>
  );
}
