// The 'Score overview' of the ended-table page (game-table.md sections 2 and 3, Overview stat): one
// row per player with the game's overview stats, and the bars of the score chart.
import { inlineValue, type Json, NO_VALUE, type OverviewStat, type Situation } from "@tt/engine";
import type { SeatInfo } from "@tt/protocol";

export interface ScoreRow {
  color: string;
  /** The seated user, Dummy-{colour} for a seat without one, or the colour alone for a free seat. */
  player: string;
  /** Overview stat name -> its text. */
  values: Record<string, string>;
  /** The charted stat as a number; null when the player has none (or it is not a number). */
  score: number | null;
}

/**
 * The columns of the overview: the stats the game names for it; a game that names none still shows
 * the players' 'score' when they have one.
 */
export function overviewColumns(overview: OverviewStat[], situation: Situation): OverviewStat[] {
  if (overview.length > 0) return overview;
  return situation.players.some((p) => "score" in p.stats) ? [{ name: "score", displayName: "Score" }] : [];
}

/** The stat the chart draws: 'score' when the overview has it, else the overview's first stat. */
export function chartedStat(columns: OverviewStat[]): OverviewStat | null {
  return columns.find((c) => c.name === "score") ?? columns[0] ?? null;
}

export function playerName(color: string, seats: SeatInfo[]): string {
  const seat = seats.find((s) => s.color === color);
  // A bot's seat is named as the bot: 'Bot (Random)'.
  if (seat?.bot !== undefined) return seat.bot;
  if (seat?.userInfo) return seat.userInfo.username;
  return seat?.nonuser ? `Dummy-${color}` : color;
}

function numberOf(value: Json | undefined): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}

/** Players ranked by the charted stat, highest first; ties and players without it keep seat order. */
export function scoreRows(situation: Situation, seats: SeatInfo[], columns: OverviewStat[]): ScoreRow[] {
  const charted = chartedStat(columns);
  const rows = situation.players.map((p): ScoreRow => {
    const stats = p.stats;
    return {
      color: p.color,
      player: playerName(p.color, seats),
      values: Object.fromEntries(columns.map((c) => [c.name, inlineValue(stats[c.name])])),
      score: charted === null ? null : numberOf(stats[charted.name]),
    };
  });
  const rank = (r: ScoreRow) => r.score ?? Number.NEGATIVE_INFINITY;
  return rows
    .map((row, seat) => ({ row, seat }))
    .sort((a, b) => rank(b.row) - rank(a.row) || a.seat - b.seat)
    .map(({ row }) => row);
}

/** 'red' for a free seat, 'ann (red)' for a seated one: who the row is about, in words. */
export function playerLabel(row: Pick<ScoreRow, "color" | "player">): string {
  return row.player === row.color ? row.color : `${row.player} (${row.color})`;
}

/** What the chart shows, for screen readers: 'Score: ann (red) 1, ben (blue) 0.' */
export function scoreChartLabel(rows: ScoreRow[], stat: OverviewStat): string {
  const parts = rows.map((r) => `${playerLabel(r)} ${r.score === null ? "no value" : String(r.score)}`);
  return `${stat.displayName}: ${parts.join(", ")}.`;
}

export interface Bar {
  color: string;
  label: string;
  value: string;
  /** Left edge and width as fractions of the plot width (negative scores extend left of zero). */
  x: number;
  width: number;
}

/** Bars on one scale from the lowest of (0, scores) to the highest of (0, scores). */
export function chartBars(rows: ScoreRow[]): { bars: Bar[]; zero: number } {
  const scores = rows.map((r) => r.score ?? 0);
  const lo = Math.min(0, ...scores);
  const hi = Math.max(0, ...scores);
  const span = hi - lo || 1;
  const at = (v: number) => (v - lo) / span;
  const zero = at(0);
  return {
    zero,
    bars: rows.map((r) => {
      const v = r.score ?? 0;
      return {
        color: r.color,
        label: playerLabel(r),
        value: r.score === null ? NO_VALUE : String(r.score),
        x: Math.min(at(v), zero),
        width: Math.abs(at(v) - zero),
      };
    }),
  };
}

/**
 * A designer's customStyle ('font-weight: bold; color: #c00') as React style properties; declarations
 * it cannot read are skipped.
 */
export function styleOf(css: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const declaration of (css ?? "").split(";")) {
    const i = declaration.indexOf(":");
    if (i <= 0) continue;
    const property = declaration.slice(0, i).trim().toLowerCase();
    const value = declaration.slice(i + 1).trim();
    if (!/^-?[a-z][a-z-]*$/.test(property) || value === "") continue;
    out[property.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())] = value;
  }
  return out;
}
