import { isStaff } from "~/lib/roles";
import type { ApprovalStatus, Role } from "./profile-api";

/** What the route guards need to know about the auth state. */
export type AuthSnapshot = {
  /** The initial session check has finished. */
  initialized: boolean;
  /** The initial check or the profile wait is still under way. */
  loading: boolean;
  signedIn: boolean;
  /** Signed in with a password, but the second factor is still to be entered. */
  mfaRequired: boolean;
  profile: { role: Role; approval_status: ApprovalStatus } | null;
};

export type PortalAccess = "loading" | "login" | "pending-approval" | "rejected" | "allow" | "allow-without-profile";

/**
 * The portal (/portal and its children): signed in, second factor passed, approved. When the
 * profile has not arrived within the wait, the portal continues without one:
 * the server still refuses data to accounts it has not approved, and no staff UI shows.
 */
export function portalAccess(s: AuthSnapshot): PortalAccess {
  if (s.loading || !s.initialized) return "loading";
  if (!s.signedIn || s.mfaRequired) return "login";
  if (!s.profile) return "allow-without-profile";
  if (s.profile.approval_status === "rejected") return "rejected";
  if (s.profile.approval_status !== "approved") return "pending-approval";
  return "allow";
}

export type GuestPageAccess = "loading" | "portal" | "show";

/** Login and register: for anyone who is not signed in and approved. */
export function guestPageAccess(s: AuthSnapshot): GuestPageAccess {
  if (!s.initialized) return "loading";
  if (s.signedIn && !s.mfaRequired && s.loading) return "loading";
  if (s.signedIn && !s.mfaRequired && s.profile?.approval_status === "approved") return "portal";
  return "show";
}

/** The admin child route: staff (admin or employee) with an approved account. */
export function adminAccess(profile: AuthSnapshot["profile"]): "allow" | "portal" {
  return profile && isStaff(profile.role) && profile.approval_status === "approved" ? "allow" : "portal";
}
