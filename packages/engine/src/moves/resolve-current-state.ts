import { z } from "zod";
import { logFor } from "../log/message.js";
import { refuse } from "../result.js";
import type { GameState, Situation } from "../situation.js";
import { applied, type MoveResult, moveBaseShape } from "./base.js";

export const resolveCurrentStateSchema = z.object({
  type: z.literal("resolve current state"),
  ...moveBaseShape,
});
export type ResolveCurrentStateMove = z.infer<typeof resolveCurrentStateSchema>;

function withoutInnermost(state: GameState): GameState {
  const sub = state.subState as GameState;
  return { ...state, subState: sub.subState === null ? null : withoutInnermost(sub) };
}

/** Ends the active substate and returns to the state it interrupted; the root state cannot end. */
export function applyResolveCurrentState(situation: Situation, move: ResolveCurrentStateMove): MoveResult {
  const current = situation.gameState.current;
  if (current.subState === null) return refuse("move/root-state");
  const next = { ...situation, gameState: { current: withoutInnermost(current) } };
  return applied(next, logFor(move, "", { logStyle: "state" }));
}
