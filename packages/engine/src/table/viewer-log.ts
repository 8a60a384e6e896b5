import type { LogMessage } from "../log/message.js";
import { type LogTurn, logTurn } from "../log/summary.js";
import type { RuleContext, RuleModule } from "../module/types.js";
import { ok, type Refusal, type Result } from "../result.js";
import type { Situation } from "../situation.js";
import { walk } from "../tree.js";
import type { Turn } from "../turn/actions.js";
import { type MoveStep, stepOf, unpackLines, type ViewEvent } from "../view/event.js";
import { applyViewPatch } from "../view/patch.js";
import {
  type EventHeader,
  effectiveTurns,
  planUndo,
  type TurnEvent,
  type UndoEvent,
  type UndoRequest,
} from "./events.js";
import { recordTurn } from "./record.js";
import { withUndoLines } from "./undo-log.js";

/**
 * A running table as one viewer holds it (the browser, a bot): its view after the last event, the
 * log as headers with the lines it may read, and the views after the last few events. It never has
 * the full situation, the moves or the random state; the server sends each event's patch of the view
 * (view/event.ts). Plain values and pure functions: each returns a new log.
 */
export interface ViewerLog {
  viewer: string;
  /** The view after every event received. */
  view: Situation;
  /** Every event so far, by seq (index = seq). */
  headers: readonly EventHeader[];
  /** Log lines by seq, as this viewer may read them. */
  lines: ReadonlyMap<number, readonly LogMessage[]>;
  /** The summary lines (log/summary.ts) of the turns that have one, by seq, as this viewer may read them. */
  summaries: ReadonlyMap<number, readonly LogMessage[]>;
  /** Views after recent events (seq -> view; -1: before the first): what an undo returns to. */
  recent: ReadonlyMap<number, Situation>;
}

/** Views kept for predicting undo: an undo walks back at most this far in practice. */
const RECENT_VIEWS = 60;

function header(event: ViewEvent): EventHeader {
  const { steps: _steps, log: _log, summary: _summary, renamed: _renamed, patch: _patch, ...rest } = event;
  return rest;
}

/** Keeps (or drops, when the event has none) an event's summary in a copy of the summaries. */
function withSummary(
  summaries: Map<number, readonly LogMessage[]>,
  event: ViewEvent,
): Map<number, readonly LogMessage[]> {
  if (event.summary !== undefined) summaries.set(event.seq, unpackLines(event.summary, event));
  else summaries.delete(event.seq);
  return summaries;
}

/** A viewer's log from the table load (or a resubscribe): its view now and the history so far. */
export function createViewerLog(viewer: string, view: Situation, history: readonly ViewEvent[]): ViewerLog {
  const headers = history.map(header);
  const lines = new Map(history.map((e) => [e.seq, unpackLines(e.log, e)]));
  const summaries = new Map<number, readonly LogMessage[]>();
  for (const event of history) withSummary(summaries, event);
  const recent = new Map([[headers.length - 1, view]]);
  return { viewer, view, headers, lines, summaries, recent };
}

export function lastSeq(log: Pick<ViewerLog, "headers">): number {
  return log.headers.length - 1;
}

export type Received =
  | { kind: "applied"; log: ViewerLog }
  /** Already had it: nothing changed. */
  | { kind: "duplicate" }
  /** It came past a hole: resubscribe from lastSeq. */
  | { kind: "gap" }
  /** The patch did not fit this view: the table is out of sync, resubscribe for a whole view. */
  | { kind: "error"; message: string };

/** Applies the next event of the table. */
export function receiveViewEvent(log: ViewerLog, event: ViewEvent): Received {
  const last = lastSeq(log);
  if (event.seq <= last) return { kind: "duplicate" };
  if (event.seq !== last + 1) return { kind: "gap" };
  if (event.patch === undefined)
    return { kind: "error", message: `Event ${event.seq} came without its change.` };
  let view: Situation;
  try {
    view = applyViewPatch(log.view, event.patch);
  } catch (error) {
    return { kind: "error", message: error instanceof Error ? error.message : String(error) };
  }
  const recent = new Map(log.recent);
  recent.set(event.seq, view);
  for (const seq of recent.keys()) if (seq < event.seq - RECENT_VIEWS) recent.delete(seq);
  const lines = new Map(log.lines);
  lines.set(event.seq, unpackLines(event.log, event));
  const summaries = withSummary(new Map(log.summaries), event);
  return {
    kind: "applied",
    log: { ...log, view, headers: [...log.headers, header(event)], lines, summaries, recent },
  };
}

