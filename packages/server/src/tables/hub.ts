import { randomUUID } from "node:crypto";
import {
  appendEvent,
  applyTurnEvent,
  createSnapshotCache,
  type JsonObject,
  planUndo,
  type ReloadDataMove,
  recordTurn,
  type Situation,
  type SnapshotCache,
  situationAt,
  type TableEvent,
  turnEvent,
} from "@tt/engine";
import type { ComponentTree } from "@tt/games";
import { piecesOf, registry } from "@tt/games";
import type { GameMove } from "@tt/protocol";
import { and, asc, eq, gt, isNotNull, type SQL, sql } from "drizzle-orm";
import type { Actor } from "../auth/permissions";
import type { Db } from "../db/connect";
import { tableEvents, tables } from "../db/schema";
import { isUniqueViolation } from "../http/errors";
import { editModeAllowed, resultStats, seatFor } from "./seats";
import type { TableRow } from "./tableInfo";

// The server half of a turn (DESIGN.md; STYLE.md point 5): parse -> check seat and status -> evaluate
// with the same engine and module as the browser -> append the event (the (table, seq) key decides
// races, also between instances) -> broadcast. One turn per table at a time in this process.

// Kept importable from here, where the routes and socket handlers have always found them.
export { anySeatMode, editModeAllowed } from "./seats";

export const SNAPSHOT_EVERY = 50;
/**
 * Live situations kept per process, so memory does not grow with every table ever played. Beyond it
 * the least recently used is dropped: it is a cache, and the next turn at that table folds its log
 * again from the database.
 */
export const LIVE_TABLES_MAX = 2000;

interface Live {
  row: TableRow;
  cache: SnapshotCache;
  ctx: { pieces: ReturnType<typeof piecesOf>; options: JsonObject };
  /** The component tree the pieces were read from, serialised: tells when another instance replaced it. */
  componentsKey: string;
}

const piecesOfRow = (components: unknown) => (components ? piecesOf(components as ComponentTree) : {});

export type TurnAnswer =
  | { kind: "event"; event: TableEvent; ended: boolean; row: TableRow; situation: Situation }
  | { kind: "duplicate"; event: TableEvent }
  | { kind: "noop" }
  | { kind: "reject"; reason: string };

export const OUT_OF_SYNC = "outOfSync";

export interface UndoInput {
  tableId: string;
  moveId: number;
  turnUID: string;
  editMode: boolean;
  seat?: string | undefined;
}

