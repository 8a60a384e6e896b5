import { randomInt } from "node:crypto";
import { type Action, type BotContext, mayAct, randomBot, type Situation, seedRng } from "@tt/engine";
import {
  BOT_MESSAGES,
  choosesColors,
  gameMoveSchema,
  removeBotRequestSchema,
  seatBotRequestSchema,
  TABLE_REFUSALS,
} from "@tt/protocol";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Actor } from "../auth/permissions";
import { type BotSettings, loadConfig } from "../config";
import type { Db } from "../db/connect";
import { type SeatRow, tables } from "../db/schema";
import { DomainError, firstIssue, TABLE_NOT_FOUND } from "../errors";
import { mayMaintainDecks } from "../projects/adminRules";
import type { ProjectHead } from "../projects/load";
import { botName, tableBotKinds } from "./botKinds";
import { type BotChoice, botWork } from "./botWork";
import type { TableHub, TurnAnswer } from "./hub";
import { botActor } from "./seats";
import { type LobbyNotifier, lobbyTableOf } from "./service";
import type { TableRow } from "./tableInfo";

// Bots at tables (issue 22 point 2). The creator seats bots in empty seats before the start; a table's
// admin (the admin controls: mayMaintainDecks) replaces a player who left with one during the game.
// The seat row keeps the bot's kind, so a restart of the server finds it again. The server plays a
// bot's turn on that seat's view alone (hub.botView), after a human-like delay, and submits it
// through the hub's turn path as the seat's bot actor (seats.ts botActor): the same parse, seat,
// rules and caps checks as a person's turn, and the same write and broadcast.

function parseRequest(slug: string, body: unknown) {
  const parsed = seatBotRequestSchema.safeParse(body ?? {});
  if (!parsed.success) throw new DomainError("bad-request", firstIssue(parsed.error));
  const { color, kind } = parsed.data;
  if (!tableBotKinds(slug).some((k) => k.id === kind))
    throw new DomainError("bad-request", BOT_MESSAGES.unknownKind(kind));
  return { color, kind };
}

/** The creator seats a bot in an empty seat of a table that has not started. */
export async function seatBot(
  db: Db,
  notify: LobbyNotifier,
  actor: Actor,
  project: ProjectHead,
  tableId: string,
  body: unknown,
): Promise<void> {
  const { color, kind } = parseRequest(project.slug, body);
  const seated = await db.transaction(async (tx) => {
    // Row lock: a player joining this colour at the same moment cannot both get it (as joinTable).
    const [row] = await tx.select().from(tables).where(eq(tables.id, tableId)).for("update");
    if (!row || row.projectSlug !== project.slug) throw new DomainError("not-found", TABLE_NOT_FOUND);
    if (row.creatorId !== actor.id) throw new DomainError("forbidden", BOT_MESSAGES.onlyCreator);
    if (row.status !== "open") throw new DomainError("conflict", BOT_MESSAGES.started);
    if (!row.possibleColors.includes(color))
      throw new DomainError("bad-request", BOT_MESSAGES.noColor(color));
    const taken = row.seats.find((s) => s.color === color);
    if (taken && (taken.userId !== null || taken.bot !== undefined))
      throw new DomainError("conflict", BOT_MESSAGES.taken(color));
    const seat: SeatRow = { color, userId: null, username: null, bot: kind };
    const seats = taken
      ? row.seats.map((s) => (s.color === color ? seat : s))
      : [...row.seats, seat].sort(
          (a, b) => row.possibleColors.indexOf(a.color) - row.possibleColors.indexOf(b.color),
        );
    await tx.update(tables).set({ seats }).where(eq(tables.id, tableId));
    return { ...row, seats };
  });
  notify.playerJoined(project, await lobbyTableOf(db, actor, seated), color, botName(project.slug, kind));
}

/**
 * The creator takes a bot off its seat before the start: the seat is empty again, as when a player
 * leaves (a chosen sandbox or demo seat becomes a dummy, a competitive seat frees its colour), and the
 * lobby hears it as a leave.
 */
export async function removeBot(
  db: Db,
  notify: LobbyNotifier,
  actor: Actor,
  project: ProjectHead,
  tableId: string,
  body: unknown,
): Promise<void> {
  const parsed = removeBotRequestSchema.safeParse(body ?? {});
  if (!parsed.success) throw new DomainError("bad-request", firstIssue(parsed.error));
  const { color } = parsed.data;
  const removed = await db.transaction(async (tx) => {
    // Row lock, as seatBot: the start or another change of this seat waits for this one.
    const [row] = await tx.select().from(tables).where(eq(tables.id, tableId)).for("update");
    if (!row || row.projectSlug !== project.slug) throw new DomainError("not-found", TABLE_NOT_FOUND);
    if (row.creatorId !== actor.id) throw new DomainError("forbidden", BOT_MESSAGES.onlyCreatorRemoves);
    if (row.status !== "open") throw new DomainError("conflict", BOT_MESSAGES.removeStarted);
    const seat = row.seats.find((s) => s.color === color);
    if (seat?.bot === undefined) throw new DomainError("conflict", BOT_MESSAGES.noBot(color));
    const seats = choosesColors(row.tableMode)
      ? row.seats.map((s) => (s === seat ? { color, userId: null, username: null } : s))
      : row.seats.filter((s) => s !== seat);
    await tx.update(tables).set({ seats }).where(eq(tables.id, tableId));
    return { row: { ...row, seats }, kind: seat.bot };
  });
  notify.playerLeft(
    project,
    await lobbyTableOf(db, actor, removed.row),
    color,
    botName(project.slug, removed.kind),
  );
}

