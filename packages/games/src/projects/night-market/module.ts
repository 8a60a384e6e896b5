import {
  activeState,
  applyMove,
  defaultSetup,
  defaultTurnFlags,
  findComponent,
  type Move,
  type PartialRuleModule,
  type SetupInput,
  type Situation,
} from "@tt/engine";
import { BOARD, BOX, DECK, GOOD_NAMES, HAND, HAND_LIMIT, ROW, SLOTS, STALL } from "./data";
import { evaluate } from "./heuristic";
import { GOODS, type Good } from "./images";
import {
  areaOf,
  closing,
  counter,
  deckPile,
  handOf,
  isGood,
  kindOf,
  oilInPlay,
  oilPrice,
  price,
  slotCost,
  slotOf,
  stateName,
} from "./rules";
import { describeStat, summarizeTurn } from "./summary";
import {
  burn,
  bustResolved,
  buy,
  canDraw,
  flip,
  forage,
  gameStates,
  letGo,
  refillStep,
  replayMarks,
  revealedInRow,
  revealedInStall,
  sell,
  startTurn,
  stop,
} from "./turns";

/** Set-up moves; a refusal here is a bug in this project, not a player's mistake. */
function applyAll(situation: Situation, moves: Move[]): Situation {
  let s = situation;
  for (const move of moves) {
    const r = applyMove(s, move);
    if (!r.ok) throw new Error(`night-market set-up: ${r.message} (${move.type})`);
    s = r.value.situation;
  }
  return s;
}

/** Where the Closing Bell hides in the deck, counted from the bottom. */
function bellIndex(length: string, deckSize: number): number {
  if (length === "sprint") return Math.max(0, deckSize - 4);
  if (length === "quick") return Math.floor(deckSize / 2);
  return Math.min(2, deckSize);
}

/**
 * The default set-up (a shuffled deck), then: moths boxed if the option leaves them out, two goods
 * to each trader, four goods in the row, the bell hidden at its depth, and the first turn.
 */
function setup(input: SetupInput): Situation {
  let s = defaultSetup(input);
  const cards = deckPile(s).slice().reverse(); // top first
  const moves: Move[] = [];
  if (input.options.moths === false) {
    for (const c of cards.filter((c) => kindOf(c) === "moth")) {
      moves.push({ type: "component move", componentId: c.id, destinationId: BOARD, positionName: BOX });
    }
  }
  const goods = cards.filter(isGood);
  let next = 0;
  for (let round = 0; round < 2; round++) {
    for (const p of s.players) {
      const card = goods[next++];
      if (card === undefined) continue;
      moves.push({ type: "component move", componentId: card.id, destinationId: p.area, positionName: HAND });
      moves.push({ type: "component reveal", componentId: card.id });
    }
  }
  for (const slot of SLOTS) {
    const card = goods[next++];
    if (card === undefined) continue;
    moves.push({
      type: "component move",
      componentId: card.id,
      destinationId: BOARD,
      positionName: ROW,
      positionIndex: slot,
    });
    moves.push({ type: "component reveal", componentId: card.id });
  }
  // Later seats start with more coins: going first is worth about one coin.
  s.players.forEach((p, i) => {
    if (i > 0) moves.push({ type: "inc counter", player: p.color, counter: "coins", amount: i });
  });
  s = applyAll(s, moves);
  const bell = deckPile(s).find((c) => kindOf(c) === "bell");
  const place: Move[] = [];
  if (bell !== undefined && input.options.length === "long") {
    // A long market: the bell waits in the box and joins the deck at its first reshuffle.
    place.push({ type: "component move", componentId: bell.id, destinationId: BOARD, positionName: BOX });
  } else if (bell !== undefined) {
    const index = bellIndex(String(input.options.length ?? "standard"), deckPile(s).length - 1);
    place.push({
      type: "component move",
      componentId: bell.id,
      destinationId: DECK,
      positionName: "deck",
      multiPositionIndex: index,
    });
  }
  place.push(startTurn(s.players[0]?.color ?? "everyone"));
  return applyAll(s, place);
}

const pressed = (button: string): Move => ({ type: "press state button", button });
const OIL_BUTTON = /^counter:oil:(-?\d+)$/;

