import { findDeckByName } from "../access.js";
import { type Refusal, refuse } from "../result.js";
import type { Component, Situation } from "../situation.js";
import { findComponent } from "../tree.js";

/** The card and the deck it belongs to: the one named in the move, else its own deckName's deck. */
export function cardAndDeck(
  situation: Situation,
  componentId: string,
  deckId: string | undefined,
): { card: Component; deckId: string } | Refusal {
  const card = findComponent(situation.root, componentId);
  if (card === undefined) return refuse("move/unknown-component");
  const id =
    deckId ??
    (card.options.deckName === undefined ? undefined : findDeckByName(situation, card.options.deckName));
  if (id === undefined || situation.containers[id]?.kind !== "deck") return refuse("move/no-deck");
  return { card, deckId: id };
}

/** Cards going back into a deck are hidden again and forget who saw them. */
export function hidden(card: Component): Component {
  const { cardUnflippedFor: _seen, cardFlipped: _flipped, ...options } = card.options;
  return { ...card, options: { ...options, facedown: true } };
}
