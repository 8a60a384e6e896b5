import type { Situation } from "../situation.js";
import { applyTurnEvent, fold, type TableEvent } from "./events.js";

/**
 * Snapshot cache for seeking: the situation after every `every` events. It is a cache, never the
 * truth: drop it and rebuild it from the log at any time. It is the one mutable object of the
 * engine, owned by whoever keeps the table open.
 */
export interface SnapshotCache {
  start: Situation;
  events: TableEvent[];
  every: number;
  /** snapshots[i] is the situation after i * every events. */
  snapshots: Situation[];
  /** The situation after all events. */
  live: Situation;
}

export const DEFAULT_SNAPSHOT_EVERY = 100;

export function createSnapshotCache(
  start: Situation,
  events: readonly TableEvent[] = [],
  every = DEFAULT_SNAPSHOT_EVERY,
) {
  const cache: SnapshotCache = { start, events: [], every, snapshots: [start], live: start };
  for (const event of events) appendEvent(cache, event);
  return cache;
}

/**
 * Adds the next event of the log; its seq must be the number of events so far. `after` is the
 * situation the turn led to when the caller has just evaluated it (so it is not applied twice).
 */
export function appendEvent(cache: SnapshotCache, event: TableEvent, after?: Situation): SnapshotCache {
  if (event.seq !== cache.events.length)
    throw new Error(`Expected event ${cache.events.length}, got ${event.seq}`);
  cache.events.push(event);
  cache.live =
    event.kind === "turn"
      ? (after ?? applyTurnEvent(cache.live, event))
      : rebuild(cache, cache.events.length);
  if (cache.events.length % cache.every === 0) cache.snapshots.push(cache.live);
  return cache;
}

/**
 * The situation after the first k events (replay step k, 0..N). Starts from the nearest snapshot
 * that is still valid for k (no undo between it and k reaches back before it), never from 0.
 */
export function situationAt(cache: SnapshotCache, k: number): Situation {
  const step = Math.max(0, Math.min(cache.events.length, Math.floor(k)));
  if (step === cache.events.length) return cache.live;
  return rebuild(cache, step);
}

function rebuild(cache: SnapshotCache, k: number): Situation {
  let reach = Number.POSITIVE_INFINITY;
  let j = k;
  // Walk back to a snapshot point j such that every undo in [j, k) only undoes turns at or after j.
  for (;;) {
    if (j % cache.every === 0 && reach >= j && cache.snapshots[j / cache.every] !== undefined) break;
    j--;
    const event = cache.events[j] as TableEvent;
    if (event.kind === "undo") for (const seq of event.undone) reach = Math.min(reach, seq);
  }
  return fold(cache.snapshots[j / cache.every] as Situation, cache.events.slice(j, k));
}
