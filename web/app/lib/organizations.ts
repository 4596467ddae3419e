import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJSON } from "./api";
import type { OrganizationSummary } from "./api-types.gen";
import { queryKeys } from "./query-keys";

// GET /api/v1/admin/organizations (staff only)

export const fetchOrganizations = (token: string, signal?: AbortSignal) =>
  getJSON<OrganizationSummary[]>("/api/v1/admin/organizations", { token, signal });

export const organizationsQuery = (token: string) =>
  queryOptions({ queryKey: queryKeys.organizations, queryFn: ({ signal }) => fetchOrganizations(token, signal) });

/** Every organization with its member count; `enabled` is false for callers who may not list them. */
export function useOrganizations(token: string, enabled = true) {
  return useQuery({ ...organizationsQuery(token), enabled });
}
