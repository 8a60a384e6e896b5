import { balanceReport, type GameRow, playRunGame, type RunPlan, shippedGame } from "@tt/games";
import type { Job } from "../work/pool";

// What a balance worker runs (worker.ts serves this table; runner.ts sends the jobs): a chunk of a
// run's games, and the report over a run's rows. Both are the games package's pure functions.

export interface ChunkInput {
  slug: string;
  plan: RunPlan;
  /** Game indexes from (inclusive) to (exclusive). */
  from: number;
  to: number;
}

const chunk: Job<ChunkInput, GameRow[]> = {
  run: ({ slug, plan, from, to }) => {
    const game = shippedGame(slug);
    if (game === undefined) throw new Error(`no shipped game '${slug}'`);
    const rows: GameRow[] = [];
    for (let i = from; i < to; i++) rows.push(playRunGame(game, plan, i));
    return rows;
  },
};

const report: Job<{ slug: string; rows: GameRow[] }, ReturnType<typeof balanceReport>> = {
  run: ({ slug, rows }) => balanceReport(rows, shippedGame(slug)?.content.overviewStats ?? []),
};

export const balanceJobs = { chunk, report };
export type BalanceJobs = typeof balanceJobs;
