import { keepPreviousData, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { useAccessToken, useAuth } from "~/features/auth/auth-provider";
import { deleteJSON, getJSON, postJSON } from "~/lib/api";
import type { Impersonation, ImpersonationTarget } from "~/lib/api-types.gen";

export type { Impersonation, ImpersonationTarget };

export const impersonationKeys = {
  all: ["impersonation"] as const,
  current: (userId: string) => ["impersonation", "current", userId] as const,
  candidates: (userId: string, search: string) => ["impersonation", "candidates", userId, search] as const,
};

// GET /api/v1/impersonation

export const fetchImpersonation = (token: string, signal?: AbortSignal) =>
  getJSON<Impersonation | null>("/api/v1/impersonation", { token, signal });

export const impersonationQuery = (token: string, userId: string) =>
  queryOptions({
    queryKey: impersonationKeys.current(userId),
    queryFn: ({ signal }) => fetchImpersonation(token, signal),
  });

export function useCurrentImpersonation({ enabled }: { enabled: boolean }) {
  return useQuery({
    ...impersonationQuery(useAccessToken(), useAuth().user?.id ?? ""),
    enabled,
  });
}

// GET /api/v1/impersonation/candidates

export function candidatesPath(search: string): string {
  const query = search.trim();
  return query
    ? `/api/v1/impersonation/candidates?${new URLSearchParams({ search: query }).toString()}`
    : "/api/v1/impersonation/candidates";
}

export const fetchCandidates = (token: string, search: string, signal?: AbortSignal) =>
  getJSON<ImpersonationTarget[]>(candidatesPath(search), { token, signal });

export const candidatesQuery = (token: string, userId: string, search: string) =>
  queryOptions({
    queryKey: impersonationKeys.candidates(userId, search.trim()),
    queryFn: ({ signal }) => fetchCandidates(token, search, signal),
    placeholderData: keepPreviousData,
  });

export function useImpersonationCandidates(search: string) {
  return useQuery(candidatesQuery(useAccessToken(), useAuth().user?.id ?? "", search));
}

// POST /api/v1/impersonation

export const startImpersonation = (token: string, targetUserId: string) =>
  postJSON<Impersonation>("/api/v1/impersonation", { target_user_id: targetUserId }, { token });

export function useStartImpersonation() {
  const token = useAccessToken();
  return useMutation({
    mutationFn: (targetUserId: string) => startImpersonation(token, targetUserId),
  });
}

// DELETE /api/v1/impersonation

export const endImpersonation = (token: string) => deleteJSON<Impersonation>("/api/v1/impersonation", { token });

export function useEndImpersonation() {
  const token = useAccessToken();
  return useMutation({ mutationFn: () => endImpersonation(token) });
}
