import {
  type Component,
  enterState,
  enterSubstate,
  findComponent,
  type Move,
  type RuleContext,
  type Situation,
  stateDepth,
} from "@tt/engine";
import {
  BELL,
  BOARD,
  BOX,
  DECK,
  GOOD_NAMES,
  HAND,
  HAND_LIMIT,
  LANTERNS,
  MAX_PRICE,
  priceId,
  ROW,
  SLOTS,
  STALL,
} from "./data";
import { GOODS, type Good } from "./images";
import {
  areaOf,
  busts,
  closing,
  counter,
  deckPile,
  discardPile,
  finalScore,
  handOf,
  isGood,
  kindOf,
  lanternBank,
  lanternsOf,
  nextPlayer,
  oilInPlay,
  price,
  row,
  slotCost,
  stall,
} from "./rules";

/**
 * The moves of each thing a trader does, built from the situation they are decided in. The state
 * machine, innermost last:
 *
 *   turn ── Forage ──> turn > forage ── moth or repeat ──> turn > forage > moth (if you have oil)
 *                                     └──────────────────> turn > forage > bust (delayed evaluation)
 *   any end of turn ──> refill (autoEvalState: restock the row one card per step) ──> turn / game end
 */

const FORAGE = { name: "forage", text: "Forage by lantern light" };
const FLIP = { name: "flip", text: "Flip another card" };
const STOP = { name: "stop", text: "Bring your finds home" };
const BURN = { name: "burn", text: "Burn 1 oil" };
const LET_GO = { name: "letgo", text: "Let it go" };

export const BUST_DELAY = 1500;

export const gameStates = {
  turn: { message: "Buy from the row, sell a good from your hand, or forage.", buttons: [FORAGE] },
  forage: { message: "Flip another card, or bring your finds home.", buttons: [FLIP, STOP] },
  moth: { message: "Bust! Burn 1 oil to keep foraging?", buttons: [BURN, LET_GO] },
  bust: { message: "Bust! The stall goes dark..." },
  refill: { message: "The market restocks." },
};

const state = (name: keyof typeof gameStates, seat: string, extra = {}) =>
  enterState({ gameStates }, name, seat, extra);

const sub = (name: keyof typeof gameStates, seat: string, extra = {}) =>
  enterSubstate({ gameStates }, name, seat, extra);

export const startTurn = (seat: string) => state("turn", seat);

/** Closes every substate, then the automatic restock of the row. */
export function endTurn(s: Situation, seat: string): Move[] {
  const moves: Move[] = Array.from({ length: stateDepth(s) }, () => ({ type: "resolve current state" }));
  moves.push(state("refill", seat, { autoEvalState: true }));
  return moves;
}

const toHand = (s: Situation, seat: string, card: Component): Move => ({
  type: "component move",
  componentId: card.id,
  destinationId: areaOf(s, seat),
  positionName: HAND,
});

export function buy(s: Situation, seat: string, card: Component, slot: string): Move[] | string {
  const cost = slotCost(slot);
  if (counter(s, seat, "coins") < cost) return `You need ${cost} coins for that card.`;
  if (handOf(s, seat).length >= HAND_LIMIT) return "Your stall is full: sell first.";
  const slide: Move[] = [];
  const cards = row(s);
  for (let i = Number(slot); i < SLOTS.length; i++) {
    const c = cards[String(i + 1)];
    if (c !== undefined) {
      slide.push({
        type: "component move",
        componentId: c.id,
        destinationId: BOARD,
        positionName: ROW,
        positionIndex: String(i),
      });
    }
  }
  return [
    toHand(s, seat, card),
    ...(cost > 0 ? [{ type: "inc counter", player: seat, counter: "coins", amount: -cost } as Move] : []),
    { type: "inc stat", player: seat, stat: "bought", amount: 1 },
    ...slide,
    ...endTurn(s, seat),
  ];
}