/** A resubscribe's answer: the events missed (as history) and, when sent, the view whole. */
export function resyncViewerLog(
  log: ViewerLog,
  viewer: string,
  view: Situation | undefined,
  missed: readonly ViewEvent[],
): ViewerLog {
  const headers = log.headers.slice();
  const lines = new Map(log.lines);
  const summaries = new Map(log.summaries);
  for (const event of missed) {
    headers[event.seq] = header(event);
    lines.set(event.seq, unpackLines(event.log, event));
    withSummary(summaries, event);
  }
  const next = view ?? log.view;
  const recent = view === undefined ? log.recent : new Map([[headers.length - 1, next]]);
  return { viewer, view: next, headers, lines, summaries, recent };
}

/**
 * The turns in effect as this viewer's log shows them: each turn's summary, its move lines behind it;
 * and each undo's line where it happened (undo-log.ts).
 */
export function viewerLogTurns(log: ViewerLog): LogTurn[] {
  const turns = effectiveTurns(log.headers).map((seq) =>
    logTurn(seq, log.lines.get(seq) ?? [], log.summaries.get(seq)),
  );
  return withUndoLines(turns, log.headers);
}

const placeholderSets = new WeakMap<Situation, Set<unknown>>();

function placeholdersOf(view: Situation): Set<unknown> {
  let found = placeholderSets.get(view);
  if (found === undefined) {
    found = new Set();
    const set = found;
    walk(view.root, (c) => {
      if (c.placeholder !== undefined) set.add(c);
    });
    placeholderSets.set(view, found);
  }
  return found;
}

/**
 * Whether a turn evaluated on a view needed what the view does not hold: chance (the view's random
 * state is a constant, so any draw moves it), or a piece the viewer may not see (a placeholder moved,
 * turned or changed: what it is decides what happens). Such a turn is not shown before the server
 * answers it.
 */
export function touchesHidden(before: Situation, after: Situation): boolean {
  if (before.rng.state !== after.rng.state) return true;
  const hidden = placeholdersOf(before);
  if (hidden.size === 0) return false;
  const kept = new Set<unknown>();
  walk(after.root, (c) => {
    if (hidden.has(c)) kept.add(c);
  });
  return kept.size !== hidden.size;
}

/**
 * Refusals that rules reading a placeholder can run into where the server, which sees the piece,
 * would not: a rule that breaks on a missing field, or keeps drawing 'unknown' cards until the move
 * limit. With hidden pieces in the view, the server decides those turns. A rule's own stated reason
 * (turn/prevented) and the seat checks stand.
 */
export const UNSURE_REFUSALS: ReadonlySet<string> = new Set([
  "turn/script-error",
  "turn/move-limit",
  "turn/too-many-moves",
  "move/unknown-component",
  "move/unknown-destination",
  "move/no-deck",
  "move/no-bank",
  "move/bad-position",
  "move/slot-taken",
  // Whether a competitive edit move showed someone a face is read off the whole situation; a view
  // with placeholders holds too little to say for sure.
  "turn/edit-reveals",
]);

export type Prediction =
  /** The rules refuse it here already: nothing to send. */
  | { kind: "refused"; refusal: Refusal }
  /** A click that only selects: nothing to send yet. */
  | { kind: "selection"; selected: string | null }
  /** Shown at once; sent with the server's answer replacing it. */
  | { kind: "predicted"; event: TurnEvent; situation: Situation; steps: MoveStep[] }
  /** It needs chance or hidden information: sent, and shown only when the server answers. */
  | { kind: "unpredictable" };

/**
 * The viewer's own turn, evaluated on its view with the same engine and rules as the server. Turns
 * on public information are predicted; a refusal is final here unless the rules broke on a piece the
 * viewer cannot see (then the server, which sees it, decides).
 */
export function predictTurn(log: ViewerLog, turn: Turn, module: RuleModule, ctx: RuleContext): Prediction {
  const recorded = recordTurn(log.view, log.headers.length, turn, module, ctx);
  if (!recorded.ok) {
    if (UNSURE_REFUSALS.has(recorded.code) && placeholdersOf(log.view).size > 0)
      return { kind: "unpredictable" };
    return { kind: "refused", refusal: recorded };
  }
  const { event, outcome } = recorded.value;
  if (event === null) return { kind: "selection", selected: outcome.selected };
  if (touchesHidden(log.view, outcome.situation)) return { kind: "unpredictable" };
  return { kind: "predicted", event, situation: outcome.situation, steps: event.moves.map(stepOf) };
}

/**
 * Undo, planned here as on the server (so a refusal shows at once), with the view it returns to when
 * this log still holds it: the view right before the earliest turn it undoes. Null when it does not
 * (the server's answer will show it). An undo that takes something out of someone's sight gives it a
 * new id on the server, so the view shown may differ from the answer in ids only.
 */
export function predictUndo(
  log: ViewerLog,
  request: UndoRequest,
): Result<{ event: UndoEvent; situation: Situation | null }> {
  const planned = planUndo(log.headers, log.view, request);
  if (!planned.ok) return planned;
  const earliest = Math.min(...planned.value.undone);
  return ok({ event: planned.value, situation: log.recent.get(earliest - 1) ?? null });
}
