// Whether the end summary opens by itself (issue 37 point 4): once per user per table, and never on a
// replay link (an address carrying a turn number: someone shared a position, not the end). Kept in
// the browser's storage as one bounded list, so a user's tables never pile up keys there.
import type { KeyValueStore } from "../../../lib/storage";

export const END_SUMMARY_SEEN_KEY = "end-summary-seen";
/** The most recent tables remembered; older ones may show their summary again, once. */
export const END_SUMMARY_SEEN_KEPT = 200;

const entry = (user: string, tableId: string) => `${user}\u0000${tableId}`;

function readSeen(store: KeyValueStore): string[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(END_SUMMARY_SEEN_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((e): e is string => typeof e === "string") : [];
  } catch {
    return [];
  }
}

export function seenBefore(store: KeyValueStore, user: string, tableId: string): boolean {
  return readSeen(store).includes(entry(user, tableId));
}

export function markSeen(store: KeyValueStore, user: string, tableId: string): void {
  const key = entry(user, tableId);
  const seen = [...readSeen(store).filter((e) => e !== key), key].slice(-END_SUMMARY_SEEN_KEPT);
  store.setItem(END_SUMMARY_SEEN_KEY, JSON.stringify(seen));
}

export function opensByItself(
  store: KeyValueStore,
  user: string,
  tableId: string,
  replayLink: boolean,
): boolean {
  return !replayLink && !seenBefore(store, user, tableId);
}
