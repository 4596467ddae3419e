import { describe, expect, it } from "vitest";
import { ApiError } from "~/lib/api";
import { ENDED, STARTED, endFailed, setFlash, startFailed, takeFlash } from "./messages";

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe("impersonation messages", () => {
  it("keeps the catalogue's texts word for word", () => {
    expect(STARTED).toBe("Impersonation started. You will now see the portal as this user sees it.");
    expect(ENDED).toBe("Impersonation ended. You are now back to your admin account.");
  });

  it("puts the server's reason into the failure alerts", () => {
    const err = new ApiError(403, {
      code: "forbidden",
      message: "You cannot impersonate yourself.",
    });
    expect(startFailed(err)).toBe("Failed to start impersonation: You cannot impersonate yourself.");
    const none = new ApiError(404, {
      code: "not_found",
      message: "No active impersonation session",
    });
    expect(endFailed(none)).toBe("Failed to end impersonation: No active impersonation session");
  });

  it("keeps one message across a reload, once", () => {
    const storage = new MemoryStorage();
    setFlash(STARTED, storage);
    expect(takeFlash(storage)).toBe(STARTED);
    expect(takeFlash(storage)).toBeNull();
  });

  it("shows only its own messages", () => {
    const storage = new MemoryStorage();
    storage.setItem("growthdesk.impersonation.flash", "<script>");
    expect(takeFlash(storage)).toBeNull();
  });
});
