import type { CardRow, Deck } from "./deck.js";

import { cardIdOf } from "./rows.js";

/** The card viewer's messages, with the spec's exact strings (admin-decks-editor.md section 5). */

export const NO_CARDS_INFO = "No cards info";
export const CARD_PARAMETERS_MISSING = 'Cannot find card parameters (did you forget to define "ID"?)';
export const DECK_INFO_MISSING = "Deck info missing (missing .psd?)";
export const CARD_INFO_MISSING = "Card info missing (missing .psd?)";

export function deckNotFound(name: string): string {
  return `Cannot find deck named ${name}`;
}

/** A card at a table whose row left the deck (the sheet changed, then the decks were reloaded). */
export function cardNotInDeck(cardId: string, deckName: string): string {
  return `Card ${cardId} is no longer in deck ${deckName}`;
}

/** Default card size in the viewer before a deck's size is known. */
export const VIEWER_DEFAULT_CARD_SIZE = { w: 100, h: 200 } as const;
/** The viewer scales a card to at most this share of the window height. */
export const VIEWER_MAX_HEIGHT_RATIO = 0.5;

/**
 * What keeps the viewer from drawing a card, or null when it can. Checked from the outside in:
 * the deck, its cards, its .psd (no size and no layers: never uploaded), its size, then the row.
 */
export function viewerProblem(
  deck: (Pick<Deck, "cards" | "cardInfo" | "layers"> & { rules?: Deck["rules"] }) | undefined,
  deckName: string,
  row: CardRow | undefined,
): string | null {
  if (deck === undefined) return deckNotFound(deckName);
  if (deck.cards.length === 0) return NO_CARDS_INFO;
  // Without layers there is nothing to draw, unless a flatImage rule makes the card one picture.
  const flat = (deck.rules ?? []).some((r) => r.rule.trim().toLowerCase() === "flatimage");
  if (deck.layers.length === 0 && !flat) return DECK_INFO_MISSING;
  if (deck.cardInfo === null || !(deck.cardInfo.w > 0 && deck.cardInfo.h > 0)) return CARD_INFO_MISSING;
  if (row === undefined || cardIdOf(row) === null) return CARD_PARAMETERS_MISSING;
  return null;
}
