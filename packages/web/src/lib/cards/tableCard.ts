import { type CardRow, cardIdOf, cardNotInDeck, type Deck, deckNotFound } from "@tt/engine";

/**
 * How the game table draws a card component: from its deck's .psd template when the deck has one; with
 * the viewer's 'Cannot find deck named {name}' when the card names a deck the table does not have (a
 * deck erased, then the decks reloaded) and 'Card {id} is no longer in deck {name}' when its row left
 * the deck, rather than as a blank card that says nothing; else (a deck
 * without a template, or no deck named) as the game's own images.
 */
export type TableCardFace =
  | { kind: "template"; deck: Deck; row: CardRow }
  | { kind: "message"; message: string }
  | null;

export function tableCardFace(
  decks: Record<string, Deck>,
  options: { deckName?: unknown; cardId?: unknown },
): TableCardFace {
  const { deckName } = options;
  if (typeof deckName !== "string") return null;
  const deck = Object.hasOwn(decks, deckName) ? decks[deckName] : undefined;
  if (deck === undefined) return { kind: "message", message: deckNotFound(deckName) };
  if (!deck.cardInfo || deck.layers.length === 0) return null;
  // A card the viewer may not see comes without its id (a placeholder): its back is the deck's
  // reverse side drawn for no row in particular, never any card's own.
  if (options.cardId === undefined)
    return deck.rulesRev.length > 0 ? { kind: "template", deck, row: {} } : null;
  const id = String(options.cardId ?? "");
  const row = deck.cards.find((r, i) => (cardIdOf(r) ?? String(i + 1)) === id);
  // A row deleted from the sheet, the decks reloaded: say so, not a silent back.
  if (row === undefined) return { kind: "message", message: cardNotInDeck(id, deckName) };
  return { kind: "template", deck, row };
}