export const module: PartialRuleModule = {
  name: "night-market",
  setup,
  gameStates,

  // On your turn: the row cards and the goods in your own hand. Nothing while foraging.
  isClickable(s, componentId, seat, editMode) {
    if (editMode) return true;
    if (stateName(s) !== "turn" || s.gameState.current.activePlayer !== seat) return false;
    return slotOf(s, componentId) !== undefined || handOf(s, seat).some((c) => c.id === componentId);
  },

  // Clicks act at once: a row card is bought, a hand card sells its whole set.
  clickComponent(s, click, turn, ctx) {
    const card = findComponent(s.root, click.componentId);
    if (card === undefined) return { kind: "nothing" };
    const slot = slotOf(s, card.id);
    if (slot !== undefined) {
      const moves = buy(s, turn.seat, card, slot);
      return typeof moves === "string" ? { kind: "prevent", prevent: [moves] } : { kind: "moves", moves };
    }
    return { kind: "moves", moves: sell(s, turn.seat, kindOf(card) as Good, ctx) };
  },

  clickPosition: () => ({ prevent: ["Click a card in the row to buy it, or in your hand to sell."] }),

  pressStateButton(s, button, turn) {
    const seat = turn.seat;
    switch (button) {
      case "forage":
        if (handOf(s, seat).length >= HAND_LIMIT) return { prevent: ["Your stall is full: sell first."] };
        if (!canDraw(s)) return { prevent: ["The market has run dry."] };
        return [pressed(button), ...forage(seat)];
      case "flip":
        if (!canDraw(s)) return { prevent: ["Nothing left to flip: bring your finds home."] };
        return [pressed(button), { type: "custom", name: "flip" }];
      case "stop":
        return [pressed(button), ...stop(s, seat)];
      case "burn":
        return [pressed(button), ...burn(s, seat)];
      case "letgo":
        return [pressed(button), ...letGo(seat)];
      default:
        return [pressed(button)];
    }
  },

  // Lantern oil: '+' buys one, '-' sells one back for a coin. Only between actions, on your turn.
  pressButton(s, componentId, button, turn, ctx) {
    const m = OIL_BUTTON.exec(button);
    if (m === null) return [{ type: "press button", componentId, button }];
    if (!oilInPlay(ctx)) return { prevent: ["Lantern oil is not used in this game."] };
    if (componentId !== areaOf(s, turn.seat)) return { prevent: ["That is not your lantern."] };
    if (stateName(s) !== "turn") return { prevent: ["Finish foraging first."] };
    const oil = counter(s, turn.seat, "oil");
    const tap = { type: "press button", componentId, button } as const;
    if (Number(m[1]) > 0) {
      if (oil >= 3) return { prevent: ["Your lantern holds at most 3 oil."] };
      if (counter(s, turn.seat, "coins") < oilPrice(ctx))
        return { prevent: [`Oil costs ${oilPrice(ctx)} coins.`] };
      return [
        tap,
        { type: "inc counter", player: turn.seat, counter: "oil", amount: 1 },
        { type: "inc counter", player: turn.seat, counter: "coins", amount: -oilPrice(ctx) },
      ];
    }
    if (oil <= 0) return { prevent: ["Your lantern is empty."] };
    return [
      tap,
      { type: "inc counter", player: turn.seat, counter: "oil", amount: -1 },
      { type: "inc counter", player: turn.seat, counter: "coins", amount: 1 },
    ];
  },

  // The automation chain: a flip deals a card; a revealed card may ring the bell, bust, or fly off.
  gameEvent(s, move, turn, ctx) {
    if (move.type === "custom" && move.name === "flip") return flip(s);
    if (move.type !== "component reveal") return [];
    const card = findComponent(s.root, move.componentId);
    if (card === undefined || card.parent !== BOARD) return [];
    const where = card.childData?.positionName;
    if (where === STALL && stateName(s) === "forage") return revealedInStall(s, card, turn.seat, ctx);
    if (where === ROW && stateName(s) === "refill") return revealedInRow(s, card, turn.seat);
    return [];
  },

  // The restock runs one step per call while the 'refill' state is active.
  autoEvaluate(s) {
    return stateName(s) === "refill" ? refillStep(s, String(activeState(s).activePlayer)) : [];
  },

  // A bust waits (delayedEval) so everyone sees the dark stall, then clears it.
  delayedEvaluate(s) {
    return stateName(s) === "bust" ? bustResolved(s, String(activeState(s).activePlayer)) : [];
  },

  stateMessage(s, seat) {
    const state = activeState(s);
    const who = String(state.activePlayer);
    const base = who === seat ? state.message : `${who} is trading.`;
    if (!closing(s)) return base;
    return `${base} The closing bell has rung: ${Number(s.globals.finalTurns ?? 0) + 1} turn(s) left.`;
  },

  tooltip(s, componentId) {
    const slot = slotOf(s, componentId);
    if (slot !== undefined) return `Buy for ${slotCost(slot)} coin(s).`;
    const good = GOOD_NAMES.find((g) => componentId === `price-${g}`);
    return good === undefined ? null : `${GOODS[good].name} sells for ${price(s, good)} each.`;
  },

  // Undo as the engine decides it (a turn that turned up a card cannot be taken back), and the
  // rounds, the bell and the reshuffles marked on the replay bar.
  turnFlags: (before, after, moves, turn, ctx) => ({
    ...defaultTurnFlags(before, after, moves, turn, ctx),
    replayMarks: replayMarks(before, after, moves),
  }),

  // How good a seat's view is for it, for the bots' search (heuristic.ts).
  evaluate,

  // Each action in one line of the log, with its goods and coins; stats under the game's words.
  summarizeTurn,
  describeStat,

  stats: () => [
    { name: "score", displayName: "Score" },
    { name: "coinsEarned", displayName: "Coins earned" },
    { name: "sales", displayName: "Sales" },
    { name: "lanterns", displayName: "Lanterns" },
    { name: "busts", displayName: "Busts" },
  ],
};
