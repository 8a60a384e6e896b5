import { z } from "zod";
import { findPlayer } from "../access.js";
import { logFor } from "../log/message.js";
import { refuse } from "../result.js";
import type { Situation } from "../situation.js";
import { applied, jsonSchema, type MoveResult, moveBaseShape } from "./base.js";
import { changeStat } from "./inc-stat.js";

export const pushStatSchema = z.object({
  type: z.literal("push stat"),
  ...moveBaseShape,
  player: z.string().optional(),
  stat: z.string().min(1),
  value: jsonSchema,
});
export type PushStatMove = z.infer<typeof pushStatSchema>;

/** Appends to a list stat (e.g. score per round); a missing stat starts as an empty list. */
export function applyPushStat(situation: Situation, move: PushStatMove): MoveResult {
  if (move.player !== undefined && findPlayer(situation, move.player) === undefined) {
    return refuse("move/no-player-stats");
  }
  const next = changeStat(situation, move.player, move.stat, (old) => {
    if (old === undefined) return [move.value];
    return Array.isArray(old) ? [...old, move.value] : null;
  });
  if (next === null) return refuse("move/not-a-list-stat");
  return applied(next, logFor(move, "", { targetPlayer: move.player ?? null }));
}
