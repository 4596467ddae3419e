import { describe, expect, it } from "vitest";
import { returnPath } from "./components/login-page";
import { linkErrorFromHash } from "./components/reset-password-page";

describe("returnPath", () => {
  it("returns to the portal page the visitor came from", () => {
    expect(returnPath({ from: "/portal/settings?tab=security" })).toBe("/portal/settings?tab=security");
    expect(returnPath({ from: "/portal" })).toBe("/portal");
  });

  it("goes to the dashboard for anything else", () => {
    expect(returnPath(null)).toBe("/portal");
    expect(returnPath({ from: "https://evil.example/portal" })).toBe("/portal");
    expect(returnPath({ from: "/portal/login" })).toBe("/portal");
    expect(returnPath({ from: "/portalx" })).toBe("/portal");
    expect(returnPath({ from: 42 })).toBe("/portal");
  });
});

describe("linkErrorFromHash", () => {
  it("reads the error of a failed e-mail link", () => {
    expect(
      linkErrorFromHash("#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb="),
    ).toBe("Email link is invalid or has expired");
    expect(linkErrorFromHash("#error=access_denied")).toBe("The link is invalid or has expired.");
  });

  it("ignores fragments without an error", () => {
    expect(linkErrorFromHash("")).toBeNull();
    expect(linkErrorFromHash("#access_token=a&type=recovery")).toBeNull();
  });
});
