import { z } from "zod";
import { logFor } from "../log/message.js";
import type { Situation } from "../situation.js";
import { applied, jsonSchema, type MoveResult, moveBaseShape } from "./base.js";

export const setObjectStatSchema = z.object({
  type: z.literal("set object stat"),
  ...moveBaseShape,
  /** Any object the game keeps statistics for: a card id, a deck name... */
  objectId: z.string().min(1),
  stat: z.string().min(1),
  value: jsonSchema,
});
export type SetObjectStatMove = z.infer<typeof setObjectStatSchema>;

export function applySetObjectStat(situation: Situation, move: SetObjectStatMove): MoveResult {
  const stats = { ...situation.objectStats[move.objectId], [move.stat]: move.value };
  return applied(
    { ...situation, objectStats: { ...situation.objectStats, [move.objectId]: stats } },
    logFor(move, ""),
  );
}
