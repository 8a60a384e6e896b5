import { z } from "zod";
import { logFor } from "../log/message.js";
import type { Situation } from "../situation.js";
import { applied, jsonSchema, type MoveResult, moveBaseShape } from "./base.js";

export const customSchema = z.object({
  type: z.literal("custom"),
  ...moveBaseShape,
  name: z.string().min(1),
  data: jsonSchema.optional(),
});
export type CustomMove = z.infer<typeof customSchema>;

/** A game-specific signal: it changes nothing, the rule module's game-event evaluation gives it meaning. */
export function applyCustom(situation: Situation, move: CustomMove): MoveResult {
  return applied(situation, logFor(move, ""));
}
