import { Alert } from "~/components/ui/alert";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { SettingsCard } from "~/components/ui/settings-card";
import { errorMessage } from "~/lib/api";
import type { Member } from "~/lib/api-types.gen";
import { useMembers } from "../api";
import { formatDate } from "~/lib/format";

const columns: DataTableColumn<Member>[] = [
  {
    id: "name",
    header: "Name",
    cell: (m) => (
      <span className="font-medium text-slate-900">
        {m.full_name || m.email}
      </span>
    ),
    sortValue: (m) => m.full_name,
  },
  {
    id: "email",
    header: "Email",
    cell: (m) => <span className="break-all">{m.email}</span>,
    sortValue: (m) => m.email,
  },
  {
    id: "joined",
    header: "Member since",
    cell: (m) => formatDate(m.created_at, { empty: "", invalid: "" }),
    sortValue: (m) => m.created_at,
  },
];

/** The approved members of the signed-in customer's organization. */
export function TeamPanel({
  organizationId,
  organizationName,
}: {
  organizationId: string | null;
  organizationName: string | undefined;
}) {
  const members = useMembers({ enabled: organizationId !== null });
  return (
    <SettingsCard
      title="Team"
      description={
        organizationName
          ? `Everyone at ${organizationName} with access to this portal.`
          : "Everyone in your organization with access to this portal."
      }
    >
      {organizationId === null ? (
        <p className="text-sm text-slate-600">
          Your account is not part of an organization yet. Contact support to be
          added to yours.
        </p>
      ) : members.isError ? (
        <Alert tone="error">
          {errorMessage(
            members.error,
            "The team could not be loaded. Please try again.",
          )}
        </Alert>
      ) : (
        <DataTable
          label="Team members"
          data={members.data ?? []}
          columns={columns}
          getRowId={(m) => m.id}
          loading={members.isPending}
          loadingText="Loading your team…"
          emptyText="No one else has access yet."
          initialSort={[{ id: "name", desc: false }]}
        />
      )}
    </SettingsCard>
  );
}
