import type { DeckInfo } from "@tt/engine";
import type { ComponentTree } from "../../content";
import { SUITS, type Suit, VALUES } from "./images";
import { COINS, HAND } from "./rules";

// The component tree and the deck data (admin-decks-editor.md section 3). Cards are data rows: a
// cardId plus fields the rules read (suit, value); the piece __card-cards says how every card of the
// deck looks, and deck-cards how the deck itself looks.

const suits = Object.keys(SUITS) as Suit[];

export const decks: { [deckName: string]: DeckInfo } = {
  cards: {
    cardInfo: { w: 140, h: 200 },
    cards: suits.flatMap((suit) => VALUES.map((value) => ({ cardId: `${suit}-${value}`, suit, value }))),
  },
};

const SEATS = ["red", "blue", "green", "yellow", "cyan", "orange", "cerise", "lime", "purple", "white"];

/**
 * The player area's positions. Hands show card backs to opponents; the hidden playtest option
 * 'openHands' marks the areas 'open', and a conditional value (resolved per piece property, so the
 * whole 'positions' property is conditional) swaps in positions whose hand has no display mode.
 */
function areaPositions(handMode: string) {
  return {
    dims: [600, 240],
    [HAND]: { coords: [{ x: 240, y: 120 }], multi: true, gapSize: 50, displayMode: handMode },
    // Coins are tokens: tokens show to everyone unless their position says otherwise.
    [COINS]: { coords: [{ x: 530, y: 120 }], multi: true, gapSize: 8 },
  };
}

export const components: ComponentTree = {
  version: 1,
  baseScale: 1,
  dims: [1000, 1000],
  root: { width: 1000, height: 1000 },
  "card-table": {
    image: "table.svg",
    width: 1000,
    height: 500,
    positions: {
      dims: [1000, 500],
      decks: { coords: [{ x: 420, y: 250 }], multi: true },
      banks: { coords: [{ x: 800, y: 250 }], multi: true },
      players: {
        coords: Object.fromEntries(
          SEATS.map((c, i) => [c, { x: 250 + (i % 2) * 500, y: 640 + Math.floor(i / 2) * 260 }]),
        ),
      },
    },
  },
  // The draw pile and the discard pile side by side, each pile a full-size card.
  "deck-cards": {
    image: "",
    width: 320,
    height: 200,
    selectable: true,
    positions: {
      dims: [320, 200],
      deck: { coords: [{ x: 70, y: 100 }], multi: true, multiPile: true },
      // The discard pile beside the deck: cards are played here, face up.
      discard: { coords: [{ x: 250, y: 100 }], multi: true, multiPile: true },
    },
  },
  "__card-cards": {
    image: {
      defaultResult: "card-back.svg",
      conditionalResults: suits.flatMap((s) =>
        VALUES.map((v) => ({ condition: { cardId: `${s}-${v}` }, result: `card-${s}-${v}.svg` })),
      ),
    },
    cardBack: "card-back.svg",
    width: 140,
    height: 200,
    borderRadius: 12,
    selectable: true,
    hoverZoom: true,
  },
  "coin-bank": { image: "bank.svg", width: 120, height: 120 },
  coin: { image: "coin.svg", width: 50, height: 50, borderRadius: 50 },
  "hand-area": {
    image: "hand.svg",
    width: 600,
    height: 240,
    positions: {
      defaultResult: areaPositions("opponentCardBack"),
      // An empty display mode overrides the area's default ('owningPlayerOnly'): everyone sees the hand.
      conditionalResults: [{ condition: { open: true }, result: areaPositions("") }],
    },
  },
};
