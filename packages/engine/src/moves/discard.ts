import { z } from "zod";
import { DISCARD_POSITION } from "../access.js";
import { logFor } from "../log/message.js";
import type { Component, Situation } from "../situation.js";
import { applied, type MoveResult, moveBaseShape } from "./base.js";
import { cardAndDeck } from "./deck-target.js";
import { displayName, isRefusal, relocate } from "./place.js";

export const discardSchema = z.object({
  type: z.literal("discard"),
  ...moveBaseShape,
  componentId: z.string(),
  /** The deck whose discard pile receives the card; by default the card's own deck. */
  deckId: z.string().optional(),
});
export type DiscardMove = z.infer<typeof discardSchema>;

/** Discarded cards lie face up on their deck's discard pile. */
function faceUp(card: Component): Component {
  const { cardUnflippedFor: _seen, ...options } = card.options;
  return { ...card, options: { ...options, facedown: false } };
}

export function applyDiscard(situation: Situation, move: DiscardMove): MoveResult {
  const target = cardAndDeck(situation, move.componentId, move.deckId);
  if (!("card" in target)) return target;
  const next = relocate(
    situation,
    move.componentId,
    { parentId: target.deckId, positionName: DISCARD_POSITION, slot: null },
    faceUp,
  );
  if (isRefusal(next)) return next;
  return applied(
    next,
    logFor(move, `discarded ${displayName(target.card)}`, { logDisplayComponent: move.componentId }),
  );
}
