import type { JsonObject, SelfPlayResult, StopReason } from "@tt/engine";
import { type Distribution, distribution, type Proportion, proportion } from "./stats";

/**
 * A balance report (issue 22): what a designer reads after a run of self-played games. Built from
 * one row per game, plain JSON, so the rows can be stored, sent between threads and exported as CSV.
 *
 * Ties count as shared wins: a game with k winners gives each of them 1/k of a win, so the win rates
 * of a player count's seats add up to the share of games that had a winner.
 */

/** One played game, as a report needs it (the result without its table). */
export interface GameRow {
  /** Position in the run, from 0. */
  game: number;
  seed: number;
  /** The table a person's game was played at (a report over played tables); absent for self-play. */
  table?: string;
  /** Colours in seat order: the first played first. */
  seats: string[];
  /** Bot kind per colour. */
  bots: { [color: string]: string };
  options: JsonObject;
  stop: StopReason;
  winners: string[];
  scores: { [color: string]: number };
  turns: number;
  playerTurns: number;
  rounds: number;
  refused: number;
  /** The numeric stats the game keeps (other values are left out: the report only averages numbers). */
  stats: {
    global: { [name: string]: number };
    players: { [color: string]: { [name: string]: number } };
    objects: { [id: string]: { [name: string]: number } };
  };
}

function numbers(stats: JsonObject): { [name: string]: number } {
  const out: { [name: string]: number } = {};
  for (const [k, v] of Object.entries(stats)) if (typeof v === "number" && Number.isFinite(v)) out[k] = v;
  return out;
}

export function gameRow(
  game: number,
  setup: { seed: number; seats: string[]; bots: { [color: string]: string }; options: JsonObject },
  r: Omit<SelfPlayResult, "holder">,
): GameRow {
  return {
    game,
    seed: setup.seed,
    seats: setup.seats,
    bots: setup.bots,
    options: setup.options,
    stop: r.stop,
    winners: r.winners,
    scores: r.scores,
    turns: r.turns,
    playerTurns: r.playerTurns,
    rounds: r.rounds,
    refused: r.refused,
    stats: {
      global: numbers(r.stats.global),
      players: Object.fromEntries(Object.entries(r.stats.players).map(([c, s]) => [c, numbers(s)])),
      objects: Object.fromEntries(Object.entries(r.stats.objects).map(([id, s]) => [id, numbers(s)])),
    },
  };
}

export interface SeatRate extends Proportion {
  /** Seat position, from 1 (the first player). */
  seat: number;
}

export interface PlayerCountReport {
  players: number;
  games: number;
  /** Games that ended with no winner (abandoned at maxTurns, stuck, or a result without winners). */
  noWinner: number;
  seats: SeatRate[];
  turns: Distribution;
  rounds: Distribution;
  /** Every seat's final score. */
  scores: Distribution;
  /** The best final score of each game. */
  winningScores: Distribution;
}

export interface StatSummary {
  name: string;
  /** The game's display name when it declares the stat, else the name. */
  displayName: string;
  mean: number;
  min: number;
  max: number;
  /** Values averaged: player-games for a player stat, games for a global stat. */
  count: number;
}

export interface PlayerStatSummary extends StatSummary {
  /** The mean among seats that won a game, and among those that did not: a stat that wins games shows here. */
  winnersMean: number;
  othersMean: number;
}

export interface OptionEffect {
  option: string;
  /** The value, as JSON text. */
  value: string;
  /** The first player's win rate in games with this value, and in the others. */
  firstWith: Proportion;
  firstWithout: Proportion;
  roundsWith: number;
  roundsWithout: number;
}

export interface BalanceReport {
  games: number;
  stops: { [reason in StopReason]: number };
  refused: number;
  ties: "shared";
  byPlayerCount: PlayerCountReport[];
  byColor: (Proportion & { color: string })[];
  byBot: (Proportion & { bot: string })[];
  playerStats: PlayerStatSummary[];
  globalStats: StatSummary[];
  /** Component stats (the results page's per-component stats), averaged over the games that kept them. */
  objectStats: (StatSummary & { id: string })[];
  /** Options that took more than one value in the run. */
  options: OptionEffect[];
}

/** Each winner's share of a game: 1/k for k winners. */
function shares(row: GameRow): Map<string, number> {
  const winners = [...new Set(row.winners)].filter((w) => row.seats.includes(w));
  return new Map(winners.map((w) => [w, 1 / winners.length]));
}

