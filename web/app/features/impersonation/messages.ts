import { errorMessage } from "~/lib/api";

export const STARTED = "Impersonation started. You will now see the portal as this user sees it.";
export const ENDED = "Impersonation ended. You are now back to your admin account.";
export const CONFIRM = "Are you sure you want to impersonate this user? This action will be logged.";

export const startFailed = (err: unknown) =>
  `Failed to start impersonation: ${errorMessage(err, "the server could not be reached")}`;
export const endFailed = (err: unknown) =>
  `Failed to end impersonation: ${errorMessage(err, "the server could not be reached")}`;

const FLASH_KEY = "growthdesk.impersonation.flash";

/** Keeps a message across the page reload that follows starting or ending an impersonation. */
export function setFlash(message: string, storage: Storage | undefined = globalThis.sessionStorage): void {
  try {
    storage?.setItem(FLASH_KEY, message);
  } catch {
    // storage may be unavailable (private mode); the reload then shows no message
  }
}

/** Reads and forgets the message kept by setFlash. */
export function takeFlash(storage: Storage | undefined = globalThis.sessionStorage): string | null {
  try {
    const message = storage?.getItem(FLASH_KEY) ?? null;
    storage?.removeItem(FLASH_KEY);
    return message === STARTED || message === ENDED ? message : null;
  } catch {
    return null;
  }
}
