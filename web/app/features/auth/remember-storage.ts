/** The part of the Web Storage interface the adapter needs (localStorage and sessionStorage both fit). */
export type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export type RememberStorage = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** Decides where the next sign-in is kept: true outlives the browser, false ends with it. */
  setRemember(remember: boolean): void;
};

/**
 * The auth client's storage for 'Remember me'. A sign-in chosen to be remembered is written to the
 * persistent store (localStorage), any other to the session store (sessionStorage). Later writes
 * (token refreshes) stay wherever the key already lives, so a page reload keeps the original choice;
 * reads take whichever store holds the key. Without a choice and with no key yet (a session that
 * arrives from an e-mail link) the session store is used.
 */
export function createRememberStorage(persistent: KeyValueStore, session: KeyValueStore): RememberStorage {
  let choice: boolean | null = null;

  function targetFor(key: string): { write: KeyValueStore; other: KeyValueStore } {
    if (choice === true) return { write: persistent, other: session };
    if (choice === false) return { write: session, other: persistent };
    if (persistent.getItem(key) !== null) return { write: persistent, other: session };
    return { write: session, other: persistent };
  }

  return {
    getItem(key) {
      return persistent.getItem(key) ?? session.getItem(key);
    },
    setItem(key, value) {
      const { write, other } = targetFor(key);
      write.setItem(key, value);
      other.removeItem(key);
    },
    removeItem(key) {
      persistent.removeItem(key);
      session.removeItem(key);
    },
    setRemember(remember) {
      choice = remember;
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
