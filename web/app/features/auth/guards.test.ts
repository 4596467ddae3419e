import { describe, expect, it } from "vitest";
import { adminAccess, guestPageAccess, portalAccess, type AuthSnapshot } from "./guards";

const approvedCustomer = { role: "customer", approval_status: "approved" } as const;
const signedIn: AuthSnapshot = { initialized: true, loading: false, signedIn: true, mfaRequired: false, profile: approvedCustomer };
const signedOut: AuthSnapshot = { initialized: true, loading: false, signedIn: false, mfaRequired: false, profile: null };

describe("portalAccess", () => {
  it("waits while the session or the profile loads", () => {
    expect(portalAccess({ ...signedOut, initialized: false, loading: true })).toBe("loading");
    expect(portalAccess({ ...signedIn, loading: true })).toBe("loading");
  });

  it("sends visitors without a user to the login page", () => {
    expect(portalAccess(signedOut)).toBe("login");
  });

  it("sends a user who still owes the second factor to the login page", () => {
    expect(portalAccess({ ...signedIn, mfaRequired: true })).toBe("login");
  });

  it("shows the pending screen to users who wait for approval", () => {
    expect(portalAccess({ ...signedIn, profile: { role: "customer", approval_status: "pending" } })).toBe("pending-approval");
    expect(portalAccess({ ...signedIn, profile: { role: "admin", approval_status: "pending" } })).toBe("pending-approval");
  });

  it("gives rejected users their own screen, whatever their role", () => {
    expect(portalAccess({ ...signedIn, profile: { role: "customer", approval_status: "rejected" } })).toBe("rejected");
    expect(portalAccess({ ...signedIn, profile: { role: "employee", approval_status: "rejected" } })).toBe("rejected");
  });

  it("continues without a profile once the wait is over, but not while it lasts", () => {
    expect(portalAccess({ ...signedIn, profile: null })).toBe("allow-without-profile");
    expect(portalAccess({ ...signedIn, profile: null, loading: true })).toBe("loading");
  });

  it("lets approved users in", () => {
    expect(portalAccess(signedIn)).toBe("allow");
  });
});

describe("guestPageAccess", () => {
  it("waits for the initial check, and for the profile of a signed-in user", () => {
    expect(guestPageAccess({ ...signedOut, initialized: false })).toBe("loading");
    expect(guestPageAccess({ ...signedIn, loading: true, profile: null })).toBe("loading");
    expect(guestPageAccess({ ...signedIn, loading: true, profile: null, mfaRequired: true })).toBe("show");
  });

  it("sends signed-in, approved users to the portal", () => {
    expect(guestPageAccess(signedIn)).toBe("portal");
  });

  it("shows the page to visitors, unapproved users and users owing the second factor", () => {
    expect(guestPageAccess(signedOut)).toBe("show");
    expect(guestPageAccess({ ...signedIn, profile: { role: "customer", approval_status: "pending" } })).toBe("show");
    expect(guestPageAccess({ ...signedIn, mfaRequired: true })).toBe("show");
    expect(guestPageAccess({ ...signedIn, profile: { role: "customer", approval_status: "rejected" } })).toBe("show");
    expect(guestPageAccess({ ...signedIn, profile: null })).toBe("show");
  });
});

describe("adminAccess", () => {
  it("allows approved admins and employees", () => {
    expect(adminAccess({ role: "admin", approval_status: "approved" })).toBe("allow");
    expect(adminAccess({ role: "employee", approval_status: "approved" })).toBe("allow");
  });

  it("never lets a missing profile into the admin area", () => {
    expect(portalAccess({ ...signedIn, profile: null })).not.toBe("allow");
    expect(adminAccess(null)).toBe("portal");
  });

  it("sends customers, unapproved staff and unknown profiles to the portal", () => {
    expect(adminAccess(approvedCustomer)).toBe("portal");
    expect(adminAccess({ role: "admin", approval_status: "pending" })).toBe("portal");
    expect(adminAccess(null)).toBe("portal");
  });
});
