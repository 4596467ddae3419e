/** What the auth client reports about a failed call (AuthError and its subclasses fit). */
export type AuthErrorLike = { code?: string; status?: number; message?: string; name?: string };

export const SIGN_IN_MESSAGES = {
  invalidCredentials: "The email or password you entered is incorrect. Please check your credentials and try again.",
  emailNotConfirmed: "Please check your email and click the confirmation link before signing in.",
  rateLimited: "Too many login attempts. Please wait a few minutes before trying again.",
  fallback: "Authentication failed. Please try again.",
  noUserData: "Authentication failed. No user data received.",
  unexpected: "An unexpected error occurred. Please try again.",
  pendingApproval:
    "Your account is pending approval. An administrator must approve your account before you can sign in.",
  rejected: "Your account request was not approved. Please contact us if you believe this is a mistake.",
  profileSetup: "Your profile is being set up. Please wait a moment and try again.",
} as const;

export const REGISTER_MESSAGES = {
  /** The auth provider's sign-up failure when the server gave no message. */
  generic: "Registration failed. Please try again.",
  /** The registration page's own text for that case. */
  fallback: "Failed to create account",
  noUserData: "Registration failed. No user data received.",
} as const;

/** What the registration page shows for a failed sign-up: the server's message, else its own fallback. */
export function registrationPageMessage(providerError: string): string {
  return providerError === REGISTER_MESSAGES.generic ? REGISTER_MESSAGES.fallback : providerError;
}

export const NETWORK_MESSAGE = "We could not reach the server. Check your connection and try again.";
export const SIGN_OUT_FAILED = "Sign out failed";

const RATE_LIMIT_CODES = new Set(["over_request_rate_limit", "over_email_send_rate_limit"]);

/** The error catalogue's text for a failed sign-in, word for word. */
export function signInErrorMessage(error: AuthErrorLike): string {
  const message = error.message ?? "";
  if (error.code === "invalid_credentials" || /invalid login credentials/i.test(message)) {
    return SIGN_IN_MESSAGES.invalidCredentials;
  }
  if (error.code === "email_not_confirmed" || /email not confirmed/i.test(message)) {
    return SIGN_IN_MESSAGES.emailNotConfirmed;
  }
  if (error.status === 429 || (error.code !== undefined && RATE_LIMIT_CODES.has(error.code))) {
    return SIGN_IN_MESSAGES.rateLimited;
  }
  if (error.status === 0) return NETWORK_MESSAGE;
  return message || SIGN_IN_MESSAGES.fallback;
}

/** The server's text for any other failed auth call, or the fallback. */
export function authErrorMessage(error: AuthErrorLike, fallback: string): string {
  if (error.status === 0) return NETWORK_MESSAGE;
  return error.message || fallback;
}

export const MFA_MESSAGES = {
  wrongCode:
    "That code did not match. Enter the 6-digit code your authenticator app shows right now; if it keeps failing, check that your phone sets its clock automatically.",
  reusedCode: "This code has already been used. Wait for the next code from your authenticator app.",
  retry: "The check took too long. Please enter the current code from your authenticator app again.",
  tooManyAttempts: "Too many wrong codes. Please wait a few minutes before trying again.",
  wrongRecoveryCode: "That recovery code did not match, or it has been used already. Each code works once: check it, or try another from your list.",
} as const;

/** A person's wording for a failed two-factor code check (sign-in and set-up), else the server's text or the fallback. */
export function mfaErrorMessage(error: AuthErrorLike, fallback: string): string {
  const message = error.message ?? "";
  if (error.status === 0) return NETWORK_MESSAGE;
  if (error.status === 429 || error.code === "over_request_rate_limit") return MFA_MESSAGES.tooManyAttempts;
  if (/already been used/i.test(message)) return MFA_MESSAGES.reusedCode;
  if (error.code === "mfa_verification_failed" || /invalid totp code/i.test(message)) return MFA_MESSAGES.wrongCode;
  if (error.code === "mfa_challenge_expired" || error.code === "mfa_ip_address_mismatch") return MFA_MESSAGES.retry;
  return message || fallback;
}

/** A person's wording for a refused recovery code at sign-in, else the server's text or the fallback. */
export function recoveryCodeErrorMessage(error: AuthErrorLike, fallback: string): string {
  if (error.status === 0) return NETWORK_MESSAGE;
  if (error.status === 429) return MFA_MESSAGES.tooManyAttempts;
  if (error.code === "mfa_verification_failed") return MFA_MESSAGES.wrongRecoveryCode;
  return error.message || fallback;
}

/** Null when a sign-out may be treated as done (the server no longer knows the session), else the text to show. */
export function signOutErrorMessage(error: AuthErrorLike | null): string | null {
  if (!error) return null;
  if (error.status === 401 || error.status === 403 || error.status === 404) return null;
  if (error.status !== undefined && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return SIGN_OUT_FAILED;
}

export type LoginHelpTopic = "credentials" | "pending" | "setup" | "unconfirmed" | "rate";

/** Which troubleshooting list goes with a sign-in error, chosen by words in its text. */
export function loginHelpTopic(message: string | null | undefined): LoginHelpTopic | null {
  if (!message) return null;
  const text = message.toLowerCase();
  if (text.includes("incorrect") || text.includes("check your credentials")) return "credentials";
  if (text.includes("pending approval")) return "pending";
  if (text.includes("profile is being set up")) return "setup";
  if (text.includes("email not confirmed") || text.includes("confirmation link")) return "unconfirmed";
  if (text.includes("too many")) return "rate";
  return null;
}

export const LOGIN_HELP: Record<LoginHelpTopic, { title: string; items: readonly string[] }> = {
  credentials: {
    title: "Having trouble signing in?",
    items: [
      "Check your email address for typos.",
      "Make sure your password is correct and Caps Lock is off.",
      "Use the same email address you registered with.",
      "If you copied and pasted your password, make sure no extra spaces came with it.",
    ],
  },
  pending: {
    title: "Your account is waiting for approval",
    items: [
      "New accounts need an administrator's approval before they can sign in.",
      "If you have been waiting a while, contact your administrator.",
      "You will receive an email as soon as your account is approved.",
    ],
  },
  setup: {
    title: "Your account is still being set up",
    items: [
      "New accounts can take a moment to be ready.",
      "Wait a minute and try signing in again.",
      "If the problem persists, contact support.",
    ],
  },
  unconfirmed: {
    title: "Confirm your email address",
    items: [
      "Check your inbox for the confirmation email and click the link in it.",
      "If you cannot find it, look in your spam or junk folder.",
    ],
  },
  rate: {
    title: "Too many attempts",
    items: ["For your security, sign-in is paused for a short while.", "Wait 5-10 minutes before trying again."],
  },
};
