import { PasswordMinLength } from "~/lib/api-types.gen";

export const MIN_PASSWORD_LENGTH = PasswordMinLength;

export const PASSWORD_ERRORS = {
  mismatch: "Passwords do not match",
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`,
} as const;

/** Sign-in and sign-up compare addresses the way the server stores them. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The first problem with a new password and its confirmation: they must match, then be long enough. */
export function passwordPairError(password: string, confirmPassword: string): string | null {
  if (password !== confirmPassword) return PASSWORD_ERRORS.mismatch;
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_ERRORS.tooShort;
  return null;
}
