// Browser storage that never throws: private modes and full quotas make localStorage throw, and a
// settings write must not break a page. Falls back to memory for the life of the tab.

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function memoryStore(): KeyValueStore {
  const data = new Map<string, string>();
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

function safe(get: () => Storage): KeyValueStore {
  const fallback = memoryStore();
  const attempt = <R>(fn: (s: Storage) => R, otherwise: () => R): R => {
    try {
      return fn(get());
    } catch {
      return otherwise();
    }
  };
  return {
    getItem: (key) =>
      attempt(
        (s) => s.getItem(key),
        () => fallback.getItem(key),
      ),
    setItem: (key, value) =>
      attempt(
        (s) => s.setItem(key, value),
        () => fallback.setItem(key, value),
      ),
    removeItem: (key) =>
      attempt(
        (s) => s.removeItem(key),
        () => fallback.removeItem(key),
      ),
  };
}

export const local: KeyValueStore = safe(() => window.localStorage);
export const session: KeyValueStore = safe(() => window.sessionStorage);
