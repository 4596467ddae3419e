import { describe, expect, it } from "vitest";
import {
  LOGIN_HELP,
  MFA_MESSAGES,
  NETWORK_MESSAGE,
  SIGN_IN_MESSAGES,
  loginHelpTopic,
  signInErrorMessage,
  signOutErrorMessage,
  authErrorMessage,
  mfaErrorMessage,
  recoveryCodeErrorMessage,
  registrationPageMessage,
  REGISTER_MESSAGES,
} from "./auth-messages";

describe("signInErrorMessage", () => {
  it("maps invalid_credentials to the catalog text", () => {
    expect(signInErrorMessage({ code: "invalid_credentials", status: 400, message: "Invalid login credentials" })).toBe(
      "The email or password you entered is incorrect. Please check your credentials and try again.",
    );
  });

  it("recognizes invalid credentials by the message when no code came back", () => {
    expect(signInErrorMessage({ status: 400, message: "Invalid login credentials" })).toBe(SIGN_IN_MESSAGES.invalidCredentials);
  });

  it("maps email_not_confirmed to the catalog text", () => {
    expect(signInErrorMessage({ code: "email_not_confirmed", status: 400, message: "Email not confirmed" })).toBe(
      "Please check your email and click the confirmation link before signing in.",
    );
    expect(signInErrorMessage({ status: 400, message: "Email not confirmed" })).toBe(SIGN_IN_MESSAGES.emailNotConfirmed);
  });

  it("maps rate limiting, by status or by code, to the catalog text", () => {
    const text = "Too many login attempts. Please wait a few minutes before trying again.";
    expect(signInErrorMessage({ status: 429, message: "Request rate limit reached" })).toBe(text);
    expect(signInErrorMessage({ code: "over_request_rate_limit", message: "Request rate limit reached" })).toBe(text);
  });

  it("passes any other backend message through", () => {
    expect(signInErrorMessage({ code: "user_banned", status: 400, message: "User is banned" })).toBe("User is banned");
  });

  it("falls back to the catalog text when the backend gave no message", () => {
    expect(signInErrorMessage({ status: 400 })).toBe("Authentication failed. Please try again.");
    expect(signInErrorMessage({ status: 400, message: "" })).toBe(SIGN_IN_MESSAGES.fallback);
  });

  it("explains a server that cannot be reached instead of the browser's fetch error", () => {
    expect(signInErrorMessage({ status: 0, message: "Failed to fetch" })).toBe(NETWORK_MESSAGE);
  });
});

describe("loginHelpTopic", () => {
  it("chooses the credentials list for 'incorrect' or 'check your credentials'", () => {
    expect(loginHelpTopic(SIGN_IN_MESSAGES.invalidCredentials)).toBe("credentials");
    expect(loginHelpTopic("Please check your credentials")).toBe("credentials");
  });

  it("chooses the approval list for 'pending approval'", () => {
    expect(loginHelpTopic(SIGN_IN_MESSAGES.pendingApproval)).toBe("pending");
  });

  it("chooses the set-up list for 'profile is being set up'", () => {
    expect(loginHelpTopic(SIGN_IN_MESSAGES.profileSetup)).toBe("setup");
  });

  it("chooses the confirmation list for 'Email not confirmed' and for the catalog text", () => {
    expect(loginHelpTopic("Email not confirmed")).toBe("unconfirmed");
    expect(loginHelpTopic(SIGN_IN_MESSAGES.emailNotConfirmed)).toBe("unconfirmed");
  });

  it("chooses the waiting list for 'Too many'", () => {
    expect(loginHelpTopic(SIGN_IN_MESSAGES.rateLimited)).toBe("rate");
    expect(LOGIN_HELP.rate.items.join(" ")).toContain("5-10 minutes");
  });

  it("chooses nothing for other messages", () => {
    expect(loginHelpTopic("User is banned")).toBeNull();
    expect(loginHelpTopic("")).toBeNull();
    expect(loginHelpTopic(null)).toBeNull();
  });
});

describe("signOutErrorMessage", () => {
  it("treats no error and 401, 403 and 404 as signed out", () => {
    expect(signOutErrorMessage(null)).toBeNull();
    for (const status of [401, 403, 404]) expect(signOutErrorMessage({ status, message: "gone" })).toBeNull();
  });

  it("shows the backend's message for other client errors", () => {
    expect(signOutErrorMessage({ status: 400, message: "Unsupported logout scope" })).toBe("Unsupported logout scope");
  });

  it("shows 'Sign out failed' for network and server failures", () => {
    expect(signOutErrorMessage({ status: 0, message: "Failed to fetch" })).toBe("Sign out failed");
    expect(signOutErrorMessage({ status: 500, message: "boom" })).toBe("Sign out failed");
    expect(signOutErrorMessage({})).toBe("Sign out failed");
  });
});

