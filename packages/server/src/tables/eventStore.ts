import type { Situation, TableEvent, TileStat } from "@tt/engine";
import { and, asc, eq, gt, type SQL, sql } from "drizzle-orm";
import { type Db, type NamedStatement, runNamed } from "../db/connect";
import { tableEvents, tables } from "../db/schema";
import { eventText } from "./eventText";
import { resultStats } from "./seats";
import type { TableRow } from "./tableInfo";

// The table's log in the database (DESIGN.md: the event log is the truth). Events are rows keyed
// (table_id, seq): two writers of one seq cannot both succeed, which decides races between
// instances. The event and the table's counters are written together, never one without the other.

/** The columns of the table's row a turn changes. */
export interface TurnRowChange {
  activePlayer: string;
  ended: { status: "ended"; endedAt: Date; resultStats: ReturnType<typeof resultStats> } | null;
  /** An edit-mode turn by a player at a table where that is not free play: the result is marked. */
  edited: boolean;
  /** The tile's stats when the turn changed them (tileStats.ts changedTileStats), else null. */
  tileStats: TileStat[] | null;
}

export function turnRowChange(
  situation: Situation,
  now: number,
  edited: boolean,
  tileStats: TileStat[] | null = null,
): TurnRowChange {
  const active = situation.gameState.current.activePlayer;
  return {
    activePlayer: Array.isArray(active) ? active.join(",") : String(active),
    ended: situation.ended
      ? { status: "ended" as const, endedAt: new Date(now), resultStats: resultStats(situation) }
      : null,
    edited,
    tileStats,
  };
}

export async function eventsAfter(db: Db, tableId: string, afterSeq: number): Promise<TableEvent[]> {
  const rows = await db
    .select({ event: tableEvents.event })
    .from(tableEvents)
    .where(and(eq(tableEvents.tableId, tableId), gt(tableEvents.seq, afterSeq)))
    .orderBy(asc(tableEvents.seq));
  return rows.map((r) => r.event as TableEvent);
}

/** The event a turn id already produced at this table (a retried submission), if any. */
/** A stored event found by its turn id, with the user who sent it (null: a bot or the server). */
export interface Written {
  event: TableEvent;
  userId: number | null;
}

export async function writtenAs(db: Db, tableId: string, turnUID: string): Promise<Written | null> {
  const [seen] = await db
    .select({ event: tableEvents.event, userId: tableEvents.userId })
    .from(tableEvents)
    .where(and(eq(tableEvents.tableId, tableId), eq(tableEvents.turnUid, turnUID)));
  return seen ? { event: seen.event as TableEvent, userId: seen.userId } : null;
}

export interface CaughtUp {
  rev: number;
  expectedMoveId: number;
  turnsPlayed: number;
  activePlayer: string | null;
  events: TableEvent[];
}

/**
 * The events other instances wrote from seq `from` on, with the counters that go with them, in one
 * statement (so one snapshot). Null when the row's rev moved (a restart, a reload, seats, the end):
 * what the caller cached of the row is stale and only a full load will do.
 */
export async function catchUp(db: Db, row: TableRow, from: number): Promise<CaughtUp | null> {
  const result = (await db.execute(sql`
    SELECT t.rev, t.expected_move_id, t.turns_played, t.active_player,
      (SELECT coalesce(jsonb_agg(e.event ORDER BY e.seq), '[]'::jsonb)
         FROM table_events e WHERE e.table_id = t.id AND e.seq >= ${from}) AS events
    FROM tables t WHERE t.id = ${row.id}`)) as unknown as {
    rows: {
      rev: number;
      expected_move_id: number;
      turns_played: number;
      active_player: string | null;
      events: TableEvent[];
    }[];
  };
  const [found] = result.rows;
  if (!found || found.rev !== row.rev) return null;
  if (found.events.length !== found.expected_move_id - from) return null;
  return {
    rev: found.rev,
    expectedMoveId: found.expected_move_id,
    turnsPlayed: found.turns_played,
    activePlayer: found.active_player,
    events: found.events,
  };
}

export interface TurnWrite {
  row: TableRow;
  event: TableEvent;
  turnUID: string;
  userId: number | null;
  change: TurnRowChange;
}

/**
 * The fast path's write: the event and the row's counters in one statement, only if the row is still
 * at this seq and rev (PostgreSQL re-checks the condition on the newest row after waiting for a
 * concurrent writer, so of two instances at the same seq exactly one writes). The new rev, or null
 * when it did not write: another instance wrote first, the rev moved, or the turn id was taken.
 */