/**
 * A table's admin gives the seat of a player who left (no tab open: `connected` is who has one, from
 * realtime/presence.ts) to a bot, which plays on from the next turn.
 */
export async function replaceWithBot(
  db: Db,
  hub: TableHub,
  actor: Actor,
  project: ProjectHead,
  tableId: string,
  body: unknown,
  connected: (row: TableRow) => Promise<string[]>,
): Promise<TableRow> {
  const { color, kind } = parseRequest(project.slug, body);
  if (!mayMaintainDecks(actor, project)) throw new DomainError("forbidden", BOT_MESSAGES.onlyAdmin);
  const [row] = await db.select().from(tables).where(eq(tables.id, tableId));
  if (!row || row.projectSlug !== project.slug) throw new DomainError("not-found", TABLE_NOT_FOUND);
  if (row.status !== "midgame") throw new DomainError("conflict", BOT_MESSAGES.notStarted);
  const seat = row.seats.find((s) => s.color === color);
  if (!seat?.username || seat.userId === null)
    throw new DomainError("conflict", BOT_MESSAGES.noPlayer(color));
  if ((await connected(row)).includes(seat.username))
    throw new DomainError("conflict", BOT_MESSAGES.stillHere(seat.username));
  // Only if the seat is still that player's: the seats column moves tables.rev (migration 0008), so
  // every instance's cached table is read again before its next turn.
  return hub.replaceStart(tableId, async () => {
    // In the table's queue: no turn of this instance is evaluated while the seat changes hands.
    const [fresh] = await db.select().from(tables).where(eq(tables.id, tableId));
    const now = fresh?.seats.find((s) => s.color === color);
    if (fresh?.status !== "midgame" || now?.userId !== seat.userId)
      throw new DomainError("conflict", BOT_MESSAGES.noPlayer(color));
    const seats = fresh.seats.map((s) =>
      s.color === color ? { color, userId: null, username: null, bot: kind } : s,
    );
    const [updated] = await db.update(tables).set({ seats }).where(eq(tables.id, tableId)).returning();
    return updated!;
  });
}

/**
 * Told what every bot call is handed, before the bot runs: a way to check (the tests do) that a bot
 * is given its seat's view and nothing more.
 */
export const botInputWatchers = new Set<
  (input: { tableId: string; seat: string; view: Situation }) => void
>();

/** A bot's turn that was written: sent to the table's viewers as a person's turn is (realtime/table.ts). */
export type BotTurnSent = (tableId: string, answer: Extract<TurnAnswer, { kind: "event" }>) => void;

/** Where the driver logs: refused bot turns as warnings when the logger has them. */
type BotLog = Pick<FastifyBaseLogger, "error"> & Partial<Pick<FastifyBaseLogger, "warn">>;

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
 * Plays the bots of the tables this instance serves. One pending step per table: a nudge while one
 * waits or runs only asks for another look afterwards. The step itself reads the views and submits
 * through the hub, whose table queue orders it with everyone's turns; a turn computed on a view that
 * another turn has meanwhile made old is refused as out of sync and the step looks again. The bots
 * think in worker threads (botWork.ts), so a long search holds up no table.
 */
export class BotDriver {
  private readonly waiting = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly running = new Set<string>();
  private readonly again = new Set<string>();
  /** Set by realtime/table.ts: the broadcast of a written bot turn. */
  sent: BotTurnSent = () => {};

  constructor(
    private readonly hub: TableHub,
    private readonly log: BotLog,
    /** The pause before a bot's turn and the workers' settings (config.ts BOT_*); the routes set it. */
    public settings: BotSettings,
  ) {}

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
    const timer = setTimeout(() => {
      this.waiting.delete(tableId);
      void this.run(tableId);
    }, this.delay());
    timer.unref?.();
    this.waiting.set(tableId, timer);
  }

  private warn(details: object, message: string): void {
    if (this.log.warn) this.log.warn(details, message);
    else this.log.error(details, message);
  }

  /** Stops every pending step (the server is closing). */
  close(): void {
    for (const timer of this.waiting.values()) clearTimeout(timer);
    this.waiting.clear();
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

  /** One bot turn if one is due; true when it played (another bot, or the same, may be due next). */
  private async step(tableId: string): Promise<boolean> {
    const state = await this.hub.botView(tableId);
    if (state === null || state.row.status !== "midgame") return false;
    const due = state.bots.find((b) => mayAct(b.view, b.seat));
    if (due === undefined) return false;
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
      try {
        return { actions: randomBot(due.view, due.seat, ctx, seedRng(seed)) };
      } catch (err) {
        this.warn({ err, tableId, seat: due.seat, bot: "random" }, "bot could not choose a turn");
        return { actions: null };
      }
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
      return this.hub.submitTurn(actor, move.data, due.seat, Date.now());
    };
    let answer = await attempt(due.kind, true);
    if (answer?.kind !== "event" && !(answer?.kind === "reject" && answer.code === OUT_OF_SYNC_CODE)) {
      // A refused or missing turn is logged, and the seat plays a random legal turn instead.
      this.warn({ tableId, seat: due.seat, bot: due.kind, answer }, "bot turn refused: playing at random");
      answer = await attempt("random", false);
    }
    if (answer?.kind === "event") {
      this.sent(tableId, answer);
      return true;
    }
    // Another turn came first: look again with the new view. Anything else: the bot is stuck until
    // the next turn or table open nudges it.
    if (answer?.kind === "reject" && answer.code === OUT_OF_SYNC_CODE) return true;
    this.warn({ tableId, seat: due.seat, answer }, "bot found no turn the server accepts");
    return false;
  }
}

const OUT_OF_SYNC_CODE = TABLE_REFUSALS.outOfSync;

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
