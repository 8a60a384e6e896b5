import {
  type Bot,
  genericBot,
  type JsonObject,
  type PieceLibrary,
  type PlayGameOptions,
  playGame,
  type RuleModule,
  resolveModule,
  type SelfPlayResult,
  type SetupPlayer,
} from "@tt/engine";
import { type BotKindName, botKindNames } from "./botKinds";
import type { ShippedGame } from "./content";
import { chessBot } from "./projects/chess/bot";
import { CHESS_BOT_LEVELS } from "./projects/chess/bot-search";
import { createRegistry, piecesOf } from "./registry";
import { defaultOptions } from "./testing/driver";

/**
 * The bots a shipped game offers, and self-play of a shipped game as the server would set it up.
 * Every game has the generic bot (engine bot/generic.ts): 'random', and with the module's heuristic
 * (RuleModule.evaluate) 'greedy' and 'montecarlo'; a game may add its own (chess: 'chess-1'..). Which
 * kinds a game offers, and their names, are botKinds.ts's (the web reads that file alone); here each
 * kind gets its bot.
 */

export interface BotKind extends BotKindName {
  bot: Bot;
}

/** The bot of each generic kind id. */
const GENERIC: { readonly [id: string]: Bot } = {
  random: genericBot(),
  greedy: genericBot({ search: "greedy" }),
  montecarlo: genericBot({ search: "montecarlo" }),
};

/** The bot of each kind id of a game's own, by slug. */
const OWN: { readonly [slug: string]: { readonly [id: string]: Bot } } = {
  chess: Object.fromEntries(CHESS_BOT_LEVELS.map((level) => [`chess-${level}`, chessBot(level)])),
};

/** The bots a game offers, weakest first. */
export function botKinds(game: ShippedGame): BotKind[] {
  return botKindNames(game).map((kind) => {
    const bot = GENERIC[kind.id] ?? OWN[game.content.slug]?.[kind.id];
    // botKinds.ts names a kind that has no bot here: a programming error (bots.test.ts checks).
    if (bot === undefined) throw new Error(`${game.content.slug}: no bot for the kind '${kind.id}'`);
    return { ...kind, bot };
  });
}

export function botFor(game: ShippedGame, kind: string): Bot | undefined {
  return botKinds(game).find((k) => k.id === kind)?.bot;
}

export interface ShippedSelfPlay {
  game: ShippedGame;
  /** Options over the game's defaults. */
  options?: JsonObject;
  /** Seats in order (the first plays first); strings are colours. */
  players: (string | SetupPlayer)[];
  /** Per seat, a bot or a bot kind id (see botKinds); seats left out play 'random'. */
  bots?: { [seat: string]: Bot | string };
  seed: number;
  maxTurns?: number;
  /** See the engine's PlayGameOptions.judged (default true). */
  judged?: boolean;
}

/**
 * Per game, made once: the registry, the resolved module and the pieces. The engine keeps what it
 * works out of a component's pieces (component info) per pieces object, so a run of games on one
 * pieces object does that work once, as a server does for its tables.
 */
const prepared = new WeakMap<
  ShippedGame,
  { registry: ReturnType<typeof createRegistry>; module: RuleModule; pieces: PieceLibrary }
>();

function prepare(game: ShippedGame) {
  let made = prepared.get(game);
  if (made === undefined) {
    made = {
      registry: createRegistry([game]),
      module: resolveModule(game.module),
      pieces: piecesOf(game.content.components),
    };
    prepared.set(game, made);
  }
  return made;
}

/** One self-played game of a shipped game: its start built by the registry as on the server. */
export function playShippedGame(setup: ShippedSelfPlay): SelfPlayResult {
  const { game, seed } = setup;
  const { registry, module, pieces } = prepare(game);
  const options = { ...defaultOptions(game), ...setup.options };
  const players = setup.players.map((p) => (typeof p === "string" ? { color: p } : p));
  const start = registry.startSituation(game.content.slug, { players, options, seed });
  const bots: PlayGameOptions["bots"] = {};
  for (const { color } of players) {
    const wanted = setup.bots?.[color] ?? "random";
    const bot = typeof wanted === "string" ? botFor(game, wanted) : wanted;
    if (bot === undefined) throw new Error(`${game.content.slug} has no bot '${String(wanted)}'`);
    bots[color] = bot;
  }
  return playGame({
    start,
    module,
    project: { pieces, options },
    bots,
    seed,
    ...(setup.maxTurns === undefined ? {} : { maxTurns: setup.maxTurns }),
    ...(setup.judged === undefined ? {} : { judged: setup.judged }),
  });
}
