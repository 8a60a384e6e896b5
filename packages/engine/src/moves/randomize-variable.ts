import { z } from "zod";
import type { Json } from "../json.js";
import { logFor } from "../log/message.js";
import { refuse } from "../result.js";
import { nextInt } from "../rng.js";
import type { Situation } from "../situation.js";
import { findComponent, updateComponent } from "../tree.js";
import { applied, jsonSchema, type MoveResult, moveBaseShape } from "./base.js";

export const randomizeVariableSchema = z.object({
  type: z.literal("randomize variable"),
  ...moveBaseShape,
  componentId: z.string(),
  variable: z.string().min(1),
  /** Either a list to pick from or an inclusive integer range (a die). */
  values: z.union([z.array(jsonSchema), z.object({ min: z.number().int(), max: z.number().int() })]),
  /** The outcome, recorded by the server when it rolls; a move that carries it sets it and rolls nothing. */
  result: jsonSchema.optional(),
});
export type RandomizeVariableMove = z.infer<typeof randomizeVariableSchema>;

/**
 * Rolls with the situation's generator (the server's) and records the result in the move; a move
 * that carries its result (a recorded one, replayed anywhere) sets that value and rolls nothing.
 */
export function applyRandomizeVariable(situation: Situation, move: RandomizeVariableMove): MoveResult {
  if (findComponent(situation.root, move.componentId) === undefined) return refuse("move/unknown-component");
  const values = move.values;
  const size = Array.isArray(values) ? values.length : values.max - values.min + 1;
  if (size <= 0) return refuse("move/no-values");
  let value: Json;
  let rng = situation.rng;
  if (move.result !== undefined) {
    value = move.result;
    // As in reshuffle: the generator moves on as if it had rolled, so every replica agrees.
    rng = nextInt(situation.rng, size)[1];
  } else {
    let i: number;
    [i, rng] = nextInt(situation.rng, size);
    value = Array.isArray(values) ? (values[i] as Json) : values.min + i;
  }
  const root = updateComponent(situation.root, move.componentId, (c) => ({
    ...c,
    variables: { ...c.variables, [move.variable]: value },
  }));
  return applied(
    { ...situation, root: root ?? situation.root, rng },
    logFor(move, `rolled ${JSON.stringify(value)}`, { logDisplayComponent: move.componentId }),
    move.result === undefined ? { ...move, result: value } : undefined,
  );
}
