import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAccessToken } from "~/features/auth/auth-provider";
import { getPage, patchJSON, postJSON } from "~/lib/api";
import { useOrganizations as useOrganizationList } from "~/lib/organizations";
import { queryKeys } from "~/lib/query-keys";
import type {
  Account,
  AccountChange,
  Approval as ApprovalStatus,
  ApprovalRequest,
  AdminActivity,
  Organization as CreatedOrganization,
  OrganizationInput,
  OrganizationSummary,
} from "~/lib/api-types.gen";

export type AdminUser = Account;
export type Organization = OrganizationSummary;
/** An audit entry with the names of what it concerns. */
export type AuditEntry = AdminActivity;

export type ApprovalFilter = "all" | ApprovalStatus;
export type AdminUserUpdate = AccountChange;

/** What the selects of a row changed against the saved account; empty when nothing differs. */
export function pendingChanges(user: AdminUser, draft: AdminUserUpdate | undefined): AdminUserUpdate {
  const changes: AdminUserUpdate = {};
  if (draft?.role !== undefined && draft.role !== user.role) changes.role = draft.role;
  if (draft?.organization_id !== undefined && draft.organization_id !== (user.organization_id ?? null)) {
    changes.organization_id = draft.organization_id;
  }
  return changes;
}

export const adminKeys = {
  all: ["admin"] as const,
  users: (search: string, approval: ApprovalFilter, page: UserPage) => ["admin", "users", search, approval, page] as const,
  auditLog: ["admin", "audit-log"] as const,
  auditPage: (page: AuditPage) => ["admin", "audit-log", page] as const,
};

/** Which page of the account list, in which order (a sort key of the API, ascending unless desc). */
export type UserPage = { pageIndex: number; pageSize: number; sort: "name" | "role" | "organization" | "last_sign_in"; desc: boolean };

export function adminUsersPath(search: string, approval: ApprovalFilter, page?: UserPage): string {
  const params = new URLSearchParams({ search: search.trim(), approval });
  if (page) {
    params.set("sort", page.sort);
    params.set("dir", page.desc ? "desc" : "asc");
    params.set("limit", String(page.pageSize));
    params.set("offset", String(page.pageIndex * page.pageSize));
  }
  return `/api/v1/admin/users?${params.toString()}`;
}

// GET /api/v1/admin/users

/** One page of the accounts the search and filter match, with the number of them all. */
export function useAdminUsers(search: string, approval: ApprovalFilter, page: UserPage) {
  const token = useAccessToken();
  return useQuery(
    queryOptions({
      queryKey: adminKeys.users(search.trim(), approval, page),
      queryFn: ({ signal }) => getPage<AdminUser>(adminUsersPath(search, approval, page), { token, signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

// GET /api/v1/admin/organizations (lib/organizations.ts)

export function useOrganizations() {
  return useOrganizationList(useAccessToken());
}

// GET /api/v1/admin/audit-log

/** The orders of the audit log the API offers; they are also its columns' ids. */
export const AUDIT_SORTS = ["when", "who", "action"] as const;

/** Which page of the audit log, in which order (ascending unless desc). */
export type AuditPage = { pageIndex: number; pageSize: number; sort: (typeof AUDIT_SORTS)[number]; desc: boolean };

export function auditLogPath(page: AuditPage): string {
  const params = new URLSearchParams({
    sort: page.sort,
    dir: page.desc ? "desc" : "asc",
    limit: String(page.pageSize),
    offset: String(page.pageIndex * page.pageSize),
  });
  return `/api/v1/admin/audit-log?${params.toString()}`;
}

/** One page of the audit log in the order asked for, with the number of entries in all. */
export function useAuditLog(page: AuditPage) {
  const token = useAccessToken();
  return useQuery(
    queryOptions({
      queryKey: adminKeys.auditPage(page),
      queryFn: ({ signal }) => getPage<AuditEntry>(auditLogPath(page), { token, signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

// POST /api/v1/admin/users/{id}/approve, /reject; PATCH /api/v1/admin/users/{id}

/**
 * Approves the account; the request may name an organization, or a new one to create, that the account
 * joins in the same transaction.
 */
export const approveUser = (token: string, id: string, request: ApprovalRequest = {}) =>
  postJSON<AdminUser>(`/api/v1/admin/users/${encodeURIComponent(id)}/approve`, request, { token });

export const rejectUser = (token: string, id: string) =>
  postJSON<AdminUser>(`/api/v1/admin/users/${encodeURIComponent(id)}/reject`, {}, { token });

export const updateAdminUser = (token: string, id: string, update: AdminUserUpdate) =>
  patchJSON<AdminUser>(`/api/v1/admin/users/${encodeURIComponent(id)}`, update, { token });

/** One change to an account from the users table; every kind refreshes the admin queries when it settles. */
export type AccountAction =
  | { kind: "approve"; user: AdminUser; request?: ApprovalRequest; role?: AdminUser["role"] }
  | { kind: "reject"; user: AdminUser }
  | { kind: "update"; user: AdminUser; update: AdminUserUpdate };

export function useAccountAction() {
  const token = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: AccountAction) => {
      if (action.kind === "approve") {
        // A role chosen in the approval is saved first: a pending account with another role is harmless.
        if (action.role && action.role !== action.user.role) await updateAdminUser(token, action.user.id, { role: action.role });
        return approveUser(token, action.user.id, action.request);
      }
      if (action.kind === "reject") return rejectUser(token, action.user.id);
      return updateAdminUser(token, action.user.id, action.update);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.organizations }),
      ]),
  });
}

// POST /api/v1/admin/organizations

export const createOrganization = (token: string, name: string) => {
  const body: OrganizationInput = { name: name.trim() };
  return postJSON<CreatedOrganization>("/api/v1/admin/organizations", body, { token });
};

export function useCreateOrganization() {
  const token = useAccessToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name }: { name: string }) => createOrganization(token, name),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.organizations }),
        queryClient.invalidateQueries({ queryKey: adminKeys.auditLog }),
      ]),
  });
}
