import { randomUUID } from "node:crypto";
import {
  type ComponentTree,
  childrenAt,
  createTableHolder,
  DECK_POSITION,
  DISCARD_POSITION,
  findComponent,
  fullView,
  type JsonObject,
  parseSituation,
  type Recorded,
  type ReloadDataMove,
  type RuleModule,
  type Situation,
  type TableEvent,
  type TableHolder,
  turnEvent,
  type UndoEvent,
  type ViewEvent,
  withOutcomes,
} from "@tt/engine";
import { piecesOf, registry } from "@tt/games";
import type { ContainerContentResponse, GameMove } from "@tt/protocol";
import { TABLE_REFUSALS } from "@tt/protocol";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Actor } from "../auth/permissions";
import type { Db } from "../db/connect";
import { preparedFor } from "../db/prepared";
import { tables } from "../db/schema";
import { DomainError, isUniqueViolation } from "../errors";
import { TableCapsCheck } from "./caps";
import {
  catchUp,
  eventsAfter,
  turnRowChange,
  type Written,
  writeEvent,
  writeTurn,
  writeTurnIfCurrent,
  writtenAs,
} from "./eventStore";
import { type FullLog, type Live, LiveCache } from "./liveCache";
import { TableQueue } from "./queue";
import { anySeatMode, editModeAllowed, seatFor, userIdOf } from "./seats";
import { type TableRow, tableRowById } from "./tableInfo";
import { changedTileStats, tileStatsOf } from "./tileStats";

// The server half of a turn (DESIGN.md; STYLE.md point 5): parse -> check seat and status -> evaluate
// with the same engine and module as the browser (the engine's table holder) -> append the event
// (the (table, seq) key decides races, also between instances) -> each viewer's event from the
// holder -> broadcast. One turn per table at a time in this process (queue.ts); the log is in the
// database (eventStore.ts); the tables in play are kept in memory (liveCache.ts).

// Kept importable from here, where the routes and socket handlers have always found them.
export { anySeatMode, editModeAllowed } from "./seats";

export const SNAPSHOT_EVERY = 50;
/** Live tables kept per process (liveCache.ts). */
export const LIVE_TABLES_MAX = 2000;

export const OUT_OF_SYNC = "outOfSync";
const NOT_MIDGAME = "You can only do moves in midgame tables.";
const EDIT_NOT_ALLOWED = "Edit mode is not allowed at this table.";
export const UNDO_ASKS = "At this table an undo asks the opponents: send them a request.";

/** A refusal as the socket sends it: the text to show and the code the browser routes on. */
export interface Refused {
  kind: "reject";
  reason: string;
  code: string;
}

const refused = (reason: string, code: string): Refused => ({ kind: "reject", reason, code });
const outOfSync = () => refused(OUT_OF_SYNC, TABLE_REFUSALS.outOfSync);

/** Each viewer's copy of an event that was just appended, built while the table's queue is held. */
export type ViewerEvents = (viewer: string) => ViewEvent;

export type TurnAnswer =
  | {
      kind: "event";
      event: TableEvent;
      ended: boolean;
      row: TableRow;
      situation: Situation;
      /** The event as each viewer receives it (with its view's patch). */
      forViewer: ViewerEvents;
    }
  /** A retried submission: its stored event, as the sender's viewer receives it. */
  | { kind: "duplicate"; event: ViewEvent }
  | { kind: "noop" }
  | Refused;

export interface UndoInput {
  tableId: string;
  moveId: number;
  turnUID: string;
  editMode: boolean;
  seat?: string | undefined;
}

/** A running table as one viewer sees it now. */
export interface ViewerSnapshot {
  /** The seq of the last event (-1 before the first). */
  lastSeq: number;
  situation: Situation;
  /** The events after `afterSeq`, as this viewer reads them, without patches. */
  events: ViewEvent[];
  status: string;
}

/**
 * A table's stored start, read through the engine's schema (and its migrations, should the situation's
 * shape change): once per load into the cache, not per turn (about 0.6 ms for a Night Market start).
 */
