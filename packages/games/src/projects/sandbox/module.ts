import {
  applyMove,
  defaultModule,
  defaultSetup,
  enterState,
  findComponent,
  type Move,
  type PartialRuleModule,
  type SetupInput,
  type Situation,
  walk,
} from "@tt/engine";

/**
 * The sandbox has no rules: one 'play' state where everyone may act, plus the few things the
 * default module cannot do: roll dice (a var-display's 'face' variable) and shuffle the deck.
 * Edit mode is the normal way to play, and edit mode skips game-event automation and module
 * clicks; state buttons are the exception, so rolling and shuffling are state buttons too.
 */

export const DECK_ID = "deck";
const ROLL = { name: "roll", text: "Roll the dice" };
const SHUFFLE = { name: "shuffle", text: "Shuffle the deck" };
const END = { name: "end", text: "End the game" };

const gameStates = {
  play: {
    message: "Free play: turn on edit mode and move anything anywhere.",
    buttons: [ROLL, SHUFFLE],
    // Ending is for edit mode only, so nobody ends the table by a stray click.
    editModeButtons: [ROLL, SHUFFLE, END],
  },
};

function dice(situation: Situation): string[] {
  const ids: string[] = [];
  walk(situation.root, (c) => {
    if (c.type === "var-display" && c.name === "die") ids.push(c.id);
  });
  return ids;
}

const roll = (componentId: string): Move => ({
  type: "randomize variable",
  componentId,
  variable: "face",
  values: { min: 1, max: 6 },
});

/** Applies set-up moves; a refusal here is a bug in this file, not a player's mistake. */
function applyAll(situation: Situation, moves: Move[]): Situation {
  let s = situation;
  for (const move of moves) {
    const r = applyMove(s, move);
    if (!r.ok) throw new Error(`sandbox set-up: ${r.message}`);
    s = r.value.situation;
  }
  return s;
}

function setup(input: SetupInput): Situation {
  let s = defaultSetup(input);
  const handSize = Number(input.options.handSize ?? 0);
  const deck = findComponent(s.root, DECK_ID);
  if (deck !== undefined && handSize > 0) {
    const deal: Move[] = [];
    const pile = (deck.children.deck ?? []) as { id: string }[];
    let top = pile.length - 1;
    for (let round = 0; round < handSize; round++) {
      for (const p of s.players) {
        const card = pile[top--];
        if (card === undefined) break;
        deal.push({
          type: "component move",
          componentId: card.id,
          destinationId: p.area,
          positionName: "hand",
        });
        deal.push({ type: "component reveal", componentId: card.id });
      }
    }
    s = applyAll(s, deal);
  }
  return applyAll(s, [enterState({ gameStates }, "play", "everyone")]);
}

export const module: PartialRuleModule = {
  name: "sandbox",
  setup,
  gameStates,
  pressButton(situation, componentId, button, turn, ctx) {
    const die = findComponent(situation.root, componentId);
    if (die?.name === "die" && button === "roll") {
      return [{ type: "press button", componentId, button }, roll(componentId)];
    }
    return defaultModule.pressButton(situation, componentId, button, turn, ctx);
  },
  stats: () => [
    { name: "points", displayName: "Points" },
    { name: "coins", displayName: "Coins" },
  ],
  pressStateButton(situation, button) {
    const pressed: Move = { type: "press state button", button };
    if (button === ROLL.name) return [pressed, ...dice(situation).map(roll)];
    if (button === SHUFFLE.name) {
      if (findComponent(situation.root, DECK_ID) === undefined) return { prevent: ["There is no deck."] };
      return [pressed, { type: "reshuffle", componentId: DECK_ID }];
    }
    if (button === END.name) {
      // The counters become the players' stats on the results page.
      const stats = situation.players.flatMap((p) =>
        p.counters.map((c): Move => ({ type: "inc stat", player: p.color, stat: c.name, amount: c.value })),
      );
      return [pressed, ...stats, { type: "game end", result: { mode: "free play" } }];
    }
    return [pressed];
  },
};
