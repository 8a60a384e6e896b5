// The 'Full statistics' section of the ended-table page (game-table.md section 2): the final
// situation's player stats per colour, its global stats and its component stats, each row labelled
// and worded by the game (its rule module's describeStat; the engine's default humanises keys and
// writes lists as lists), never as raw keys or JSON.
import {
  findComponent,
  humanise,
  type Json,
  NO_VALUE,
  type OverviewStat,
  type Situation,
  type StatRef,
  type StatRow,
} from "@tt/engine";

export { NO_VALUE };

/** How the game words one statistic: its module's describeStat on the ended situation. */
export type DescribeStat = (stat: StatRef) => StatRow[];

/** A cell: one line of text, or a list (one item a line). */
export type StatValue = StatRow["value"];

export interface PlayerStatTable {
  colors: string[];
  rows: { key: string; label: string; values: StatValue[] }[];
}

/**
 * Player stats, one column per colour: every stat any player has, in the order the game's overview
 * lists them, then the rest in the order they first appear. An overview stat is labelled by its
 * display name; the others as the game describes them (a stat may make several rows, or none).
 */
export function playerStatTable(
  situation: Situation,
  overview: OverviewStat[],
  describe: DescribeStat,
): PlayerStatTable {
  const keys: string[] = [];
  for (const stat of overview)
    if (situation.players.some((p) => stat.name in p.stats) && !keys.includes(stat.name))
      keys.push(stat.name);
  for (const p of situation.players)
    for (const key of Object.keys(p.stats)) if (!keys.includes(key)) keys.push(key);
  const displayNames = new Map(overview.map((s) => [s.name, s.displayName]));
  const rows: PlayerStatTable["rows"] = [];
  for (const key of keys) {
    const described = situation.players.map((p) =>
      key in p.stats ? describe({ scope: "player", key, value: p.stats[key] as Json, owner: p.color }) : [],
    );
    const labels = [...new Set(described.flatMap((list) => list.map((row) => row.label)))];
    const displayName = labels.length === 1 ? displayNames.get(key) : undefined;
    for (const label of labels)
      rows.push({
        key: `${key}/${label}`,
        label: displayName ?? label,
        values: described.map((list) => list.find((row) => row.label === label)?.value ?? NO_VALUE),
      });
  }
  return { colors: situation.players.map((p) => p.color), rows };
}

export interface StatLine {
  key: string;
  label: string;
  value: StatValue;
}

export function globalStatRows(situation: Situation, describe: DescribeStat): StatLine[] {
  return Object.entries(situation.stats).flatMap(([key, value]) =>
    describe({ scope: "table", key, value }).map((row) => ({ key: `${key}/${row.label}`, ...row })),
  );
}

/**
 * A component stat's component: its label when it has one, else its id in words ('white-king' ->
 * 'White king'). Not its name: names repeat ('king' twice in chess), ids do not.
 */
export function componentName(situation: Situation, id: string): string {
  const label = findComponent(situation.root, id)?.options.label;
  return typeof label === "string" && label !== "" ? label : humanise(id);
}

export interface ComponentStatRow extends StatLine {
  id: string;
  component: string;
}

/** Component stats by component, then stat. */
export function componentStatRows(situation: Situation, describe: DescribeStat): ComponentStatRow[] {
  const rows: ComponentStatRow[] = [];
  for (const [id, stats] of Object.entries(situation.objectStats)) {
    const component = componentName(situation, id);
    for (const [key, value] of Object.entries(stats))
      for (const row of describe({ scope: "component", key, value, owner: id }))
        rows.push({ id, component, key: `${id}/${key}/${row.label}`, ...row });
  }
  return rows;
}