export async function writeTurnIfCurrent(db: Db, w: TurnWrite): Promise<number | null> {
  const { row, event, change } = w;
  if (change.ended === null) {
    const [written] = await runNamed<{ rev: number }>(db, TURN_WRITE, [
      row.id,
      event.seq,
      row.rev,
      change.activePlayer,
      change.edited,
      change.tileStats === null ? null : JSON.stringify(change.tileStats),
      event.kind,
      w.turnUID,
      w.userId,
      eventText(event),
    ]);
    return written?.rev ?? null;
  }
  // The game's last turn also sets the result (and moves the rev: the status is one of its columns).
  const sets: SQL[] = [
    sql`expected_move_id = ${event.seq + 1}`,
    sql`turns_played = turns_played + 1`,
    sql`active_player = ${change.activePlayer}`,
    sql`status = 'ended'`,
    sql`ended_at = ${change.ended.endedAt.toISOString()}::timestamptz`,
    sql`result_stats = ${JSON.stringify(change.ended.resultStats)}::jsonb`,
  ];
  if (change.edited) sets.push(sql`edited = true`);
  if (change.tileStats) sets.push(sql`tile_stats = ${JSON.stringify(change.tileStats)}::jsonb`);
  // Both drivers (node-postgres, PGlite) answer a raw statement with its rows under `rows`.
  const result = (await db.execute(sql`
    WITH changed AS (
      UPDATE tables SET ${sql.join(sets, sql`, `)}
      WHERE id = ${row.id} AND expected_move_id = ${event.seq} AND rev = ${row.rev}
      RETURNING rev
    )
    INSERT INTO table_events (table_id, seq, kind, turn_uid, user_id, event)
    SELECT ${row.id}, ${event.seq}, ${event.kind}, ${w.turnUID}, ${w.userId}, ${JSON.stringify(event)}::jsonb
    FROM changed
    RETURNING (SELECT rev FROM changed) AS rev`)) as unknown as { rows: { rev: number }[] };
  return result.rows[0]?.rev ?? null;
}

/**
 * Every turn but a game's last: one text, so PostgreSQL parses and plans it once per connection.
 * The columns it sets are none of those that move the rev (0008_table-rev.sql's trigger fires on the
 * columns named, whatever their values): `edited` and `tile_stats` keep their values unless given.
 */
const TURN_WRITE: NamedStatement = {
  name: "tt_turn_write",
  lane: "turns",
  text: `WITH changed AS (
      UPDATE tables SET expected_move_id = $2 + 1, turns_played = turns_played + 1, active_player = $4,
        edited = edited OR $5, tile_stats = coalesce($6::jsonb, tile_stats)
      WHERE id = $1 AND expected_move_id = $2 AND rev = $3
      RETURNING rev
    )
    INSERT INTO table_events (table_id, seq, kind, turn_uid, user_id, event)
    SELECT $1, $2, $7, $8, $9, $10::jsonb FROM changed
    RETURNING (SELECT rev FROM changed) AS rev`,
};

/**
 * The checked path's write, in a transaction: the event, then the counters. Throws a unique violation
 * when another writer took the seq or the turn id. Answers the row's new rev.
 */
export async function writeTurn(db: Db, w: TurnWrite): Promise<number | undefined> {
  const { row, event, change } = w;
  let rev: number | undefined;
  await db.transaction(async (tx) => {
    await tx.insert(tableEvents).values({
      tableId: row.id,
      seq: event.seq,
      kind: event.kind,
      turnUid: w.turnUID,
      userId: w.userId,
      event,
    });
    const [updated] = await tx
      .update(tables)
      .set({
        expectedMoveId: event.seq + 1,
        turnsPlayed: sql`${tables.turnsPlayed} + 1`,
        activePlayer: change.activePlayer,
        ...(change.edited ? { edited: true } : {}),
        ...(change.tileStats ? { tileStats: change.tileStats } : {}),
        ...(change.ended ?? {}),
      })
      .where(eq(tables.id, row.id))
      .returning({ rev: tables.rev });
    rev = updated?.rev;
  });
  return rev;
}

/** An undo or a reload: the event and the row's seq (and what else changes) in one transaction. */
export async function writeEvent(
  db: Db,
  w: { tableId: string; event: TableEvent; turnUID: string; userId: number; set: Partial<TableRow> },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(tableEvents).values({
      tableId: w.tableId,
      seq: w.event.seq,
      kind: w.event.kind,
      turnUid: w.turnUID,
      userId: w.userId,
      event: w.event,
    });
    await tx
      .update(tables)
      .set({ expectedMoveId: w.event.seq + 1, ...w.set })
      .where(eq(tables.id, w.tableId));
  });
}
