import { useState } from "react";
import { useSearchParams } from "react-router";
import { Alert } from "~/components/ui/alert";
import { LoadError } from "~/components/ui/load-error";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DataTable, PAGE_SIZES, type DataTableColumn } from "~/components/ui/data-table";
import { FormField } from "~/components/ui/form-field";
import { Input, Select } from "~/components/ui/input";
import { SettingsCard } from "~/components/ui/settings-card";
import { Spinner } from "~/components/ui/spinner";
import { useAuth } from "~/features/auth/auth-provider";
import type { Role } from "~/features/auth/profile-api";
import { errorMessage } from "~/lib/api";
import { AccountSearchMax, OrganizationNameMax } from "~/lib/api-types.gen";
import { useApiForm, type FieldErrors } from "~/lib/use-api-form";
import {
  pendingChanges,
  useAccountAction,
  useAdminUsers,
  useCreateOrganization,
  useOrganizations,
  type AccountAction,
  type AdminUser,
  type AdminUserUpdate,
  type UserPage,
  type ApprovalFilter,
  type Organization,
} from "../api";
import { APPROVAL_LABELS, ROLE_LABELS } from "../labels";
import { ApproveDialog } from "./approve-dialog";
import { AuditLog } from "./audit-log";
import { useDebounced } from "~/lib/use-debounced";
import { formatDate } from "~/lib/format";
import { SearchField } from "~/components/ui/search-field";

const SEARCH_DELAY_MS = 300;
const FILTERS: { value: ApprovalFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "pending", label: "Pending" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
];
const ROLES: Role[] = ["customer", "employee", "admin"];

/** The list's columns and the API's sort keys, both ways. */
const SORT_KEYS: Record<string, UserPage["sort"]> = { user: "name", role: "role", organization: "organization", "last-sign-in": "last_sign_in" };
const SORT_COLUMNS = Object.fromEntries(Object.entries(SORT_KEYS).map(([column, key]) => [key, column])) as Record<UserPage["sort"], string>;

const STATUS_TONES: Record<AdminUser["approval_status"], BadgeTone> = {
  pending: "warning",
  approved: "success",
  rejected: "danger",
};

function CreateOrganization() {
  const [name, setName] = useState("");
  const [created, setCreated] = useState<string | null>(null);
  const form = useApiForm(useCreateOrganization(), {
    idPrefix: "new-organization",
    fallbackMessage: "The organization could not be created.",
  });

  const onSubmit = form.onSubmit(
    () => ({ name }),
    (values): FieldErrors => (values.name.trim() ? {} : { name: "Enter a name for the organization." }),
    {
      onSuccess: (org) => {
        setName("");
        setCreated(`${org.name} has been created.`);
      },
    },
  );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setCreated(null);
        onSubmit(event);
      }}
      className="space-y-3"
    >
      {created && <Alert tone="success">{created}</Alert>}
      {form.formError && !form.fieldError("name") && <Alert tone="error">{form.formError}</Alert>}
      <div className="flex flex-col gap-3 @lg:flex-row @lg:items-start">
        <div className="min-w-0 flex-1">
          <FormField label="New organization" {...form.field("name")}>
            {(control) => <Input {...control} value={name} onChange={(e) => setName(e.target.value)} maxLength={OrganizationNameMax} />}
          </FormField>
        </div>
        <Button type="submit" loading={form.submitting} className="@lg:mt-7">
          Create organization
        </Button>
      </div>
    </form>
  );
}

