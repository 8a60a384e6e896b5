import type { ShippedGame } from "./content";

/**
 * The bots a shipped game offers, by id and name only (issue 22). The web lists them in the lobby's
 * bot settings and imports this file alone: the bots themselves (bots.ts: the generic bot's searches,
 * the chess engine) stay out of the browser's bundle, since only the server plays them.
 */

export interface BotKindName {
  id: string;
  /** What the lobby and the balance report call it. */
  name: string;
}

/** Every game, shipped or not, offers the random bot (engine bot/generic.ts). */
export const GENERIC_BOT_KINDS: readonly BotKindName[] = [{ id: "random", name: "Random" }];

/** A game whose module has a heuristic (RuleModule.evaluate) offers the generic bot's searches too. */
const SEARCHING: readonly BotKindName[] = [
  { id: "greedy", name: "Greedy (heuristic)" },
  { id: "montecarlo", name: "Monte Carlo (heuristic)" },
];

/**
 * The levels of chess's own engine (projects/chess/bot-search.ts CHESS_BOT_LEVELS, not imported here
 * so that the search stays out of the web; bots.test.ts checks that the two agree).
 */
export const CHESS_BOT_KIND_LEVELS = [1, 2, 3, 4] as const;

/** Bot kinds of each game's own, by slug. */
const OWN: { readonly [slug: string]: readonly BotKindName[] } = {
  chess: CHESS_BOT_KIND_LEVELS.map((level) => ({
    id: `chess-${level}`,
    name: `Chess engine, level ${level}`,
  })),
};

/** The bots a game offers, weakest first. */
export function botKindNames(game: ShippedGame): BotKindName[] {
  return [
    ...GENERIC_BOT_KINDS,
    ...(game.module.evaluate === undefined ? [] : SEARCHING),
    ...(OWN[game.content.slug] ?? []),
  ];
}
