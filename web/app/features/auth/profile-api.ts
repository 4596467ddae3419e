import { queryOptions } from "@tanstack/react-query";
import { getJSON } from "~/lib/api";

export type Role = "admin" | "employee" | "customer";
export type ApprovalStatus = "pending" | "approved" | "rejected";

/** GET /api/v1/profile (docs/api.md). */
export type Profile = {
  id: string;
  email: string;
  full_name: string;
  avatar_url: string;
  role: Role;
  approval_status: ApprovalStatus;
  organization_id: string | null;
  organization_name?: string;
  created_at: string;
  updated_at: string;
};

/** How long a profile request may take before the app continues without one (spec section 9). */
export const PROFILE_FETCH_TIMEOUT_MS = 10_000;
/** How long the portal waits for the profile after the initial check or an auth change (spec section 9). */
export const PROFILE_WAIT_MS = 8_000;

export const profileKey = (userId: string) => ["profile", userId] as const;

function withTimeout(signal: AbortSignal | undefined, ms: number): AbortSignal {
  const timeout = AbortSignal.timeout(ms);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

export function fetchProfile(token: string, signal?: AbortSignal): Promise<Profile> {
  return getJSON<Profile>("/api/v1/profile", { token, signal: withTimeout(signal, PROFILE_FETCH_TIMEOUT_MS) });
}

export function profileQueryOptions(userId: string, token: string) {
  return queryOptions({
    queryKey: profileKey(userId),
    queryFn: ({ signal }) => fetchProfile(token, signal),
    retry: false,
    staleTime: 5 * 60_000,
  });
}

export function isStaff(role: Role | undefined | null): boolean {
  return role === "admin" || role === "employee";
}