function OrganizationOptions({ user, organizations }: { user: AdminUser; organizations: Organization[] | undefined }) {
  return (
    <>
      <option value="">No organization</option>
      {user.organization_id && !organizations?.some((o) => o.id === user.organization_id) && (
        <option value={user.organization_id}>{user.organization_name ?? "Current organization"}</option>
      )}
      {organizations?.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </>
  );
}

export function AdminManagement() {
  const { profile, refreshProfile } = useAuth();
  const [params] = useSearchParams();
  const [search, setSearch] = useState(() => params.get("search") ?? "");
  const [approval, setApproval] = useState<ApprovalFilter>("all");
  const [confirmReject, setConfirmReject] = useState<AdminUser | null>(null);
  const [approving, setApproving] = useState<AdminUser | null>(null);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [drafts, setDrafts] = useState<Record<string, AdminUserUpdate>>({});
  const debouncedSearch = useDebounced(search, SEARCH_DELAY_MS);
  const isAdmin = profile?.role === "admin";

  const [page, setPage] = useState<UserPage>({ pageIndex: 0, pageSize: PAGE_SIZES[0], sort: "name", desc: false });
  // A new search or filter starts again at the first page.
  const [filterKey, setFilterKey] = useState(`${debouncedSearch}|${approval}`);
  if (filterKey !== `${debouncedSearch}|${approval}`) {
    setFilterKey(`${debouncedSearch}|${approval}`);
    setPage((p) => ({ ...p, pageIndex: 0 }));
  }
  const users = useAdminUsers(debouncedSearch, approval, page);
  const organizations = useOrganizations();
  const action = useAccountAction();

  const discard = (user: AdminUser) =>
    setDrafts((all) => {
      const rest = { ...all };
      delete rest[user.id];
      return rest;
    });

  const announce = async (updated: AdminUser, text: string) => {
    setNotice({ tone: "success", text });
    if (updated.id === profile?.id) await refreshProfile();
  };

  const run = (a: AccountAction) => {
    setNotice(null);
    action.mutate(a, {
      onSuccess: async (updated) => {
        const who = updated.full_name || updated.email;
        setConfirmReject(null);
        if (a.kind === "update") discard(a.user);
        await announce(updated, `${who} has been ${a.kind === "reject" ? "rejected" : "updated"}.`);
      },
      onError: (err) => {
        setNotice({ tone: "error", text: errorMessage(err, "The change could not be saved.") });
        setConfirmReject(null);
      },
    });
  };

  const approved = async (updated: AdminUser) => {
    const who = updated.full_name || updated.email;
    setApproving(null);
    discard(updated);
    await announce(updated, updated.organization_name ? `Approved ${who} into ${updated.organization_name}.` : `${who} has been approved.`);
  };

  const columns: DataTableColumn<AdminUser>[] = (() => {
    const edit = (user: AdminUser, change: AdminUserUpdate) =>
      setDrafts((all) => ({ ...all, [user.id]: { ...all[user.id], ...change } }));
    const busyFor = (user: AdminUser) => action.isPending && action.variables?.user.id === user.id;
    return [
      {
        id: "user",
        header: "User",
        cardWide: true,
        cardLabel: false,
        sortValue: (u) => u.full_name || u.email,
        // The approval state sits with the name: the filter above narrows by it, and the row keeps its width for the controls.
        cell: (u) => (
          <>
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-semibold break-words text-slate-900">{u.full_name || "—"}</span>
              <Badge tone={STATUS_TONES[u.approval_status]}>{APPROVAL_LABELS[u.approval_status]}</Badge>
            </p>
            <p className="text-slate-600 [overflow-wrap:anywhere]">{u.email}</p>
            {!u.email_confirmed_at && <p className="text-xs text-amber-800">Email not confirmed yet</p>}
          </>
        ),
      },
      {
        id: "role",
        header: "Role",
        sortValue: (u) => ROLE_LABELS[u.role] ?? u.role,
        cell: (u) => {
          const who = u.full_name || u.email;
          const self = u.id === profile?.id;
          // A pending account's role is chosen in the approval dialog.
          if (!isAdmin || self || u.approval_status === "pending") {
            return (
              <span className="text-slate-800">
                {ROLE_LABELS[u.role] ?? u.role}
                {self && <span className="text-slate-600"> (you)</span>}
              </span>
            );
          }
          return (
            <Select
              aria-label={`Role of ${who}`}
              id={`role-${u.id}`}
              controlSize="sm"
              className="min-w-[7.5rem]"
              value={drafts[u.id]?.role ?? u.role}
              disabled={busyFor(u)}
              onChange={(e) => edit(u, { role: e.target.value as Role })}
            >
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </Select>
          );
        },
      },
      {
        id: "organization",
        header: "Organization",
        sortValue: (u) => u.organization_name ?? "",
        cell: (u) => {
          const draft = drafts[u.id];
          // A pending account joins its organization in the approval dialog.
          if (u.approval_status === "pending") {
            return <span className="text-slate-800">{u.organization_name ?? "Chosen on approval"}</span>;
          }
          // The server lets nobody move themselves, and employees move customers only: a control
          // it would refuse is not offered.
          if (u.id === profile?.id || (!isAdmin && u.role !== "customer")) {
            return <span className="text-slate-800">{u.organization_name ?? "No organization"}</span>;
          }
          return (
            <Select
              aria-label={`Organization of ${u.full_name || u.email}`}
              id={`org-${u.id}`}
              controlSize="sm"
              className="min-w-[10rem]"
              value={(draft?.organization_id !== undefined ? draft.organization_id : u.organization_id) ?? ""}
              disabled={busyFor(u) || organizations.isPending}
              onChange={(e) => edit(u, { organization_id: e.target.value || null })}
            >
              <OrganizationOptions user={u} organizations={organizations.data} />
            </Select>
          );
        },
      },
      {
        id: "last-sign-in",
        header: "Last sign-in",
        sortValue: (u) => u.last_sign_in_at ?? "",
        // An account waiting for approval has never been able to sign in.
        absent: (u) => u.approval_status === "pending",
        cell: (u) => <span className="text-slate-700">{formatDate(u.last_sign_in_at, { empty: "Never" })}</span>,
      },
      {
        id: "actions",
        header: "Actions",
        hideHeader: true,
        cardWide: true,
        cell: (u) => {
          const who = u.full_name || u.email;
          const rowBusy = busyFor(u);
          const changes = pendingChanges(u, drafts[u.id]);
          const dirty = Object.keys(changes).length > 0;
          return (
            <div className="flex flex-wrap items-center gap-2">
              {rowBusy && <Spinner className="h-5 w-5 border-2" />}
              {dirty && (
                <>
                  <Button size="sm" disabled={rowBusy} onClick={() => run({ kind: "update", user: u, update: changes })} aria-label={`Save changes to ${who}`}>
                    Save
                  </Button>
                  <Button size="sm" variant="secondary" disabled={rowBusy} onClick={() => discard(u)} aria-label={`Discard changes to ${who}`}>
                    Discard
                  </Button>
                </>
              )}
              {u.approval_status === "pending" && (
                <>
                  <Button size="sm" disabled={rowBusy} onClick={() => setApproving(u)} aria-label={`Approve ${who}`} aria-haspopup="dialog">
                    Approve
                  </Button>
                  <Button size="sm" variant="secondary" disabled={rowBusy} onClick={() => setConfirmReject(u)} aria-label={`Reject ${who}`} className="text-red-700">
                    Reject
                  </Button>
                </>
              )}
            </div>
          );
        },
      },
    ];
  })();

  return (
    <div className="space-y-6">
      <SettingsCard
        title="Admin Management"
        description="Approve new accounts, assign them to an organization and manage roles. Every change is written to the audit log."
      >
        <div className="space-y-5">
          {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}

          <div className="flex flex-col gap-3 sm:flex-row">
            <SearchField
              id="admin-user-search"
              label="Search users by name or email"
              placeholder="Search by name or email"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              maxLength={AccountSearchMax}
              className="flex-1"
            />
            <div>
              <label htmlFor="admin-approval-filter" className="sr-only">
                Approval status
              </label>
              <Select
                id="admin-approval-filter"
                value={approval}
                onChange={(e) => setApproval(e.target.value as ApprovalFilter)}
                className="sm:w-44"
              >
                {FILTERS.map((f) => (
                  <option key={f.value} value={f.value}>
                    {f.label}
                  </option>
                ))}
              </Select>
            </div>
          </div>

          {users.isError ? (
            <LoadError title="The users could not be loaded." message={errorMessage(users.error, "")} onRetry={() => users.refetch()} retrying={users.isFetching} />
          ) : (
            <DataTable
              label="Users"
              data={users.data?.items ?? []}
              columns={columns}
              getRowId={(u) => u.id}
              loading={users.isPending}
              loadingText="Loading users…"
              busy={users.isFetching}
              emptyText="No users match your search."
              stackBelow="3xl"
              server={{
                total: users.data?.total ?? 0,
                sort: { id: SORT_COLUMNS[page.sort], desc: page.desc },
                pageIndex: page.pageIndex,
                pageSize: page.pageSize,
                onChange: ({ sort, pageIndex, pageSize }) =>
                  setPage({ pageIndex, pageSize, sort: (sort && SORT_KEYS[sort.id]) || "name", desc: sort?.desc ?? false }),
              }}
            />
          )}
        </div>
      </SettingsCard>

      <SettingsCard title="Organizations" description="Customers see the data of their own organization only.">
        <div className="@container space-y-5">
          {organizations.isError && (
            <Alert tone="error">{errorMessage(organizations.error, "The organizations could not be loaded.")}</Alert>
          )}
          {organizations.data && organizations.data.length > 0 && (
            <ul className="flex flex-wrap gap-2">
              {organizations.data.map((o) => (
                <li key={o.id} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
                  {o.name} <span className="text-slate-600">· {o.member_count} {o.member_count === 1 ? "member" : "members"}</span>
                </li>
              ))}
            </ul>
          )}
          <CreateOrganization />
        </div>
      </SettingsCard>

      <AuditLog />

      {approving && (
        <ApproveDialog
          user={approving}
          organizations={organizations.data ?? []}
          canChangeRole={isAdmin && approving.id !== profile?.id}
          onApproved={(updated) => void approved(updated)}
          onClose={() => setApproving(null)}
        />
      )}

      <ConfirmDialog
        open={confirmReject !== null}
        title="Reject this account?"
        confirmLabel="Reject"
        busy={action.isPending}
        onConfirm={() => confirmReject && run({ kind: "reject", user: confirmReject })}
        onCancel={() => setConfirmReject(null)}
      >
        {confirmReject
          ? `${confirmReject.full_name || confirmReject.email} will not be able to use the portal and will be signed out.`
          : null}
      </ConfirmDialog>
    </div>
  );
}
