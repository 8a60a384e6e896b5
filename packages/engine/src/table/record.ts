import { PREVENT_UNDO_REASON_MAX_LENGTH } from "../constants.js";
import { normaliseSummary, type SummaryLine } from "../log/summary.js";
import { publicFaces } from "../module/summary.js";
import { normaliseReplayMarks, revealsHiddenInformation, UNDO_REASONS } from "../module/turn-flags.js";
import type { RuleContext, RuleModule, TurnFlagDecision, TurnInfo } from "../module/types.js";
import type { Move } from "../moves/index.js";
import { ok, type Result, refuse } from "../result.js";
import type { Situation } from "../situation.js";
import type { Turn } from "../turn/actions.js";
import { evaluateTurn, type ProjectData, type TurnOutcome } from "../turn/evaluate.js";
import { applyRenames, reissuedIds, shuffledIds } from "../view/reissue.js";
import { carrySight } from "../view/sight.js";
import { type TurnEvent, type TurnFlags, turnEvent } from "./events.js";

export interface Recorded {
  /** The event to append, or null when the turn produced no moves (a selection alone is not logged). */
  event: TurnEvent | null;
  outcome: TurnOutcome;
}

/**
 * What the player's side may add to the rules' flags. Only what cannot loosen them: a player may
 * make their own turn impossible to undo, never undoable where the rules said not; undo breakpoints
 * and replay marks are the rules' alone. turnHidden / turnNonBlocking only change how clients show
 * the turn.
 */
export type RequestedTurnFlags = Pick<TurnFlags, "preventUndo" | "turnHidden" | "turnNonBlocking">;

/**
 * One step of the turn pipeline for a table holder (server or optimistic client): evaluate the
 * turn on the live situation, ask the rule module for the turn's flags (turnFlags; edit-mode turns
 * keep the defaults: undoable unless they revealed something, a breakpoint, no marks, as edit mode
 * runs no rule automation), and wrap its moves as the next event of the log.
 */
export function recordTurn(
  live: Situation,
  seq: number,
  turn: Turn,
  module: RuleModule,
  project: ProjectData = {},
  requested: RequestedTurnFlags = {},
): Result<Recorded> {
  const result = evaluateTurn(live, turn, module, project);
  if (!result.ok) return result;
  const { moves, situation } = result.value;
  if (moves.length === 0) return ok({ event: null, outcome: result.value });
  let flags: TurnFlags = {};
  if (turn.editMode !== true) {
    try {
      flags = asFlags(
        module.turnFlags(
          live,
          situation,
          moves,
          { seat: turn.seat, editMode: false, timestamp: turn.timestamp, turnUID: turn.turnUID },
          { pieces: project.pieces ?? {}, options: project.options ?? {} },
        ),
      );
    } catch (error) {
      // As for every other hook: a throwing rule is that game's script error, not the table's crash.
      return refuse("turn/script-error", [error instanceof Error ? error.message : String(error)]);
    }
  }
  const ctx = { pieces: project.pieces ?? {}, options: project.options ?? {} };
  // Edit mode runs no rules, but a turn that showed a player a face they had not seen cannot be taken
  // back: they would look and put everything back. A look always shows one. At a competitive table
  // any other edit turn is asked too (an edit click dealing a card, a state button); elsewhere every
  // seat sees everything, so the walk is spared. It reads the sights the id re-issue below reads.
  if (
    turn.editMode === true &&
    (moves.some((move) => move.type === "look") ||
      (turn.competitive === true && revealsHiddenInformation(live, situation, ctx, module)))
  )
    flags = { ...flags, preventUndo: true, preventUndoReason: UNDO_REASONS.revealed };
  if (requested.preventUndo === true) flags.preventUndo = true;
  if (requested.turnHidden === true) flags.turnHidden = true;
  if (requested.turnNonBlocking === true) flags.turnNonBlocking = true;
  const event = turnEvent(seq, turn, moves, flags);
  if (turn.editMode !== true) {
    const info = { seat: turn.seat, editMode: false, timestamp: turn.timestamp, turnUID: turn.turnUID };
    const summary = summarize(module, live, situation, moves, info, ctx);
    if (summary !== null) event.summary = summary;
  }
  // Pieces that left someone's sight, and shuffled cards, come back under new ids (view/reissue.ts).
  const renamed = reissuedIds(live, situation, ctx, module, shuffledIds(moves));
  if (renamed.length === 0) return ok({ event, outcome: result.value });
  event.renamed = renamed;
  const names = new Map(renamed);
  const selected = result.value.selected;
  const after = applyRenames(situation, renamed);
  // Every viewer sees the renamed pieces as before the renaming: the views of the new live
  // situation need no new walk of the tree.
  carrySight(situation, after, names, ctx, module);
  return ok({
    event,
    outcome: {
      ...result.value,
      situation: after,
      selected: selected === null ? null : (names.get(selected) ?? selected),
    },
  });
}

/**
 * The module's summary of a turn, on the situation the moves were made on (before the id re-issue,
 * so the moves' ids are the ones in it). Null when the rules fail at it: the turn itself is sound, so
 * it goes on with its move lines in the log rather than being refused over its wording.
 */
function summarize(
  module: RuleModule,
  before: Situation,
  after: Situation,
  moves: Move[],
  turn: TurnInfo,
  ctx: RuleContext,
): SummaryLine[] | null {
  try {
    const isPublic = publicFaces(before, after, ctx, module);
    return normaliseSummary(module.summarizeTurn({ before, after, moves, turn, isPublic }, ctx));
  } catch {
    return null;
  }
}

/** The module's decision as event flags: a reason string means prevented, with that reason. */
function asFlags(decided: TurnFlagDecision): TurnFlags {
  const reason = typeof decided.preventUndo === "string" ? decided.preventUndo.trim() : "";
  const flags: TurnFlags = {
    preventUndo: decided.preventUndo === true || typeof decided.preventUndo === "string",
    replayMarks: normaliseReplayMarks(decided.replayMarks),
  };
  if (reason !== "") flags.preventUndoReason = reason.slice(0, PREVENT_UNDO_REASON_MAX_LENGTH);
  if (decided.undoBreakpoint === false) flags.undoBreakpoint = false;
  return flags;
}
