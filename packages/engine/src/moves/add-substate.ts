import { z } from "zod";
import { updateActiveState } from "../access.js";
import { logFor } from "../log/message.js";
import type { Situation } from "../situation.js";
import { applied, type MoveResult, moveBaseShape } from "./base.js";
import { stateInputSchema, toGameState } from "./state-schema.js";

export const addSubstateSchema = z.object({
  type: z.literal("add substate"),
  ...moveBaseShape,
  state: stateInputSchema,
});
export type AddSubstateMove = z.infer<typeof addSubstateSchema>;

/** Interrupts the active state with a new one (a reaction, a choice); resolving it returns here. */
export function applyAddSubstate(situation: Situation, move: AddSubstateMove): MoveResult {
  const next = updateActiveState(situation, (state) => ({ ...state, subState: toGameState(move.state) }));
  return applied(next, logFor(move, "", { logStyle: "state" }));
}
