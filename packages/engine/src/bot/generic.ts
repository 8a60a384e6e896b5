import { nextInt } from "../rng.js";
import type { RngState, Situation } from "../situation.js";
import type { Action } from "../turn/actions.js";
import { evaluateTurn } from "../turn/evaluate.js";
import { activeSeats } from "../turn/permissions.js";
import { type LegalTurn, legalTurns, randomLegalTurn } from "./turns.js";
import type { Bot, BotContext, RngCell } from "./types.js";

/**
 * The generic bot: plays any game through its rule module on its seat's view. By default it picks
 * one of the legal turns at random. A module that declares a heuristic (RuleModule.evaluate: how
 * good a view is for a seat) lets it search: 'greedy' plays the turn whose outcome the heuristic
 * likes best; 'montecarlo' takes the greedy bot's best few turns and plays each out a few turns at
 * random on the view (every seat's turns as this seat imagines them), keeping the best average.
 * Without a heuristic both fall back to random play.
 */

export type GenericSearch = "random" | "greedy" | "montecarlo";

export interface GenericBotOptions {
  search?: GenericSearch;
  /** Evaluations to spend finding the legal turns of one decision. */
  budget?: number;
  /** Monte Carlo: how many of the greedy bot's best turns are played out. */
  width?: number;
  /** Monte Carlo: playouts per turn. */
  playouts?: number;
  /** Monte Carlo: turns (of any seat) per playout before the heuristic judges. */
  depth?: number;
}

type Evaluate = (view: Situation, seat: string) => number;

function heuristicOf(ctx: BotContext): Evaluate | null {
  const evaluate = ctx.module.evaluate;
  if (evaluate === undefined) return null;
  return (view, seat) => {
    try {
      const value = evaluate(view, seat, ctx.rules);
      return Number.isFinite(value) ? value : Number.NEGATIVE_INFINITY;
    } catch {
      // A heuristic that cannot read a view rates it lowest rather than stopping the game.
      return Number.NEGATIVE_INFINITY;
    }
  };
}

/** The best-scored candidates, one drawn at random among equals. */
function pickBest<T>(scored: { item: T; score: number }[], rng: RngCell): T | null {
  let best = Number.NEGATIVE_INFINITY;
  for (const s of scored) if (s.score > best) best = s.score;
  const top = scored.filter((s) => s.score >= best - 1e-9);
  if (top.length === 0) return null;
  const [i, next] = nextInt(rng.state, top.length);
  rng.state = next;
  return (top[i] as { item: T }).item;
}

function greedyRanking(view: Situation, seat: string, turns: LegalTurn[], evaluate: Evaluate) {
  // A turn the view cannot follow (the server decides it) keeps the value of the view as it is.
  const now = evaluate(view, seat);
  return turns.map((t) => ({ item: t, score: t.after === null ? now : evaluate(t.after, seat) }));
}

function playout(
  start: Situation,
  seat: string,
  ctx: BotContext,
  evaluate: Evaluate,
  depth: number,
  rng: RngCell,
): number {
  // The view's random state is a constant: the playout draws its own chance from the bot's.
  const [, drawn] = nextInt(rng.state, 2);
  rng.state = drawn;
  let s: Situation = { ...start, rng: { state: drawn.state ^ 0x5bd1e995 } };
  for (let d = 0; d < depth && !s.ended; d++) {
    const actors = activeSeats(s);
    if (actors.length === 0) break;
    const [i, next] = nextInt(rng.state, actors.length);
    rng.state = next;
    const actor = actors[i] as string;
    const actions = randomLegalTurn(s, actor, ctx, rng, { budget: 80 });
    if (actions === null) break;
    const played = evaluateTurn(
      s,
      { seat: actor, actions, timestamp: 0, turnUID: "bot-playout" },
      ctx.module,
      ctx.rules,
    );
    if (!played.ok) break;
    s = played.value.situation;
  }
  return evaluate(s, seat);
}

export function genericBot(options: GenericBotOptions = {}): Bot {
  const search = options.search ?? "random";
  const budget = options.budget;
  return (view: Situation, seat: string, ctx: BotContext, rngState: RngState): Action[] | null => {
    const rng: RngCell = { state: rngState };
    const limit = budget === undefined ? {} : { budget };
    const evaluate = search === "random" ? null : heuristicOf(ctx);
    if (evaluate === null) return randomLegalTurn(view, seat, ctx, rng, limit);
    // A search tries turns on what it imagines, not on the table: it never asks the table's judge.
    const { judge: _table, ...imagined } = ctx;
    const turns = legalTurns(view, seat, imagined, limit);
    if (turns.length <= 1) return turns[0]?.actions ?? null;
    const ranked = greedyRanking(view, seat, turns, evaluate);
    if (search === "greedy") return pickBest(ranked, rng)?.actions ?? null;
    const width = options.width ?? 4;
    const playouts = options.playouts ?? 6;
    const depth = options.depth ?? 6;
    const kept = ranked.sort((a, b) => b.score - a.score).slice(0, width);
    const scored = kept.map(({ item, score }) => {
      if (item.after === null) return { item, score };
      let sum = 0;
      for (let p = 0; p < playouts; p++) sum += playout(item.after, seat, imagined, evaluate, depth, rng);
      return { item, score: sum / playouts };
    });
    return pickBest(scored, rng)?.actions ?? null;
  };
}

/** The generic bot at its default: a random legal turn. */
export const randomBot: Bot = genericBot();
