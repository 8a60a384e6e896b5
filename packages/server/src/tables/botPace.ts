import { performance } from "node:perf_hooks";
import type { BotPace } from "../config";

// Bots run behind people (issue 36 point 4). A bot thinks in a worker (botWork.ts); what its turn
// costs the server's own thread is the rest: the views it is handed, the turn's evaluation, its write
// and each viewer's copy. That work (1) runs one piece at a time in the whole process (botLane), (2)
// waits while the event loop runs late, which means people's requests and turns are queued behind
// whatever holds it, and (3) is budgeted per table (TableBudget): a table's bot turns at least
// `turnIntervalMs` apart and at most `msPerMinute` of the thread a minute.

/** How often the loop's lateness is sampled. */
const SAMPLE_MS = 10;
/** The lateness read is the worst of the last window and the current one. */
const WINDOW_MS = 100;
/**
 * The longest a bot waits for a quiet loop: on a server that stays busy bots are slowed down, not
 * stopped (they are few: tables/botCaps.ts caps them per user).
 */
const MAX_HOLD_MS = 10_000;
/** The sampling stops after this long without bot work. */
const IDLE_STOP_MS = 60_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());

/**
 * The event loop's lateness lately: a timer due every SAMPLE_MS that ran later than that could not
 * run because the loop was held, and so was everyone waiting on it. Measured with perf_hooks' clock by
 * a timer of its own rather than monitorEventLoopDelay: that histogram's reset (needed to read a
 * window) drops the interval in progress, and with it the very stall a window should show.
 */
class LoopLateness {
  private timer: ReturnType<typeof setInterval> | undefined;
  private last = 0;
  private windowStart = 0;
  private windowMax = 0;
  private previousMax = 0;
  private lastUse = 0;

  /** Milliseconds the loop ran late at worst in the last 100-200 ms, or is running late now. */
  ms(): number {
    const now = performance.now();
    this.lastUse = now;
    if (this.timer === undefined) this.start(now);
    const pending = Math.max(0, now - this.last - SAMPLE_MS);
    return Math.max(this.previousMax, this.windowMax, pending);
  }

  private start(now: number): void {
    this.last = now;
    this.windowStart = now;
    this.timer = setInterval(() => this.sample(), SAMPLE_MS);
    this.timer.unref?.();
  }

  private sample(): void {
    const now = performance.now();
    const late = Math.max(0, now - this.last - SAMPLE_MS);
    this.last = now;
    if (now - this.windowStart >= WINDOW_MS) {
      this.previousMax = this.windowMax;
      this.windowMax = 0;
      this.windowStart = now;
    }
    this.windowMax = Math.max(this.windowMax, late);
    if (now - this.lastUse > IDLE_STOP_MS) {
      clearInterval(this.timer);
      this.timer = undefined;
      this.windowMax = 0;
      this.previousMax = 0;
    }
  }
}

/** What a piece of bot work answered, and the server thread's busy milliseconds while it ran. */
export interface Paced<T> {
  value: T;
  ms: number;
}

/**
 * The process's one lane for bots' work on the server's thread: one piece at a time, in the order
 * asked, each started only once the loop is on time (or after MAX_HOLD_MS) and after the I/O already
 * waiting (setImmediate runs after the poll phase, where people's requests and socket messages are).
 */
class BotLane {
  private readonly lateness = new LoopLateness();
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(loopDelayMs: number, work: () => Promise<T>): Promise<Paced<T>> {
    const turn = this.tail.then(async () => {
      await this.quiet(loopDelayMs);
      const before = performance.eventLoopUtilization();
      const value = await work();
      // The loop's busy time while the work ran, awaits included: whatever else ran meanwhile is
      // charged to the bot too, so a busy server slows the bots further.
      return { value, ms: performance.eventLoopUtilization(before).active };
    });
    this.tail = turn.catch(() => undefined);
    return turn;
  }

  private async quiet(loopDelayMs: number): Promise<void> {
    const since = performance.now();
    while (this.lateness.ms() > loopDelayMs && performance.now() - since < MAX_HOLD_MS)
      await sleep(WINDOW_MS / 2);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** One lane per process: every hub's bots (tests run several servers in one process) share it. */
export const botLane = new BotLane();

/** A table's use of its budget: when its last bot turn ended, and the thread time still counted. */
interface Spent {
  lastTurnAt: number;
  ms: number;
  at: number;
}

/** Tables past this many entries are pruned of those whose budget is whole again. */
const PRUNE_AT = 1000;

/**
 * Each table's budget: bot turns at least `turnIntervalMs` apart, and thread time as a bucket that
 * holds `msPerMinute` and empties at that rate (a table over it waits until it is back under).
 */
export class TableBudget {
  private readonly tables = new Map<string, Spent>();

  constructor(private readonly pace: () => BotPace) {}

  /** The thread time still counted against a table at `now`. */
  private counted(spent: Spent, now: number): number {
    return Math.max(0, spent.ms - ((now - spent.at) * this.pace().msPerMinute) / 60_000);
  }

  /** How long the table's next bot turn must wait from `now` (0: it may go). */
  waitMs(tableId: string, now: number): number {
    const spent = this.tables.get(tableId);
    if (spent === undefined) return 0;
    const { turnIntervalMs, msPerMinute } = this.pace();
    const over = this.counted(spent, now) - msPerMinute;
    const payBack = over > 0 ? (over * 60_000) / msPerMinute : 0;
    return Math.max(0, spent.lastTurnAt + turnIntervalMs - now, payBack);
  }

  /** Counts `ms` of thread time against the table; `turn`: a bot turn was written. */
  charge(tableId: string, ms: number, now: number, turn: boolean): void {
    const spent = this.tables.get(tableId);
    const before = spent === undefined ? 0 : this.counted(spent, now);
    this.tables.set(tableId, {
      lastTurnAt: turn ? now : (spent?.lastTurnAt ?? 0),
      ms: before + ms,
      at: now,
    });
    if (this.tables.size > PRUNE_AT) this.prune(now);
  }

  forget(tableId: string): void {
    this.tables.delete(tableId);
  }

  private prune(now: number): void {
    const { turnIntervalMs } = this.pace();
    for (const [id, spent] of this.tables)
      if (this.counted(spent, now) === 0 && now - spent.lastTurnAt >= turnIntervalMs) this.tables.delete(id);
  }
}
