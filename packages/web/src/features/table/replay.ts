// Replay of an ended table (game-table.md sections 2 and 4): any event number 0..N at once, from
// the engine's snapshot cache, with the log as it stood there; the address carries the event number
// (turnNumber) so a position can be shared as a link.

import {
  appendEvent,
  createSnapshotCache,
  effectiveTurns,
  type LogMessage,
  type ReplayMark,
  replayMarks,
  type Situation,
  type SnapshotCache,
  situationAt,
  type TableEvent,
} from "@tt/engine";
import { applyTurnWithLog } from "./eventLog";

/** A log line with the seq of the event that wrote it (Ctrl-click forks a debug table there). */
export type LoggedLine = LogMessage & { seq: number };

export interface Timeline {
  cache: SnapshotCache;
  /** Log lines of each turn event, by seq. */
  linesBySeq: Map<number, LoggedLine[]>;
  marks: ReplayMark[];
  /** Number of events: the last step. */
  length: number;
}

/** Builds the timeline once per log: one pass over the events, every situation from the cache. */
export function buildTimeline(start: Situation, events: readonly TableEvent[]): Timeline {
  const cache = createSnapshotCache(start);
  const linesBySeq = new Map<number, LoggedLine[]>();
  for (const event of events) {
    if (event.kind === "turn") {
      // A turn always applies to the situation right before it: the log lines it wrote then.
      const { log } = applyTurnWithLog(cache.live, event);
      linesBySeq.set(
        event.seq,
        log.map((line) => ({ ...line, seq: event.seq })),
      );
    }
    // The cache applies the turn again (or refolds after an undo): cheap next to what seeking saves.
    appendEvent(cache, event);
  }
  return { cache, linesBySeq, marks: replayMarks(events), length: events.length };
}

export interface ReplayView {
  step: number;
  situation: Situation;
  log: LoggedLine[];
}

/** The situation and log after the first `step` events (undone turns leave the log too). */
export function viewAt(timeline: Timeline, step: number): ReplayView {
  const k = clampStep(step, timeline.length);
  const window = timeline.cache.events.slice(0, k);
  const log = effectiveTurns(window).flatMap((seq) => timeline.linesBySeq.get(seq) ?? []);
  return { step: k, situation: situationAt(timeline.cache, k), log };
}

export function clampStep(step: number, length: number): number {
  if (!Number.isFinite(step)) return length;
  return Math.max(0, Math.min(length, Math.trunc(step)));
}

/** turnNumber from the address: an integer event number, or null when absent or unreadable. */
export function parseTurnNumber(raw: string | null): number | null {
  if (raw === null || !/^\d{1,9}$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

/** The current address with turnNumber set to `step` (the replay link, and the synced address). */
export function withTurnNumber(href: string, step: number): string {
  const url = new URL(href);
  url.searchParams.set("turnNumber", String(step));
  return url.toString();
}

/** Previous / next mark from `step`, for jumping between marks. */
export function neighbourMark(marks: readonly ReplayMark[], step: number, direction: 1 | -1): number | null {
  const steps = [...new Set(marks.map((m) => m.step))].sort((a, b) => a - b);
  const found = direction === 1 ? steps.find((s) => s > step) : [...steps].reverse().find((s) => s < step);
  return found ?? null;
}

/** The marks grouped by step, in step order: one stop per event that has any. */
export function markStops(marks: readonly ReplayMark[]): { step: number; labels: string[] }[] {
  const byStep = new Map<number, string[]>();
  for (const m of marks) byStep.set(m.step, [...(byStep.get(m.step) ?? []), m.label]);
  return [...byStep.entries()].sort((a, b) => a[0] - b[0]).map(([step, labels]) => ({ step, labels }));
}
