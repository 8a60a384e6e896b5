import { and, eq, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/connect";
import { tables } from "../db/schema";
import type { TableRow } from "./tableInfo";

// A table with bots that nobody plays at ends (issue 36 point 4). Its bots pause while nobody has it
// open (bots.ts); once nobody has had it open and no turn was played there for the idle limit
// (BOT_IDLE_END_MINUTES), it ends as the project admins' Archive ends tables: status 'ended', its end
// time, moves, chat and log kept, no game result (the game did not end). So it leaves its owner's caps
// (botCaps.ts), lists among the ended tables, and opens as an ended table does (the whole log).
//
// Every instance sweeps: the last turn's time is the database's, so a restart loses nothing; when a
// table was last open is this instance's memory (a sweep or a bot step that found someone there),
// and the end is one conditional statement, so two instances cannot end a table twice.

/** A table ends after a sweep at most this far past its idle limit; tests with short limits sweep often. */
const SWEEP_MAX_MS = 60_000;
const SWEEP_MIN_MS = 50;
/** Tables looked at per sweep at most: the rest wait for the next one. */
const SWEEP_BATCH = 100;

/** A running table with bots at which no turn was played for `idleMs`, by the database's clock. */
function idleFor(idleMs: number): SQL {
  const lastTurn = sql`(SELECT e.created_at FROM table_events e WHERE e.table_id = ${tables.id} ORDER BY e.seq DESC LIMIT 1)`;
  return and(
    eq(tables.status, "midgame"),
    sql`jsonb_path_exists(${tables.seats}, '$[*].bot')`,
    sql`coalesce(${lastTurn}, ${tables.startedAt}) < now() - make_interval(secs => ${idleMs / 1000})`,
  )!;
}

export async function idleBotTables(db: Db, idleMs: number): Promise<string[]> {
  const rows = await db.select({ id: tables.id }).from(tables).where(idleFor(idleMs)).limit(SWEEP_BATCH);
  return rows.map((r) => r.id);
}

/** Ends the table if it is still running and idle (a turn or a restart since keeps it); its row, or null. */
export async function endIdleTable(db: Db, tableId: string, idleMs: number): Promise<TableRow | null> {
  const [row] = await db
    .update(tables)
    .set({ status: "ended", endedAt: sql`now()` })
    .where(and(eq(tables.id, tableId), idleFor(idleMs)))
    .returning();
  return row ?? null;
}

export interface IdleSweepHooks {
  /** Whether anyone has the table open now, on any instance (realtime/presence.ts). */
  watched(tableId: string): Promise<boolean>;
  /** A table ended here. */
  ended(row: TableRow): void;
  /** An idle table kept because someone has it open (the tests wait on it). */
  kept(tableId: string): void;
  log: Pick<FastifyBaseLogger, "error">;
}

export class BotIdleSweep {
  /** When this instance last found someone at a table with bots. */
  private readonly lastOpen = new Map<string, number>();
  private readonly timer: ReturnType<typeof setInterval>;
  private sweeping = false;

  constructor(
    private readonly db: Db,
    private readonly idleMs: number,
    private readonly hooks: IdleSweepHooks,
  ) {
    const every = Math.min(SWEEP_MAX_MS, Math.max(SWEEP_MIN_MS, idleMs / 4));
    this.timer = setInterval(() => void this.sweep(), every);
    this.timer.unref?.();
  }

  /** Someone has the table open now. */
  seen(tableId: string): void {
    this.lastOpen.set(tableId, Date.now());
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async sweep(): Promise<void> {
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      const now = Date.now();
      for (const tableId of await idleBotTables(this.db, this.idleMs)) {
        if (await this.hooks.watched(tableId)) {
          this.seen(tableId);
          this.hooks.kept(tableId);
          continue;
        }
        if (now - (this.lastOpen.get(tableId) ?? 0) < this.idleMs) continue;
        const row = await endIdleTable(this.db, tableId, this.idleMs);
        this.lastOpen.delete(tableId);
        if (row) this.hooks.ended(row);
      }
      for (const [id, at] of this.lastOpen) if (now - at >= this.idleMs) this.lastOpen.delete(id);
    } catch (err) {
      this.hooks.log.error({ err }, "idle bot tables sweep failed");
    } finally {
      this.sweeping = false;
    }
  }
}
