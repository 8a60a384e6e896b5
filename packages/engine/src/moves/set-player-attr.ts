import { z } from "zod";
import { findPlayer, replacePlayer } from "../access.js";
import { logFor } from "../log/message.js";
import { refuse } from "../result.js";
import type { Situation } from "../situation.js";
import { applied, jsonSchema, type MoveResult, moveBaseShape } from "./base.js";

export const setPlayerAttrSchema = z.object({
  type: z.literal("set player attr"),
  ...moveBaseShape,
  player: z.string(),
  attr: z.string().min(1),
  value: jsonSchema,
});
export type SetPlayerAttrMove = z.infer<typeof setPlayerAttrSchema>;

/** Sets a custom attribute; 'isAutoma' is the one attribute with a field of its own. */
export function applySetPlayerAttr(situation: Situation, move: SetPlayerAttrMove): MoveResult {
  const player = findPlayer(situation, move.player);
  if (player === undefined) return refuse("move/unknown-player");
  const changed =
    move.attr === "isAutoma"
      ? { ...player, isAutoma: move.value === true }
      : { ...player, customAttrs: { ...player.customAttrs, [move.attr]: move.value } };
  // The rules set attributes as bookkeeping, unlogged; a hand-made change in edit mode says what it did.
  const text =
    move.editMode === true ? `set ${move.attr} of ${move.player} to ${JSON.stringify(move.value)}` : "";
  return applied(replacePlayer(situation, changed), logFor(move, text, { targetPlayer: move.player }));
}
