// The socket's per-connection bookkeeping (spec section 4), DOM-free so it can be unit tested.
import { STORAGE_KEYS } from "@tt/protocol";
import type { KeyValueStore } from "./storage";

/** Increments the stored session number (one per connect, across tabs) and returns the new value. */
export function nextSessionNum(store: KeyValueStore): number {
  const previous = Number.parseInt(store.getItem(STORAGE_KEYS.sessionNum) ?? "", 10);
  const next = Number.isSafeInteger(previous) && previous >= 0 ? previous + 1 : 1;
  store.setItem(STORAGE_KEYS.sessionNum, String(next));
  return next;
}

/** The tab's session id: kept in session storage so a reload keeps it and a new tab gets its own. */
export function ensureSessionId(store: KeyValueStore, makeId: () => string): string {
  const existing = store.getItem(STORAGE_KEYS.sessionId);
  if (existing) return existing;
  const id = makeId();
  store.setItem(STORAGE_KEYS.sessionId, id);
  return id;
}

/**
 * Records the server's build id. Returns true when the page runs an older build than the server and
 * must reload. The first id ever seen is only stored: there is nothing to compare it with.
 */
export function instanceChanged(store: KeyValueStore, instanceId: string): boolean {
  const stored = store.getItem(STORAGE_KEYS.lastInstanceId);
  if (stored === instanceId) return false;
  store.setItem(STORAGE_KEYS.lastInstanceId, instanceId);
  return stored !== null && stored !== "";
}
