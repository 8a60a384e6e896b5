import {
  type DeckInfo,
  defaultModule,
  type Json,
  type JsonObject,
  type PieceLibrary,
  type RuleModule,
  resolveModule,
  type SetupPlayer,
  type Situation,
  sealStart,
} from "@tt/engine";
import type { ComponentTree, ShippedGame } from "./content";
import { noCodeLayout, noCodeStart, withDeckPieces } from "./noCode";

/** Everything but the tree's bookkeeping entries: the pieces the engine resolves component info from. */
export function piecesOf(tree: ComponentTree): PieceLibrary {
  const pieces: PieceLibrary = {};
  for (const [name, value] of Object.entries(tree)) {
    if (name === "version" || name === "baseScale" || name === "dims") continue;
    if (value && typeof value === "object" && !Array.isArray(value)) pieces[name] = value;
  }
  return pieces;
}

export interface StartArgs {
  players: SetupPlayer[];
  options: JsonObject;
  seed: number;
  /** The project's current component tree (may differ from the shipped one after edits). */
  components?: ComponentTree;
  /** The project's decks by name (designer decks from spreadsheets); they replace shipped ones. */
  decks?: { [deckName: string]: DeckInfo };
  /** The project's data sheet (sheet name -> rows), read by rules. */
  dataSheet?: Json;
}

export function createRegistry(games: readonly ShippedGame[]) {
  const bySlug = new Map(games.map((g) => [g.content.slug, g]));
  const modules = new Map<string, RuleModule>();

  /** The rule module for a project: its own, or the default modules for an unknown slug. */
  function moduleFor(slug: string): RuleModule {
    let m = modules.get(slug);
    if (!m) {
      const game = bySlug.get(slug);
      m = game ? resolveModule(game.module) : defaultModule;
      modules.set(slug, m);
    }
    return m;
  }

  /**
   * The component tree a project's tables and component editor use: the stored one (a shipped game's
   * own when none is stored) with every deck's __card-{deck} and deck-{name} entries, and for a
   * project without game code what its no-code layout needs (noCode.ts).
   */
  function treeFor(
    slug: string,
    stored: ComponentTree | null,
    decks: { [deckName: string]: Pick<DeckInfo, "cardInfo"> },
  ): ComponentTree {
    const game = bySlug.get(slug);
    return withDeckPieces(stored ?? game?.content.components ?? null, decks, game === undefined);
  }

  /** The start situation of a table, built on the server from the game's own set-up. */
  function startSituation(slug: string, args: StartArgs): Situation {
    const game = bySlug.get(slug);
    const decks = { ...(game?.content.decks ?? {}), ...(args.decks ?? {}) };
    const tree = game
      ? (args.components ?? game.content.components)
      : treeFor(slug, args.components ?? null, decks);
    const pieces = piecesOf(tree);
    const layout = game ? game.layout(args.options, args.players) : noCodeLayout(decks);
    const module = moduleFor(slug);
    const setUp = module.setup({
      players: args.players,
      options: args.options,
      pieces,
      root: layout.root,
      ...(layout.playerArea ? { playerArea: layout.playerArea } : {}),
      ...(layout.counters ? { counters: layout.counters } : {}),
      decks,
      ...(args.dataSheet === undefined ? {} : { dataSheet: args.dataSheet }),
      seed: args.seed,
    });
    const start = game ? setUp : noCodeStart(setUp);
    // Every piece someone cannot see gets an id that tells nothing of what it is or of how the set-up
    // placed it (the engine's view/reissue.ts).
    return sealStart(start, { pieces, options: args.options }, module);
  }

  return {
    games,
    game: (slug: string) => bySlug.get(slug),
    moduleFor,
    treeFor,
    startSituation,
  };
}