function storedStart(row: TableRow): Situation {
  const parsed = parseSituation(row.startSituation);
  if (!parsed.ok)
    throw new DomainError("failed", `Table ${row.id}'s start could not be read: ${parsed.error}`);
  return parsed.value;
}

const piecesOfRow = (components: ComponentTree | null) => (components ? piecesOf(components) : {});

/** Whether a written turn marks the result as changed by edit moves (a player's edit at a table of play). */
const editsResult = (row: TableRow, event: TableEvent) =>
  event.kind === "turn" && event.editMode && !anySeatMode(row.tableMode);

/** A cached table's counters: what tells whether the cache is still the table (every table load asks it). */
const countersOf = preparedFor((db) =>
  db
    .select({
      rev: tables.rev,
      startedAt: tables.startedAt,
      expectedMoveId: tables.expectedMoveId,
      turnsPlayed: tables.turnsPlayed,
      activePlayer: tables.activePlayer,
      edited: tables.edited,
    })
    .from(tables)
    .where(eq(tables.id, sql.placeholder("tableId")))
    .prepare("tt_table_counters"),
);

/** What tells whether a cached table is still the table (countersOf's columns). */
export type TableCounters = Pick<
  TableRow,
  "rev" | "startedAt" | "expectedMoveId" | "turnsPlayed" | "activePlayer" | "edited"
>;

export class TableHub {
  private readonly live: LiveCache;
  private readonly queue = new TableQueue();

  constructor(
    private readonly db: Db,
    liveTablesMax = LIVE_TABLES_MAX,
    /** What one table may hold (caps.ts); the defaults unless the server's settings say otherwise. */
    readonly caps: TableCapsCheck = new TableCapsCheck(),
  ) {
    this.live = new LiveCache(liveTablesMax);
  }

  private serial<T>(tableId: string, work: () => Promise<T>): Promise<T> {
    return this.queue.run(tableId, work);
  }

  forget(tableId: string): void {
    this.live.forget(tableId);
  }

  /**
   * Runs `work` (which replaces the table's start and log: a restart) in the table's queue, so no turn
   * is evaluated against half of it, and forgets the cached live state afterwards.
   */
  replaceStart<T>(tableId: string, work: () => Promise<T>): Promise<T> {
    return this.serial(tableId, async () => {
      try {
        return await work();
      } finally {
        this.live.forget(tableId);
      }
    });
  }

  private static holderFor(
    row: TableRow,
    start: Situation,
    events: readonly TableEvent[],
    module: RuleModule,
  ): TableHolder {
    return createTableHolder({
      start,
      events,
      module,
      project: { pieces: piecesOfRow(row.components), options: row.options as JsonObject },
      snapshotEvery: SNAPSHOT_EVERY,
    });
  }

  /**
   * Gives a started table another component tree. The situation does not change; the rules read
   * component info from the pieces, so the cached holder is rebuilt at once. False: not started.
   */
  setComponents(tableId: string, components: ComponentTree | null): Promise<boolean> {
    return this.serial(tableId, async () => {
      const [row] = await this.db
        .update(tables)
        .set({ components })
        .where(and(eq(tables.id, tableId), isNotNull(tables.startSituation)))
        .returning();
      if (!row) return false;
      const live = this.live.get(tableId);
      if (live) {
        live.row = row;
        live.holder = TableHub.holderFor(row, live.holder.start, live.holder.events, live.module);
        live.componentsKey = JSON.stringify(components);
      }
      return true;
    });
  }

  /**
   * The full situation after the first `step` events (a replay position, a debug fork), with the
   * number of events; situation null when `step` is past the end. Null when the table has not started.
   */
  situationAt(tableId: string, step: number): Promise<{ count: number; situation: Situation | null } | null> {
    return this.serial(tableId, async () => {
      const live = await this.load(tableId);
      if (!live) return null;
      const count = live.holder.events.length;
      const inRange = Number.isInteger(step) && step >= 0 && step <= count;
      return { count, situation: inRange ? live.holder.at(step) : null };
    });
  }