/** Sells every card of one good in hand: coins at its price, a lantern for 3 or more, prices move. */
export function sell(s: Situation, seat: string, good: Good, ctx: RuleContext): Move[] {
  const cards = handOf(s, seat).filter((c) => kindOf(c) === good);
  const each = price(s, good);
  const earned = cards.length * each;
  const lantern = cards.length >= 3 ? lanternBank(s).at(-1) : undefined;
  const moves: Move[] = [
    ...cards.map((c): Move => ({ type: "discard", componentId: c.id })),
    { type: "inc counter", player: seat, counter: "coins", amount: earned },
    { type: "inc stat", player: seat, stat: "sales", amount: 1 },
    { type: "inc stat", player: seat, stat: "coinsEarned", amount: earned },
    { type: "push stat", player: seat, stat: "saleLog", value: { good, cards: cards.length, price: each } },
    {
      type: "set object stat",
      objectId: good,
      stat: "sold",
      value: Number(s.objectStats[good]?.sold ?? 0) + cards.length,
    },
  ];
  if (lantern !== undefined) {
    moves.push({
      type: "component move",
      componentId: lantern.id,
      destinationId: areaOf(s, seat),
      positionName: LANTERNS,
    });
    moves.push({ type: "inc stat", player: seat, stat: "lanterns", amount: 1 });
  }
  if (ctx.options.prices !== "fixed") {
    for (const g of GOOD_NAMES) {
      const value = g === good ? 1 : Math.min(MAX_PRICE, price(s, g) + 1);
      if (value !== price(s, g))
        moves.push({
          type: "set component variable",
          componentId: priceId(g),
          variable: "price",
          value,
          logMessage: `${GOODS[g].name} price is now ${value}`,
        });
    }
  }
  return [...moves, ...endTurn(s, seat)];
}

/** Foraging is a substate of the turn; its first card is flipped at once. */
export const forage = (seat: string): Move[] => [sub("forage", seat), { type: "custom", name: "flip" }];

/** The answer to a 'flip' custom move: reshuffle first if the deck is empty, else the top card into the stall. */
export function flip(s: Situation): Move[] {
  const top = deckPile(s).at(-1);
  if (top !== undefined) {
    return [
      { type: "component move", componentId: top.id, destinationId: BOARD, positionName: STALL },
      { type: "component reveal", componentId: top.id },
    ];
  }
  if (discardPile(s).length === 0) return [];
  return [...reshuffle(s), { type: "custom", name: "flip" }];
}

/** The discard pile becomes the new deck; in a long market the waiting bell is shuffled in with it. */
function reshuffle(s: Situation): Move[] {
  const box = findComponent(s.root, BOARD)?.children[BOX];
  const bell = (Array.isArray(box) ? box : []).find((c) => kindOf(c) === "bell");
  return [
    ...(bell === undefined ? [] : [{ type: "discard", componentId: bell.id } as Move]),
    { type: "reshuffle", componentId: DECK },
  ];
}

export const canDraw = (s: Situation) => deckPile(s).length + discardPile(s).length > 0;

/** The bell, wherever it shows up: out of the way, and the market starts closing. */
export function ringBell(s: Situation, card: Component, seat: string): Move[] {
  return [
    { type: "component move", componentId: card.id, destinationId: BOARD, positionName: BELL },
    { type: "set global", name: "closing", value: true },
    { type: "set global", name: "finalTurns", value: s.players.length },
    { type: "inc stat", player: seat, stat: "bellsRung", amount: 1 },
  ];
}

/** What a card revealed in the stall does: the bell rings, a bust asks for oil or goes dark. */
export function revealedInStall(s: Situation, card: Component, seat: string, ctx: RuleContext): Move[] {
  if (kindOf(card) === "bell") return ringBell(s, card, seat);
  if (!busts(s, card)) return [];
  if (oilInPlay(ctx) && counter(s, seat, "oil") > 0) return [sub("moth", seat)];
  return [goDark(seat)];
}

const goDark = (seat: string): Move =>
  state("bust", seat, { delayedEval: { delay: BUST_DELAY, data: { seat } } });

export function burn(s: Situation, seat: string): Move[] {
  const culprit = stall(s).at(-1);
  return [
    ...(culprit === undefined ? [] : [{ type: "discard", componentId: culprit.id } as Move]),
    { type: "inc counter", player: seat, counter: "oil", amount: -1 },
    { type: "inc stat", player: seat, stat: "oilBurnt", amount: 1 },
    { type: "resolve current state" },
  ];
}

