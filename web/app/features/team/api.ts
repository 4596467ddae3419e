import { queryOptions, useQuery } from "@tanstack/react-query";
import { useAccessToken, useAuth } from "~/features/auth/auth-provider";
import { getJSON } from "~/lib/api";
import type { Member } from "~/lib/api-types.gen";

export const teamKeys = {
  all: ["team"] as const,
  members: (userId: string) => ["team", "members", userId] as const,
};

// GET /api/v1/organization/members

export const fetchMembers = (token: string, signal?: AbortSignal) =>
  getJSON<Member[]>("/api/v1/organization/members", { token, signal });

export const membersQuery = (token: string, userId: string) =>
  queryOptions({
    queryKey: teamKeys.members(userId),
    queryFn: ({ signal }) => fetchMembers(token, signal),
  });

export function useMembers({ enabled }: { enabled: boolean }) {
  return useQuery({
    ...membersQuery(useAccessToken(), useAuth().user?.id ?? ""),
    enabled,
  });
}
