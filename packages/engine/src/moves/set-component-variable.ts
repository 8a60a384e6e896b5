import { z } from "zod";
import { logFor } from "../log/message.js";
import { refuse } from "../result.js";
import type { Situation } from "../situation.js";
import { updateComponent } from "../tree.js";
import { applied, jsonSchema, type MoveResult, moveBaseShape } from "./base.js";

export const setComponentVariableSchema = z.object({
  type: z.literal("set component variable"),
  ...moveBaseShape,
  componentId: z.string(),
  variable: z.string().min(1),
  value: jsonSchema,
});
export type SetComponentVariableMove = z.infer<typeof setComponentVariableSchema>;

export function applySetComponentVariable(situation: Situation, move: SetComponentVariableMove): MoveResult {
  const root = updateComponent(situation.root, move.componentId, (c) => ({
    ...c,
    variables: { ...c.variables, [move.variable]: move.value },
  }));
  if (root === undefined) return refuse("move/unknown-component");
  return applied(
    { ...situation, root },
    logFor(move, `${move.variable} is now ${JSON.stringify(move.value)}`, {
      logDisplayComponent: move.componentId,
    }),
  );
}
