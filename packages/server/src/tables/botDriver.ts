import { randomInt } from "node:crypto";
import { type Action, type BotContext, mayAct, randomBot, type Situation, seedRng } from "@tt/engine";
import { gameMoveSchema, TABLE_REFUSALS } from "@tt/protocol";
import type { FastifyBaseLogger } from "fastify";
import { type BotSettings, loadConfig } from "../config";
import type { Db } from "../db/connect";
import type { SeatRow } from "../db/schema";
import { answersPerson, isFreePlay } from "./botFreePlay";
import { BotIdleSweep } from "./botIdle";
import { botName } from "./botKinds";
import { botLane, type Paced, TableBudget } from "./botPace";
import { type BotChoice, botWork } from "./botWork";
import type { TableHub, TurnAnswer } from "./hub";
import { botActor } from "./seats";
import type { TableRow } from "./tableInfo";

// The server plays the bots of the tables this instance serves (issue 22 point 2), at their owner's
// cost rather than everyone's (issue 36 point 4): a table's bots play only while someone has the
// table open (the table pauses, and ends after BOT_IDLE_END_MINUTES: botIdle.ts), in free play only
// in answer to a person (botFreePlay.ts), and their work on the server's thread goes one piece at a
// time behind people's, within the table's budget (botPace.ts).

/**
 * Told what every bot call is handed, before the bot runs: a way to check (the tests do) that a bot
 * is given its seat's view and nothing more.
 */
export const botInputWatchers = new Set<
  (input: { tableId: string; seat: string; view: Situation }) => void
>();

/**
 * Told what every bot chose, before the server checks it: the kind that chose (the seat's, or
 * 'random' when it plays at random instead) and whether its worker failed. Lets the tests see when a
 * bot's thinking ended.
 */
export const botChoiceWatchers = new Set<
  (choice: {
    tableId: string;
    seat: string;
    kind: string;
    actions: Action[] | null;
    fallback: boolean;
  }) => void
>();

/**
 * Why a table's bots stopped, for the tests: 'paused' (nobody has the table open), 'waiting' (free
 * play, and no person acted since they last answered), 'kept' (idle, but someone has it open, so it
 * does not end), 'ended' (nobody there and nothing played for the idle limit).
 */
export type BotTableSignal = "paused" | "waiting" | "kept" | "ended";
export const botTableWatchers = new Set<(signal: { tableId: string; what: BotTableSignal }) => void>();

const tell = (tableId: string, what: BotTableSignal) => {
  for (const watch of botTableWatchers) watch({ tableId, what });
};

/** A bot's turn that was written: sent to the table's viewers as a person's turn is (realtime/table.ts). */
export type BotTurnSent = (tableId: string, answer: Extract<TurnAnswer, { kind: "event" }>) => void;

/** Where the driver logs: refused bot turns as warnings when the logger has them. */
type BotLog = Pick<FastifyBaseLogger, "error"> & Partial<Pick<FastifyBaseLogger, "warn">>;

/** What the layers above hand the driver (http/botRoutes.ts): the database, presence, and the end's news. */
export interface BotDriverHooks {
  db: Db;
  /** Whether anyone has the table open, on any instance (realtime/presence.ts watched). */
  watched(tableId: string): Promise<boolean>;
  /** A table ended for idleness: its tabs load it again. */
  ended(row: TableRow): void;
}

const OUT_OF_SYNC_CODE = TABLE_REFUSALS.outOfSync;

/**
 * One pending step per table: a nudge while one waits or runs only asks for another look afterwards.
 * The step itself reads the views and submits through the hub, whose table queue orders it with
 * everyone's turns; a turn computed on a view that another turn has meanwhile made old is refused as
 * out of sync and the step looks again. The bots think in worker threads (botWork.ts), so a long
 * search holds up no table.
 */
export class BotDriver {
  private readonly waiting = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly running = new Set<string>();
  private readonly again = new Set<string>();
  private readonly budget = new TableBudget(() => this.settings.pace);
  private hooks: BotDriverHooks | undefined;
  private sweep: BotIdleSweep | undefined;
  /** Set by realtime/table.ts: the broadcast of a written bot turn. */
  sent: BotTurnSent = () => {};

