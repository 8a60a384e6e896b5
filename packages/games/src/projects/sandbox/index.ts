import type { ComponentSpec, JsonObject, SetupPlayer } from "@tt/engine";
import type { ShippedGame, StartLayout } from "../../content";
import { components, decks } from "./components";
import {
  backgroundImage,
  bankImage,
  boxImage,
  cardBack,
  cardFace,
  dieFace,
  overviewCard,
  SUITS,
  type Suit,
  seatImage,
  TOKEN_COLORS,
  type TokenColor,
  tableImage,
  token,
} from "./images";
import { DECK_ID, module } from "./module";

const images: { [file: string]: string } = {
  "box.svg": boxImage,
  "background.svg": backgroundImage,
  "table.svg": tableImage,
  "seat.svg": seatImage,
  "bank.svg": bankImage,
  "card-back.svg": cardBack,
  "card-joker.svg": cardFace("joker", 0),
  "overview.svg": overviewCard,
};
for (const suit of Object.keys(SUITS) as Suit[]) {
  for (let v = 1; v <= 10; v++) images[`card-${suit}-${v}.svg`] = cardFace(suit, v);
}
for (let f = 1; f <= 6; f++) images[`die-${f}.svg`] = dieFace(f);
for (const c of Object.keys(TOKEN_COLORS) as TokenColor[]) images[`token-${c}.svg`] = token(c);

/** Where everything stands at the start; the options only add or leave out piles. */
function layout(options: JsonObject, _players: SetupPlayer[]): StartLayout {
  const perColor = options.tokens === false ? 0 : Number(options.tokensEach ?? 10);
  const banks: ComponentSpec[] = (Object.keys(TOKEN_COLORS) as TokenColor[]).map((c) => ({
    id: `bank-${c}`,
    name: `bank-${c}`,
    type: "bank",
    options: { contentNames: [`token-${c}`], label: `${c} tokens` },
    children: {
      bank: Array.from({ length: perColor }, (_, i) => ({
        id: `token-${c}-${i + 1}`,
        name: `token-${c}`,
        type: "token" as const,
      })),
    },
  }));
  const dice: ComponentSpec[] = Array.from({ length: Number(options.dice ?? 2) }, (_, i) => ({
    id: `die-${i + 1}`,
    name: "die",
    type: "var-display",
    options: { label: `Die ${i + 1}`, face: 1 },
  }));
  const deck: ComponentSpec[] =
    options.deck === false
      ? []
      : [{ id: DECK_ID, name: "deck", type: "deck", options: { deckName: "generic" } }];
  return {
    root: {
      id: "table",
      name: "sandbox-table",
      type: "board",
      children: { decks: deck, banks, dice, play: [] },
    },
    playerArea: { name: "seat", type: "board", children: { hand: [], tableau: [], tokens: [] } },
    counters: [
      { name: "points", value: 0, options: { buttonsEnabled: true } },
      { name: "coins", value: Number(options.startCoins ?? 0), options: { buttonsEnabled: true } },
    ],
  };
}

export const sandbox: ShippedGame = {
  content: {
    slug: "sandbox",
    projectName: "Sandbox",
    designer: "Tabletop Lab",
    visibility: "public",
    description:
      "<p>A free-form table with no rules: a deck of generic cards, tokens in four colours, dice and " +
      "two counters per player. Any player may play any colour.</p>" +
      "<p><strong>Edit mode is the normal way to play</strong>: turn it on and move any piece anywhere, " +
      "deal from the deck, take tokens from the banks. Roll the dice and shuffle the deck with the " +
      "state buttons; count with the +/- buttons of your counters.</p>" +
      "<p>Use it to try the table, or to prototype a game before it has a rule module.</p>",
    images,
    options: {
      deck: { displayName: "Generic deck", displayOrder: 1, type: "checkbox", defaultBool: true },
      handSize: {
        displayName: "Starting hand",
        displayOrder: 2,
        type: "select",
        default: "0",
        condition: { deck: { eq: true } },
        values: {
          "0": { displayName: "No cards", displayOrder: 1 },
          "5": { displayName: "5 cards", displayOrder: 2 },
          "7": { displayName: "7 cards", displayOrder: 3 },
        },
      },
      tokens: { displayName: "Coloured tokens", displayOrder: 3, type: "checkbox", defaultBool: true },
      tokensEach: {
        displayName: "Tokens per colour",
        displayOrder: 4,
        type: "select",
        default: "10",
        condition: { tokens: { eq: true } },
        values: {
          "5": { displayName: "5", displayOrder: 1 },
          "10": { displayName: "10", displayOrder: 2 },
          "20": { displayName: "20", displayOrder: 3 },
        },
      },
      dice: {
        displayName: "Dice",
        displayOrder: 5,
        type: "select",
        default: "2",
        values: {
          "1": { displayName: "1 die", displayOrder: 1 },
          "2": { displayName: "2 dice", displayOrder: 2 },
          "3": { displayName: "3 dice", displayOrder: 3 },
          "6": {
            displayName: "6 dice",
            displayOrder: 4,
            hidden: true,
            hiddenDisplay: "6 dice (stress test)",
          },
        },
      },
      startCoins: {
        displayName: "Starting coins (staff)",
        displayOrder: 6,
        type: "select",
        default: "0",
        hidden: true,
        values: {
          "0": { displayName: "0", displayOrder: 1 },
          "5": { displayName: "5", displayOrder: 2 },
          "10": { displayName: "10", displayOrder: 3 },
        },
      },
    },
    changeLog: [
      { version: "0.1", date: "2026-10-01", notes: "<p>A board, a deck and some tokens.</p>" },
      { version: "0.2", date: "2026-10-20", notes: "<p>Dice you can roll; counters with +/- buttons.</p>" },
      {
        version: "__0.2.1",
        date: "2026-11-02",
        notes: "<p>Staff: hidden starting coins and 6-dice options.</p>",
      },
      { version: "1.0", date: "2026-11-21", notes: "<p>Starting hands, tokens per colour, a help card.</p>" },
    ],
    components,
    decks,
    overviewCard: "overview.svg",
    overviewStats: [
      { name: "points", displayName: "Points" },
      { name: "coins", displayName: "Coins" },
    ],
    players: { min: 1, max: 6 },
  },
  module,
  layout,
};
