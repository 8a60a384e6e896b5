import { z } from "zod";
import { findPlayer, replacePlayer } from "../access.js";
import type { Json, JsonObject } from "../json.js";
import { logFor } from "../log/message.js";
import { refuse } from "../result.js";
import type { Situation } from "../situation.js";
import { applied, type MoveResult, moveBaseShape } from "./base.js";

export const incStatSchema = z.object({
  type: z.literal("inc stat"),
  ...moveBaseShape,
  /** The player's stats; the table stats when absent. */
  player: z.string().optional(),
  stat: z.string().min(1),
  amount: z.number(),
});
export type IncStatMove = z.infer<typeof incStatSchema>;

/** Applies `change` to one stat of a player or of the table. */
export function changeStat(
  situation: Situation,
  player: string | undefined,
  stat: string,
  change: (old: Json | undefined) => Json | null,
): Situation | null {
  if (player === undefined) {
    const value = change(situation.stats[stat]);
    return value === null ? null : { ...situation, stats: { ...situation.stats, [stat]: value } };
  }
  const found = findPlayer(situation, player);
  if (found === undefined) return null;
  const value = change(found.stats[stat]);
  if (value === null) return null;
  const stats: JsonObject = { ...found.stats, [stat]: value };
  return replacePlayer(situation, { ...found, stats });
}

export function applyIncStat(situation: Situation, move: IncStatMove): MoveResult {
  if (move.player !== undefined && findPlayer(situation, move.player) === undefined) {
    return refuse("move/no-player-stats");
  }
  const next = changeStat(
    situation,
    move.player,
    move.stat,
    (old) => (typeof old === "number" ? old : 0) + move.amount,
  );
  if (next === null) return refuse("move/no-player-stats");
  return applied(next, logFor(move, "", { targetPlayer: move.player ?? null }));
}