export class TableHub {
  private readonly live = new Map<string, Live>();
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly liveTablesMax = LIVE_TABLES_MAX,
  ) {}

  /** Runs `work` after every earlier piece of work on this table has finished. */
  private serial<T>(tableId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(tableId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    this.queues.set(tableId, settled);
    void settled.then(() => {
      if (this.queues.get(tableId) === settled) this.queues.delete(tableId);
    });
    return next;
  }

  forget(tableId: string): void {
    this.live.delete(tableId);
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
        this.live.delete(tableId);
      }
    });
  }

  /**
   * Gives a started table another component tree. The situation does not change; the rules read
   * component info from the pieces, so the cached pieces are rebuilt at once. False: not started.
   */
  setComponents(tableId: string, components: Record<string, unknown> | null): Promise<boolean> {
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
        live.ctx = { ...live.ctx, pieces: piecesOfRow(components) };
        live.componentsKey = JSON.stringify(components);
      }
      return true;
    });
  }

  /**
   * The situation after the first `step` events (a replay position), with the number of events;
   * situation null when `step` is past the end. Null when the table has not started.
   */
  situationAt(tableId: string, step: number): Promise<{ count: number; situation: Situation | null } | null> {
    return this.serial(tableId, async () => {
      const live = await this.load(tableId);
      if (!live) return null;
      const count = live.cache.events.length;
      const inRange = Number.isInteger(step) && step >= 0 && step <= count;
      return { count, situation: inRange ? situationAt(live.cache, step) : null };
    });
  }

  async events(tableId: string, afterSeq: number): Promise<TableEvent[]> {
    const rows = await this.db
      .select({ event: tableEvents.event })
      .from(tableEvents)
      .where(and(eq(tableEvents.tableId, tableId), gt(tableEvents.seq, afterSeq)))
      .orderBy(asc(tableEvents.seq));
    return rows.map((r) => r.event as TableEvent);
  }

  /** The live situation of a started table: the cache, caught up with the database when it fell behind. */
  private async load(tableId: string): Promise<Live | null> {
    const [row] = await this.db.select().from(tables).where(eq(tables.id, tableId));
    if (!row?.startSituation) return null;
    let live = this.live.get(tableId);
    // A restart on another instance: a new start time, or fewer events than this cache holds.
    if (
      live &&
      (live.row.startedAt?.getTime() !== row.startedAt?.getTime() ||
        live.cache.events.length > row.expectedMoveId)
    ) {
      live = undefined;
    }
    const componentsKey = JSON.stringify(row.components);
    if (!live) {
      live = {
        row,
        cache: createSnapshotCache(row.startSituation as Situation, [], SNAPSHOT_EVERY),
        ctx: { pieces: piecesOfRow(row.components), options: row.options },
        componentsKey,
      };
      this.live.set(tableId, live);
    }
    // Components reloaded on another instance: the rules must see the same pieces everywhere.
    if (componentsKey !== live.componentsKey) {
      live.ctx = { ...live.ctx, pieces: piecesOfRow(row.components) };
      live.componentsKey = componentsKey;
    }
    live.row = row;
    this.touch(tableId, live);
    // Another instance (or a restart) may have written events this cache has not seen.
    if (live.cache.events.length < row.expectedMoveId) {
      for (const event of await this.events(tableId, live.cache.events.length - 1))
        appendEvent(live.cache, event);
    }
    return live;
  }

  /** Marks the table's cache as just used (a Map keeps insertion order) and drops the oldest beyond the cap. */
  private touch(tableId: string, live: Live): void {
    this.live.delete(tableId);
    this.live.set(tableId, live);
    while (this.live.size > this.liveTablesMax) {
      const oldest = this.live.keys().next().value as string;
      this.live.delete(oldest);
    }
  }

  /** The event a turn id already produced at this table (a retried submission), as a duplicate answer. */
  private async writtenAs(tableId: string, turnUID: string): Promise<TurnAnswer | null> {
    const [seen] = await this.db
      .select({ event: tableEvents.event })
      .from(tableEvents)
      .where(and(eq(tableEvents.tableId, tableId), eq(tableEvents.turnUid, turnUID)));
    return seen ? { kind: "duplicate", event: seen.event as TableEvent } : null;
  }

  async situation(tableId: string): Promise<Situation | null> {
    return this.serial(tableId, async () => (await this.load(tableId))?.cache.live ?? null);
  }

  submitUndo(actor: Actor, request: UndoInput, now: number): Promise<TurnAnswer> {
    return this.serial(request.tableId, () => this.undoTurn(actor, request, now));
  }

  private async undoTurn(actor: Actor, request: UndoInput, now: number): Promise<TurnAnswer> {
    const seen = await this.writtenAs(request.tableId, request.turnUID);
    if (seen) return seen;
    const live = await this.load(request.tableId);
    if (live?.row.status !== "midgame")
      return { kind: "reject", reason: "You can only do moves in midgame tables." };
    if (request.moveId !== live.cache.events.length) return { kind: "reject", reason: OUT_OF_SYNC };
    if (request.editMode && !editModeAllowed(live.row.tableMode)) {
      return { kind: "reject", reason: "Edit mode is not allowed at this table." };
    }
    const seat = seatFor(live.row, actor, request.seat);
    if (typeof seat !== "string") return { kind: "reject", reason: seat.reason };
    const planned = planUndo(live.cache.events, live.cache.live, {
      seat,
      timestamp: now,
      editMode: request.editMode,
    });
    if (!planned.ok) return { kind: "reject", reason: planned.message };
    const event = planned.value;
    // The refolded situation is needed before the write (its active player goes into the same
    // transaction): fold into a copy of the cache, adopted only once the event is committed. A failure
    // between two separate writes would leave an undo in the log that no client was told about.
    const next = { ...live.cache, events: [...live.cache.events], snapshots: [...live.cache.snapshots] };
    appendEvent(next, event);
    const situation = next.live;
    const active = situation.gameState.current.activePlayer;
    try {
      await this.db.transaction(async (tx) => {
        await tx.insert(tableEvents).values({
          tableId: request.tableId,
          seq: event.seq,
          kind: "undo",
          turnUid: request.turnUID,
          userId: actor.id,
          event,
        });
        await tx
          .update(tables)
          .set({
            expectedMoveId: event.seq + 1,
            activePlayer: Array.isArray(active) ? active.join(",") : String(active),
          })
          .where(eq(tables.id, request.tableId));
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // As for turns: another instance wrote this seq first, or wrote this very undo (a retry).
      this.live.delete(request.tableId);
      return (
        (await this.writtenAs(request.tableId, request.turnUID)) ?? { kind: "reject", reason: OUT_OF_SYNC }
      );
    }
    live.cache = next;
    return { kind: "event", event, ended: false, row: live.row, situation };
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
      if (live?.row.status !== "midgame")
        return { kind: "reject", reason: "You can only do moves in midgame tables." };
      const seat = live.row.seats.find((s) => s.userId === actor.id)?.color ?? "alwaysactive";
      const turnUID = `reload-${randomUUID()}`;
      const event = turnEvent(
        live.cache.events.length,
        { seat, timestamp: now, turnUID, editMode: true },
        [move],
        { preventUndo: true },
      );
      const situation = applyTurnEvent(live.cache.live, event);
      try {
        await this.db.transaction(async (tx) => {
          await tx.insert(tableEvents).values({
            tableId,
            seq: event.seq,
            kind: event.kind,
            turnUid: turnUID,
            userId: actor.id,
            event,
          });
          await tx
            .update(tables)
            .set({ expectedMoveId: event.seq + 1, ...(decks === null ? {} : { decks }) })
            .where(eq(tables.id, tableId));
        });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        this.live.delete(tableId);
        return { kind: "reject", reason: OUT_OF_SYNC };
      }
      appendEvent(live.cache, event);
      if (decks !== null) live.row = { ...live.row, decks };
      return { kind: "event", event, ended: false, row: live.row, situation };
    });
  }

  submitTurn(actor: Actor, move: GameMove & { editMode: boolean }, now: number): Promise<TurnAnswer> {
    return this.serial(move.tableId, () => this.turn(actor, move, now));
  }

  /**
   * A turn in two paths. The fast one, for a table this process has cached: catch up with the events
   * other instances wrote (one query, only when the client names a later seq), evaluate against the
   * cache, and write event and counters in one statement on the condition that the row is still at
   * that seq and its rev (tables.rev: moved on by any change a turn is evaluated against) is the
   * cached one. Any refusal, a rev that moved, or a lost race goes the checked way: look the turn id
   * up, read the whole row and the events the cache lacks, evaluate again, write in a transaction.
   */
  private async turn(actor: Actor, move: GameMove & { editMode: boolean }, now: number): Promise<TurnAnswer> {
    const cached = this.live.get(move.tableId);
    if (cached?.row.status === "midgame") {
      this.touch(move.tableId, cached);
      const current = move.moveId <= cached.cache.events.length || (await this.catchUp(cached));
      if (current && move.moveId === cached.cache.events.length) {
        const evaluated = this.evaluate(cached, actor, move, now);
        // A refusal from a cache that may be stale is not given: the checked path decides it.
        if (evaluated.kind === "event") {
          const written = await this.writeIfCurrent(cached, actor, move.turnUID, evaluated, now);
          if (written) return written;
        }
      }
    }
    return this.checkedTurn(actor, move, now);
  }

  /**
   * Folds in the events other instances wrote since the cache's last, with the counters that go with
   * them (one statement, so one snapshot). False when the row's rev moved (a restart, a reload, seats,
   * the table ended): the cached row and pieces are stale and only a full load will do.
   */
  private async catchUp(live: Live): Promise<boolean> {
    const from = live.cache.events.length;
    const result = (await this.db.execute(sql`
      SELECT t.rev, t.expected_move_id, t.turns_played, t.active_player,
        (SELECT coalesce(jsonb_agg(e.event ORDER BY e.seq), '[]'::jsonb)
           FROM table_events e WHERE e.table_id = t.id AND e.seq >= ${from}) AS events
      FROM tables t WHERE t.id = ${live.row.id}`)) as unknown as {
      rows: {
        rev: number;
        expected_move_id: number;
        turns_played: number;
        active_player: string | null;
        events: TableEvent[];
      }[];
    };
    const [found] = result.rows;
    if (!found || found.rev !== live.row.rev) return false;
    if (found.events.length !== found.expected_move_id - from) return false;
    for (const event of found.events) appendEvent(live.cache, event);
    live.row = {
      ...live.row,
      expectedMoveId: found.expected_move_id,
      turnsPlayed: found.turns_played,
      activePlayer: found.active_player,
    };
    return true;
  }

  /** The rules' answer to a turn against `live`, nothing written. */
  private evaluate(
    live: Live,
    actor: Actor,
    move: GameMove & { editMode: boolean },
    now: number,
  ):
    | { kind: "event"; event: TableEvent; situation: Situation }
    | { kind: "noop" }
    | { kind: "reject"; reason: string } {
    const { row } = live;
    if (move.editMode && !editModeAllowed(row.tableMode)) {
      return { kind: "reject", reason: "Edit mode is not allowed at this table." };
    }
    const seat = seatFor(row, actor, move.seat);
    if (typeof seat !== "string") return { kind: "reject", reason: seat.reason };
    const turn = {
      seat,
      actions: move.actions,
      timestamp: now,
      turnUID: move.turnUID,
      editMode: move.editMode,
      status: "midgame" as const,
      currTurn: row.turnsPlayed + 1,
    };
    const { pieces, options } = live.ctx;
    // The rules decide the turn's flags (undo, breakpoint, replay marks); the client may only add
    // preventUndo to its own turn, which loosens nothing.
    const recorded = recordTurn(
      live.cache.live,
      live.cache.events.length,
      turn,
      registry.moduleFor(row.projectSlug),
      { pieces, options },
      move.preventUndo === true ? { preventUndo: true } : {},
    );
    if (!recorded.ok) return { kind: "reject", reason: recorded.message };
    const event = recorded.value.event;
    if (!event) return { kind: "noop" };
    return { kind: "event", event, situation: recorded.value.outcome.situation };
  }

  /** The columns of the table's row a turn changes. */
  private static turnRowChange(situation: Situation, now: number) {
    const active = situation.gameState.current.activePlayer;
    return {
      activePlayer: Array.isArray(active) ? active.join(",") : String(active),
      ended: situation.ended
        ? { status: "ended" as const, endedAt: new Date(now), resultStats: resultStats(situation) }
        : null,
    };
  }

  /** Folds a written turn into the cache and answers it. */
  private adopt(
    live: Live,
    event: TableEvent,
    situation: Situation,
    change: ReturnType<typeof TableHub.turnRowChange>,
    rev: number | undefined,
  ): TurnAnswer {
    appendEvent(live.cache, event);
    live.row = {
      ...live.row,
      expectedMoveId: event.seq + 1,
      turnsPlayed: live.row.turnsPlayed + 1,
      activePlayer: change.activePlayer,
      ...(change.ended ?? {}),
      // Unknown: the next turn's write will not match, and it goes the checked way.
      rev: rev ?? -1,
    };
    return { kind: "event", event, ended: situation.ended, row: live.row, situation };
  }

  /**
   * The fast path's write: the event and the row's counters in one statement, only if the row is
   * still at this seq and rev (PostgreSQL re-checks the condition on the newest row after waiting for
   * a concurrent writer, so of two instances at the same seq exactly one writes). Null when it did not
   * write: another instance wrote first, the rev moved, or the turn id was already taken.
   */
  private async writeIfCurrent(
    live: Live,
    actor: Actor,
    turnUID: string,
    evaluated: { event: TableEvent; situation: Situation },
    now: number,
  ): Promise<TurnAnswer | null> {
    const { event, situation } = evaluated;
    const change = TableHub.turnRowChange(situation, now);
    const sets: SQL[] = [
      sql`expected_move_id = ${event.seq + 1}`,
      sql`turns_played = turns_played + 1`,
      sql`active_player = ${change.activePlayer}`,
    ];
    if (change.ended) {
      sets.push(
        sql`status = 'ended'`,
        sql`ended_at = ${change.ended.endedAt.toISOString()}::timestamptz`,
        sql`result_stats = ${JSON.stringify(change.ended.resultStats)}::jsonb`,
      );
    }
    let rows: { rev: number }[];
    try {
      // Both drivers (node-postgres, PGlite) answer a raw statement with its rows under `rows`.
      const result = (await this.db.execute(sql`
        WITH changed AS (
          UPDATE tables SET ${sql.join(sets, sql`, `)}
          WHERE id = ${live.row.id} AND expected_move_id = ${event.seq} AND rev = ${live.row.rev}
          RETURNING rev
        )
        INSERT INTO table_events (table_id, seq, kind, turn_uid, user_id, event)
        SELECT ${live.row.id}, ${event.seq}, ${event.kind}, ${turnUID}, ${actor.id}, ${JSON.stringify(event)}::jsonb
        FROM changed
        RETURNING (SELECT rev FROM changed) AS rev`)) as unknown as { rows: { rev: number }[] };
      rows = result.rows;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      return null;
    }
    const [written] = rows;
    if (!written) return null;
    return this.adopt(live, event, situation, change, written.rev);
  }

  private async checkedTurn(
    actor: Actor,
    move: GameMove & { editMode: boolean },
    now: number,
  ): Promise<TurnAnswer> {
    // A retried submission: answer with the event it already produced.
    const seen = await this.writtenAs(move.tableId, move.turnUID);
    if (seen) return seen;

    const live = await this.load(move.tableId);
    if (!live) return { kind: "reject", reason: "You can only do moves in midgame tables." };
    const { row } = live;
    if (row.status !== "midgame")
      return { kind: "reject", reason: "You can only do moves in midgame tables." };
    if (move.moveId !== live.cache.events.length) {
      // A retry racing its original on another instance finds it here, caught up from the database
      // after the check by turn id above: answer with that event rather than 'outOfSync'.
      const written = live.cache.events.find((e) => e.kind === "turn" && e.turnUID === move.turnUID);
      return written ? { kind: "duplicate", event: written } : { kind: "reject", reason: OUT_OF_SYNC };
    }
    const evaluated = this.evaluate(live, actor, move, now);
    if (evaluated.kind !== "event") return evaluated;
    const { event, situation } = evaluated;
    const change = TableHub.turnRowChange(situation, now);

    let rev: number | undefined;
    try {
      await this.db.transaction(async (tx) => {
        await tx.insert(tableEvents).values({
          tableId: row.id,
          seq: event.seq,
          kind: event.kind,
          turnUid: move.turnUID,
          userId: actor.id,
          event,
        });
        const [updated] = await tx
          .update(tables)
          .set({
            expectedMoveId: event.seq + 1,
            turnsPlayed: sql`${tables.turnsPlayed} + 1`,
            activePlayer: change.activePlayer,
            ...(change.ended ?? {}),
          })
          .where(eq(tables.id, row.id))
          .returning({ rev: tables.rev });
        rev = updated?.rev;
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Someone wrote this seq first (another instance) or this turn id raced itself: resync.
      this.live.delete(row.id);
      return (await this.writtenAs(row.id, move.turnUID)) ?? { kind: "reject", reason: OUT_OF_SYNC };
    }
    return this.adopt(live, event, situation, change, rev);
  }
}