  /** The whole log of a table, for an ended one (everything revealed): its start and events, chance recorded. */
  fullLog(tableId: string): Promise<FullLog | null> {
    return this.serial(tableId, async () => {
      const live = await this.load(tableId);
      if (!live) return null;
      const { start, events } = live.holder;
      // Every seat's page asks for it at the end: the same object while no event came since, so
      // callers may keep what they made of it (tableRoutes keeps its JSON text).
      if (live.fullLog?.holder === live.holder && live.fullLog.events === events.length)
        return live.fullLog.log;
      // Logs written before chance was recorded in the moves get their outcomes here, from the
      // server's random state, so the browser folds them without it.
      const log = { start: fullView(start), events: withOutcomes(start, events) };
      live.fullLog = { holder: live.holder, events: events.length, log };
      return log;
    });
  }

  /**
   * A running table through one viewer's eyes: its view now and the events after `afterSeq`. `known`:
   * the table's counters as the caller has just read them with its row (table-open), in place of the
   * hub's own read.
   */
  viewerSnapshot(
    tableId: string,
    viewer: string,
    afterSeq: number,
    known?: TableCounters,
  ): Promise<ViewerSnapshot | null> {
    return this.serial(tableId, async () => {
      const live = await this.load(tableId, known);
      if (!live) return null;
      const { holder } = live;
      const from = Math.max(0, afterSeq + 1);
      return {
        lastSeq: holder.events.length - 1,
        situation: holder.view(viewer),
        events: holder.history(viewer, from),
        status: live.row.status,
      };
    });
  }

  /**
   * What the table's bots are given (tables/bots.ts): each bot seat its own view only, with the rules
   * and the event count, and the row the driver checks. Null when the table has not started.
   */
  botView(tableId: string) {
    return this.serial(tableId, async () => {
      const live = await this.load(tableId);
      if (!live) return null;
      const { holder, row } = live;
      const bots = row.seats.flatMap((s) =>
        s.bot === undefined ? [] : [{ seat: s.color, kind: s.bot, view: holder.view(s.color) }],
      );
      return { bots, seq: holder.events.length, module: holder.module, rules: holder.ctx, row };
    });
  }

  /**
   * What a deck or bank holds, as one viewer sees it: the pile in order, each piece the viewer may
   * not see a placeholder. Null when there is no such deck or bank.
   */
  containerView(
    tableId: string,
    viewer: string,
    containerId: string,
  ): Promise<ContainerContentResponse | null> {
    return this.serial(tableId, async () => {
      const live = await this.load(tableId);
      const view = live?.holder.view(viewer);
      const container = view ? findComponent(view.root, containerId) : undefined;
      if (!container || (container.type !== "deck" && container.type !== "bank")) return null;
      // A bank keeps its pieces in positions of its own; everything but the deck and discard piles.
      const rest =
        container.type === "bank"
          ? Object.entries(container.children).flatMap(([name, kids]) =>
              name === DECK_POSITION || name === DISCARD_POSITION
                ? []
                : Array.isArray(kids)
                  ? kids
                  : Object.values(kids),
            )
          : [];
      return {
        components: childrenAt(container, DECK_POSITION).concat(rest),
        discardedComponents: childrenAt(container, DISCARD_POSITION),
      };
    });
  }

