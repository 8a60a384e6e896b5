import { z } from "zod";
import { activeState } from "../access.js";
import { ALWAYS_ACTIVE, EVERYONE, PREVENT_UNDO_REASON_MAX_LENGTH, UNDO_WALK_LIMIT } from "../constants.js";
import type { LogMessage } from "../log/message.js";
import { summaryLineSchema } from "../log/summary.js";
import { applyMove, type Move, moveSchema } from "../moves/index.js";
import { ok, type Result, refuse } from "../result.js";
import type { Situation } from "../situation.js";
import { applyRenames, type Renames } from "../view/reissue.js";

/**
 * The table's game log: evaluated turns and undos, append-only. Every situation of a table (live,
 * after undo, at a replay step) is a fold of it from the start situation.
 */

export const turnEventSchema = z.object({
  kind: z.literal("turn"),
  seq: z.number().int().nonnegative(),
  turnUID: z.string(),
  actor: z.string(),
  timestamp: z.number(),
  editMode: z.boolean(),
  moves: z.array(moveSchema),
  preventUndo: z.boolean(),
  /** Why the rules prevent undoing this turn, shown after 'You cannot undo this turn: '. */
  preventUndoReason: z.string().max(PREVENT_UNDO_REASON_MAX_LENGTH).optional(),
  /** Undo walks back until it has undone a breakpoint turn. */
  undoBreakpoint: z.boolean(),
  replayMarks: z.array(z.string()),
  /** Send-payload flags kept for the client: hide the turn from others' logs, do not block input. */
  turnHidden: z.boolean().optional(),
  turnNonBlocking: z.boolean().optional(),
  /**
   * Pieces that got a new id at the end of the turn, [old, new] (view/reissue.ts): those that passed
   * out of someone's sight, and shuffled cards. Applied after the moves by every fold.
   */
  renamed: z.array(z.tuple([z.string(), z.string()])).optional(),
  /**
   * The turn in the game's words (the module's summarizeTurn, log/summary.ts): what players read in
   * the log in place of the moves' lines. Absent for edit-mode turns and in logs older than it.
   */
  summary: z.array(summaryLineSchema).optional(),
});
export type TurnEvent = z.infer<typeof turnEventSchema>;

export const undoEventSchema = z.object({
  kind: z.literal("undo"),
  seq: z.number().int().nonnegative(),
  actor: z.string(),
  timestamp: z.number(),
  /** Seqs of the turns this undo marks undone, newest first. */
  undone: z.array(z.number().int().nonnegative()),
  /**
   * Pieces that got a new id because the undo took them out of someone's sight (view/reissue.ts),
   * applied to the situation the undo returns to.
   */
  renamed: z.array(z.tuple([z.string(), z.string()])).optional(),
});
export type UndoEvent = z.infer<typeof undoEventSchema>;

export const tableEventSchema = z.discriminatedUnion("kind", [turnEventSchema, undoEventSchema]);
export type TableEvent = z.infer<typeof tableEventSchema>;

/**
 * The flags of a turn event. A table holder takes them from recordTurn, which asks the rule module;
 * turnEvent itself trusts its caller (the server's own reload turns, tests).
 */
export interface TurnFlags {
  preventUndo?: boolean;
  /** Kept only with preventUndo. */
  preventUndoReason?: string;
  undoBreakpoint?: boolean;
  replayMarks?: string[];
  turnHidden?: boolean;
  turnNonBlocking?: boolean;
}

/** The event recording an evaluated turn. Turns are undo breakpoints unless the flags say not. */
export function turnEvent(
  seq: number,
  turn: { seat: string; turnUID: string; timestamp: number; editMode?: boolean | undefined },
  moves: Move[],
  flags: TurnFlags = {},
): TurnEvent {
  const event: TurnEvent = {
    kind: "turn",
    seq,
    turnUID: turn.turnUID,
    actor: turn.seat,
    timestamp: turn.timestamp,
    editMode: turn.editMode === true,
    moves,
    preventUndo: flags.preventUndo === true,
    undoBreakpoint: flags.undoBreakpoint !== false,
    replayMarks: flags.replayMarks ?? [],
  };
  if (event.preventUndo && flags.preventUndoReason !== undefined && flags.preventUndoReason !== "")
    event.preventUndoReason = flags.preventUndoReason.slice(0, PREVENT_UNDO_REASON_MAX_LENGTH);
  if (flags.turnHidden === true) event.turnHidden = true;
  if (flags.turnNonBlocking === true) event.turnNonBlocking = true;
  return event;
}

/** Replays a recorded turn. A recorded move that no longer applies means a corrupt log: a bug, so throw. */
export function applyTurnEvent(situation: Situation, event: TurnEvent): Situation {
  return applyTurnWithLog(situation, event).situation;
}

