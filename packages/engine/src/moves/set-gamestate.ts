import { z } from "zod";
import { updateActiveState } from "../access.js";
import { logFor } from "../log/message.js";
import type { Situation } from "../situation.js";
import { applied, type MoveResult, moveBaseShape } from "./base.js";
import { stateInputSchema, toGameState } from "./state-schema.js";

export const setGamestateSchema = z.object({
  type: z.literal("set gamestate"),
  ...moveBaseShape,
  state: stateInputSchema,
});
export type SetGamestateMove = z.infer<typeof setGamestateSchema>;

/** Replaces the active (innermost) game state; its substates end with it. */
export function applySetGamestate(situation: Situation, move: SetGamestateMove): MoveResult {
  const next = updateActiveState(situation, () => toGameState(move.state));
  return applied(next, logFor(move, "", { logStyle: "state" }));
}