  constructor(
    private readonly hub: TableHub,
    private readonly log: BotLog,
    /** The pause before a bot's turn and the workers' settings (config.ts BOT_*); the routes set it. */
    public settings: BotSettings,
  ) {}

  /**
   * Connects the driver to the database and presence, and starts the idle sweep. Until then (no
   * caller plays bots without it but tests of the hub alone) bots play wherever they are due.
   */
  attach(hooks: BotDriverHooks): void {
    this.hooks = hooks;
    this.sweep?.stop();
    this.sweep = new BotIdleSweep(hooks.db, this.settings.idleEndMs, {
      watched: hooks.watched,
      ended: (row) => {
        this.budget.forget(row.id);
        this.hub.forget(row.id);
        tell(row.id, "ended");
        hooks.ended(row);
      },
      kept: (tableId) => tell(tableId, "kept"),
      log: this.log,
    });
  }

  /** The human-like pause before a bot's turn: between the configured min and max, at random. */
  private delay(): number {
    const { min, max } = this.settings.delayMs;
    return min + Math.random() * (max - min);
  }

  /**
   * A bot may be due at this table (a turn was written here, the table was opened or started, a seat
   * was given to a bot). `seats`, when known, spares tables without bots any work.
   */
  nudge(tableId: string, seats?: readonly SeatRow[]): void {
    if (seats !== undefined && !seats.some((s) => s.bot !== undefined)) return;
    if (this.running.has(tableId)) {
      this.again.add(tableId);
      return;
    }
    if (this.waiting.has(tableId)) return;
    // The pause, or longer while the table's budget says so.
    const wait = Math.max(this.delay(), this.budget.waitMs(tableId, Date.now()));
    const timer = setTimeout(() => {
      this.waiting.delete(tableId);
      void this.run(tableId);
    }, wait);
    timer.unref?.();
    this.waiting.set(tableId, timer);
  }

  private warn(details: object, message: string): void {
    if (this.log.warn) this.log.warn(details, message);
    else this.log.error(details, message);
  }

  /** Stops every pending step and the sweep (the server is closing). */
  close(): void {
    for (const timer of this.waiting.values()) clearTimeout(timer);
    this.waiting.clear();
    this.sweep?.stop();
  }

  private async run(tableId: string): Promise<void> {
    this.running.add(tableId);
    let more = false;
    try {
      more = await this.step(tableId);
    } catch (err) {
      this.log.error({ err, tableId }, "bot turn failed");
    } finally {
      this.running.delete(tableId);
    }
    if (this.again.delete(tableId) || more) this.nudge(tableId);
  }

  /** Work on the server's thread, in the process's bot lane, charged to the table's budget. */
  private async onThread<T>(tableId: string, work: () => Promise<T>, turn = false): Promise<T> {
    const { value, ms }: Paced<T> = await botLane.run(this.settings.pace.loopDelayMs, work);
    this.budget.charge(tableId, ms, Date.now(), turn);
    return value;
  }

  /** The bot that may play now, with the views it was chosen on, or null (the reason told). */
  private async dueAt(tableId: string) {
    const state = await this.hub.botView(tableId);
    if (state === null || state.row.status !== "midgame") return null;
    const db = this.hooks?.db;
    for (const bot of state.bots) {
      if (!mayAct(bot.view, bot.seat)) continue;
      if (!isFreePlay(bot.view)) return { state, due: bot };
      // Free play: only in answer to a person (no database attached: nobody to answer).
      if (db && (await answersPerson(db, tableId, state.seq, bot.seat, state.bots.length)))
        return { state, due: bot };
    }
    if (state.bots.some((b) => mayAct(b.view, b.seat) && isFreePlay(b.view))) tell(tableId, "waiting");
    return null;
  }

