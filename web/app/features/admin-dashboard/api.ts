import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAccessToken } from "~/features/auth/auth-provider";
import { getJSON } from "~/lib/api";
import type { AdminDashboard } from "~/lib/api-types.gen";

export const adminDashboardKeys = {
  all: ["admin-dashboard"] as const,
};

// GET /api/v1/admin/dashboard

export const fetchAdminDashboard = (token: string, signal?: AbortSignal) =>
  getJSON<AdminDashboard>("/api/v1/admin/dashboard", { token, signal });

export const adminDashboardQuery = (token: string) =>
  queryOptions({ queryKey: adminDashboardKeys.all, queryFn: ({ signal }) => fetchAdminDashboard(token, signal) });

export function useAdminDashboard() {
  return useQuery(adminDashboardQuery(useAccessToken()));
}
