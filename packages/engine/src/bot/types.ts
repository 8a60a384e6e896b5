import type { RuleContext, RuleModule } from "../module/types.js";
import type { RngState, Situation } from "../situation.js";
import type { Action } from "../turn/actions.js";

/**
 * What a bot is told besides its seat's view: the rules it plays by and where the table is. Nothing
 * here reveals what the seat may not see: the module and the project data are the same ones every
 * browser at the table holds.
 */
export interface BotContext {
  module: RuleModule;
  /** The table's pieces and options, as the rules read them. */
  rules: RuleContext;
  /** Events at the table so far: the bot's turn would be event number `seq`. */
  seq: number;
}

/**
 * A bot: the actions of one turn for `seat`, chosen on that seat's view of the table (engine
 * view/view.ts: what the seat may not see is a placeholder, the random state a constant), or null
 * when it finds nothing to do. A pure function: the same view, seat, context and `rng` give the same
 * turn. `rng` is the bot's own randomness (the driver derives a fresh state for every call), never
 * the table's, which the view does not hold.
 */
export type Bot = (view: Situation, seat: string, ctx: BotContext, rng: RngState) => Action[] | null;

/** A mutable cell for a bot's randomness inside one call: draws advance it. */
export interface RngCell {
  state: RngState;
}
