/** The part of the Web Storage interface the adapter needs (localStorage fits). */
export type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * A value that lives exactly as long as the browser session, shared by every tab of the browser:
 * a session cookie (no Expires), which the browser drops when it is closed.
 */
export type BrowserSessionMarker = {
  get(): string | null;
  set(value: string): void;
};

export type RememberStorage = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** Decides how long the next sign-in is kept: true outlives the browser, false ends with it. */
  setRemember(remember: boolean): void;
};

export type RememberStorageOptions = {
  /** Where sessions are kept: shared by every tab of the browser (localStorage). */
  persistent: KeyValueStore;
  /** The browser session's marker (a session cookie). */
  marker: BrowserSessionMarker;
  /** The auth client's session key; its scope is kept at `${sessionKey}-scope`. */
  sessionKey: string;
  /** Every key the auth client may write (the session key first); all go when the session does. */
  keys: string[];
  /** Called with the stored session when it is dropped because the browser session it belonged to is over. */
  onExpired?: (storedSession: string) => void;
  /** A store an earlier version kept tab-only sessions in (sessionStorage); its session moves over once. */
  legacy?: KeyValueStore;
  /** A random id for a new browser session. */
  newId?: () => string;
};

const REMEMBERED = "remember";
const BROWSER_PREFIX = "browser:";

/**
 * The auth client's storage for 'Remember me'. Every session is kept in the persistent store, so
 * every tab of the browser (and a link opened from an e-mail) shares it, and auth-js's
 * BroadcastChannel tells the other tabs about sign-in and sign-out. Beside it, a scope says how
 * long it may live: `remember` (until sign-out), or `browser:<id>`, where the id is also in a
 * session cookie. When the browser is closed the cookie goes, and the next read finds the scope's
 * id without its cookie: the session is dropped (and handed to onExpired, so it can be ended on
 * the server too). A session that arrives with no choice made (from an e-mail link) is scoped to
 * the browser session; token refreshes keep the scope they find.
 */
export function createRememberStorage(options: RememberStorageOptions): RememberStorage {
  const { persistent, marker, sessionKey, keys, onExpired, legacy } = options;
  const newId = options.newId ?? randomId;
  const scopeKey = `${sessionKey}-scope`;
  let choice: boolean | null = null;
  // When cookies are blocked the marker cannot be kept: the session then lasts as long as the page.
  let pageId: string | null = null;
  const currentId = () => marker.get() ?? pageId;

  function browserScope(): string {
    let id = currentId();
    if (!id) {
      id = newId();
      marker.set(id);
      if (marker.get() !== id) pageId = id;
    }
    return BROWSER_PREFIX + id;
  }

  function expired(): boolean {
    const scope = persistent.getItem(scopeKey);
    if (scope === null || scope === REMEMBERED) return false;
    return !scope.startsWith(BROWSER_PREFIX) || scope.slice(BROWSER_PREFIX.length) !== currentId();
  }

  function clear(): void {
    for (const key of keys) persistent.removeItem(key);
    persistent.removeItem(scopeKey);
  }

  function dropIfExpired(): void {
    if (persistent.getItem(sessionKey) === null && persistent.getItem(scopeKey) === null) return;
    if (persistent.getItem(scopeKey) === null) {
      // A session without a scope was written by something else; it ends with the browser session.
      persistent.setItem(scopeKey, browserScope());
      return;
    }
    if (!expired()) return;
    const stored = persistent.getItem(sessionKey);
    clear();
    if (stored !== null) onExpired?.(stored);
  }

  if (legacy) {
    const tabOnly = legacy.getItem(sessionKey);
    if (tabOnly !== null) {
      legacy.removeItem(sessionKey);
      if (persistent.getItem(sessionKey) === null) {
        persistent.setItem(sessionKey, tabOnly);
        persistent.setItem(scopeKey, browserScope());
      }
    }
  }
  dropIfExpired();

  return {
    getItem(key) {
      dropIfExpired();
      return persistent.getItem(key);
    },
    setItem(key, value) {
      if (key === sessionKey) {
        if (choice !== null) {
          persistent.setItem(scopeKey, choice ? REMEMBERED : browserScope());
          choice = null;
        } else if (persistent.getItem(scopeKey) === null || expired()) {
          persistent.setItem(scopeKey, browserScope());
        }
      }
      persistent.setItem(key, value);
    },
    removeItem(key) {
      if (key === sessionKey) clear();
      else persistent.removeItem(key);
    },
    setRemember(remember) {
      choice = remember;
    },
  };
}

function randomId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The browser session's marker as a session cookie (no Expires: it ends with the browser). Its path is
 * the whole site: pages outside /portal that read the session (checkout's return, sign-in, password
 * reset) must see it, or they would take the session for one whose browser had closed.
 */
export function cookieMarker(name: string, doc: Pick<Document, "cookie"> = document, secure = location.protocol === "https:"): BrowserSessionMarker {
  return {
    get() {
      for (const part of doc.cookie.split(";")) {
        const [k, ...v] = part.trim().split("=");
        if (k === name) return decodeURIComponent(v.join("=")) || null;
      }
      return null;
    },
    set(value) {
      doc.cookie = `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Strict${secure ? "; Secure" : ""}`;
    },
  };
}

/** An in-memory store, for when Web Storage is unavailable (browsers that block it throw on access). */
export function memoryStore(): KeyValueStore {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}
