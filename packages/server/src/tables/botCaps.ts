import { BOT_MESSAGES } from "@tt/protocol";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { BotCaps } from "../config";
import type { Db } from "../db/connect";
import { type SeatRow, tables } from "../db/schema";
import { DomainError } from "../errors";

// What bots may cost one user (issue 36 point 4): running tables with bots and bot seats, both over
// the tables the user created (their bots are charged to them, whoever seated them). Counted in the
// database under a lock of the user's, so two instances (or two requests at once) cannot both take
// the last place; the change itself is written in the same transaction.

/** Whether a table seats a bot. */
export const seatsBot = (seats: readonly SeatRow[]) => seats.some((s) => s.bot !== undefined);

const botSeatsOf = (seats: readonly SeatRow[]) => seats.filter((s) => s.bot !== undefined).length;

/** Advisory lock space of the caps ('ttbt'); the second key is the user's id. */
const BOT_CAPS_LOCK = 0x7474_6274;

/** What a table will be after the change being checked. */
export interface BotTablePlan {
  tableId: string;
  seats: readonly SeatRow[];
}

/** Whose caps a refusal names: the actor's own, or the creator of another's table (an admin's replace). */
export type CapsOwner = "yours" | "creator";

/**
 * Runs `write` in a transaction holding the creator's lock. `write` calls the check it is handed with
 * the table as the change would leave it (known only once `write` has read the row under the lock),
 * which refuses (409, the message naming the cap) a change that takes the creator past a cap.
 */
export async function withinBotCaps<T>(
  db: Db,
  caps: BotCaps,
  creatorId: number,
  owner: CapsOwner,
  write: (tx: Db, check: (plan: BotTablePlan) => Promise<void>) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    // Held to the transaction's end: the count below and the write after it are one step per user.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${BOT_CAPS_LOCK}, ${creatorId})`);
    return write(tx, (plan) => checkBotCaps(tx, caps, creatorId, owner, plan));
  });
}

/** The creator's other tables with bots that have not ended: how many run, and their bot seats. */
async function othersOf(db: Db, creatorId: number, tableId: string) {
  const rows = await db
    .select({ status: tables.status, seats: tables.seats })
    .from(tables)
    .where(
      and(
        eq(tables.creatorId, creatorId),
        inArray(tables.status, ["open", "midgame"]),
        ne(tables.id, tableId),
        sql`jsonb_path_exists(${tables.seats}, '$[*].bot')`,
      ),
    );
  return {
    running: rows.filter((r) => r.status === "midgame").length,
    seats: rows.reduce((n, r) => n + botSeatsOf(r.seats), 0),
  };
}

async function checkBotCaps(
  db: Db,
  caps: BotCaps,
  creatorId: number,
  owner: CapsOwner,
  plan: BotTablePlan,
): Promise<void> {
  const seats = botSeatsOf(plan.seats);
  if (seats === 0) return;
  const others = await othersOf(db, creatorId, plan.tableId);
  // A table with bots that cannot start is of no use: seating one is refused as its start would be.
  if (others.running >= caps.tablesPerUser) {
    const message = owner === "yours" ? BOT_MESSAGES.tooManyTables : BOT_MESSAGES.creatorTooManyTables;
    throw new DomainError("conflict", message(caps.tablesPerUser));
  }
  if (others.seats + seats > caps.seatsPerUser) {
    const message = owner === "yours" ? BOT_MESSAGES.tooManySeats : BOT_MESSAGES.creatorTooManySeats;
    throw new DomainError("conflict", message(caps.seatsPerUser));
  }
}

/**
 * A table's start under the creator's caps when it seats a bot (`write` starts it in the transaction
 * it is handed); a table without bots starts as before, with no lock.
 */
export function startUnderBotCaps<T>(
  db: Db,
  caps: BotCaps,
  table: { id: string; creatorId: number; seats: readonly SeatRow[] },
  write: (tx: Db) => Promise<T>,
): Promise<T> {
  if (!seatsBot(table.seats)) return write(db);
  return withinBotCaps(db, caps, table.creatorId, "yours", async (tx, check) => {
    await check({ tableId: table.id, seats: table.seats });
    return write(tx);
  });
}
