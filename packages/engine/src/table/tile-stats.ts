import type { Json } from "../json.js";
import type { OverviewStat } from "../module/types.js";
import type { Situation } from "../situation.js";

/**
 * A game's figure on its table's tile in the lobby and on profiles (platform-lobby-accounts.md section
 * 3, tableTileStats: name, displayName, numValue, strValue). One of the two values is set.
 */
export interface TileStat {
  name: string;
  displayName: string;
  numValue: number | null;
  strValue: string | null;
}

/** A tile shows this many of the game's stats, so it stays a tile. */
export const TILE_STATS_MAX = 3;

const shown = (value: Json | undefined): value is number | string =>
  (typeof value === "number" && Number.isFinite(value)) || (typeof value === "string" && value !== "");

/**
 * What a table's tile says of its game: its first overview stats (the rule module's `stats`, the same
 * the results page leads with), read from the stats every viewer's view carries (views hide pieces and
 * secret globals, never stats), so the tile tells the lobby nothing a spectator could not see.
 *
 * A stat the players have reads 'red 3, blue 5' (strValue), in seat order; at a table of one player it
 * is that player's number (numValue). A stat only the table has (situation.stats) is its number or
 * text. A stat nobody has yet is left out.
 */
export function tileStats(situation: Situation, overview: readonly OverviewStat[]): TileStat[] {
  const out: TileStat[] = [];
  for (const stat of overview) {
    if (out.length === TILE_STATS_MAX) break;
    const base = { name: stat.name, displayName: stat.displayName };
    const held = situation.players.flatMap((p) => {
      const value = p.stats[stat.name];
      return shown(value) ? [{ color: p.color, value }] : [];
    });
    if (held.length === 0) {
      const value = situation.stats[stat.name];
      if (typeof value === "number" && Number.isFinite(value))
        out.push({ ...base, numValue: value, strValue: null });
      else if (typeof value === "string" && value !== "")
        out.push({ ...base, numValue: null, strValue: value });
      continue;
    }
    const only = held[0]!;
    if (situation.players.length === 1 && typeof only.value === "number") {
      out.push({ ...base, numValue: only.value, strValue: null });
      continue;
    }
    out.push({ ...base, numValue: null, strValue: held.map((h) => `${h.color} ${h.value}`).join(", ") });
  }
  return out;
}
