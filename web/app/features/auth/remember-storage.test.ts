import { describe, expect, it, vi } from "vitest";
import { cookieMarker, createRememberStorage, memoryStore, type BrowserSessionMarker } from "./remember-storage";

const KEY = "growthdesk-auth";
const SCOPE = `${KEY}-scope`;
const VERIFIER = `${KEY}-code-verifier`;

/** A browser: its localStorage and its session cookie; `restart()` drops the cookie as closing the browser does. */
function browser() {
  const local = memoryStore();
  let cookie: string | null = null;
  const marker: BrowserSessionMarker = { get: () => cookie, set: (v) => void (cookie = v) };
  let ids = 0;
  const onExpired = vi.fn();
  const open = () =>
    createRememberStorage({ persistent: local, marker, sessionKey: KEY, keys: [KEY, VERIFIER], onExpired, newId: () => `id${++ids}` });
  return {
    local,
    onExpired,
    open,
    cookie: () => cookie,
    restart: () => void (cookie = null),
  };
}

describe("createRememberStorage", () => {
  it("keeps a sign-in without 'Remember me' for every tab of the browser session", () => {
    const b = browser();
    const tab1 = b.open();
    tab1.setRemember(false);
    tab1.setItem(KEY, "token");
    expect(b.local.getItem(KEY)).toBe("token");
    expect(b.local.getItem(SCOPE)).toBe("browser:id1");
    expect(b.cookie()).toBe("id1");
    const tab2 = b.open();
    expect(tab2.getItem(KEY)).toBe("token");
  });

  it("drops a sign-in without 'Remember me' once the browser was closed, and hands it over to be ended", () => {
    const b = browser();
    const tab = b.open();
    tab.setRemember(false);
    tab.setItem(KEY, "token");
    tab.setItem(VERIFIER, "verifier");
    b.restart();
    const reopened = b.open();
    expect(reopened.getItem(KEY)).toBeNull();
    expect(b.local.getItem(VERIFIER)).toBeNull();
    expect(b.local.getItem(SCOPE)).toBeNull();
    expect(b.onExpired).toHaveBeenCalledExactlyOnceWith("token");
  });

  it("keeps a remembered sign-in across a browser restart", () => {
    const b = browser();
    const tab = b.open();
    tab.setRemember(true);
    tab.setItem(KEY, "token");
    expect(b.local.getItem(SCOPE)).toBe("remember");
    b.restart();
    expect(b.open().getItem(KEY)).toBe("token");
    expect(b.onExpired).not.toHaveBeenCalled();
  });

  it("keeps the scope it finds for token refreshes, in any tab", () => {
    const b = browser();
    const tab1 = b.open();
    tab1.setRemember(true);
    tab1.setItem(KEY, "first");
    const tab2 = b.open();
    tab2.setItem(KEY, "refreshed");
    expect(b.local.getItem(SCOPE)).toBe("remember");
    tab1.setItem(KEY, "refreshed again");
    expect(b.local.getItem(SCOPE)).toBe("remember");
  });

  it("applies the choice to the next sign-in only, and a new choice replaces the scope", () => {
    const b = browser();
    const tab = b.open();
    tab.setRemember(true);
    tab.setItem(KEY, "first");
    tab.setRemember(false);
    tab.setItem(KEY, "second");
    expect(b.local.getItem(SCOPE)).toBe("browser:id1");
    b.restart();
    expect(b.open().getItem(KEY)).toBeNull();
  });

  it("scopes a session that arrives with no choice (an e-mail link) to the browser session", () => {
    const b = browser();
    b.open().setItem(KEY, "from-link");
    expect(b.local.getItem(SCOPE)).toBe("browser:id1");
    b.restart();
    expect(b.open().getItem(KEY)).toBeNull();
  });

  it("removing the session removes its scope and every key of the client", () => {
    const b = browser();
    const tab = b.open();
    tab.setRemember(true);
    tab.setItem(KEY, "a");
    tab.setItem(VERIFIER, "v");
    tab.removeItem(KEY);
    expect(b.local.getItem(KEY)).toBeNull();
    expect(b.local.getItem(SCOPE)).toBeNull();
    expect(b.local.getItem(VERIFIER)).toBeNull();
  });

  it("moves a tab-only session kept by an earlier version into the browser session", () => {
    const local = memoryStore();
    const legacy = memoryStore();
    legacy.setItem(KEY, "old");
    let cookie: string | null = null;
    const storage = createRememberStorage({
      persistent: local,
      legacy,
      marker: { get: () => cookie, set: (v) => void (cookie = v) },
      sessionKey: KEY,
      keys: [KEY],
      newId: () => "x",
    });
    expect(storage.getItem(KEY)).toBe("old");
    expect(legacy.getItem(KEY)).toBeNull();
    expect(local.getItem(SCOPE)).toBe("browser:x");
  });

  it("without cookies, keeps a sign-in for the page instead of dropping it at once", () => {
    const local = memoryStore();
    const storage = createRememberStorage({
      persistent: local,
      marker: { get: () => null, set: () => undefined },
      sessionKey: KEY,
      keys: [KEY],
      newId: () => "p",
    });
    storage.setRemember(false);
    storage.setItem(KEY, "token");
    expect(storage.getItem(KEY)).toBe("token");
  });
});

describe("cookieMarker", () => {
  it("writes a session cookie for the whole site and reads it back among others", () => {
    const written: string[] = [];
    const doc = {
      get cookie() {
        return "a=1; growthdesk-browser-session=abc; b=2";
      },
      set cookie(v: string) {
        written.push(v);
      },
    };
    const marker = cookieMarker("growthdesk-browser-session", doc, true);
    expect(marker.get()).toBe("abc");
    marker.set("xyz");
    expect(written).toEqual(["growthdesk-browser-session=xyz; Path=/; SameSite=Strict; Secure"]);
    expect(written[0]).not.toMatch(/expires|max-age/i);
  });
});
