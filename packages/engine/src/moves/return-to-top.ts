import { z } from "zod";
import { DECK_POSITION } from "../access.js";
import { logFor } from "../log/message.js";
import type { Situation } from "../situation.js";
import { applied, type MoveResult, moveBaseShape } from "./base.js";
import { cardAndDeck, hidden } from "./deck-target.js";
import { isRefusal, relocate } from "./place.js";

export const returnToTopSchema = z.object({
  type: z.literal("return to top"),
  ...moveBaseShape,
  componentId: z.string(),
  deckId: z.string().optional(),
});
export type ReturnToTopMove = z.infer<typeof returnToTopSchema>;

/** Puts a card face down on top of its deck (the end of the deck pile). */
export function applyReturnToTop(situation: Situation, move: ReturnToTopMove): MoveResult {
  const target = cardAndDeck(situation, move.componentId, move.deckId);
  if (!("card" in target)) return target;
  const at = { parentId: target.deckId, positionName: DECK_POSITION, slot: null };
  const next = relocate(situation, move.componentId, at, hidden);
  if (isRefusal(next)) return next;
  return applied(
    next,
    logFor(move, "returned a card to the top of the deck", { logDisplayComponent: target.deckId }),
  );
}
