import { type RuleContext, type RuleModule, type Situation, type TileStat, tileStats } from "@tt/engine";

// The figures a table's tile shows of its game (tables.tile_stats, TableInfo.tableTileStats): written
// with the start and with every turn that changes them, so the lobby lists read a column, never a log.

/** The tile's stats of a situation. A rule script that fails here gives none: a tile is no place for its error. */
export function tileStatsOf(module: RuleModule, situation: Situation, ctx: RuleContext): TileStat[] {
  try {
    return tileStats(situation, module.stats(situation, ctx));
  } catch {
    return [];
  }
}

/**
 * A turn's tile stats when they differ from those before it, else null (nothing to write). Tile stats
 * come from the stats alone, and a move that changes no stats keeps their objects, so most turns are
 * answered by a comparison of references.
 */
export function changedTileStats(
  module: RuleModule,
  ctx: RuleContext,
  before: Situation,
  after: Situation,
): TileStat[] | null {
  const same =
    before.stats === after.stats &&
    before.players.length === after.players.length &&
    before.players.every(
      (p, i) => p.stats === after.players[i]!.stats && p.color === after.players[i]!.color,
    );
  if (same) return null;
  const was = tileStatsOf(module, before, ctx);
  const now = tileStatsOf(module, after, ctx);
  return JSON.stringify(was) === JSON.stringify(now) ? null : now;
}
