import type { GameRow, RunPlan } from "@tt/games";
import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/connect";
import { balanceGames, balanceRuns } from "../db/schema";
import { WorkerPool } from "../work/pool";
import type { BalanceJobs } from "./jobs";

/**
 * Plays balance runs: chunks of a run's games in a worker thread, each chunk's rows written to
 * balance_games and the run's progress to balance_runs, until the run is done or cancelled. Then the
 * report, made in the worker too, is stored with the run.
 *
 * A run never slows live tables: the process has one balance worker (so at most one core of two), the
 * worker thread runs at a lower priority (work/serve.ts), and chunks are about a second long, with the
 * server's thread free between them. Cancel is a status in the database, read before every chunk, so it
 * stops a run whichever instance plays it.
 *
 * The database is the queue's state: a run whose progress has not moved for STALE_MS lost its instance
 * (a restart, a crash) and is claimed and resumed by the next instance that starts. Games are
 * deterministic per index, so a resumed run gives the same report. Without Redis this is in-process;
 * sharing one run's chunks among instances through Redis is not built.
 */

/** A chunk aims at this much work: progress moves every second or so and cancel is felt as fast. */
const CHUNK_TARGET_MS = 1000;
const CHUNK_MAX_GAMES = 200;
/** One chunk in the worker at most (a chess engine's slow game included). */
const CHUNK_TIMEOUT_MS = 5 * 60_000;
const WORKER_MEMORY_MB = 512;
/** Progress unmoved this long: the instance that ran it is gone. */
export const STALE_MS = 2 * 60_000;

let sharedPool: WorkerPool<BalanceJobs> | null = null;

/** The process's one balance worker: every app in the process (tests start several) shares it. */
function pool(): WorkerPool<BalanceJobs> {
  sharedPool ??= new WorkerPool<BalanceJobs>({
    entry: new URL("./worker.ts", import.meta.url),
    size: 1,
    // Chunks of several runs (of several projects) wait their turn.
    queueMax: 100,
    timeoutMs: CHUNK_TIMEOUT_MS,
    memoryMb: WORKER_MEMORY_MB,
    idleMs: 60_000,
  });
  return sharedPool;
}

export interface RunLog {
  error(obj: object, msg: string): void;
}

export class BalanceRunner {
  private readonly running = new Map<number, Promise<void>>();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: RunLog,
  ) {}

  /** Plays the run from the games it has done; returns at once. */
  start(id: number, slug: string, plan: RunPlan, done: number): void {
    if (this.running.has(id) || this.closed) return;
    const loop = this.play(id, slug, plan, done)
      .catch(async (err: unknown) => {
        this.log.error({ err, run: id }, "balance run failed");
        await this.db
          .update(balanceRuns)
          .set({ status: "failed", error: "The run stopped on a server error.", finishedAt: new Date() })
          .where(and(eq(balanceRuns.id, id), eq(balanceRuns.status, "running")))
          .catch(() => undefined);
      })
      .finally(() => this.running.delete(id));
    this.running.set(id, loop);
  }

  /** Claims and resumes runs whose instance is gone (their progress has not moved for STALE_MS). */
  async resumeStale(): Promise<void> {
    const claimed = await this.db
      .update(balanceRuns)
      .set({ updatedAt: new Date() })
      .where(
        and(eq(balanceRuns.status, "running"), lt(balanceRuns.updatedAt, new Date(Date.now() - STALE_MS))),
      )
      .returning();
    for (const run of claimed)
      this.start(run.id, run.projectSlug, planOf(run.request, run.games), run.gamesDone);
  }

  /** Stops taking chunks; the runs in flight stop after their chunk and are resumed by the next start. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled(this.running.values());
  }

  private async status(id: number): Promise<string | undefined> {
    const [row] = await this.db
      .select({ status: balanceRuns.status })
      .from(balanceRuns)
      .where(eq(balanceRuns.id, id));
    return row?.status;
  }

  private async play(id: number, slug: string, plan: RunPlan, from: number): Promise<void> {
    let done = from;
    let size = 5;
    while (done < plan.games) {
      if (this.closed || (await this.status(id)) !== "running") break;
      const to = Math.min(plan.games, done + size);
      const started = performance.now();
      const out = await pool().run("chunk", { slug, plan, from: done, to });
      if (!out.ok) {
        if (out.refusal === "busy") {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          continue;
        }
        await this.db
          .update(balanceRuns)
          .set({
            status: "failed",
            error:
              out.refusal === "memory"
                ? "A chunk of games ran out of memory."
                : out.refusal === "timeout"
                  ? "A chunk of games took too long."
                  : "The balance worker stopped.",
            finishedAt: new Date(),
          })
          .where(and(eq(balanceRuns.id, id), eq(balanceRuns.status, "running")));
        return;
      }
      const perGame = (performance.now() - started) / (to - done);
      await this.db
        .insert(balanceGames)
        .values(
          out.value.map((row) => ({
            runId: id,
            game: row.game,
            row: row as unknown as Record<string, unknown>,
          })),
        )
        .onConflictDoNothing();
      await this.db
        .update(balanceRuns)
        .set({ gamesDone: to, updatedAt: new Date() })
        .where(and(eq(balanceRuns.id, id), eq(balanceRuns.status, "running")));
      done = to;
      size = Math.max(1, Math.min(CHUNK_MAX_GAMES, Math.round(CHUNK_TARGET_MS / Math.max(perGame, 0.01))));
      // The server's thread is free between chunks: anything waiting (a table's turn) goes first.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (this.closed && done < plan.games && (await this.status(id)) === "running") return;
    await this.finish(id, slug, done >= plan.games);
  }

  /** The report over the games played (all of them, or those before a cancel), stored with the run. */
  private async finish(id: number, slug: string, complete: boolean): Promise<void> {
    const stored = await this.db
      .select({ row: balanceGames.row })
      .from(balanceGames)
      .where(eq(balanceGames.runId, id))
      .orderBy(asc(balanceGames.game));
    const rows = stored.map((s) => s.row as unknown as GameRow);
    const out = await pool().run("report", { slug, rows });
    if (!out.ok) throw new Error(`the report's worker refused: ${out.refusal}`);
    await this.db
      .update(balanceRuns)
      .set({
        report: out.value as unknown as Record<string, unknown>,
        // The games a cancelled run played before it stopped: what its report covers.
        gamesDone: rows.length,
        finishedAt: sql`coalesce(${balanceRuns.finishedAt}, now())`,
        ...(complete
          ? {
              status: sql`case when ${balanceRuns.status} = 'running' then 'done' else ${balanceRuns.status} end`,
            }
          : {}),
      })
      .where(eq(balanceRuns.id, id));
  }
}

/** The plan a stored request describes (protocol balanceRunRequestSchema, already parsed when stored). */
export function planOf(request: Record<string, unknown>, games: number): RunPlan {
  const r = request as unknown as {
    playerCounts: number[];
    bots: string[];
    options: RunPlan["options"];
    seed: number;
  };
  return { options: r.options, playerCounts: r.playerCounts, bots: r.bots, games, seed: r.seed };
}
