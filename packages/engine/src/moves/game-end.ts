import { z } from "zod";
import { logFor } from "../log/message.js";
import { refuse } from "../result.js";
import type { Situation } from "../situation.js";
import { applied, jsonSchema, type MoveResult, moveBaseShape } from "./base.js";

export const gameEndSchema = z.object({
  type: z.literal("game end"),
  ...moveBaseShape,
  /** Result data kept in the table stats under 'result' (winners, scores...). */
  result: jsonSchema.optional(),
});
export type GameEndMove = z.infer<typeof gameEndSchema>;

export function applyGameEnd(situation: Situation, move: GameEndMove): MoveResult {
  if (situation.ended) return refuse("move/game-ended");
  const stats = move.result === undefined ? situation.stats : { ...situation.stats, result: move.result };
  return applied(
    { ...situation, ended: true, stats },
    logFor(move, "The game has ended.", { logStyle: "end" }),
  );
}
