import { type Action, randomBot, seedRng } from "@tt/engine";
import { registry } from "@tt/games";
import type { BotSettings } from "../config";
import { WorkerPool, type WorkRefusal } from "../work/pool";
import type { BotChoiceInput, BotJobs } from "./botJobs";

// A bot's choice of a turn, made in a worker thread (issue 22): a chess engine at level 4 or a Monte
// Carlo search takes from tens of milliseconds to seconds, and on the server's thread it would hold
// up every table and request of the process meanwhile. A few workers (BOT_THREADS), a bounded queue
// in front of them (BOT_QUEUE) and a time limit per choice (BOT_TIMEOUT_MS). When the worker cannot
// answer (the queue is full, it ran out of time, it died or the bot threw), the seat plays the random
// bot's choice on the same view, here on the server's thread (a cheap search), and the log says why.

/** A bot's heap at most: the searches keep little (a position and its moves per ply). */
const BOT_MEMORY_MB = 256;

/** What the driver plays: the bot's own choice, or the random bot's after the worker failed. */
export interface BotChoice {
  actions: Action[] | null;
  /** Set when the worker did not answer: why, for the log and the tests. */
  fallback?: { refusal: WorkRefusal | "failed"; detail?: string };
}

/** Where the work logs a fallback: as a warning when the logger has that level. */
export interface BotWorkLog {
  error(details: object, message: string): void;
  warn?(details: object, message: string): void;
}

export type BotWorkSettings = Pick<BotSettings, "threads" | "queue" | "timeoutMs">;

export class BotWork {
  readonly pool: WorkerPool<BotJobs>;

  constructor(readonly settings: BotWorkSettings) {
    this.pool = new WorkerPool<BotJobs>({
      entry: new URL("./botWorker.ts", import.meta.url),
      size: settings.threads,
      queueMax: settings.queue,
      timeoutMs: settings.timeoutMs,
      memoryMb: BOT_MEMORY_MB,
    });
  }

  /** The bot's turn for `input.seat` on its view, chosen in a worker, or the random bot's (logged). */
  async choose(input: BotChoiceInput, log: BotWorkLog, tableId: string): Promise<BotChoice> {
    let fallback: NonNullable<BotChoice["fallback"]>;
    try {
      const done = await this.pool.run("choose", input);
      if (done.ok) return { actions: done.value };
      fallback = { refusal: done.refusal, ...(done.detail === undefined ? {} : { detail: done.detail }) };
    } catch (err) {
      // The bot threw in its worker (a programming error), or its input could not be cloned.
      fallback = { refusal: "failed", detail: err instanceof Error ? err.message : String(err) };
    }
    const details = { tableId, seat: input.seat, bot: input.kind, ...fallback };
    const message = "bot's worker gave no turn: playing at random";
    if (log.warn) log.warn(details, message);
    else log.error(details, message);
    const ctx = { module: registry.moduleFor(input.slug), rules: input.rules, seq: input.seq };
    return { actions: randomBot(input.view, input.seat, ctx, seedRng(input.seed)), fallback };
  }
}

const pools = new Map<string, BotWork>();

/**
 * The process's bot workers: every table's driver shares them, so the pool's size bounds the cores
 * the bots take (the tests' servers in one process with the same settings share them too).
 */
export function botWork(settings: BotWorkSettings): BotWork {
  const key = JSON.stringify([settings.threads, settings.queue, settings.timeoutMs]);
  let work = pools.get(key);
  if (!work) {
    work = new BotWork(settings);
    pools.set(key, work);
  }
  return work;
}
