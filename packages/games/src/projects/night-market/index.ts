import type { JsonObject, SetupPlayer } from "@tt/engine";
import type { ShippedGame, StartLayout } from "../../content";
import {
  BANK,
  BELL,
  BOARD,
  BOX,
  components,
  DECK,
  decks,
  GOOD_NAMES,
  MAX_PRICE,
  priceId,
  ROW,
  STALL,
} from "./data";
import {
  backgroundImage,
  bankImage,
  bellCard,
  boxImage,
  cardBack,
  coinIcon,
  GOODS,
  goodCard,
  lantern,
  marketBoard,
  mothCard,
  overviewCard,
  pricePlaque,
  stallArea,
} from "./images";
import { module } from "./module";

const images: { [file: string]: string } = {
  "box.svg": boxImage,
  "background.svg": backgroundImage,
  "market.svg": marketBoard,
  "stall.svg": stallArea,
  "bank.svg": bankImage,
  "coin.svg": coinIcon,
  "lantern.svg": lantern,
  "card-back.svg": cardBack,
  "card-bell.svg": bellCard,
  "card-moth.svg": mothCard,
  "overview.svg": overviewCard,
};
for (const good of GOOD_NAMES) {
  images[`card-${good}.svg`] = goodCard(good);
  for (let p = 1; p <= MAX_PRICE; p++) images[`price-${good}-${p}.svg`] = pricePlaque(good, p);
}

/** Lanterns in the bank: scarce on purpose, two more than there are traders. */
export const lanternsFor = (players: number) => players + 2;

function layout(options: JsonObject, players: SetupPlayer[]): StartLayout {
  const start = options.prices === "fixed" ? 3 : 2;
  const oil = options.oil !== false;
  return {
    root: {
      id: "table",
      name: "root",
      type: "board",
      children: {
        main: [
          {
            id: BOARD,
            name: BOARD,
            type: "board",
            children: {
              decks: [{ id: DECK, name: "deck", type: "deck", options: { deckName: "goods" } }],
              [ROW]: {},
              [STALL]: [],
              [BELL]: [],
              [BOX]: [],
              prices: GOOD_NAMES.map((good) => ({
                id: priceId(good),
                name: priceId(good),
                type: "var-display" as const,
                options: { price: start, label: `${GOODS[good].name} price` },
              })),
              banks: [
                {
                  id: BANK,
                  name: "lantern-bank",
                  type: "bank",
                  options: { contentNames: ["lantern"] },
                  children: {
                    bank: Array.from({ length: lanternsFor(players.length) }, (_, i) => ({
                      id: `lantern-${i + 1}`,
                      name: "lantern",
                      type: "token" as const,
                    })),
                  },
                },
              ],
            },
          },
        ],
      },
    },
    playerArea: { name: "trader-stall", type: "board", children: { hand: [], lanterns: [] } },
    counters: [
      // Coins change only by the rules (buy, sell, bust): no +/- buttons.
      { name: "coins", value: 2, options: { customIcon: "coin.svg", buttonsEnabled: false } },
      {
        name: "oil",
        value: oil ? 1 : 0,
        options: { buttonsEnabled: oil, maxValue: 3, invisibleIfZero: !oil },
      },
    ],
  };
}

export const nightMarket: ShippedGame = {
  content: {
    slug: "night-market",
    projectName: "Night Market",
    designer: "Tabletop Lab",
    visibility: "public",
    description:
      "<p>The lanterns are lit and the stalls are open. You are a trader of silk, spice, tea, jade and " +
      "incense, buying low and selling in sets before the <em>Closing Bell</em> rings. 2 to 4 players, " +
      "about 20 minutes.</p>" +
      "<p><strong>On your turn, do one thing:</strong></p><ul>" +
      "<li><strong>Buy</strong>: click a card in the market row. The leftmost card is free, the others " +
      "cost 1, 2 and 3 coins; the row slides left and restocks.</li>" +
      "<li><strong>Sell</strong>: click a card in your hand to sell every card of that good at its price. " +
      "Its price falls to 1 and every other good rises by 1. Selling 3 or more also earns a lantern.</li>" +
      "<li><strong>Forage</strong>: flip cards from the deck into the stall, one by one, and stop whenever " +
      "you like to take them all. A moth, or a good already in the stall, is a bust: you lose the lot " +
      "(and get 1 coin) unless you burn a drop of lantern oil.</li></ul>" +
      "<p>Buy oil with the + button of your oil counter. When the bell turns up, every trader has one last " +
      "turn. Score: coins, 5 per lantern, 1 per oil.</p>",
    images,
    options: {
      length: {
        displayName: "Length",
        displayOrder: 1,
        type: "select",
        default: "standard",
        values: {
          quick: { displayName: "Quick (bell mid-deck)", displayOrder: 1 },
          standard: { displayName: "Standard (bell near the bottom)", displayOrder: 2 },
          sprint: {
            displayName: "Sprint",
            displayOrder: 3,
            hidden: true,
            hiddenDisplay: "Sprint (playtest: bell near the top)",
          },
        },
      },
      prices: {
        displayName: "Prices",
        displayOrder: 2,
        type: "select",
        default: "floating",
        values: {
          floating: { displayName: "Floating (sold goods fall, others rise)", displayOrder: 1 },
          fixed: { displayName: "Fixed at 3", displayOrder: 2 },
        },
      },
      moths: { displayName: "Moths in the deck", displayOrder: 3, type: "checkbox", defaultBool: true },
      oil: { displayName: "Lantern oil", displayOrder: 4, type: "checkbox", defaultBool: true },
      // Conditional: only offered while lantern oil is in play.
      oilPrice: {
        displayName: "Oil price",
        displayOrder: 5,
        type: "select",
        default: "2",
        condition: { oil: { eq: true } },
        values: {
          "2": { displayName: "2 coins", displayOrder: 1 },
          "3": { displayName: "3 coins", displayOrder: 2 },
        },
      },
    },
    changeLog: [
      {
        version: "0.1",
        date: "2026-09-12",
        notes: "<p>First playtest: buy and sell sets, a row of four.</p>",
      },
      { version: "0.2", date: "2026-09-30", notes: "<p>Foraging (push your luck) replaces blind draws.</p>" },
      { version: "0.3", date: "2026-10-18", notes: "<p>Floating prices; lanterns for sets of three.</p>" },
      {
        version: "__0.3.1",
        date: "2026-10-25",
        notes: "<p>Admins: hidden 'sprint' length for quick playtests.</p>",
      },
      {
        version: "1.0",
        date: "2026-11-21",
        notes: "<p>Moths and lantern oil; the Closing Bell; results stats.</p>",
      },
    ],
    components,
    decks,
    overviewCard: "overview.svg",
    overviewStats: [
      { name: "score", displayName: "Score" },
      { name: "coinsEarned", displayName: "Coins earned" },
      { name: "sales", displayName: "Sales" },
      { name: "lanterns", displayName: "Lanterns" },
      { name: "busts", displayName: "Busts" },
    ],
    players: { min: 2, max: 4 },
  },
  module,
  layout,
};
