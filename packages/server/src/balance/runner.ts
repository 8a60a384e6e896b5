import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { type IntervalHistogram, monitorEventLoopDelay } from "node:perf_hooks";
import type { RunPlan } from "@tt/games";
import { and, eq, isNull, lt } from "drizzle-orm";
import type { Db } from "../db/connect";
import { balanceRuns } from "../db/schema";
import type { WorkOutcome, WorkRefusal } from "../work/pool";
import type { ChunkOutput } from "./jobs";
import { balancePool } from "./pool";
import { type ChunkQueue, type Claim, chunksOf } from "./queue";
import { finishRun, missingRanges, writeChunk } from "./store";

/**
 * Plays balance runs. A run is queued as chunks of its games (queue.ts): every instance takes chunks
 * from the queue one at a time, plays each in its balance process (pool.ts), and writes the games' rows to
 * balance_games and the progress to balance_runs (store.ts). Whoever writes a run's last game makes
 * the report, in that process too, and stores it with the run. With REDIS_URL the queue is shared by
 * all instances (redisQueue.ts); without, it is this process's.
 *
 * A run yields to live tables: an instance plays one chunk at a time in one process (so at most one
 * core of two), every thread of which runs at a lower priority (processPool.ts), chunks are about a
 * second long with the server's thread free between them, and the taker rests while the server's
 * event loop lags.
 *
 * Cancel is a status in the database: a chunk's rows are written only while the run is running (the
 * write locks the run's row, so it is either before the cancel or refused after it), and the cancel
 * drops the run's chunks from the queue, so every instance stops. A chunk whose instance died is
 * claimed again after VISIBILITY_MS; a run whose progress has not moved for STALE_MS and of which the
 * queue holds nothing (a restart lost the in-process queue) has its missing games queued again by the
 * next instance that looks. Games are deterministic per index, so the report is the same whoever
 * played which chunk.
 */

/** The games an opener plays at most (within CHUNK_TARGET_MS) before it sizes the rest. */
export const OPENER_GAMES = 50;
/** A chunk aims at this much work: progress moves every second or so and cancel is felt as fast. */
const CHUNK_TARGET_MS = 1000;
const CHUNK_MAX_GAMES = 200;
/** Progress unmoved this long: the instance that ran it is gone. */
export const STALE_MS = 2 * 60_000;
/** A claim holds this long unless extended; its taker extends it every third of that while it plays. */
export const VISIBILITY_MS = 30_000;
/** An idle taker looks at the queue this often (a push on its own instance wakes it at once). */
const IDLE_POLL_MS = 500;
/** After the queue failed (Redis away), the next try. */
const RETRY_MS = 5000;
/**
 * The server's thread waited this long for its event loop (p99 since the last look): live tables are
 * waiting for a core, and the taker rests before its next chunk. The balance process's priority does
 * not cover everything a run costs: its games' rows are written by the server and the database.
 */
const LIVE_LAG_MS = 25;
/** A rest while live tables wait; a taker rests this many times at most before it plays a chunk. */
const REST_MS = 500;
const RESTS_MAX = 20;

export interface RunLog {
  error(obj: object, msg: string): void;
}

/** Games [from, to) of a run, written by an instance. */
export interface PlayedChunk {
  instance: string;
  run: number;
  from: number;
  to: number;
}

/** Told of every chunk an instance wrote (tests see which instance played which games). */
export const chunkWatchers = new Set<(played: PlayedChunk) => void>();