export const letGo = (seat: string): Move[] => [goDark(seat)];

/** The delayed evaluation of a bust: the stall is discarded, a coin for your trouble, next trader. */
export function bustResolved(s: Situation, seat: string): Move[] {
  return [
    ...stall(s).map((c): Move => ({ type: "discard", componentId: c.id })),
    { type: "inc counter", player: seat, counter: "coins", amount: 1 },
    { type: "inc stat", player: seat, stat: "busts", amount: 1 },
    ...endTurn(s, seat),
  ];
}

export function stop(s: Situation, seat: string): Move[] {
  const finds = stall(s);
  return [
    ...finds.map((c) => toHand(s, seat, c)),
    { type: "inc stat", player: seat, stat: "foraged", amount: finds.length },
    ...endTurn(s, seat),
  ];
}

/** One step of the restock: fill the first empty slot, or hand the turn on (or end the game). */
export function refillStep(s: Situation, seat: string): Move[] {
  const cards = row(s);
  const empty = SLOTS.find((slot) => cards[slot] === undefined);
  if (empty !== undefined && canDraw(s)) {
    const top = deckPile(s).at(-1);
    if (top === undefined) return reshuffle(s);
    return [
      {
        type: "component move",
        componentId: top.id,
        destinationId: BOARD,
        positionName: ROW,
        positionIndex: empty,
      },
      { type: "component reveal", componentId: top.id },
    ];
  }
  // The market has run dry: it closes at once.
  if (empty !== undefined && !closing(s)) {
    return [
      { type: "set global", name: "closing", value: true },
      { type: "set global", name: "finalTurns", value: 0 },
    ];
  }
  const left = Number(s.globals.finalTurns ?? 0);
  if (closing(s) && left <= 0) return endGame(s);
  return [
    { type: "inc stat", stat: "turns", amount: 1 },
    ...(closing(s) ? [{ type: "set global", name: "finalTurns", value: left - 1 } as Move] : []),
    startTurn(nextPlayer(s, seat)),
  ];
}

/** A card revealed while restocking: the bell rings, a moth flies off; goods stay. */
export function revealedInRow(s: Situation, card: Component, seat: string): Move[] {
  if (kindOf(card) === "bell") return ringBell(s, card, seat);
  if (!isGood(card)) {
    return [
      { type: "discard", componentId: card.id },
      { type: "inc stat", stat: "mothsFlown", amount: 1 },
    ];
  }
  return [];
}

/**
 * The replay bar's marks for a turn (game-table.md section 4, Replay): where each round begins
 * (every trader has had a turn since the last one), where the market starts closing (the bell rang
 * or it ran dry), and where the discard pile was shuffled into a new deck.
 */
export function replayMarks(before: Situation, after: Situation, moves: readonly Move[]): string[] {
  const marks: string[] = [];
  if (moves.some((m) => m.type === "reshuffle")) marks.push("Deck reshuffled");
  if (!closing(before) && closing(after)) {
    const bell = findComponent(after.root, BOARD)?.children[BELL];
    marks.push(Array.isArray(bell) && bell.length > 0 ? "Closing bell" : "Market ran dry");
  }
  const seats = after.players.length;
  const turns = Number(after.stats.turns ?? 0);
  if (seats > 0 && turns > Number(before.stats.turns ?? 0) && turns % seats === 0)
    marks.push(`Round ${turns / seats + 1}`);
  return marks;
}

export function endGame(s: Situation): Move[] {
  const scores = Object.fromEntries(s.players.map((p) => [p.color, finalScore(s, p.color)]));
  const key = (c: string) => (scores[c] ?? 0) * 100 + lanternsOf(s, c).length;
  const best = Math.max(...s.players.map((p) => key(p.color)));
  return [
    ...s.players.map(
      (p): Move => ({ type: "inc stat", player: p.color, stat: "score", amount: scores[p.color] ?? 0 }),
    ),
    ...GOOD_NAMES.map(
      (g): Move => ({ type: "set object stat", objectId: g, stat: "finalPrice", value: price(s, g) }),
    ),
    {
      type: "game end",
      result: { winners: s.players.map((p) => p.color).filter((c) => key(c) === best), scores },
    },
  ];
}