  /** The live table of a started table: the cache, caught up with the database when it fell behind. */
  private async load(tableId: string, known?: TableCounters): Promise<Live | null> {
    // A cached table whose rev has not moved (no restart, reload, seat change or end since: the
    // trigger of 0008_table-rev.sql) needs only its counters, not the whole row with its start,
    // components and decks read and parsed again. Counters read before this table's turn in the queue
    // that a turn since has passed fail the check below, and the whole row is read.
    const cached = this.live.get(tableId);
    if (cached !== undefined && cached.row.rev >= 0) {
      const [light] = known !== undefined ? [known] : await countersOf(this.db).execute({ tableId });
      if (
        light !== undefined &&
        light.rev === cached.row.rev &&
        light.startedAt?.getTime() === cached.row.startedAt?.getTime() &&
        light.expectedMoveId >= cached.holder.events.length
      ) {
        cached.row = { ...cached.row, ...light };
        this.live.touch(tableId, cached);
        if (cached.holder.events.length < light.expectedMoveId) {
          for (const event of await eventsAfter(this.db, tableId, cached.holder.events.length - 1))
            cached.holder.append(event);
        }
        return cached;
      }
    }
    const [row] = await tableRowById(this.db).execute({ id: tableId });
    if (!row?.startSituation) return null;
    let live = this.live.get(tableId);
    // A restart on another instance: a new start time, or fewer events than this cache holds.
    if (
      live &&
      (live.row.startedAt?.getTime() !== row.startedAt?.getTime() ||
        live.holder.events.length > row.expectedMoveId)
    ) {
      live = undefined;
    }
    const componentsKey = JSON.stringify(row.components);
    if (!live) {
      const module = registry.moduleFor(row.projectSlug);
      live = {
        row,
        module,
        options: row.options as JsonObject,
        holder: TableHub.holderFor(row, storedStart(row), [], module),
        componentsKey,
      };
    } else if (componentsKey !== live.componentsKey) {
      // Components reloaded on another instance: the rules must see the same pieces everywhere.
      live.holder = TableHub.holderFor(row, live.holder.start, live.holder.events, live.module);
      live.componentsKey = componentsKey;
    }
    live.row = row;
    this.live.touch(tableId, live);
    // Another instance (or a restart) may have written events this cache has not seen.
    if (live.holder.events.length < row.expectedMoveId) {
      for (const event of await eventsAfter(this.db, tableId, live.holder.events.length - 1))
        live.holder.append(event);
    }
    return live;
  }

  /**
   * A retried submission's stored event, as the sender's own viewer receives it. Only its sender may
   * have it again: every event's header carries its turn id, so anyone else naming it (another seat,
   * a spectator) is answered as a stale turn is, and learns nothing of it.
   */
  private async duplicate(
    tableId: string,
    written: Written,
    actor: Actor,
    viewer: string,
  ): Promise<TurnAnswer> {
    if (written.userId !== userIdOf(actor)) return outOfSync();
    const live = await this.load(tableId);
    if (!live || live.holder.events[written.event.seq] === undefined) return outOfSync();
    return { kind: "duplicate", event: live.holder.viewEvent(viewer, written.event.seq, true) };
  }

  /**
   * An undo. At a table whose undo asks the opponents, only one they accepted (`asked`:
   * realtime/undoRequests.ts); a plain undo there is refused.
   */
  submitUndo(
    actor: Actor,
    request: UndoInput,
    viewer: string,
    now: number,
    how: { asked?: boolean } = {},
  ): Promise<TurnAnswer> {
    return this.serial(request.tableId, () => this.undoTurn(actor, request, viewer, now, how.asked === true));
  }

  /**
   * Whether this undo would be made now, without making it: an undo request is checked so (the
   * opponents are asked only about an undo the rules allow). The seat it would be made as, or why not.
   */
  checkUndo(
    actor: Actor,
    request: Omit<UndoInput, "turnUID">,
    now: number,
  ): Promise<{ kind: "ok"; seat: string; undoAsks: boolean } | Refused> {
    return this.serial(request.tableId, async () => {
      const live = await this.load(request.tableId);
      const planned = live
        ? this.planned(live, actor, request, now)
        : refused(NOT_MIDGAME, TABLE_REFUSALS.notMidgame);
      if (planned.kind === "reject") return planned;
      return { kind: "ok", seat: planned.seat, undoAsks: live!.row.undoAsks };
    });
  }

