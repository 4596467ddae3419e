import { getJSON, patchJSON, postJSON } from "~/lib/api";
import type { ApprovalStatus, Profile, Role } from "~/features/auth/profile-api";

/** An account as staff see it (docs/api.md: Profile plus confirmation and last sign-in). */
export type AdminUser = Profile & { email_confirmed_at: string | null; last_sign_in_at: string | null };

export type Organization = { id: string; name: string; member_count: number; created_at: string };

export type AuditEntry = {
  id: string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  target_email: string | null;
  details: unknown;
  created_at: string;
};

export type ApprovalFilter = "all" | ApprovalStatus;
export type AdminUserUpdate = { role?: Role; organization_id?: string | null };

/** What the selects of a row changed against the saved account; empty when nothing differs. */
export function pendingChanges(user: AdminUser, draft: AdminUserUpdate | undefined): AdminUserUpdate {
  const changes: AdminUserUpdate = {};
  if (draft?.role !== undefined && draft.role !== user.role) changes.role = draft.role;
  if (draft?.organization_id !== undefined && draft.organization_id !== (user.organization_id ?? null)) {
    changes.organization_id = draft.organization_id;
  }
  return changes;
}

export const AUDIT_LOG_LIMIT = 50;

export const adminKeys = {
  all: ["admin"] as const,
  users: (search: string, approval: ApprovalFilter) => ["admin", "users", search, approval] as const,
  organizations: ["admin", "organizations"] as const,
  auditLog: ["admin", "audit-log"] as const,
};

export function adminUsersPath(search: string, approval: ApprovalFilter): string {
  const params = new URLSearchParams({ search: search.trim(), approval });
  return `/api/v1/admin/users?${params.toString()}`;
}

export const fetchAdminUsers = (token: string, search: string, approval: ApprovalFilter, signal?: AbortSignal) =>
  getJSON<AdminUser[]>(adminUsersPath(search, approval), { token, signal });

export const approveUser = (token: string, id: string) =>
  postJSON<AdminUser>(`/api/v1/admin/users/${encodeURIComponent(id)}/approve`, {}, { token });

export const rejectUser = (token: string, id: string) =>
  postJSON<AdminUser>(`/api/v1/admin/users/${encodeURIComponent(id)}/reject`, {}, { token });

export const updateAdminUser = (token: string, id: string, update: AdminUserUpdate) =>
  patchJSON<AdminUser>(`/api/v1/admin/users/${encodeURIComponent(id)}`, update, { token });

export const fetchOrganizations = (token: string, signal?: AbortSignal) =>
  getJSON<Organization[]>("/api/v1/admin/organizations", { token, signal });

export const createOrganization = (token: string, name: string) =>
  postJSON<Organization>("/api/v1/admin/organizations", { name: name.trim() }, { token });

export const fetchAuditLog = (token: string, signal?: AbortSignal) =>
  getJSON<AuditEntry[]>(`/api/v1/admin/audit-log?limit=${AUDIT_LOG_LIMIT}`, { token, signal });

export const ROLE_LABELS: Record<Role, string> = { admin: "Admin", employee: "Employee", customer: "Customer" };

export const APPROVAL_LABELS: Record<ApprovalStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
};

/** A readable line for the details of an audit entry, whatever shape the server gives them. */
/** `nameOf` turns ids the log refers to (organizations) into names where it knows them. */
export function describeDetails(details: unknown, nameOf: (value: string) => string | undefined = () => undefined): string {
  if (details === null || details === undefined || details === "") return "";
  if (typeof details === "string") return details;
  if (typeof details !== "object") return String(details);
  const show = (value: unknown) => {
    if (value === null || value === "") return "none";
    if (typeof value === "string") return nameOf(value) ?? value;
    return typeof value === "object" ? JSON.stringify(value) : String(value);
  };
  return Object.entries(details as Record<string, unknown>)
    .map(([key, value]) => `${key.replace(/_/g, " ")}: ${show(value)}`)
    .join(", ");
}

/** The action name of an audit entry in words ("user.approve" → "User approve"). */
export function describeAction(action: string): string {
  const words = action.replace(/[._]/g, " ").trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : action;
}
