import type { RuleModule } from "../module/types.js";
import { ok, type Result } from "../result.js";
import type { Situation } from "../situation.js";
import type { Turn } from "../turn/actions.js";
import { evaluateTurn, type ProjectData, type TurnOutcome } from "../turn/evaluate.js";
import { type TurnEvent, type TurnFlags, turnEvent } from "./events.js";

export interface Recorded {
  /** The event to append, or null when the turn produced no moves (a selection alone is not logged). */
  event: TurnEvent | null;
  outcome: TurnOutcome;
}

/**
 * One step of the turn pipeline for a table holder (server or optimistic client): evaluate the
 * turn on the live situation and wrap its moves as the next event of the log.
 */
export function recordTurn(
  live: Situation,
  seq: number,
  turn: Turn,
  module: RuleModule,
  project: ProjectData = {},
  flags: TurnFlags = {},
): Result<Recorded> {
  const result = evaluateTurn(live, turn, module, project);
  if (!result.ok) return result;
  const moves = result.value.moves;
  return ok({ event: moves.length === 0 ? null : turnEvent(seq, turn, moves, flags), outcome: result.value });
}
