import type { DeckInfo } from "@tt/engine";
import type { ComponentTree } from "../../content";
import { GOODS, type Good } from "./images";

/** Ids and position names the rules and the layout share. */
export const BOARD = "market";
export const DECK = "goods-deck";
export const BANK = "lantern-bank";
export const ROW = "row";
export const SLOTS = ["1", "2", "3", "4"] as const;
export const STALL = "stall";
export const BELL = "bell";
export const BOX = "box";
export const HAND = "hand";
export const LANTERNS = "lanterns";
export const GOOD_NAMES = Object.keys(GOODS) as Good[];
export const MAX_PRICE = 6;
export const HAND_LIMIT = 8;
export const LANTERN_POINTS = 5;

export const priceId = (good: Good) => `price-${good}`;

/** The goods deck: seven of each good, one Closing Bell and two Moths (rows with __copies). */
export const decks: { [deckName: string]: DeckInfo } = {
  goods: {
    cardInfo: { w: 140, h: 200 },
    cards: [
      ...GOOD_NAMES.map((good) => ({
        cardId: good,
        kind: "good",
        name: GOODS[good].name,
        text: `Sell with other ${GOODS[good].name} at the ${GOODS[good].name} price.`,
        __copies: 7,
      })),
      {
        cardId: "bell",
        kind: "bell",
        name: "Closing Bell",
        text: "When revealed, everyone has one last turn.",
      },
      {
        cardId: "moth",
        kind: "moth",
        name: "Moth",
        text: "Foraging: bust unless you burn oil. In the row: flies off.",
        __copies: 2,
      },
    ],
  },
};

const SEATS = ["red", "blue", "green", "yellow", "cyan", "orange", "cerise", "lime", "purple", "white"];

export const components: ComponentTree = {
  version: 1,
  baseScale: 1,
  dims: [1100, 1200],
  root: { width: 1100, height: 1200 },
  [BOARD]: {
    image: "market.svg",
    width: 1100,
    height: 620,
    positions: {
      dims: [1100, 620],
      decks: { coords: [{ x: 100, y: 190 }], multi: true },
      [ROW]: { coords: Object.fromEntries(SLOTS.map((s, i) => [s, { x: 285 + i * 170, y: 215 }])) },
      [STALL]: { coords: [{ x: 540, y: 485 }], multi: true, gapSize: 110, maxSpread: 620 },
      [BELL]: { coords: [{ x: 980, y: 240 }], multi: true },
      // A column of plaques under the deck, each captioned to its right (a var-display's label).
      prices: { coords: [{ x: 60, y: 450 }], multi: true, gapSize: 62, multiDirection: Math.PI / 2 },
      banks: { coords: [{ x: 980, y: 480 }], multi: true },
      // Cards left out by the options: in the box, seen only in edit mode.
      [BOX]: { coords: [{ x: 1040, y: 40 }], multi: true, displayMode: "editModeOnly" },
      players: {
        coords: Object.fromEntries(
          SEATS.map((c, i) => [c, { x: 280 + (i % 2) * 560, y: 760 + Math.floor(i / 2) * 270 }]),
        ),
      },
    },
  },
  // The draw pile and the discard pile side by side, drawn at 0.6 of a card.
  "deck-goods": {
    image: "",
    width: 180,
    height: 120,
    positions: {
      dims: [300, 200],
      deck: { coords: [{ x: 70, y: 100 }], multi: true, multiPile: true },
      discard: { coords: [{ x: 230, y: 100 }], multi: true, multiPile: true },
    },
  },
  "__card-goods": {
    image: {
      defaultResult: "card-back.svg",
      conditionalResults: [...GOOD_NAMES, "bell", "moth"].map((id) => ({
        condition: { cardId: id },
        result: `card-${id}.svg`,
      })),
    },
    cardBack: "card-back.svg",
    width: 140,
    height: 200,
    borderRadius: 14,
    hoverZoom: true,
    selectable: true,
  },
  ...Object.fromEntries(
    GOOD_NAMES.map((good) => [
      priceId(good),
      {
        image: {
          defaultResult: `price-${good}-2.svg`,
          conditionalResults: Array.from({ length: MAX_PRICE }, (_, i) => ({
            condition: { price: i + 1 },
            result: `price-${good}-${i + 1}.svg`,
          })),
        },
        width: 60,
        height: 60,
        borderRadius: 50,
      },
    ]),
  ),
  "lantern-bank": { image: "bank.svg", width: 110, height: 110 },
  lantern: { image: "lantern.svg", width: 45, height: 60, borderRadius: 10 },
  "trader-stall": {
    image: "stall.svg",
    width: 520,
    height: 240,
    positions: {
      dims: [520, 240],
      // Your goods: face up for you, card backs for the other traders.
      [HAND]: { coords: [{ x: 220, y: 140 }], multi: true, gapSize: 45, displayMode: "opponentCardBack" },
      [LANTERNS]: { coords: [{ x: 460, y: 140 }], multi: true, gapSize: 12 },
    },
  },
};
