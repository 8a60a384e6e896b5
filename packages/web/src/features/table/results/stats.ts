// The 'Full statistics' section of the ended-table page (game-table.md section 2): the final
// situation's player stats per colour, its global stats and its component stats, as rows of text.
import { findComponent, type Json, type JsonObject, type OverviewStat, type Situation } from "@tt/engine";

/** Shown for a stat that is absent or null. */
export const NO_VALUE = "–";

/** One cell's text: numbers and text as they are, yes/no for flags, lists joined, objects as JSON. */
export function statText(value: Json | undefined): string {
  if (value === undefined || value === null) return NO_VALUE;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number" || typeof value === "string") return String(value);
  if (Array.isArray(value)) return value.map(statText).join(", ");
  return JSON.stringify(value);
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Nested stat objects (a game end's `result` {winner, reason...}) become dotted names, so every value
 * gets a row of its own instead of a line of JSON.
 */
export function flattenStats(stats: JsonObject, prefix = ""): [string, Json][] {
  const out: [string, Json][] = [];
  for (const [key, value] of Object.entries(stats)) {
    const name = prefix === "" ? key : `${prefix}.${key}`;
    if (isObject(value) && Object.keys(value).length > 0) out.push(...flattenStats(value, name));
    else out.push([name, value]);
  }
  return out;
}

export interface PlayerStatTable {
  colors: string[];
  rows: { name: string; label: string; values: string[] }[];
}

/**
 * Player stats, one column per colour: every stat any player has, in the order the game's overview
 * lists them, then the rest in the order they first appear. Overview display names label the rows.
 */
export function playerStatTable(situation: Situation, overview: OverviewStat[]): PlayerStatTable {
  const perPlayer = situation.players.map((p) => new Map(flattenStats(p.stats)));
  const names: string[] = [];
  for (const stat of overview) if (perPlayer.some((m) => m.has(stat.name))) names.push(stat.name);
  for (const m of perPlayer) for (const name of m.keys()) if (!names.includes(name)) names.push(name);
  const labels = new Map(overview.map((s) => [s.name, s.displayName]));
  return {
    colors: situation.players.map((p) => p.color),
    rows: names.map((name) => ({
      name,
      label: labels.get(name) ?? name,
      values: perPlayer.map((m) => statText(m.get(name))),
    })),
  };
}

export function globalStatRows(situation: Situation): { name: string; value: string }[] {
  return flattenStats(situation.stats).map(([name, value]) => ({ name, value: statText(value) }));
}

/**
 * Component stats by component, then stat. A component is named by its label when it has one, else by
 * its id: names repeat ('king' twice in chess), ids do not.
 */
export interface ComponentStatRow {
  id: string;
  component: string;
  stat: string;
  value: string;
}

export function componentStatRows(situation: Situation): ComponentStatRow[] {
  const rows: ComponentStatRow[] = [];
  for (const [id, stats] of Object.entries(situation.objectStats)) {
    const label = findComponent(situation.root, id)?.options.label;
    const component = typeof label === "string" && label !== "" ? label : id;
    for (const [stat, value] of flattenStats(stats))
      rows.push({ id, component, stat, value: statText(value) });
  }
  return rows;
}