describe("authErrorMessage", () => {
  it("uses the server's message, the fallback, or the network text", () => {
    expect(authErrorMessage({ status: 422, message: "Invalid TOTP code entered" }, "x")).toBe("Invalid TOTP code entered");
    expect(authErrorMessage({ status: 422 }, "Failed to create account")).toBe("Failed to create account");
    expect(authErrorMessage({ status: 0, message: "Failed to fetch" }, "x")).toBe(NETWORK_MESSAGE);
  });
});

describe("registrationPageMessage", () => {
  it("shows the server's message, and the page's own text where the provider had none", () => {
    expect(REGISTER_MESSAGES.generic).toBe("Registration failed. Please try again.");
    expect(registrationPageMessage(REGISTER_MESSAGES.generic)).toBe("Failed to create account");
    expect(registrationPageMessage("Password should be at least 8 characters.")).toBe("Password should be at least 8 characters.");
    expect(registrationPageMessage(NETWORK_MESSAGE)).toBe(NETWORK_MESSAGE);
  });
});

describe("mfaErrorMessage", () => {
  it("turns the server's 'Invalid TOTP code entered' into words a person understands", () => {
    const text = mfaErrorMessage({ code: "mfa_verification_failed", status: 422, message: "Invalid TOTP code entered" }, "x");
    expect(text).toBe(MFA_MESSAGES.wrongCode);
    expect(text).not.toMatch(/TOTP/);
    expect(mfaErrorMessage({ status: 422, message: "Invalid TOTP code entered" }, "x")).toBe(MFA_MESSAGES.wrongCode);
  });

  it("says a reused code was already used, even though the server reports it as a failed verification", () => {
    expect(
      mfaErrorMessage(
        {
          code: "mfa_verification_failed",
          status: 422,
          message: "This code has already been used. Wait for the next code from your authenticator app.",
        },
        "x",
      ),
    ).toBe(MFA_MESSAGES.reusedCode);
  });

  it("asks for the current code again after an expired or mismatched challenge", () => {
    expect(mfaErrorMessage({ code: "mfa_challenge_expired", status: 422, message: "MFA challenge 1 has expired" }, "x")).toBe(
      MFA_MESSAGES.retry,
    );
    expect(mfaErrorMessage({ code: "mfa_ip_address_mismatch", status: 422, message: "mismatch" }, "x")).toBe(MFA_MESSAGES.retry);
  });

  it("reports the lockout and a lost connection in plain words", () => {
    expect(mfaErrorMessage({ code: "over_request_rate_limit", status: 429, message: "Request rate limit reached" }, "x")).toBe(
      MFA_MESSAGES.tooManyAttempts,
    );
    expect(mfaErrorMessage({ status: 0, message: "Failed to fetch" }, "x")).toBe(NETWORK_MESSAGE);
  });

  it("keeps any other server text, else the fallback", () => {
    expect(mfaErrorMessage({ code: "mfa_factor_not_found", status: 404, message: "Factor not found" }, "x")).toBe("Factor not found");
    expect(mfaErrorMessage({ status: 500 }, "Verification failed. Please try again.")).toBe("Verification failed. Please try again.");
  });
});

describe("recoveryCodeErrorMessage", () => {
  it("says a refused code is wrong or used, never the authenticator app's wording", () => {
    const text = recoveryCodeErrorMessage({ code: "mfa_verification_failed", status: 422, message: "Invalid recovery code entered" }, "x");
    expect(text).toBe(MFA_MESSAGES.wrongRecoveryCode);
    expect(text).not.toMatch(/authenticator app shows/);
  });

  it("asks to wait when the account is locked, and names a network failure", () => {
    expect(recoveryCodeErrorMessage({ code: "mfa_recovery_codes_locked", status: 429, message: "Request rate limit reached" }, "x")).toBe(
      MFA_MESSAGES.tooManyAttempts,
    );
    expect(recoveryCodeErrorMessage({ status: 0, message: "Failed to fetch" }, "x")).toBe(NETWORK_MESSAGE);
    expect(recoveryCodeErrorMessage({ status: 500 }, "fallback")).toBe("fallback");
  });
});
