import type { JsonObject, SetupPlayer } from "@tt/engine";
import type { ShippedGame, StartLayout } from "../../content";
import { components, decks } from "./components";
import {
  backgroundImage,
  bankImage,
  boxImage,
  cardBack,
  cardFace,
  coinImage,
  handImage,
  overviewCard,
  SUITS,
  type Suit,
  tableImage,
  VALUES,
} from "./images";
import { module } from "./module";
import { BANK_ID, COINS, DECK_ID, HAND } from "./rules";

/**
 * Template: Card Game. Copy this folder to start a card game: rename slug and export, change the
 * deck rows in components.ts (a row per card, __copies for duplicates, _exclude: 'x' to leave one
 * out), redraw images.ts, and change the rules in rules.ts and module.ts.
 */

const images: { [file: string]: string } = {
  "box.svg": boxImage,
  "background.svg": backgroundImage,
  "table.svg": tableImage,
  "hand.svg": handImage,
  "card-back.svg": cardBack,
  "coin.svg": coinImage,
  "bank.svg": bankImage,
  "overview.svg": overviewCard,
};
for (const suit of Object.keys(SUITS) as Suit[]) {
  for (const v of VALUES) images[`card-${suit}-${v}.svg`] = cardFace(suit, v);
}

/** The start layout: the deck (shuffled by the set-up), the bank of coins, an area per player. */
function layout(options: JsonObject, _players: SetupPlayer[]): StartLayout {
  const coins = Number(options.coins ?? 15);
  return {
    root: {
      id: "table",
      name: "card-table",
      type: "board",
      children: {
        decks: [{ id: DECK_ID, name: "deck", type: "deck", options: { deckName: "cards" } }],
        banks: [
          {
            id: BANK_ID,
            name: "coin-bank",
            type: "bank",
            options: { contentNames: ["coin"] },
            children: {
              bank: Array.from({ length: coins }, (_, i) => ({
                id: `coin-${i + 1}`,
                name: "coin",
                type: "token" as const,
              })),
            },
          },
        ],
      },
    },
    // 'open' is read by the hand position's conditional displayMode (components.ts).
    playerArea: {
      name: "hand-area",
      type: "board",
      options: { open: options.openHands === true },
      children: { [HAND]: [], [COINS]: [] },
    },
    // The score is the rules' to set at the end: no +/- buttons.
    counters: [{ name: "score", value: 0, options: { buttonsEnabled: false } }],
  };
}

export const templateCards: ShippedGame = {
  content: {
    slug: "template-cards",
    projectName: "Template: Card Game",
    designer: "Tabletop Lab",
    visibility: "public",
    description:
      "<p>A small, complete card game to copy when you start your own: a deck with data rows, hands " +
      "that opponents see as card backs, a discard pile, a bank of coins, a reshuffle when the deck " +
      "runs out, a scoring rule and a game end.</p>" +
      "<p><strong>How to play:</strong> on your turn either play a card from your hand onto the discard " +
      "pile, matching its suit or value, and take a coin from the bank; or press <em>Draw a card</em>. " +
      "The game ends when a player empties their hand or the bank runs out. Score: your coins minus " +
      "the cards left in your hand.</p>",
    images,
    options: {
      handSize: {
        displayName: "Hand size",
        displayOrder: 1,
        type: "select",
        default: "5",
        values: {
          "4": { displayName: "4 cards", displayOrder: 1 },
          "5": { displayName: "5 cards", displayOrder: 2 },
          "6": { displayName: "6 cards", displayOrder: 3 },
        },
      },
      match: {
        displayName: "Matching",
        displayOrder: 2,
        type: "select",
        default: "any",
        values: {
          any: { displayName: "Suit or value", displayOrder: 1 },
          suit: { displayName: "Suit only", displayOrder: 2 },
        },
      },
      coins: {
        displayName: "Coins in the bank",
        displayOrder: 3,
        type: "select",
        default: "15",
        values: {
          "10": { displayName: "10", displayOrder: 1 },
          "15": { displayName: "15", displayOrder: 2 },
          "20": { displayName: "20", displayOrder: 3 },
        },
      },
      bonus: { displayName: "Bonus for an empty hand", displayOrder: 4, type: "checkbox", defaultBool: true },
      // A conditional option: only offered while the bonus is on.
      bonusCoins: {
        displayName: "Empty-hand bonus",
        displayOrder: 5,
        type: "select",
        default: "3",
        condition: { bonus: { eq: true } },
        values: {
          "2": { displayName: "2 points", displayOrder: 1 },
          "3": { displayName: "3 points", displayOrder: 2 },
          "5": {
            displayName: "5 points",
            displayOrder: 3,
            hidden: true,
            hiddenDisplay: "5 points (playtest)",
          },
        },
      },
      // A hidden option for playtests: everyone sees every hand.
      openHands: { displayName: "Open hands (playtest)", displayOrder: 6, type: "checkbox", hidden: true },
    },
    changeLog: [
      { version: "0.1", date: "2026-10-06", notes: "<p>Deck, hands and a discard pile.</p>" },
      {
        version: "0.2",
        date: "2026-10-30",
        notes: "<p>A bank of coins; reshuffle when the deck runs out.</p>",
      },
      {
        version: "__0.2.1",
        date: "2026-11-12",
        notes: "<p>Admins: hidden open-hands option for playtests.</p>",
      },
      {
        version: "1.0",
        date: "2026-11-21",
        notes: "<p>Empty-hand bonus, suit-only matching, help card.</p>",
      },
    ],
    components,
    decks,
    overviewCard: "overview.svg",
    overviewStats: [
      { name: "score", displayName: "Score" },
      { name: "played", displayName: "Cards played" },
      { name: "drawn", displayName: "Cards drawn" },
    ],
    players: { min: 2, max: 4 },
  },
  module,
  layout,
};
