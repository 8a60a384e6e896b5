// Replay of an ended table (game-table.md sections 2 and 4): any event number 0..N at once, from
// the engine's table holder, with the log as it stood there; the address carries the event number
// (turnNumber) so a position can be shared as a link.

import {
  createTableHolder,
  defaultModule,
  type LogTurn,
  type ReplayMark,
  replayMarks,
  type Situation,
  type TableEvent,
  type TableHolder,
} from "@tt/engine";

export interface Timeline {
  /**
   * The ended table's log in the engine's table holder (the one the server and the tests use): its
   * snapshot cache seeks any event, and it keeps the lines each turn wrote (the summaries are in
   * the events, made by the game's rules when each turn was played).
   */
  holder: TableHolder;
  marks: ReplayMark[];
  /** Number of events: the last step. */
  length: number;
}

/**
 * Builds the timeline once per log: one pass over the events. Folding a recorded log reads no rules
 * (every move and chance outcome is in it), so the default module will do.
 */
export function buildTimeline(start: Situation, events: readonly TableEvent[]): Timeline {
  const holder = createTableHolder({ start, events, module: defaultModule });
  return { holder, marks: replayMarks(events), length: events.length };
}

export interface ReplayView {
  step: number;
  situation: Situation;
  /** The log's turns up to there, each with the seq of its event (Ctrl-click forks a debug table there). */
  log: LogTurn[];
}

/** The situation and log after the first `step` events (undone turns leave the log too). */
export function viewAt(timeline: Timeline, step: number): ReplayView {
  const k = clampStep(step, timeline.length);
  return { step: k, situation: timeline.holder.at(k), log: timeline.holder.turns(k) };
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
