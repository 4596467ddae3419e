import { queryOptions } from "@tanstack/react-query";
import { ApiError, getJSON } from "~/lib/api";
import type { Approval, Profile as ApiProfile, Role as ApiRole } from "~/lib/api-types.gen";

export type Role = ApiRole;
export type ApprovalStatus = Approval;
export type Profile = ApiProfile;

/** How long a profile request may take before the app continues without one. */
export const PROFILE_FETCH_TIMEOUT_MS = 10_000;
/** How long the portal waits for the profile after the initial check or an auth change. */
export const PROFILE_WAIT_MS = 8_000;

/** The longest pause between two background attempts to load a profile that did not arrive. */
export const PROFILE_RETRY_MAX_DELAY_MS = 30_000;

/**
 * Whether the portal tries again to load a profile that failed: always, unless the server said the
 * session is not valid (401, which signs out) or not allowed (403).
 */
export function shouldRetryProfile(_failureCount: number, error: unknown): boolean {
  const status = error instanceof ApiError ? error.status : undefined;
  return status !== 401 && status !== 403;
}

/** How often a profile request that ended in an error is made again while the portal runs without a profile. */
export const PROFILE_REFETCH_MS = 5_000;

/** The refetch interval of the profile query: only while it has no data and its last error may pass. */
export function profileRefetchInterval(state: { data: unknown; status: string; error: unknown }): number | false {
  if (state.data !== undefined || state.status !== "error") return false;
  return shouldRetryProfile(0, state.error) ? PROFILE_REFETCH_MS : false;
}

/** 1 s, 2 s, 4 s … between attempts (failureCount counts from 0), at most PROFILE_RETRY_MAX_DELAY_MS. */
export function profileRetryDelay(failureCount: number): number {
  return Math.min(1_000 * 2 ** Math.max(0, failureCount), PROFILE_RETRY_MAX_DELAY_MS);
}

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
