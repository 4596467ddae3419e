import { AuthClient, type GoTrueClient } from "@supabase/auth-js";
import { cookieMarker, createRememberStorage, memoryStore, type KeyValueStore, type RememberStorage } from "./remember-storage";

export const AUTH_STORAGE_KEY = "growthdesk-auth";
/** The session cookie that marks the browser session a sign-in without 'Remember me' belongs to. */
export const BROWSER_SESSION_COOKIE = "growthdesk-browser-session";
const RECOVERY_KEY = "growthdesk-recovery";

let client: GoTrueClient | undefined;
let storage: RememberStorage | undefined;
let recoveryLinkPending = false;

function webStore(kind: "localStorage" | "sessionStorage"): KeyValueStore {
  try {
    const store = window[kind];
    store.setItem(`${AUTH_STORAGE_KEY}-probe`, "1");
    store.removeItem(`${AUTH_STORAGE_KEY}-probe`);
    return store;
  } catch {
    return memoryStore();
  }
}

/**
 * Ends on the server a session dropped because the browser was closed since (its refresh token was
 * still on disk): one refresh for a live access token, then sign-out of that session. Best effort;
 * the session otherwise ends at the server's maximum age.
 */
async function endExpiredSession(stored: string): Promise<void> {
  try {
    const { refresh_token: refreshToken } = JSON.parse(stored) as { refresh_token?: string };
    if (!refreshToken) return;
    const base = `${window.location.origin}/auth/v1`;
    const headers = { "Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01" };
    const refreshed = await fetch(`${base}/token?grant_type=refresh_token`, {
      method: "POST",
      headers,
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    if (!refreshed.ok) return;
    const { access_token: accessToken } = (await refreshed.json()) as { access_token?: string };
    if (!accessToken) return;
    await fetch(`${base}/logout?scope=local`, { method: "POST", headers: { ...headers, Authorization: `Bearer ${accessToken}` } });
  } catch {
    // Offline or malformed: nothing more to do here.
  }
}

/** The one auth client of the app (browser only): sessions under /auth/v1, kept per 'Remember me'. */
export function authClient(): GoTrueClient {
  if (client) return client;
  if (typeof window === "undefined") throw new Error("The auth client runs in the browser only.");
  // A password-reset link lands with `type=recovery` in the fragment; auth-js clears it while signing in.
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  recoveryLinkPending = fragment.get("type") === "recovery" && fragment.has("access_token");
  storage = createRememberStorage({
    persistent: webStore("localStorage"),
    marker: cookieMarker(BROWSER_SESSION_COOKIE),
    sessionKey: AUTH_STORAGE_KEY,
    keys: [AUTH_STORAGE_KEY, `${AUTH_STORAGE_KEY}-code-verifier`, `${AUTH_STORAGE_KEY}-user`],
    onExpired: (stored) => void endExpiredSession(stored),
    legacy: webStore("sessionStorage"),
  });
  client = new AuthClient({
    url: `${window.location.origin}/auth/v1`,
    storageKey: AUTH_STORAGE_KEY,
    storage,
    autoRefreshToken: true,
    persistSession: true,
    detectSessionInUrl: true,
    // Two-factor recovery codes (mfa.recoveryCodes), which our /auth/v1 serves.
    experimental: { recoveryCodes: true },
  });
  return client;
}

/** How long the next sign-in is kept: true until sign-out (outlives the browser), false until the browser is closed. */
export function rememberNextSession(remember: boolean): void {
  authClient();
  storage?.setRemember(remember);
}

/** True once, for the first session seen after the page was opened from a password-reset link. */
export function takeRecoveryLink(): boolean {
  const pending = recoveryLinkPending;
  recoveryLinkPending = false;
  return pending;
}

/** The user whose session came from a password-reset link, kept for the tab so a reload keeps the reset form. */
export function storedRecoveryUser(): string | null {
  try {
    return window.sessionStorage.getItem(RECOVERY_KEY);
  } catch {
    return null;
  }
}

export function storeRecoveryUser(userId: string | null): void {
  try {
    if (userId) window.sessionStorage.setItem(RECOVERY_KEY, userId);
    else window.sessionStorage.removeItem(RECOVERY_KEY);
  } catch {
    // Storage blocked: the reset form then lasts only until the page is reloaded.
  }
}