const REFUSAL_TEXT: Record<Exclude<WorkRefusal, "busy">, string> = {
  memory: "A chunk of games ran out of memory.",
  timeout: "A chunk of games took too long.",
  crashed: "The balance process stopped.",
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Games per chunk for about CHUNK_TARGET_MS of work, from the time a game took. */
export function chunkSize(msPerGame: number): number {
  return Math.max(1, Math.min(CHUNK_MAX_GAMES, Math.round(CHUNK_TARGET_MS / Math.max(msPerGame, 0.01))));
}

export class BalanceRunner {
  /** Names this instance's taker in logs and to chunkWatchers. */
  readonly instance = `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  private closed = false;
  private taking: Promise<void> | null = null;
  private staleTimer: NodeJS.Timeout | null = null;
  /** Reports being made on this instance, awaited on close. */
  private readonly finishing = new Set<Promise<void>>();
  /** The server thread's event-loop delay, read before each chunk. */
  private readonly lag: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });

  constructor(
    private readonly db: Db,
    private readonly log: RunLog,
    private readonly queue: ChunkQueue,
  ) {}

  /** Starts taking chunks, and looks for stale runs now and every STALE_MS / 2. */
  begin(): void {
    if (this.taking !== null || this.closed) return;
    this.lag.enable();
    this.taking = this.take();
    const look = () => this.background(() => this.resumeStale(), 0, "balance resume failed");
    look();
    this.staleTimer = setInterval(look, STALE_MS / 2);
    this.staleTimer.unref();
  }

  /** Queues a new run: one opener over all its games. */
  async start(run: number, games: number): Promise<void> {
    await this.queue.push([{ run, from: 0, to: Math.min(games, OPENER_GAMES), end: games }]);
  }

  /** After a cancel: every instance drops the run's chunks; the report covers the games written. */
  cancelled(run: number, slug: string): void {
    this.background(async () => {
      await this.queue.drop(run);
      await finishRun(this.db, run, slug, false);
    }, run);
  }

  /** Stops taking chunks; the chunk in hand is played and written first. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.staleTimer) clearInterval(this.staleTimer);
    // The queue stays open until the chunk in hand is written and let go.
    this.queue.wake();
    await this.taking;
    this.lag.disable();
    while (this.finishing.size > 0) await Promise.allSettled([...this.finishing]);
    await this.queue.close();
  }

  /** Work the taker does not wait for (reports, the look for stale runs), awaited on close. */
  private background(work: () => Promise<void>, run: number, failure = "balance report failed"): void {
    if (this.closed) return;
    const done = work()
      .catch((err: unknown) => this.log.error({ err, run }, failure))
      .finally(() => this.finishing.delete(done));
    this.finishing.add(done);
  }

  /**
   * Rests while the server's thread lags (live tables wait for a core): a run yields to them, and
   * plays on at full speed when they are served. Bounded, so a server that always lags still plays.
   */
  private async yieldToLiveTables(): Promise<void> {
    for (let rest = 0; rest < RESTS_MAX && !this.closed; rest++) {
      const lagMs = this.lag.percentile(99) / 1e6;
      this.lag.reset();
      if (lagMs <= LIVE_LAG_MS) return;
      await sleep(REST_MS);
    }
  }

  private async take(): Promise<void> {
    while (!this.closed) {
      await this.yieldToLiveTables();
      let claim: Claim | null;
      try {
        claim = await this.queue.claim();
      } catch (err) {
        this.log.error({ err }, "the balance queue did not answer");
        await this.queue.wait(RETRY_MS);
        continue;
      }
      if (claim === null) {
        if (!this.closed) await this.queue.wait(IDLE_POLL_MS);
        continue;
      }
      try {
        await this.play(claim);
      } catch (err) {
        // The database or the queue did not answer: the chunk goes back (on Redis it would come back
        // anyway once its claim expires), and this taker waits before it takes another.
        this.log.error({ err, run: claim.chunk.run }, "a balance chunk was not played");
        await this.queue.ack(claim, [claim.chunk]).catch(() => undefined);
        await this.queue.wait(RETRY_MS);
      }
    }
  }

  private async play(claim: Claim): Promise<void> {
    const { chunk } = claim;
    const [run] = await this.db.select().from(balanceRuns).where(eq(balanceRuns.id, chunk.run));
    if (run === undefined || run.status !== "running") {
      await this.queue.ack(claim);
      return;
    }
    const plan = planOf(run.request, run.games);
    // While the chunk plays: the claim held, and the run's progress marked alive.
    const alive = setInterval(() => void this.keepAlive(claim), VISIBILITY_MS / 3);
    let out: WorkOutcome<ChunkOutput>;
    try {
      out = await balancePool().run("chunk", {
        slug: run.projectSlug,
        plan,
        from: chunk.from,
        to: chunk.to,
        // An opener plays for about a chunk's time, however long its games turn out to be.
        ...(chunk.end === undefined ? {} : { budgetMs: CHUNK_TARGET_MS }),
      });
    } catch (err) {
      // The games threw: a programming error, the same wherever they are played again.
      this.log.error({ err, run: run.id }, "a balance chunk's games failed");
      await this.fail(run.id, "The run stopped on a server error.");
      return;
    } finally {
      clearInterval(alive);
    }
    if (!out.ok) {
      if (out.refusal === "busy") {
        // The balance process's queue is full of other work: the chunk goes back, for anyone.
        await this.queue.ack(claim, [chunk]);
        await sleep(1000);
        return;
      }
      await this.fail(run.id, REFUSAL_TEXT[out.refusal]);
      return;
    }
    const written = await writeChunk(this.db, run.id, out.value.rows);
    if (written === "stopped") {
      await this.queue.ack(claim);
      return;
    }
    const to = chunk.from + out.value.rows.length;
    for (const watch of chunkWatchers) watch({ instance: this.instance, run: run.id, from: chunk.from, to });
    // An opener queues the games after those it played, in chunks sized by its games' time.
    const rest =
      chunk.end === undefined ? [] : chunksOf(run.id, to, chunk.end, chunkSize(out.value.msPerGame));
    await this.queue.ack(claim, rest);
    if (written === "complete") await finishRun(this.db, run.id, run.projectSlug, true);
    // The server's thread is free between chunks: anything waiting (a table's turn) goes first.
    await new Promise((resolve) => setImmediate(resolve));
  }

  private async keepAlive(claim: Claim): Promise<void> {
    try {
      await this.queue.extend(claim);
      await this.db
        .update(balanceRuns)
        .set({ updatedAt: new Date() })
        .where(and(eq(balanceRuns.id, claim.chunk.run), eq(balanceRuns.status, "running")));
    } catch (err) {
      this.log.error({ err, run: claim.chunk.run }, "a balance chunk's claim was not extended");
    }
  }

  private async fail(run: number, error: string): Promise<void> {
    await this.db
      .update(balanceRuns)
      .set({ status: "failed", error, finishedAt: new Date() })
      .where(and(eq(balanceRuns.id, run), eq(balanceRuns.status, "running")));
    await this.queue.drop(run);
  }

  /**
   * Runs whose instance is gone: progress unmoved for STALE_MS. Claimed (their time moved on, so one
   * instance takes each), then queued again where the queue holds nothing of them; a run whose games
   * are all written has its report made. A cancelled run whose report was never made gets it.
   */
  async resumeStale(): Promise<void> {
    const before = new Date(Date.now() - STALE_MS);
    const stale = await this.db
      .update(balanceRuns)
      .set({ updatedAt: new Date() })
      .where(and(eq(balanceRuns.status, "running"), lt(balanceRuns.updatedAt, before)))
      .returning();
    for (const run of stale) {
      if (await this.queue.holds(run.id)) continue;
      const missing = await missingRanges(this.db, run.id, run.games);
      if (missing.length === 0) {
        this.background(() => finishRun(this.db, run.id, run.projectSlug, true), run.id);
        continue;
      }
      await this.queue.push(
        missing.map(([from, end]) => ({ run: run.id, from, to: Math.min(end, from + OPENER_GAMES), end })),
      );
    }
    const unreported = await this.db
      .update(balanceRuns)
      .set({ updatedAt: new Date() })
      .where(
        and(
          eq(balanceRuns.status, "cancelled"),
          isNull(balanceRuns.report),
          lt(balanceRuns.updatedAt, before),
        ),
      )
      .returning();
    for (const run of unreported)
      this.background(() => finishRun(this.db, run.id, run.projectSlug, false), run.id);
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