  /** One bot turn if one is due; true when it played (another bot, or the same, may be due next). */
  private async step(tableId: string): Promise<boolean> {
    // Nobody at the table: its bots pause until someone opens it (table-subscribe nudges them).
    if (this.hooks && !(await this.hooks.watched(tableId))) {
      tell(tableId, "paused");
      return false;
    }
    this.sweep?.seen(tableId);
    const found = await this.onThread(tableId, () => this.dueAt(tableId));
    if (found === null) return false;
    const { state, due } = found;
    const slug = state.row.projectSlug;
    const ctx: BotContext = { module: state.module, rules: state.rules, seq: state.seq };
    const actor = botActor(due.seat, botName(slug, due.kind));
    const work = botWork(this.settings);
    /** The seat's bot thinks in a worker; the random bot after a refusal on this thread (it is cheap). */
    const think = async (inWorker: boolean, seed: number): Promise<BotChoice> => {
      if (inWorker) {
        const { rules, seq } = state;
        return work.choose(
          { slug, kind: due.kind, seat: due.seat, view: due.view, rules, seq, seed },
          this.log,
          tableId,
        );
      }
      return this.onThread(tableId, async () => {
        try {
          return { actions: randomBot(due.view, due.seat, ctx, seedRng(seed)) };
        } catch (err) {
          this.warn({ err, tableId, seat: due.seat, bot: "random" }, "bot could not choose a turn");
          return { actions: null };
        }
      });
    };
    const attempt = async (label: string, inWorker: boolean): Promise<TurnAnswer | null> => {
      for (const watch of botInputWatchers) watch({ tableId, seat: due.seat, view: due.view });
      const { actions, fallback } = await think(inWorker, randomInt(2 ** 31));
      const chosenBy = fallback === undefined ? label : "random";
      for (const watch of botChoiceWatchers)
        watch({ tableId, seat: due.seat, kind: chosenBy, actions, fallback: fallback !== undefined });
      if (actions === null) return null;
      // Parsed as a person's turn is: the socket's schema, then the hub's checks.
      const move = gameMoveSchema.safeParse({
        tableId,
        moveId: state.seq,
        turnUID: `bot-${tableId}-${state.seq}-${chosenBy}-${randomInt(2 ** 31)}`,
        actions,
        editMode: false,
        seat: due.seat,
      });
      if (!move.success) return null;
      // The turn's evaluation, write and each viewer's copy: the bot's cost on the server's thread.
      return this.onThread(
        tableId,
        async () => {
          const answer = await this.hub.submitTurn(actor, move.data, due.seat, Date.now());
          if (answer.kind === "event") this.sent(tableId, answer);
          return answer;
        },
        true,
      );
    };
    let answer = await attempt(due.kind, true);
    if (answer?.kind !== "event" && !(answer?.kind === "reject" && answer.code === OUT_OF_SYNC_CODE)) {
      // A refused or missing turn is logged, and the seat plays a random legal turn instead.
      this.warn({ tableId, seat: due.seat, bot: due.kind, answer }, "bot turn refused: playing at random");
      answer = await attempt("random", false);
    }
    if (answer?.kind === "event") return true;
    // Another turn came first: look again with the new view. Anything else: the bot is stuck until
    // the next turn or table open nudges it.
    if (answer?.kind === "reject" && answer.code === OUT_OF_SYNC_CODE) return true;
    this.warn({ tableId, seat: due.seat, answer }, "bot found no turn the server accepts");
    return false;
  }
}

/** The driver of a hub's tables: one per hub (per process, or per test server). */
const drivers = new WeakMap<TableHub, BotDriver>();

/**
 * The hub's driver. `settings` (the config's, from the bot routes) replace the driver's; a driver
 * made before them (no caller does so today) starts with the config's defaults.
 */
export function botDriverOf(hub: TableHub, log: BotLog, settings?: BotSettings): BotDriver {
  let driver = drivers.get(hub);
  if (driver === undefined) {
    driver = new BotDriver(hub, log, settings ?? loadConfig({}).bots);
    drivers.set(hub, driver);
  } else if (settings !== undefined) driver.settings = settings;
  return driver;
}
