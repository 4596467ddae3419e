import { useEffect, useState, type FormEvent } from "react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { ScrollableTable } from "~/components/ui/scrollable-table";
import { fieldControlClasses } from "~/components/ui/form-field";
import { Spinner } from "~/components/ui/spinner";
import { useAccessToken, useAuth } from "~/features/auth/auth-provider";
import type { Role } from "~/features/auth/profile-api";
import { LoadingRow, SettingsCard, smallButtonVariants } from "~/components/ui/settings-card";
import { errorMessage } from "~/lib/api";
import {
  APPROVAL_LABELS,
  ROLE_LABELS,
  adminKeys,
  approveUser,
  createOrganization,
  fetchAdminUsers,
  fetchOrganizations,
  pendingChanges,
  rejectUser,
  updateAdminUser,
  type AdminUser,
  type AdminUserUpdate,
  type ApprovalFilter,
} from "../api";
import { AuditLog } from "./audit-log";

const SEARCH_DELAY_MS = 300;
const FILTERS: { value: ApprovalFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "pending", label: "Pending" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
];
const ROLES: Role[] = ["customer", "employee", "admin"];

const statusBadge: Record<AdminUser["approval_status"], string> = {
  pending: "bg-amber-100 text-amber-900",
  approved: "bg-green-100 text-green-800",
  rejected: "bg-red-100 text-red-800",
};

type Action =
  | { kind: "approve"; user: AdminUser }
  | { kind: "reject"; user: AdminUser }
  | { kind: "update"; user: AdminUser; update: AdminUserUpdate };

function shortDate(iso: string | null): string {
  if (!iso) return "Never";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "—" : date.toLocaleDateString("en-US", { dateStyle: "medium" });
}

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