/** applyTurnEvent with the log lines the turn wrote. */
export function applyTurnWithLog(
  situation: Situation,
  event: TurnEvent,
): { situation: Situation; log: LogMessage[] } {
  let next = situation;
  const log: LogMessage[] = [];
  for (const move of event.moves) {
    const result = applyMove(next, move);
    if (!result.ok) throw new Error(`Event ${event.seq} does not apply: ${result.message}`);
    next = result.value.situation;
    log.push(...result.value.log);
  }
  if (event.renamed !== undefined && event.renamed.length > 0) next = applyRenames(next, event.renamed);
  return { situation: next, log };
}

/**
 * What undo planning, the replay bar and a viewer's log read of an event: everything but its moves.
 * A viewer of a running table gets events as headers (view/event.ts), never their moves.
 */
export interface EventHeader {
  kind: "turn" | "undo";
  seq: number;
  actor: string;
  timestamp: number;
  turnUID?: string;
  editMode?: boolean;
  preventUndo?: boolean;
  preventUndoReason?: string;
  undoBreakpoint?: boolean;
  replayMarks?: string[];
  turnHidden?: boolean;
  turnNonBlocking?: boolean;
  /** A turn that only selected a component (undo takes it with the turn it led to). */
  selectionOnly?: boolean;
  /** An undo's undone seqs, newest first. */
  undone?: number[];
}

const selectionOnly = (event: TurnEvent) =>
  event.moves.length > 0 && event.moves.every((move) => move.type === "select component");

export function headerOf(event: TableEvent): EventHeader {
  if (event.kind === "undo")
    return {
      kind: "undo",
      seq: event.seq,
      actor: event.actor,
      timestamp: event.timestamp,
      undone: event.undone,
    };
  const header: EventHeader = {
    kind: "turn",
    seq: event.seq,
    actor: event.actor,
    timestamp: event.timestamp,
    turnUID: event.turnUID,
    editMode: event.editMode,
    preventUndo: event.preventUndo,
    undoBreakpoint: event.undoBreakpoint,
    replayMarks: event.replayMarks,
  };
  if (event.preventUndoReason !== undefined) header.preventUndoReason = event.preventUndoReason;
  if (event.turnHidden === true) header.turnHidden = true;
  if (event.turnNonBlocking === true) header.turnNonBlocking = true;
  if (selectionOnly(event)) header.selectionOnly = true;
  return header;
}

/** An event or its header: what undo planning and the replay bar need. */
type Logged = TableEvent | EventHeader;
/** A turn of the log, whole or as its header. */
type LoggedTurn = TurnEvent | EventHeader;

const isSelectionOnly = (event: LoggedTurn) =>
  "moves" in event ? selectionOnly(event as TurnEvent) : event.selectionOnly === true;

/** Seqs of the turns still in effect after `events`, oldest first (undos only ever pop the newest). */
export function effectiveTurns(events: readonly Logged[]): number[] {
  const stack: number[] = [];
  for (const event of events) {
    if (event.kind === "turn") stack.push(event.seq);
    else {
      const undone = new Set(event.undone ?? []);
      while (stack.length > 0 && undone.has(stack[stack.length - 1] as number)) stack.pop();
    }
  }
  return stack;
}

/**
 * How a log folds: the turns in effect, oldest first (null stands for the situation the log starts
 * from), each with the re-issues of the undos that returned to the situation right after it. An undo
 * restores the situation before the turns it undid exactly, then gives new ids to whatever it took
 * out of someone's sight; a later undo that goes further back drops those with the turn they followed.
 */
export function foldPlan(events: readonly TableEvent[]): { seq: number | null; renamed: Renames[] }[] {
  const plan: { seq: number | null; renamed: Renames[] }[] = [{ seq: null, renamed: [] }];
  for (const event of events) {
    if (event.kind === "turn") plan.push({ seq: event.seq, renamed: [] });
    else {
      const undone = new Set(event.undone);
      while (plan.length > 1 && undone.has((plan[plan.length - 1] as { seq: number }).seq)) plan.pop();
      if (event.renamed !== undefined && event.renamed.length > 0)
        (plan[plan.length - 1] as { renamed: Renames[] }).renamed.push(event.renamed);
    }
  }
  return plan;
}

/** The situation after `events`, starting from `start` (the situation before the first of them). */
export function fold(start: Situation, events: readonly TableEvent[]): Situation {
  let situation = start;
  const first = events[0]?.seq ?? 0;
  for (const { seq, renamed } of foldPlan(events)) {
    if (seq !== null) situation = applyTurnEvent(situation, events[seq - first] as TurnEvent);
    for (const pairs of renamed) situation = applyRenames(situation, pairs);
  }
  return situation;
}

