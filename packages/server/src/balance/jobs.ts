import {
  balanceReport,
  type GameRow,
  type PlayedTable,
  playedGameRow,
  playRunGame,
  type RunPlan,
  registry,
  shippedGame,
  type UnreadReason,
} from "@tt/games";
import type { Job } from "../work/pool";

// What the balance process runs (process.ts serves this table; runner.ts and played.ts send the jobs): a
// chunk of a run's games, a batch of played tables read into rows, and the report over rows. All are
// the games package's pure functions.

export interface ChunkInput {
  slug: string;
  plan: RunPlan;
  /** Game indexes from (inclusive) to (exclusive). */
  from: number;
  to: number;
  /** Stop after the game that passes this much time (an opener measuring the games); else play all. */
  budgetMs?: number;
}

export interface ChunkOutput {
  /** Games from `from` on: all of them, or fewer when the budget ran out. */
  rows: GameRow[];
  /**
   * The median game's time in the balance process: a run sizes its chunks by it. The median, not the
   * mean: the first games of a cold process (code not yet optimised) take several times longer.
   */
  msPerGame: number;
}

const chunk: Job<ChunkInput, ChunkOutput> = {
  run: ({ slug, plan, from, to, budgetMs }) => {
    const game = shippedGame(slug);
    if (game === undefined) throw new Error(`no shipped game '${slug}'`);
    const started = performance.now();
    const rows: GameRow[] = [];
    const times: number[] = [];
    for (let i = from; i < to; i++) {
      const t0 = performance.now();
      rows.push(playRunGame(game, plan, i));
      times.push(performance.now() - t0);
      if (budgetMs !== undefined && performance.now() - started >= budgetMs) break;
    }
    times.sort((a, b) => a - b);
    return { rows, msPerGame: times[Math.floor(times.length / 2)] ?? 0 };
  },
};

export interface PlayedInput {
  slug: string;
  tables: PlayedTable[];
  /** The first table's game number in the report. */
  first: number;
}

export interface PlayedOutput {
  rows: GameRow[];
  skipped: Record<UnreadReason, number>;
}

const played: Job<PlayedInput, PlayedOutput> = {
  run: ({ slug, tables, first }) => {
    // Any project's tables fold: a game without a shipped module plays on the default one.
    const module = registry.moduleFor(slug);
    const rows: GameRow[] = [];
    const skipped: Record<UnreadReason, number> = { unfinished: 0, unreadable: 0 };
    for (const table of tables) {
      const out = playedGameRow(module, table, first + rows.length);
      if ("row" in out) rows.push(out.row);
      else skipped[out.skipped]++;
    }
    return { rows, skipped };
  },
};

const report: Job<{ slug: string; rows: GameRow[] }, ReturnType<typeof balanceReport>> = {
  run: ({ slug, rows }) => balanceReport(rows, shippedGame(slug)?.content.overviewStats ?? []),
};

export const balanceJobs = { chunk, played, report };
export type BalanceJobs = typeof balanceJobs;
