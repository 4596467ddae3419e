import { describe, expect, it } from "vitest";
import { ApiError } from "~/lib/api";
import {
  PROFILE_REFETCH_MS,
  PROFILE_RETRY_MAX_DELAY_MS,
  profileRefetchInterval,
  profileRetryDelay,
  shouldRetryProfile,
} from "./profile-api";

const apiError = (status: number) => new ApiError(status, { code: "x", message: "x" });

describe("shouldRetryProfile", () => {
  it("keeps trying after time-outs, network errors, server errors and a profile not there yet", () => {
    expect(shouldRetryProfile(0, new DOMException("The operation timed out.", "TimeoutError"))).toBe(true);
    expect(shouldRetryProfile(5, new TypeError("Failed to fetch"))).toBe(true);
    expect(shouldRetryProfile(12, apiError(503))).toBe(true);
    expect(shouldRetryProfile(1, apiError(500))).toBe(true);
    expect(shouldRetryProfile(1, apiError(404))).toBe(true);
  });

  it("stops when the server refuses the session, which then signs out", () => {
    expect(shouldRetryProfile(0, apiError(401))).toBe(false);
    expect(shouldRetryProfile(0, apiError(403))).toBe(false);
  });
});

describe("profileRetryDelay", () => {
  it("doubles from one second and stays at the maximum", () => {
    expect([0, 1, 2, 3, 4].map(profileRetryDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
    expect(profileRetryDelay(5)).toBe(PROFILE_RETRY_MAX_DELAY_MS);
    expect(profileRetryDelay(40)).toBe(PROFILE_RETRY_MAX_DELAY_MS);
  });
});

describe("profileRefetchInterval", () => {
  it("asks again for a profile whose last request failed", () => {
    expect(profileRefetchInterval({ data: undefined, status: "error", error: new TypeError("Failed to fetch") })).toBe(
      PROFILE_REFETCH_MS,
    );
    expect(profileRefetchInterval({ data: undefined, status: "error", error: apiError(502) })).toBe(PROFILE_REFETCH_MS);
  });

  it("stays quiet once the profile is there, while a request runs, and after 401 or 403", () => {
    expect(profileRefetchInterval({ data: { id: "1" }, status: "success", error: null })).toBe(false);
    expect(profileRefetchInterval({ data: undefined, status: "pending", error: null })).toBe(false);
    expect(profileRefetchInterval({ data: undefined, status: "error", error: apiError(401) })).toBe(false);
    expect(profileRefetchInterval({ data: undefined, status: "error", error: apiError(403) })).toBe(false);
  });
});
