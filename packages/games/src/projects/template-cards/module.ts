import {
  activeState,
  applyMove,
  defaultSetup,
  defaultTurnFlags,
  enterState,
  findComponent,
  type Move,
  type PartialRuleModule,
  type RuleContext,
  type SetupInput,
  type Situation,
} from "@tt/engine";
import {
  bankCoins,
  COINS,
  DECK_ID,
  deckPile,
  discardPile,
  finalScore,
  HAND,
  handOf,
  matches,
  nextPlayer,
} from "./rules";

/**
 * The rule module: only what the default module does not do. A turn is one game state, 'play',
 * where the active player either plays a matching card (select it, click the discard pile) or
 * presses Draw. Both follow-ups are game events: moves that trigger moves.
 *
 *   discard (a played card)  ->  a coin from the bank, then the next player or the game end
 *   press Draw               ->  the top card into your hand (after a reshuffle if the deck is empty)
 */

const gameStates = {
  play: {
    message: "Play a matching card on the discard pile, or draw.",
    buttons: [{ name: "draw", text: "Draw a card" }],
  },
};

const next = (situation: Situation, color: string) =>
  enterState({ gameStates }, "play", nextPlayer(situation, color));

/** Set-up moves, applied at once; a refusal here is a bug in the layout, not a player's mistake. */
function applyAll(situation: Situation, moves: Move[]): Situation {
  let s = situation;
  for (const move of moves) {
    const r = applyMove(s, move);
    if (!r.ok) throw new Error(`template-cards set-up: ${r.message}`);
    s = r.value.situation;
  }
  return s;
}

/** Deals the hands (face up in the hand: the hand position shows backs to opponents), flips a start card. */
function setup(input: SetupInput): Situation {
  const s = defaultSetup(input);
  const cards = deckPile(s).slice().reverse(); // top first
  const handSize = Number(input.options.handSize ?? 5);
  const moves: Move[] = [];
  let i = 0;
  for (let round = 0; round < handSize; round++) {
    for (const p of s.players) {
      const card = cards[i++];
      if (card === undefined) continue;
      moves.push({ type: "component move", componentId: card.id, destinationId: p.area, positionName: HAND });
      moves.push({ type: "component reveal", componentId: card.id });
    }
  }
  const start = cards[i];
  if (start !== undefined) moves.push({ type: "discard", componentId: start.id });
  moves.push(enterState({ gameStates }, "play", s.players[0]?.color ?? "everyone"));
  return applyAll(s, moves);
}

/** Final scores into counters and stats, then the game end with the result. */
function endGame(situation: Situation, ctx: RuleContext): Move[] {
  const scores = Object.fromEntries(
    situation.players.map((p) => [p.color, finalScore(situation, p.color, ctx)]),
  );
  const best = Math.max(...Object.values(scores));
  return [
    ...situation.players.flatMap((p): Move[] => [
      { type: "set counter", player: p.color, counter: "score", value: scores[p.color] ?? 0 },
      { type: "inc stat", player: p.color, stat: "score", amount: scores[p.color] ?? 0 },
    ]),
    { type: "game end", result: { winners: Object.keys(scores).filter((c) => scores[c] === best), scores } },
  ];
}

/** Draws the top card into the seat's hand and passes the turn. */
function draw(situation: Situation, seat: string, ctx: RuleContext): Move[] {
  const top = deckPile(situation).at(-1);
  if (top === undefined) return endGame(situation, ctx);
  const area = situation.players.find((p) => p.color === seat)?.area ?? "";
  return [
    { type: "component move", componentId: top.id, destinationId: area, positionName: HAND },
    { type: "component reveal", componentId: top.id },
    { type: "inc stat", player: seat, stat: "drawn", amount: 1 },
    next(situation, seat),
  ];
}

export const module: PartialRuleModule = {
  name: "template-cards",
  setup,
  gameStates,

  // Only the cards in your own hand are clickable, and only on your turn.
  isClickable(situation, componentId, seat, editMode) {
    if (editMode) return true;
    if (activeState(situation).activePlayer !== seat) return false;
    return handOf(situation, seat).some((c) => c.id === componentId);
  },

  clickPosition(situation, click, _turn, ctx) {
    if (click.destinationId !== DECK_ID || click.positionName !== "discard") {
      return { prevent: ["Play cards on the discard pile."] };
    }
    const card = findComponent(situation.root, click.selected);
    if (card === undefined) return { prevent: ["Select a card in your hand."] };
    if (!matches(situation, card, ctx)) {
      const what = ctx.options.match === "suit" ? "suit" : "suit or value";
      return { prevent: [`Play a card of the same ${what} as the top of the discard pile.`] };
    }
    return [{ type: "discard", componentId: card.id }];
  },

  pressStateButton(situation, button) {
    if (button === "draw" && deckPile(situation).length === 0 && discardPile(situation).length === 0) {
      return { prevent: ["Nothing left to draw."] };
    }
    return [{ type: "press state button", button }];
  },

  // Game events: the answers to a played card, a Draw press and the reshuffle it may need.
  gameEvent(situation, move, turn, ctx) {
    if (activeState(situation).name !== "play") return [];
    if (move.type === "discard") {
      const coin = bankCoins(situation).at(-1);
      const area = situation.players.find((p) => p.color === turn.seat)?.area ?? "";
      const paid: Move[] =
        coin === undefined
          ? []
          : [{ type: "component move", componentId: coin.id, destinationId: area, positionName: COINS }];
      const over = handOf(situation, turn.seat).length === 0 || bankCoins(situation).length <= paid.length;
      return [
        ...paid,
        { type: "inc stat", player: turn.seat, stat: "played", amount: 1 },
        // Scoring must see the coin in its new place: a 'custom' move whose own game event (below)
        // runs after the moves before it have been applied.
        over ? { type: "custom", name: "end" } : next(situation, turn.seat),
      ];
    }
    if (move.type === "custom" && move.name === "end") return endGame(situation, ctx);
    if (move.type === "press state button" && move.button === "draw") {
      // The deck ran out: shuffle the discard pile into a new deck; the reshuffle's own game event draws.
      if (deckPile(situation).length === 0) return [{ type: "reshuffle", componentId: DECK_ID }];
      return draw(situation, turn.seat, ctx);
    }
    if (move.type === "reshuffle") return draw(situation, turn.seat, ctx);
    return [];
  },

  // A turn's flags: the engine's default decides undo (a drawn card was seen, a played card was shown
  // to the others: neither can be taken back), and a reshuffle of the discard pile is marked on the
  // replay bar.
  turnFlags: (before, after, moves, turn, ctx) => ({
    ...defaultTurnFlags(before, after, moves, turn, ctx),
    replayMarks: moves.some((m) => m.type === "reshuffle") ? ["Deck reshuffled"] : [],
  }),

  stats: () => [
    { name: "score", displayName: "Score" },
    { name: "played", displayName: "Cards played" },
    { name: "drawn", displayName: "Cards drawn" },
  ],
};
