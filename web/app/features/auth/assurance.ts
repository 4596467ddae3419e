/** The parts of an auth-js session the assurance check reads. */
export type SessionLike = {
  access_token: string;
  user: { factors?: ReadonlyArray<{ status: string }> | null };
};

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The `aal` claim of an access token, or null when the token cannot be read. */
export function accessTokenLevel(accessToken: string): string | null {
  const payload = accessToken.split(".")[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(decodeBase64Url(payload)) as { aal?: unknown };
    return typeof claims.aal === "string" ? claims.aal : null;
  } catch {
    return null;
  }
}

/**
 * True when the user has a verified second factor but the session has only passed the first one
 * (the same rule as auth-js getAuthenticatorAssuranceLevel: next level aal2, current level aal1).
 */
export function needsSecondFactor(session: SessionLike | null | undefined): boolean {
  if (!session) return false;
  const verified = (session.user.factors ?? []).some((factor) => factor.status === "verified");
  return verified && accessTokenLevel(session.access_token) !== "aal2";
}
