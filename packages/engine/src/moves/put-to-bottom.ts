import { z } from "zod";
import { DECK_POSITION } from "../access.js";
import { logFor } from "../log/message.js";
import type { Situation } from "../situation.js";
import { applied, type MoveResult, moveBaseShape } from "./base.js";
import { cardAndDeck, hidden } from "./deck-target.js";
import { isRefusal, relocate } from "./place.js";

export const putToBottomSchema = z.object({
  type: z.literal("put to bottom"),
  ...moveBaseShape,
  componentId: z.string(),
  deckId: z.string().optional(),
});
export type PutToBottomMove = z.infer<typeof putToBottomSchema>;

/** Puts a card face down under its deck (the start of the deck pile). */
export function applyPutToBottom(situation: Situation, move: PutToBottomMove): MoveResult {
  const target = cardAndDeck(situation, move.componentId, move.deckId);
  if (!("card" in target)) return target;
  const at = { parentId: target.deckId, positionName: DECK_POSITION, slot: null, index: 0 };
  const next = relocate(situation, move.componentId, at, hidden);
  if (isRefusal(next)) return next;
  return applied(
    next,
    logFor(move, "put a card to the bottom of the deck", { logDisplayComponent: target.deckId }),
  );
}
