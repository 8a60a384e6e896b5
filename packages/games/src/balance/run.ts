import { type JsonObject, PLAYER_COLOR_NAMES } from "@tt/engine";
import { playShippedGame } from "../bots";
import type { ShippedGame } from "../content";
import { type GameRow, gameRow } from "./report";

/**
 * What a balance run plays, game by game. A run is a plan plus a game index: any thread, in any
 * order, plays game i the same way, so a run can be cut into chunks and shared among workers and
 * still give the same report for the same seed.
 */

export interface RunPlan {
  /** Options over the game's defaults. */
  options: JsonObject;
  /**
   * Option sets to compare within the run (option A against B), each over options: games cycle
   * through them after the player counts, so every count meets every set. The report's option
   * effects read them.
   */
  variants?: JsonObject[];
  /** Games cycle through these player counts: game i has playerCounts[i % length] seats. */
  playerCounts: number[];
  /** Bot kind per seat position (the first plays first); positions past the list play 'random'. */
  bots: string[];
  games: number;
  seed: number;
  /** Events at most per game. */
  maxTurns?: number;
}

/** A 32-bit hash of the run's seed and the game's index: neighbouring runs share no game. */
export function gameSeed(seed: number, game: number): number {
  let h = Math.imul((seed >>> 0) ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (game >>> 0) ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export function gameSetup(plan: RunPlan, game: number) {
  const players = plan.playerCounts[game % plan.playerCounts.length] ?? 2;
  // Colours turn with the game index, so a colour's win rate is not its seat's win rate again.
  const seats = Array.from({ length: players }, (_, i) => PLAYER_COLOR_NAMES[(i + game) % players] as string);
  const bots = Object.fromEntries(seats.map((c, i) => [c, plan.bots[i] ?? "random"]));
  const variants = plan.variants ?? [];
  const variant =
    variants.length === 0 ? {} : variants[Math.floor(game / plan.playerCounts.length) % variants.length];
  return { seed: gameSeed(plan.seed, game), seats, bots, options: { ...plan.options, ...variant } };
}

export function playRunGame(game: ShippedGame, plan: RunPlan, index: number): GameRow {
  const setup = gameSetup(plan, index);
  const { holder: _table, ...result } = playShippedGame({
    game,
    options: setup.options,
    players: setup.seats,
    bots: setup.bots,
    seed: setup.seed,
    ...(plan.maxTurns === undefined ? {} : { maxTurns: plan.maxTurns }),
  });
  return gameRow(index, setup, result);
}