function tally<K>(map: Map<K, { wins: number; games: number }>, key: K, win: number): void {
  const t = map.get(key) ?? { wins: 0, games: 0 };
  t.wins += win;
  t.games += 1;
  map.set(key, t);
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

function summary(name: string, values: number[], names: Map<string, string>): StatSummary {
  const d = distribution(values);
  return { name, displayName: names.get(name) ?? name, mean: d.mean, min: d.min, max: d.max, count: d.count };
}

const mean = (values: number[]) =>
  values.length === 0 ? 0 : values.reduce((a, v) => a + v, 0) / values.length;

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function balanceReport(
  rows: readonly GameRow[],
  /** The stats the game declares (RuleModule.stats), for their display names. */
  declared: readonly { name: string; displayName: string }[] = [],
): BalanceReport {
  const names = new Map(declared.map((s) => [s.name, s.displayName]));
  // Stats and options in a fixed order (the declared stats first, as the game lists them, then by
  // name): stored rows come back with their keys reordered (jsonb), and the report must not change.
  const rank = new Map(declared.map((s, i) => [s.name, i]));
  const statOrder = (a: { name: string }, b: { name: string }) =>
    (rank.get(a.name) ?? rank.size) - (rank.get(b.name) ?? rank.size) || compareText(a.name, b.name);
  const stops = { ended: 0, "max turns": 0, stuck: 0 };
  let refused = 0;
  const colors = new Map<string, { wins: number; games: number }>();
  const bots = new Map<string, { wins: number; games: number }>();
  const counts = new Map<number, GameRow[]>();
  const playerValues = new Map<string, { all: number[]; winners: number[]; others: number[] }>();
  const globalValues = new Map<string, number[]>();
  const objectValues = new Map<string, number[]>();
  for (const row of rows) {
    stops[row.stop]++;
    refused += row.refused;
    const won = shares(row);
    for (const color of row.seats) {
      const win = won.get(color) ?? 0;
      tally(colors, color, win);
      tally(bots, row.bots[color] ?? "random", win);
      for (const [name, v] of Object.entries(row.stats.players[color] ?? {})) {
        const s = playerValues.get(name) ?? { all: [], winners: [], others: [] };
        s.all.push(v);
        (win > 0 ? s.winners : s.others).push(v);
        playerValues.set(name, s);
      }
    }
    for (const [name, v] of Object.entries(row.stats.global)) push(globalValues, name, v);
    for (const [id, stats] of Object.entries(row.stats.objects))
      for (const [name, v] of Object.entries(stats)) push(objectValues, JSON.stringify([id, name]), v);
    push(counts, row.seats.length, row);
  }

  const byPlayerCount = [...counts.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([players, games]): PlayerCountReport => {
      const seatWins = Array.from({ length: players }, () => 0);
      let noWinner = 0;
      for (const row of games) {
        const won = shares(row);
        if (won.size === 0) noWinner++;
        row.seats.forEach((color, i) => {
          seatWins[i] = (seatWins[i] as number) + (won.get(color) ?? 0);
        });
      }
      const scoresOf = (row: GameRow) =>
        row.seats.flatMap((c) => {
          const score = row.scores[c];
          return score === undefined ? [] : [score];
        });
      return {
        players,
        games: games.length,
        noWinner,
        seats: seatWins.map((wins, i) => ({ seat: i + 1, ...proportion(wins, games.length) })),
        turns: distribution(games.map((r) => r.turns)),
        rounds: distribution(games.map((r) => r.rounds)),
        scores: distribution(games.flatMap(scoresOf)),
        winningScores: distribution(
          games.flatMap((r) => (scoresOf(r).length === 0 ? [] : [Math.max(...scoresOf(r))])),
        ),
      };
    });

  return {
    games: rows.length,
    stops,
    refused,
    ties: "shared",
    byPlayerCount,
    byColor: [...colors.entries()].map(([color, t]) => ({ color, ...proportion(t.wins, t.games) })),
    byBot: [...bots.entries()].map(([bot, t]) => ({ bot, ...proportion(t.wins, t.games) })),
    playerStats: [...playerValues.entries()]
      .map(([name, s]) => ({
        ...summary(name, s.all, names),
        winnersMean: mean(s.winners),
        othersMean: mean(s.others),
      }))
      .sort(statOrder),
    globalStats: [...globalValues.entries()]
      .map(([name, values]) => summary(name, values, names))
      .sort(statOrder),
    objectStats: [...objectValues.entries()]
      .map(([key, values]) => {
        const [id, name] = JSON.parse(key) as [string, string];
        return { id, ...summary(name, values, names) };
      })
      .sort((a, b) => compareText(a.id, b.id) || statOrder(a, b)),
    options: optionEffects(rows),
  };
}

function optionEffects(rows: readonly GameRow[]): OptionEffect[] {
  const values = new Map<string, Set<string>>();
  for (const row of rows)
    for (const [k, v] of Object.entries(row.options))
      values.set(k, (values.get(k) ?? new Set<string>()).add(JSON.stringify(v)));
  const out: OptionEffect[] = [];
  for (const [option, seen] of [...values].sort(([a], [b]) => compareText(a, b))) {
    if (seen.size < 2) continue;
    for (const value of [...seen].sort()) {
      const has = (r: GameRow) => option in r.options && JSON.stringify(r.options[option]) === value;
      const firstWins = (games: GameRow[]) => {
        const first = games.reduce((a, r) => a + (shares(r).get(r.seats[0] as string) ?? 0), 0);
        return proportion(first, games.length);
      };
      const withIt = rows.filter(has);
      const without = rows.filter((r) => !has(r));
      out.push({
        option,
        value,
        firstWith: firstWins(withIt),
        firstWithout: firstWins(without),
        roundsWith: mean(withIt.map((r) => r.rounds)),
        roundsWithout: mean(without.map((r) => r.rounds)),
      });
    }
  }
  return out;
}
