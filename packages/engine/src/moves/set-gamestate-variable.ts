import { z } from "zod";
import { updateActiveState } from "../access.js";
import { logFor } from "../log/message.js";
import type { Situation } from "../situation.js";
import { applied, jsonSchema, type MoveResult, moveBaseShape } from "./base.js";

export const setGamestateVariableSchema = z.object({
  type: z.literal("set gamestate variable"),
  ...moveBaseShape,
  name: z.string().min(1),
  value: jsonSchema,
});
export type SetGamestateVariableMove = z.infer<typeof setGamestateVariableSchema>;

/** Variables live on the active state, so they vanish when a substate is resolved. */
export function applySetGamestateVariable(situation: Situation, move: SetGamestateVariableMove): MoveResult {
  const next = updateActiveState(situation, (state) => ({
    ...state,
    variables: { ...state.variables, [move.name]: move.value },
  }));
  return applied(next, logFor(move, "", { logStyle: "minor" }));
}
