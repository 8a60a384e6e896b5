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
  /**
   * The table's answer to a proposed turn, where the driver can give it at once (self-play,
   * bot/play.ts): the server's own evaluation on the full situation, as sending the turn would get.
   * A bot that only needs to know whether a turn is taken (the random search) asks this instead of
   * trying the turn on its view first, which a sent turn then pays for a second time. The answer
   * tells the bot no more than a player learns by sending a turn: taken, refused, or 'only selected'.
   */
  judge?: (actions: Action[]) => Verdict;
}

/** What sending a turn would answer: taken, refused, or a click that only selected a component. */
export type Verdict = { kind: "turn" } | { kind: "selected"; selected: string } | { kind: "refused" };

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
