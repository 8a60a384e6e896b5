import type { RuleContext, RuleModule } from "../module/types.js";
import type { RngState, Situation } from "../situation.js";
import type { Action } from "../turn/actions.js";
import { confirmingActions, directActions, placeActions, randomLegalTurn } from "./turns.js";

/**
 * The random player of earlier callers (the views test, the load and views benchmarks), kept with its
 * signature: a seat's possible turns found through the rules alone, tried in a random order. It is the
 * generic bot's 'random' search (bot/generic.ts, bot/turns.ts) with a mutable random state.
 */

export interface RandomTurnOptions {
  /** Evaluations to spend at most before giving up on finding a turn. */
  budget?: number;
}

/** What a seat might do as the first action of a turn. */
export function firstActions(
  situation: Situation,
  seat: string,
  module: RuleModule,
  ctx: RuleContext,
): Action[] {
  const bot = { module, rules: ctx, seq: 0 };
  return [
    ...directActions(situation, seat, bot),
    ...confirmingActions(situation),
    ...placeActions(situation, bot),
  ];
}

/**
 * A random legal turn for `seat` (one or two actions), or null when the rules accept none within
 * the budget. `rng` is advanced in place, so a run with the same seed plays the same game.
 */
export function randomTurn(
  situation: Situation,
  seq: number,
  seat: string,
  module: RuleModule,
  ctx: RuleContext,
  rng: { state: RngState },
  options: RandomTurnOptions = {},
): Action[] | null {
  return randomLegalTurn(situation, seat, { module, rules: ctx, seq }, rng, options);
}
