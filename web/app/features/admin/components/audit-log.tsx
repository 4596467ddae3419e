import { useQuery } from "@tanstack/react-query";
import { Alert } from "~/components/ui/alert";
import { ScrollableTable } from "~/components/ui/scrollable-table";
import { useAccessToken } from "~/features/auth/auth-provider";
import { LoadingRow, SettingsCard, smallButtonVariants } from "~/components/ui/settings-card";
import { errorMessage } from "~/lib/api";
import {
  AUDIT_LOG_LIMIT,
  adminKeys,
  describeAction,
  describeDetails,
  fetchAuditLog,
  fetchOrganizations,
  type AuditEntry,
} from "../api";

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });
}

function target(entry: AuditEntry, nameOf: (id: string) => string | undefined): string {
  if (entry.target_email) return entry.target_email;
  if (entry.target_type && entry.target_id) return `${entry.target_type} ${nameOf(entry.target_id) ?? entry.target_id.slice(0, 8)}`;
  return entry.target_type || "—";
}

export function AuditLog() {
  const token = useAccessToken();
  const log = useQuery({ queryKey: adminKeys.auditLog, queryFn: ({ signal }) => fetchAuditLog(token, signal) });
  const organizations = useQuery({ queryKey: adminKeys.organizations, queryFn: ({ signal }) => fetchOrganizations(token, signal) });
  const orgNames = new Map((organizations.data ?? []).map((o) => [o.id, o.name]));
  const nameOf = (value: string) => orgNames.get(value);

  return (
    <SettingsCard title="Audit log" description={`The latest ${AUDIT_LOG_LIMIT} staff actions, newest first.`}>
      {log.isPending ? (
        <LoadingRow label="Loading the audit log…" />
      ) : log.isError ? (
        <Alert tone="error" title="The audit log could not be loaded.">
          <p>{errorMessage(log.error, "Please try again.")}</p>
          <button type="button" onClick={() => void log.refetch()} className={`${smallButtonVariants.secondary} mt-2`}>
            Try again
          </button>
        </Alert>
      ) : log.data.length === 0 ? (
        <p className="rounded-lg bg-slate-50 p-6 text-center text-sm text-slate-600">Nothing has been recorded yet.</p>
      ) : (
        <ScrollableTable label="Audit log entries">
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
            <caption className="sr-only">Audit log</caption>
            <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">When</th>
                <th scope="col" className="px-4 py-3">Who</th>
                <th scope="col" className="px-4 py-3">Action</th>
                <th scope="col" className="px-4 py-3">Whom</th>
                <th scope="col" className="px-4 py-3">Details</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 bg-white">
              {log.data.map((entry) => (
                <tr key={entry.id}>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">{when(entry.created_at)}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-900">{entry.actor_email || "System"}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-900">{describeAction(entry.action)}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">{target(entry, nameOf)}</td>
                  <td className="min-w-56 px-4 py-3 text-slate-700">{describeDetails(entry.details, nameOf) || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollableTable>
      )}
    </SettingsCard>
  );
}