/**
 * Undo is off for everyone while everyone plays, outside edit mode (game-table.md section 4): the
 * table greys its Undo button with this answer, and planUndo refuses with it.
 */
export function undoDisabled(situation: Situation, editMode: boolean): boolean {
  return !editMode && activeState(situation).activePlayer === EVERYONE;
}

export interface UndoRequest {
  seat: string;
  editMode?: boolean;
  timestamp: number;
}

/**
 * Plans an undo: walks back over the turns in effect until an undo breakpoint (at most
 * UNDO_WALK_LIMIT turns), stopping before a turn that prevents undo or belongs to someone else.
 * The same player's selection turns right before the breakpoint go with it. Refused when the newest
 * turn is one of those: 'You cannot undo this turn', with the rules' reason when they gave one.
 */
export function planUndo(
  events: readonly Logged[],
  current: Situation,
  request: UndoRequest,
): Result<UndoEvent> {
  const editMode = request.editMode === true;
  if (undoDisabled(current, editMode)) {
    return refuse("undo/not-allowed", ["undo is disabled while everyone plays"]);
  }
  const stack = effectiveTurns(events);
  if (stack.length === 0) return refuse("undo/nothing");
  const undone: number[] = [];
  for (let i = stack.length - 1; i >= 0 && undone.length < UNDO_WALK_LIMIT; i--) {
    const event = events[stack[i] as number] as LoggedTurn;
    if (event.preventUndo === true) {
      if (undone.length === 0)
        return refuse("undo/not-allowed", event.preventUndoReason ? [event.preventUndoReason] : undefined);
      break;
    }
    const mine = event.actor === request.seat || request.seat === ALWAYS_ACTIVE || editMode;
    if (!mine) {
      if (undone.length === 0) return refuse("undo/someone-else");
      break;
    }
    undone.push(event.seq);
    if (event.undoBreakpoint !== false) {
      // A selection logged as a turn of its own (a rule module may log it) belongs to the turn it led
      // to: undoing the move and leaving its piece selected would make the next click deselect it.
      for (let j = i - 1; j >= 0 && undone.length < UNDO_WALK_LIMIT; j--) {
        const before = events[stack[j] as number] as LoggedTurn;
        if (before.actor !== event.actor || before.preventUndo === true || !isSelectionOnly(before)) break;
        undone.push(before.seq);
      }
      break;
    }
  }
  return ok({ kind: "undo", seq: events.length, actor: request.seat, timestamp: request.timestamp, undone });
}

/** Undo as one step: the new log and its refolded situation, or the refusal. */
export function undo(
  start: Situation,
  events: readonly TableEvent[],
  request: UndoRequest,
): Result<{ events: TableEvent[]; situation: Situation }> {
  const current = fold(start, events);
  const planned = planUndo(events, current, request);
  if (!planned.ok) return planned;
  const next = [...events, planned.value];
  return ok({ events: next, situation: fold(start, next) });
}

export interface ReplayMark {
  /** Replay step: the situation after this many events. */
  step: number;
  label: string;
}

/** Marks for the replay bar: S at the start, each event's marks after it, E at the end. */
export function replayMarks(events: readonly Logged[]): ReplayMark[] {
  const marks: ReplayMark[] = [{ step: 0, label: "S" }];
  events.forEach((event, i) => {
    if (event.kind === "turn")
      for (const label of event.replayMarks ?? []) marks.push({ step: i + 1, label });
  });
  marks.push({ step: events.length, label: "E" });
  return marks;
}

/**
 * The log with every chance outcome recorded in its moves (a shuffle's order, a roll), for logs
 * written before the engine recorded them. Folding the result needs no random state, so it can leave
 * the server (an ended table's replay). Events already complete are returned as they are.
 */
export function withOutcomes(start: Situation, events: readonly TableEvent[]): TableEvent[] {
  const lacks = (move: Move) =>
    (move.type === "reshuffle" && move.order === undefined) ||
    (move.type === "randomize variable" && move.result === undefined);
  if (!events.some((e) => e.kind === "turn" && e.moves.some(lacks))) return events.slice();
  const out: TableEvent[] = [];
  let live = start;
  for (const event of events) {
    if (event.kind === "undo") {
      out.push(event);
      live = fold(start, out);
      continue;
    }
    const moves: Move[] = [];
    let next = live;
    for (const move of event.moves) {
      const result = applyMove(next, move);
      if (!result.ok) throw new Error(`Event ${event.seq} does not apply: ${result.message}`);
      next = result.value.situation;
      moves.push((result.value.resolved as Move | undefined) ?? move);
    }
    if (event.renamed !== undefined && event.renamed.length > 0) next = applyRenames(next, event.renamed);
    out.push({ ...event, moves });
    live = next;
  }
  return out;
}
