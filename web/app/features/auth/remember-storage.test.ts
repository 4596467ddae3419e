import { describe, expect, it } from "vitest";
import { createRememberStorage, memoryStore } from "./remember-storage";

const KEY = "growthdesk-auth";

function setup() {
  const local = memoryStore();
  const session = memoryStore();
  return { local, session, storage: createRememberStorage(local, session) };
}

describe("createRememberStorage", () => {
  it("keeps a remembered sign-in in the persistent store", () => {
    const { local, session, storage } = setup();
    storage.setRemember(true);
    storage.setItem(KEY, "token");
    expect(local.getItem(KEY)).toBe("token");
    expect(session.getItem(KEY)).toBeNull();
    expect(storage.getItem(KEY)).toBe("token");
  });

  it("keeps any other sign-in in the session store", () => {
    const { local, session, storage } = setup();
    storage.setRemember(false);
    storage.setItem(KEY, "token");
    expect(session.getItem(KEY)).toBe("token");
    expect(local.getItem(KEY)).toBeNull();
    expect(storage.getItem(KEY)).toBe("token");
  });

  it("moves the key when the choice changes at the next sign-in", () => {
    const { local, session, storage } = setup();
    storage.setRemember(true);
    storage.setItem(KEY, "first");
    storage.setRemember(false);
    storage.setItem(KEY, "second");
    expect(local.getItem(KEY)).toBeNull();
    expect(session.getItem(KEY)).toBe("second");
  });

  it("after a reload, writes refreshed tokens where the session already lives", () => {
    const local = memoryStore();
    const session = memoryStore();
    local.setItem(KEY, "remembered");
    const reloaded = createRememberStorage(local, session);
    expect(reloaded.getItem(KEY)).toBe("remembered");
    reloaded.setItem(KEY, "refreshed");
    expect(local.getItem(KEY)).toBe("refreshed");
    expect(session.getItem(KEY)).toBeNull();

    const local2 = memoryStore();
    const session2 = memoryStore();
    session2.setItem(KEY, "tab-only");
    const reloaded2 = createRememberStorage(local2, session2);
    reloaded2.setItem(KEY, "refreshed");
    expect(session2.getItem(KEY)).toBe("refreshed");
    expect(local2.getItem(KEY)).toBeNull();
  });

  it("uses the session store when no choice was made (a session from an e-mail link)", () => {
    const { local, session, storage } = setup();
    storage.setItem(KEY, "from-link");
    expect(session.getItem(KEY)).toBe("from-link");
    expect(local.getItem(KEY)).toBeNull();
  });

  it("removes the key from both stores", () => {
    const { local, session, storage } = setup();
    local.setItem(KEY, "a");
    session.setItem(KEY, "b");
    storage.removeItem(KEY);
    expect(local.getItem(KEY)).toBeNull();
    expect(session.getItem(KEY)).toBeNull();
    expect(storage.getItem(KEY)).toBeNull();
  });
});
