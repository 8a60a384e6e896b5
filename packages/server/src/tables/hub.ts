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
  type TableEvent,
  turnEvent,
} from "@tt/engine";
import type { ComponentTree } from "@tt/games";
import { piecesOf, registry } from "@tt/games";
import type { GameMove } from "@tt/protocol";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Actor } from "../auth/permissions";
import type { Db } from "../db/connect";
import { tableEvents, tables } from "../db/schema";
import { isUniqueViolation } from "../http/errors";
import type { TableRow } from "./tableInfo";

// The server half of a turn (DESIGN.md; STYLE.md point 5): parse -> check seat and status -> evaluate
// with the same engine and module as the browser -> append the event (the (table, seq) key decides
// races, also between instances) -> broadcast. One turn per table at a time in this process.

/** Modes where anyone may act as any colour (and 'alwaysactive'). */
export const anySeatMode = (mode: string) => mode.includes("sandbox") || mode === "debug";
/** Edit mode is allowed in every mode but plain competitive (game-table.md section 1). */
export const editModeAllowed = (mode: string) => mode !== "competitive";

export const SNAPSHOT_EVERY = 50;

interface Live {
  row: TableRow;
  cache: SnapshotCache;
  ctx: { pieces: ReturnType<typeof piecesOf>; options: JsonObject };
}

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

  constructor(private readonly db: Db) {}

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
    if (!live) {
      const tree = (row.components ?? {}) as ComponentTree;
      live = {
        row,
        cache: createSnapshotCache(row.startSituation as Situation, [], SNAPSHOT_EVERY),
        ctx: { pieces: row.components ? piecesOf(tree) : {}, options: row.options },
      };
      this.live.set(tableId, live);
    }
    live.row = row;
    // Another instance (or a restart) may have written events this cache has not seen.
    if (live.cache.events.length < row.expectedMoveId) {
      for (const event of await this.events(tableId, live.cache.events.length - 1))
        appendEvent(live.cache, event);
    }
    return live;
  }

  async situation(tableId: string): Promise<Situation | null> {
    return this.serial(tableId, async () => (await this.load(tableId))?.cache.live ?? null);
  }

  submitUndo(actor: Actor, request: UndoInput, now: number): Promise<TurnAnswer> {
    return this.serial(request.tableId, () => this.undoTurn(actor, request, now));
  }

  private async undoTurn(actor: Actor, request: UndoInput, now: number): Promise<TurnAnswer> {
    const [seen] = await this.db
      .select({ event: tableEvents.event })
      .from(tableEvents)
      .where(and(eq(tableEvents.tableId, request.tableId), eq(tableEvents.turnUid, request.turnUID)));
    if (seen) return { kind: "duplicate", event: seen.event as TableEvent };
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
          .set({ expectedMoveId: event.seq + 1 })
          .where(eq(tables.id, request.tableId));
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      this.live.delete(request.tableId);
      return { kind: "reject", reason: OUT_OF_SYNC };
    }
    appendEvent(live.cache, event);
    const situation = live.cache.live;
    const active = situation.gameState.current.activePlayer;
    await this.db
      .update(tables)
      .set({ activePlayer: Array.isArray(active) ? active.join(",") : String(active) })
      .where(eq(tables.id, request.tableId));
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

  private async turn(actor: Actor, move: GameMove & { editMode: boolean }, now: number): Promise<TurnAnswer> {
    // A retried submission: answer with the event it already produced.
    const [seen] = await this.db
      .select({ event: tableEvents.event })
      .from(tableEvents)
      .where(and(eq(tableEvents.tableId, move.tableId), eq(tableEvents.turnUid, move.turnUID)));
    if (seen) return { kind: "duplicate", event: seen.event as TableEvent };

    const live = await this.load(move.tableId);
    if (!live) return { kind: "reject", reason: "You can only do moves in midgame tables." };
    const { row } = live;
    if (row.status !== "midgame")
      return { kind: "reject", reason: "You can only do moves in midgame tables." };
    if (move.moveId !== live.cache.events.length) return { kind: "reject", reason: OUT_OF_SYNC };
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
    const flags = {
      ...(move.preventUndo !== undefined ? { preventUndo: move.preventUndo } : {}),
      ...(move.undoBreakpoint !== undefined ? { undoBreakpoint: move.undoBreakpoint } : {}),
      ...(move.replayMarks ? { replayMarks: move.replayMarks } : {}),
    };
    const { pieces, options } = live.ctx;
    const recorded = recordTurn(
      live.cache.live,
      live.cache.events.length,
      turn,
      registry.moduleFor(row.projectSlug),
      { pieces, options },
      flags,
    );
    if (!recorded.ok) return { kind: "reject", reason: recorded.message };
    const event = recorded.value.event;
    if (!event) return { kind: "noop" };
    const situation = recorded.value.outcome.situation;

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
        const active = situation.gameState.current.activePlayer;
        await tx
          .update(tables)
          .set({
            expectedMoveId: event.seq + 1,
            turnsPlayed: sql`${tables.turnsPlayed} + 1`,
            activePlayer: Array.isArray(active) ? active.join(",") : String(active),
            ...(situation.ended
              ? { status: "ended", endedAt: new Date(now), resultStats: resultStats(situation) }
              : {}),
          })
          .where(eq(tables.id, row.id));
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Someone wrote this seq first (another instance) or this turn id raced itself: resync.
      this.live.delete(row.id);
      const [again] = await this.db
        .select({ event: tableEvents.event })
        .from(tableEvents)
        .where(and(eq(tableEvents.tableId, row.id), eq(tableEvents.turnUid, move.turnUID)));
      if (again) return { kind: "duplicate", event: again.event as TableEvent };
      return { kind: "reject", reason: OUT_OF_SYNC };
    }
    appendEvent(live.cache, event);
    if (situation.ended) live.row = { ...row, status: "ended" };
    return { kind: "event", event, ended: situation.ended, row: live.row, situation };
  }
}

/** Who the actor may act as: their own seat, or in sandbox modes any colour or 'alwaysactive'. */
function seatFor(row: TableRow, actor: Actor, requested: string | undefined): string | { reason: string } {
  const own = row.seats.find((s) => s.userId === actor.id)?.color;
  if (anySeatMode(row.tableMode)) {
    const seat = requested ?? own ?? "alwaysactive";
    if (seat === "alwaysactive" || row.seats.some((s) => s.color === seat)) return seat;
    return { reason: `This table has no colour '${seat}'.` };
  }
  if (requested && requested !== own && requested !== "spectator") {
    return { reason: own ? `You are playing as ${own}.` : "Spectators cannot move." };
  }
  return own ?? "spectator";
}

/** Player and global stats at the end, for the results page and the feedback results. */
function resultStats(situation: Situation) {
  const players: Record<string, Record<string, unknown>> = {};
  for (const p of situation.players) players[p.color] = p.stats as Record<string, unknown>;
  return { players, global: situation.stats as Record<string, unknown> };
}