function CreateOrganization({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (value: string) => createOrganization(token, value),
    onSuccess: async (org) => {
      setName("");
      setError(null);
      setCreated(`${org.name} has been created.`);
      await queryClient.invalidateQueries({ queryKey: adminKeys.organizations });
      await queryClient.invalidateQueries({ queryKey: adminKeys.auditLog });
    },
    onError: (err) => setError(errorMessage(err, "The organization could not be created.")),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    setCreated(null);
    if (!name.trim()) {
      setError("Enter a name for the organization.");
      return;
    }
    create.mutate(name);
  }

  return (
    <form onSubmit={handleSubmit} className="space-y-3">
      {created && <Alert tone="success">{created}</Alert>}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <label htmlFor="new-organization" className="block text-sm font-semibold text-slate-900">
          New organization
        </label>
        <input
          id="new-organization"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={200}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "new-organization-error" : undefined}
          className={`${fieldControlClasses(Boolean(error))} mt-1.5`}
        />
        {error && (
          <p id="new-organization-error" role="alert" className="mt-1.5 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </div>
      <button type="submit" disabled={create.isPending} className={`${smallButtonVariants.primary} py-2.5`}>
        {create.isPending && <Spinner className="h-4 w-4 border-2" />}
        Create organization
      </button>
      </div>
    </form>
  );
}

export function AdminManagement() {
  const { profile, refreshProfile } = useAuth();
  const token = useAccessToken();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const [approval, setApproval] = useState<ApprovalFilter>("all");
  const [confirmReject, setConfirmReject] = useState<AdminUser | null>(null);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [drafts, setDrafts] = useState<Record<string, AdminUserUpdate>>({});
  const debouncedSearch = useDebounced(search, SEARCH_DELAY_MS);
  const isAdmin = profile?.role === "admin";

  const users = useQuery({
    queryKey: adminKeys.users(debouncedSearch.trim(), approval),
    queryFn: ({ signal }) => fetchAdminUsers(token, debouncedSearch, approval, signal),
    placeholderData: keepPreviousData,
  });
  const organizations = useQuery({
    queryKey: adminKeys.organizations,
    queryFn: ({ signal }) => fetchOrganizations(token, signal),
  });

  const action = useMutation({
    mutationFn: (a: Action) => {
      if (a.kind === "approve") return approveUser(token, a.user.id);
      if (a.kind === "reject") return rejectUser(token, a.user.id);
      return updateAdminUser(token, a.user.id, a.update);
    },
    onSuccess: async (updated, a) => {
      const who = updated.full_name || updated.email;
      const text =
        a.kind === "approve"
          ? `${who} has been approved.`
          : a.kind === "reject"
            ? `${who} has been rejected.`
            : `${who} has been updated.`;
      setNotice({ tone: "success", text });
      setConfirmReject(null);
      if (a.kind === "update") discard(a.user);
      if (updated.id === profile?.id) await refreshProfile();
    },
    onError: (err) => {
      setNotice({ tone: "error", text: errorMessage(err, "The change could not be saved.") });
      setConfirmReject(null);
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });

  const edit = (user: AdminUser, change: AdminUserUpdate) =>
    setDrafts((all) => ({ ...all, [user.id]: { ...all[user.id], ...change } }));
  function discard(user: AdminUser) {
    setDrafts((all) => {
      const rest = { ...all };
      delete rest[user.id];
      return rest;
    });
  }

  const busyFor = (user: AdminUser) => action.isPending && action.variables?.user.id === user.id;
  const run = (a: Action) => {
    setNotice(null);
    action.mutate(a);
  };

  return (
    <div className="space-y-6">
      <SettingsCard
        title="Admin Management"
        description="Approve new accounts, assign them to an organization and manage roles. Every change is written to the audit log."
      >
        <div className="space-y-5">
          {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}

          <div className="flex flex-col gap-3 sm:flex-row">
            <div className="relative flex-1">
              <label htmlFor="admin-user-search" className="sr-only">
                Search users by name or email
              </label>
              <Search className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-slate-500" aria-hidden="true" />
              <input
                id="admin-user-search"
                type="search"
                placeholder="Search by name or email"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                className={`${fieldControlClasses(false)} pl-10`}
              />
            </div>
            <div>
              <label htmlFor="admin-approval-filter" className="sr-only">
                Approval status
              </label>
              <select
                id="admin-approval-filter"
                value={approval}
                onChange={(e) => setApproval(e.target.value as ApprovalFilter)}
                className={`${fieldControlClasses(false)} sm:w-44`}
              >
                {FILTERS.map((f) => (
                  <option key={f.value} value={f.value}>
                    {f.label}
                  </option>
                ))}
              </select>
            </div>
          </div>

          {users.isPending ? (
            <LoadingRow label="Loading users…" />
          ) : users.isError ? (
            <Alert tone="error" title="The users could not be loaded.">
              <p>{errorMessage(users.error, "Please try again.")}</p>
              <button type="button" onClick={() => void users.refetch()} className={`${smallButtonVariants.secondary} mt-2`}>
                Try again
              </button>
            </Alert>
          ) : users.data.length === 0 ? (
            <p className="rounded-lg bg-slate-50 p-6 text-center text-sm text-slate-600">No users match your search.</p>
          ) : (
            <ScrollableTable label="Users" busy={users.isFetching}>
              <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
                <caption className="sr-only">Users</caption>
                <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase">
                  <tr>
                    <th scope="col" className="px-4 py-3">User</th>
                    <th scope="col" className="px-4 py-3">Status</th>
                    <th scope="col" className="px-4 py-3">Role</th>
                    <th scope="col" className="px-4 py-3">Organization</th>
                    <th scope="col" className="px-4 py-3">Last sign-in</th>
                    <th scope="col" className="px-4 py-3"><span className="sr-only">Actions</span></th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200 bg-white">
                  {users.data.map((u) => {
                    const self = u.id === profile?.id;
                    const rowBusy = busyFor(u);
                    const who = u.full_name || u.email;
                    const draft = drafts[u.id];
                    const changes = pendingChanges(u, draft);
                    const dirty = Object.keys(changes).length > 0;
                    return (
                      <tr key={u.id}>
                        <td className="px-4 py-3">
                          <p className="font-semibold text-slate-900">{u.full_name || "—"}</p>
                          <p className="whitespace-nowrap text-slate-600">{u.email}</p>
                          {!u.email_confirmed_at && <p className="text-xs text-amber-800">Email not confirmed yet</p>}
                        </td>
                        <td className="px-4 py-3">
                          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusBadge[u.approval_status]}`}>
                            {APPROVAL_LABELS[u.approval_status]}
                          </span>
                        </td>
                        <td className="px-4 py-3">
                          {isAdmin && !self ? (
                            <>
                              <label htmlFor={`role-${u.id}`} className="sr-only">
                                Role of {who}
                              </label>
                              <select
                                id={`role-${u.id}`}
                                value={draft?.role ?? u.role}
                                disabled={rowBusy}
                                onChange={(e) => edit(u, { role: e.target.value as Role })}
                                className="rounded-md border border-slate-500 bg-white px-2 py-1.5 text-sm"
                              >
                                {ROLES.map((r) => (
                                  <option key={r} value={r}>
                                    {ROLE_LABELS[r]}
                                  </option>
                                ))}
                              </select>
                            </>
                          ) : (
                            <span className="text-slate-800">
                              {ROLE_LABELS[u.role] ?? u.role}
                              {self && <span className="text-slate-600"> (you)</span>}
                            </span>
                          )}
                        </td>
                        <td className="px-4 py-3">
                          <label htmlFor={`org-${u.id}`} className="sr-only">
                            Organization of {who}
                          </label>
                          <select
                            id={`org-${u.id}`}
                            value={(draft?.organization_id !== undefined ? draft.organization_id : u.organization_id) ?? ""}
                            disabled={rowBusy || organizations.isPending}
                            onChange={(e) => edit(u, { organization_id: e.target.value || null })}
                            className="max-w-48 rounded-md border border-slate-500 bg-white px-2 py-1.5 text-sm"
                          >
                            <option value="">No organization</option>
                            {u.organization_id && !organizations.data?.some((o) => o.id === u.organization_id) && (
                              <option value={u.organization_id}>{u.organization_name ?? "Current organization"}</option>
                            )}
                            {organizations.data?.map((o) => (
                              <option key={o.id} value={o.id}>
                                {o.name}
                              </option>
                            ))}
                          </select>
                        </td>
                        <td className="px-4 py-3 whitespace-nowrap text-slate-700">{shortDate(u.last_sign_in_at)}</td>
                        <td className="px-4 py-3">
                          <div className="flex justify-end gap-2">
                            {rowBusy && <Spinner className="h-5 w-5 border-2" />}
                            {dirty && (
                              <>
                                <button
                                  type="button"
                                  disabled={rowBusy}
                                  onClick={() => run({ kind: "update", user: u, update: changes })}
                                  className={smallButtonVariants.primary}
                                  aria-label={`Save changes to ${who}`}
                                >
                                  Save
                                </button>
                                <button
                                  type="button"
                                  disabled={rowBusy}
                                  onClick={() => discard(u)}
                                  className={smallButtonVariants.secondary}
                                  aria-label={`Discard changes to ${who}`}
                                >
                                  Discard
                                </button>
                              </>
                            )}
                            {u.approval_status === "pending" && (
                              <>
                                <button
                                  type="button"
                                  disabled={rowBusy}
                                  onClick={() => run({ kind: "approve", user: u })}
                                  className={smallButtonVariants.success}
                                  aria-label={`Approve ${who}`}
                                >
                                  Approve
                                </button>
                                <button
                                  type="button"
                                  disabled={rowBusy}
                                  onClick={() => setConfirmReject(u)}
                                  className={smallButtonVariants.danger}
                                  aria-label={`Reject ${who}`}
                                >
                                  Reject
                                </button>
                              </>
                            )}
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </ScrollableTable>
          )}
        </div>
      </SettingsCard>

      <SettingsCard title="Organizations" description="Customers see the data of their own organization only.">
        <div className="space-y-5">
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
          <CreateOrganization token={token} />
        </div>
      </SettingsCard>

      <AuditLog />

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