  /** The undo this actor would make at the table now, or the refusal (the checks of every undo). */
  private planned(
    live: Live,
    actor: Actor,
    request: Omit<UndoInput, "turnUID">,
    now: number,
  ): { kind: "planned"; seat: string; event: UndoEvent } | Refused {
    if (live.row.status !== "midgame") return refused(NOT_MIDGAME, TABLE_REFUSALS.notMidgame);
    if (request.moveId !== live.holder.events.length) return outOfSync();
    if (request.editMode && !editModeAllowed(live.row.tableMode))
      return refused(EDIT_NOT_ALLOWED, TABLE_REFUSALS.editModeNotAllowed);
    const seat = seatFor(live.row, actor, request.seat);
    if (typeof seat !== "string") return refused(seat.reason, TABLE_REFUSALS.seat);
    const planned = live.holder.planUndo({ seat, timestamp: now, editMode: request.editMode });
    if (!planned.ok) return refused(planned.message, planned.code);
    return { kind: "planned", seat, event: planned.value };
  }

  private async undoTurn(
    actor: Actor,
    request: UndoInput,
    viewer: string,
    now: number,
    asked: boolean,
  ): Promise<TurnAnswer> {
    const seen = await writtenAs(this.db, request.tableId, request.turnUID);
    if (seen) return this.duplicate(request.tableId, seen, actor, viewer);
    const live = await this.load(request.tableId);
    if (live?.row.status !== "midgame") return refused(NOT_MIDGAME, TABLE_REFUSALS.notMidgame);
    // The table's own rule, chosen at its creation: its opponents say whether a move is taken back.
    if (live.row.undoAsks && !asked) return refused(UNDO_ASKS, TABLE_REFUSALS.undoAsks);
    const planned = this.planned(live, actor, request, now);
    if (planned.kind === "reject") return planned;
    const event = planned.event;
    const full = this.caps.log(live.holder, Buffer.byteLength(JSON.stringify(event)));
    if (full) return refused(full.reason, full.code);
    // The refolded situation's active player goes into the same transaction as the event; the holder
    // takes the event only once it is committed (a failure between would leave an undo in the log that
    // no client was told about).
    const refolded = live.holder.at(Math.min(...event.undone));
    const active = refolded.gameState.current.activePlayer;
    const tileStats = tileStatsOf(live.holder.module, refolded, live.holder.ctx);
    try {
      await writeEvent(this.db, {
        tableId: request.tableId,
        event,
        turnUID: request.turnUID,
        userId: actor.id,
        set: { activePlayer: Array.isArray(active) ? active.join(",") : String(active), tileStats },
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // As for turns: another instance wrote this seq first, or wrote this very undo (a retry).
      this.live.forget(request.tableId);
      const written = await writtenAs(this.db, request.tableId, request.turnUID);
      return written ? this.duplicate(request.tableId, written, actor, viewer) : outOfSync();
    }
    return this.appended(live, event);
  }

  /** The answer for an event just appended to the holder: with each viewer's copy, made now. */
  private appended(live: Live, event: TableEvent, recorded?: Recorded): TurnAnswer {
    const { holder } = live;
    holder.append(event, recorded);
    const seq = event.seq;
    const made = new Map<string, ViewEvent>();
    const forViewer: ViewerEvents = (viewer) => {
      let message = made.get(viewer);
      if (message === undefined) {
        message = holder.viewEvent(viewer, seq, true);
        made.set(viewer, message);
      }
      return message;
    };
    return {
      kind: "event",
      event,
      ended: holder.live.ended,
      row: live.row,
      situation: holder.live,
      forViewer,
    };
  }

  /**
   * A designer's reload of a running table's data sheet or card rows: one 'reload data' move recorded
   * as an edit-mode turn that cannot be undone, through the same (table, seq) append as every turn.
   * The caller has checked the actor may do it.
   */
  submitReload(
    actor: Actor,
    tableId: string,
    move: ReloadDataMove,
    decks: Record<string, unknown> | null,
    now: number,
  ) {
    return this.serial(tableId, async (): Promise<TurnAnswer> => {
      const live = await this.load(tableId);
      if (live?.row.status !== "midgame") return refused(NOT_MIDGAME, TABLE_REFUSALS.notMidgame);
      const seat = live.row.seats.find((s) => s.userId === actor.id)?.color ?? "alwaysactive";
      const turnUID = `reload-${randomUUID()}`;
      const event = turnEvent(
        live.holder.events.length,
        { seat, timestamp: now, turnUID, editMode: true },
        [move],
        { preventUndo: true },
      );
      try {
        await writeEvent(this.db, {
          tableId,
          event,
          turnUID,
          userId: actor.id,
          set: decks === null ? {} : { decks },
        });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        this.live.forget(tableId);
        return outOfSync();
      }
      if (decks !== null) live.row = { ...live.row, decks };
      return this.appended(live, event);
    });
  }

  submitTurn(
    actor: Actor,
    move: GameMove & { editMode: boolean },
    viewer: string,
    now: number,
  ): Promise<TurnAnswer> {
    return this.serial(move.tableId, () => this.turn(actor, move, viewer, now));
  }

  /**
   * A turn in two paths. The fast one, for a table this process has cached: catch up with the events
   * other instances wrote (one query, only when the client names a later seq), evaluate against the
   * cache, and write event and counters in one statement on the condition that the row is still at
   * that seq and its rev (tables.rev: moved on by any change a turn is evaluated against) is the
   * cached one. Any refusal, a rev that moved, or a lost race goes the checked way: look the turn id
   * up, read the whole row and the events the cache lacks, evaluate again, write in a transaction.
   */
  private async turn(
    actor: Actor,
    move: GameMove & { editMode: boolean },
    viewer: string,
    now: number,
  ): Promise<TurnAnswer> {
    const cached = this.live.get(move.tableId);
    if (cached?.row.status === "midgame") {
      this.live.touch(move.tableId, cached);
      const current = move.moveId <= cached.holder.events.length || (await this.caughtUp(cached));
      if (current && move.moveId === cached.holder.events.length) {
        const evaluated = this.evaluate(cached, actor, move, now);
        // A refusal from a cache that may be stale is not given: the checked path decides it.
        if (evaluated.kind === "event") {
          const { event } = evaluated.recorded;
          const change = turnRowChange(
            evaluated.recorded.outcome.situation,
            now,
            editsResult(cached.row, event),
            TableHub.tileChange(cached, evaluated.recorded.outcome.situation),
          );
          let rev: number | null;
          try {
            rev = await writeTurnIfCurrent(this.db, {
              row: cached.row,
              event,
              turnUID: move.turnUID,
              userId: userIdOf(actor),
              change,
            });
          } catch (err) {
            if (!isUniqueViolation(err)) throw err;
            rev = null;
          }
          if (rev !== null) return this.adopt(cached, evaluated.recorded, change, rev);
        }
      }
    }
    return this.checkedTurn(actor, move, viewer, now);
  }

  /** Folds in what other instances wrote since the cache's last event. False: the row moved on. */
  private async caughtUp(live: Live): Promise<boolean> {
    const found = await catchUp(this.db, live.row, live.holder.events.length);
    if (!found) return false;
    for (const event of found.events) live.holder.append(event);
    live.row = {
      ...live.row,
      expectedMoveId: found.expectedMoveId,
      turnsPlayed: found.turnsPlayed,
      activePlayer: found.activePlayer,
    };
    return true;
  }

  /** The rules' answer to a turn against `live`, nothing written. */
  private evaluate(
    live: Live,
    actor: Actor,
    move: GameMove & { editMode: boolean },
    now: number,
  ): { kind: "event"; recorded: Recorded & { event: TableEvent } } | { kind: "noop" } | Refused {
    const { row } = live;
    if (move.editMode && !editModeAllowed(row.tableMode))
      return refused(EDIT_NOT_ALLOWED, TABLE_REFUSALS.editModeNotAllowed);
    const seat = seatFor(row, actor, move.seat);
    if (typeof seat !== "string") return refused(seat.reason, TABLE_REFUSALS.seat);
    const turn = {
      seat,
      actions: move.actions,
      timestamp: now,
      turnUID: move.turnUID,
      editMode: move.editMode,
      status: "midgame" as const,
      currTurn: row.turnsPlayed + 1,
      // Each seat one user's (not a sandbox or debug table): the engine lets edit mode show hidden
      // pieces only through the logged look, and no client chooses who reads or sees a move.
      competitive: !anySeatMode(row.tableMode),
    };
    // The rules decide the turn's flags (undo, breakpoint, replay marks); the client may only add
    // preventUndo to its own turn, which loosens nothing.
    const recorded = live.holder.record(turn, move.preventUndo === true ? { preventUndo: true } : {});
    if (!recorded.ok) return refused(recorded.message, recorded.code);
    if (recorded.value.event === null) return { kind: "noop" };
    const over = this.caps.turn(live.holder, recorded.value.event, recorded.value.outcome.situation);
    if (over) return refused(over.reason, over.code);
    return { kind: "event", recorded: recorded.value as Recorded & { event: TableEvent } };
  }

  /** The tile's stats after a turn against `live` (not yet appended), when the turn changed them. */
  private static tileChange(live: Live, after: Situation) {
    return changedTileStats(live.holder.module, live.holder.ctx, live.holder.live, after);
  }

  /** Folds a written turn into the holder and answers it. */
  private adopt(
    live: Live,
    recorded: Recorded & { event: TableEvent },
    change: ReturnType<typeof turnRowChange>,
    rev: number | undefined,
  ): TurnAnswer {
    live.row = {
      ...live.row,
      expectedMoveId: recorded.event.seq + 1,
      turnsPlayed: live.row.turnsPlayed + 1,
      activePlayer: change.activePlayer,
      ...(change.ended ?? {}),
      ...(change.edited ? { edited: true } : {}),
      ...(change.tileStats ? { tileStats: change.tileStats } : {}),
      // Unknown: the next turn's write will not match, and it goes the checked way.
      rev: rev ?? -1,
    };
    // The game's end: the table counts among the ended the cache keeps fewer of.
    if (live.row.status === "ended") this.live.touch(live.row.id, live);
    return this.appended(live, recorded.event, recorded);
  }

  private async checkedTurn(
    actor: Actor,
    move: GameMove & { editMode: boolean },
    viewer: string,
    now: number,
  ): Promise<TurnAnswer> {
    // A retried submission: answer with the event it already produced.
    const seen = await writtenAs(this.db, move.tableId, move.turnUID);
    if (seen) return this.duplicate(move.tableId, seen, actor, viewer);

    const live = await this.load(move.tableId);
    if (live?.row.status !== "midgame") return refused(NOT_MIDGAME, TABLE_REFUSALS.notMidgame);
    const { row } = live;
    if (move.moveId !== live.holder.events.length) {
      // A retry racing its original on another instance finds it here, caught up from the database
      // after the check by turn id above: answer with that event rather than 'outOfSync'. Asked of
      // the database again (a rare path), which knows who sent it.
      const raced = live.holder.events.some((e) => e.kind === "turn" && e.turnUID === move.turnUID);
      const written = raced ? await writtenAs(this.db, move.tableId, move.turnUID) : null;
      return written ? this.duplicate(move.tableId, written, actor, viewer) : outOfSync();
    }
    const evaluated = this.evaluate(live, actor, move, now);
    if (evaluated.kind !== "event") return evaluated;
    const { event } = evaluated.recorded;
    const after = evaluated.recorded.outcome.situation;
    const change = turnRowChange(after, now, editsResult(row, event), TableHub.tileChange(live, after));
    let rev: number | undefined;
    try {
      rev = await writeTurn(this.db, { row, event, turnUID: move.turnUID, userId: userIdOf(actor), change });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Someone wrote this seq first (another instance) or this turn id raced itself: resync.
      this.live.forget(row.id);
      const written = await writtenAs(this.db, row.id, move.turnUID);
      return written ? this.duplicate(row.id, written, actor, viewer) : outOfSync();
    }
    return this.adopt(live, evaluated.recorded, change, rev);
  }
}
