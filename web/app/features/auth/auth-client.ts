import { AuthClient, type GoTrueClient } from "@supabase/auth-js";
import { createRememberStorage, memoryStore, type KeyValueStore, type RememberStorage } from "./remember-storage";

export const AUTH_STORAGE_KEY = "growthdesk-auth";
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

/** The one auth client of the app (browser only): sessions under /auth/v1, kept per 'Remember me'. */
export function authClient(): GoTrueClient {
  if (client) return client;
  if (typeof window === "undefined") throw new Error("The auth client runs in the browser only.");
  // A password-reset link lands with `type=recovery` in the fragment; auth-js clears it while signing in.
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  recoveryLinkPending = fragment.get("type") === "recovery" && fragment.has("access_token");
  storage = createRememberStorage(webStore("localStorage"), webStore("sessionStorage"));
  client = new AuthClient({
    url: `${window.location.origin}/auth/v1`,
    storageKey: AUTH_STORAGE_KEY,
    storage,
    autoRefreshToken: true,
    persistSession: true,
    detectSessionInUrl: true,
  });
  return client;
}

/** Where the next sign-in is kept: true for localStorage (outlives the browser), false for sessionStorage. */
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
