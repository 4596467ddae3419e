import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAccessToken, useAuth } from "~/features/auth/auth-provider";
import { getJSON } from "~/lib/api";
import type { DashboardSummary } from "~/lib/api-types.gen";

export type { DashboardSummary };

export const dashboardKeys = {
  all: ["dashboard"] as const,
  summary: (userId: string) => ["dashboard", "summary", userId] as const,
};

// GET /api/v1/dashboard

export const fetchDashboard = (token: string, signal?: AbortSignal) => getJSON<DashboardSummary>("/api/v1/dashboard", { token, signal });

export const dashboardQuery = (token: string, userId: string) =>
  queryOptions({ queryKey: dashboardKeys.summary(userId), queryFn: ({ signal }) => fetchDashboard(token, signal) });

export function useDashboard() {
  return useQuery(dashboardQuery(useAccessToken(), useAuth().user?.id ?? ""));
}
