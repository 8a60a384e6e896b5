import type { Situation } from "../situation.js";
import { applyRenames } from "../view/reissue.js";
import { applyTurnEvent, type TableEvent } from "./events.js";

/**
 * How many of the newest turns in effect keep the situation after them. An undo takes back the
 * newest turns down to a breakpoint turn (usually one), so a chain of undos taking back this many
 * steps back without folding; one that goes deeper folds once from a snapshot, then steps again.
 * A Night Market situation after a turn holds about 2 KB of its own, so this bounds what an open
 * table keeps beyond the snapshots to about 32 KB.
 */
export const KEPT_TURNS = 16;

/** A turn in effect (seq null: the situation after `base` events), and the situation after it. */
interface KeptTurn {
  seq: number | null;
  /** Includes the re-issues of the undos that returned to it; dropped below the newest KEPT_TURNS. */
  situation: Situation | undefined;
}

/**
 * The turns in effect since event `base`, a snapshot point no later undo reaches behind, oldest
 * first: an undo pops the turns it undid and is back at the situation kept below them.
 */
interface Kept {
  base: number;
  stack: KeptTurn[];
}

/**
 * Snapshot cache for seeking: the situation after every `every` events, and the situations after
 * the newest turns in effect (so an undo steps back instead of refolding). It is a cache, never the
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
  /**
   * Each snapshot starts it over (base: the new snapshot), so it holds the seqs of fewer than
   * `every` turns, of which the newest KEPT_TURNS keep their situation; base is the snapshot it
   * was folded from again when an undo reached behind base or below the kept situations.
   */
  kept: Kept;
}

export const DEFAULT_SNAPSHOT_EVERY = 100;

export function createSnapshotCache(
  start: Situation,
  events: readonly TableEvent[] = [],
  every = DEFAULT_SNAPSHOT_EVERY,
) {
  const cache: SnapshotCache = {
    start,
    events: [],
    every,
    snapshots: [start],
    live: start,
    kept: { base: 0, stack: [{ seq: null, situation: start }] },
  };
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
  const behind = event.kind === "undo" && Math.min(...event.undone) < cache.kept.base;
  // An undo that goes back behind what is kept folds again from a snapshot no undo since reaches behind.
  if (behind || !step(cache.kept, event, KEPT_TURNS, after)) cache.kept = keptAt(cache, cache.events.length);
  cache.live = top(cache.kept);
  if (cache.events.length % cache.every === 0) {
    cache.snapshots.push(cache.live);
    cache.kept = { base: cache.events.length, stack: [{ seq: null, situation: cache.live }] };
  }
  return cache;
}

/**
 * The situation after the first k events (replay step k, 0..N). Starts from the nearest snapshot
 * that is still valid for k (no undo between it and k reaches back before it), never from 0.
 */
export function situationAt(cache: SnapshotCache, k: number): Situation {
  const at = Math.max(0, Math.min(cache.events.length, Math.floor(k)));
  if (at === cache.events.length) return cache.live;
  // Event k a turn still in effect: the situation it was played on is the one kept below it (the
  // undo planner asks for this one, the situation an undo returns to).
  const { stack } = cache.kept;
  if (cache.events[at]?.kind === "turn" && at >= cache.kept.base) {
    for (let i = stack.length - 1; i > 0 && (stack[i]?.seq as number) >= at; i--) {
      const below = stack[i - 1]?.situation;
      if (stack[i]?.seq === at && below !== undefined) return below;
    }
  }
  return top(keptAt(cache, at));
}

const top = (kept: Kept) => kept.stack[kept.stack.length - 1]?.situation as Situation;

/**
 * One event on the kept turns, as events.ts fold takes it (foldPlan), keeping the situations of the
 * newest `keep` turns. False when an undo returns to a turn whose situation was dropped.
 */
function step(kept: Kept, event: TableEvent, keep: number, after?: Situation): boolean {
  const { stack } = kept;
  if (event.kind === "turn") {
    stack.push({ seq: event.seq, situation: after ?? applyTurnEvent(top(kept), event) });
    // The base's situation is a snapshot, kept anyway.
    const drop = stack.length - 1 - keep;
    if (drop >= 1) (stack[drop] as KeptTurn).situation = undefined;
    return true;
  }
  const undone = new Set(event.undone);
  while (stack.length > 1 && undone.has((stack[stack.length - 1] as KeptTurn).seq as number)) stack.pop();
  const last = stack[stack.length - 1] as KeptTurn;
  if (last.situation === undefined) return false;
  if (event.renamed !== undefined && event.renamed.length > 0)
    stack[stack.length - 1] = { seq: last.seq, situation: applyRenames(last.situation, event.renamed) };
  return true;
}

/** The kept turns after the first k events, folded from the nearest snapshot valid for k. */
function keptAt(cache: SnapshotCache, k: number): Kept {
  let reach = Number.POSITIVE_INFINITY;
  let j = k;
  // Walk back to a snapshot point j such that every undo in [j, k) only undoes turns at or after j.
  for (;;) {
    if (j % cache.every === 0 && reach >= j && cache.snapshots[j / cache.every] !== undefined) break;
    j--;
    const event = cache.events[j] as TableEvent;
    if (event.kind === "undo") for (const seq of event.undone) reach = Math.min(reach, seq);
  }
  const kept: Kept = { base: j, stack: [{ seq: null, situation: cache.snapshots[j / cache.every] }] };
  for (let i = j; i < k; i++) step(kept, cache.events[i] as TableEvent, Number.POSITIVE_INFINITY);
  const { stack } = kept;
  for (let i = 1; i < stack.length - KEPT_TURNS; i++) (stack[i] as KeptTurn).situation = undefined;
  return kept;
}
