import type { DeckInfo } from "@tt/engine";
import type { ComponentTree } from "../../content";
import { SUITS, type Suit, TOKEN_COLORS } from "./images";

/** Spec colours in seating order: every seat gets a place around the table. */
const SEATS = ["red", "blue", "green", "yellow", "cyan", "orange", "cerise", "lime", "purple", "white"];

const suits = Object.keys(SUITS) as Suit[];

/** The generic deck: four suits of 1 to 10 and two jokers (one row with __copies). */
export const decks: { [deckName: string]: DeckInfo } = {
  generic: {
    cardInfo: { w: 140, h: 200 },
    cards: [
      ...suits.flatMap((suit) =>
        Array.from({ length: 10 }, (_, i) => ({ cardId: `${suit}-${i + 1}`, suit, value: i + 1 })),
      ),
      { cardId: "joker", suit: "joker", value: 0, __copies: 2 },
    ],
  },
};

const cardImage = {
  defaultResult: "card-joker.svg",
  conditionalResults: suits.flatMap((suit) =>
    Array.from({ length: 10 }, (_, i) => ({
      condition: { cardId: `${suit}-${i + 1}` },
      result: `card-${suit}-${i + 1}.svg`,
    })),
  ),
};

const tokenPieces = Object.fromEntries(
  Object.keys(TOKEN_COLORS).flatMap((c) => [
    [`token-${c}`, { image: `token-${c}.svg`, width: 40, height: 40, selectable: true, borderRadius: 50 }],
    [`bank-${c}`, { image: "bank.svg", width: 80, height: 80, selectable: true }],
  ]),
);

export const components: ComponentTree = {
  version: 1,
  baseScale: 1,
  dims: [1400, 900],
  root: { image: "table.svg", width: 1400, height: 900 },
  "sandbox-table": {
    image: "table.svg",
    width: 1400,
    height: 900,
    borderRadius: 30,
    positions: {
      dims: [1400, 900],
      decks: { coords: [{ x: 150, y: 185 }], multi: true },
      banks: { coords: [{ x: 300, y: 80 }], multi: true, gapSize: 90, multiDirection: 0 },
      dice: { coords: [{ x: 1130, y: 120 }], multi: true, gapSize: 70, multiDirection: 0 },
      play: { coords: [{ x: 700, y: 400 }], multi: true, maxSpread: 900, gapSize: 60, selectable: true },
      players: {
        coords: Object.fromEntries(
          SEATS.map((c, i) => [c, { x: 260 + (i % 3) * 440, y: 600 + Math.floor(i / 3) * 240 }]),
        ),
      },
    },
  },
  seat: {
    image: "seat.svg",
    width: 500,
    height: 220,
    positions: {
      dims: [500, 220],
      // Your hand: you see the faces, the others see card backs.
      hand: { coords: [{ x: 250, y: 60 }], multi: true, gapSize: 40, displayMode: "opponentCardBack" },
      // Cards laid out in front of you, seen by everyone: an empty display mode overrides the area's
      // default ('owningPlayerOnly'), which would hide them from the other players.
      tableau: { coords: [{ x: 180, y: 160 }], multi: true, gapSize: 40, displayMode: "" },
      tokens: { coords: [{ x: 430, y: 160 }], multi: true, gapSize: 12 },
    },
  },
  "deck-generic": { image: "card-back.svg", width: 140, height: 200, selectable: true },
  "__card-generic": {
    image: cardImage,
    cardBack: "card-back.svg",
    width: 140,
    height: 200,
    selectable: true,
    hoverZoom: true,
    borderRadius: 12,
  },
  die: {
    image: {
      defaultResult: "die-1.svg",
      conditionalResults: [2, 3, 4, 5, 6].map((f) => ({ condition: { face: f }, result: `die-${f}.svg` })),
    },
    width: 60,
    height: 60,
    borderRadius: 10,
    buttons: [{ name: "roll", text: "Roll" }],
  },
  ...tokenPieces,
};
