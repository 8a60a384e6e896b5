import type { Situation, TableEvent } from "@tt/engine";
import type { GameRow, PlayedTable } from "@tt/games";
import {
  PLAYED_MAX_TABLES,
  PLAYED_SKIP_REASONS,
  type PlayedReportInfo,
  type PlayedSkipReason,
  type PlayedVersion,
} from "@tt/protocol";
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/connect";
import { tableEvents, tables } from "../db/schema";
import { anySeatMode } from "../tables/seats";
import type { WorkRefusal } from "../work/pool";
import { balancePool } from "./pool";

// The balance report over games people played (issue 22 point 4): the ended tables of one version
// (the components version they started on), each table's stored start and log folded in the balance
// process into the row a self-played game gives (games' playedGameRow), and the same report made of
// them. Tables whose result says nothing about the game's balance are counted out, and said so.

/** Tables whose starts and logs are read and sent to the balance process at once: memory holds one batch. */
const BATCH = 25;

/** The project's versions with ended tables, newest first. */
export async function playedVersions(db: Db, slug: string, current: number): Promise<PlayedVersion[]> {
  const rows = await db
    .select({ version: tables.componentsVersion, ended: count() })
    .from(tables)
    .where(and(eq(tables.projectSlug, slug), eq(tables.status, "ended")))
    .groupBy(tables.componentsVersion)
    .orderBy(desc(tables.componentsVersion));
  return rows.map((r) => ({ version: r.version, ended: r.ended, current: r.version === current }));
}

type EndedTable = Pick<typeof tables.$inferSelect, "id" | "tableMode" | "edited" | "seats" | "options">;

/** Why a table is counted out before its log is read; null when its log is to be read. */
function countedOut(t: EndedTable): PlayedSkipReason | null {
  // A result edited by hand may be anything the players made it (tables.edited).
  if (t.edited) return "edited";
  // Anyone may move any colour there: a seat's result is nobody's in particular.
  if (anySeatMode(t.tableMode)) return "free play";
  if (!t.seats.some((s) => s.userId !== null)) return "bots only";
  return null;
}

/** The tables' starts and logs, in the games package's shape (a table not started reads as null). */
async function readTables(db: Db, batch: EndedTable[]): Promise<(PlayedTable | null)[]> {
  const ids = batch.map((t) => t.id);
  const starts = await db
    .select({ id: tables.id, start: tables.startSituation })
    .from(tables)
    .where(inArray(tables.id, ids));
  const logged = await db
    .select({ tableId: tableEvents.tableId, event: tableEvents.event })
    .from(tableEvents)
    .where(inArray(tableEvents.tableId, ids))
    .orderBy(asc(tableEvents.tableId), asc(tableEvents.seq));
  const events = new Map<string, TableEvent[]>();
  for (const e of logged) {
    const list = events.get(e.tableId) ?? [];
    list.push(e.event as TableEvent);
    events.set(e.tableId, list);
  }
  const startOf = new Map(starts.map((s) => [s.id, s.start]));
  return batch.map((t) => {
    const start = startOf.get(t.id);
    if (start === null || start === undefined) return null;
    return {
      id: t.id,
      seats: t.seats.map((s) => ({
        color: s.color,
        userId: s.userId,
        ...(s.bot === undefined ? {} : { bot: s.bot }),
      })),
      options: t.options,
      start: start as Situation,
      events: events.get(t.id) ?? [],
    };
  });
}

export type PlayedGames = { info: PlayedReportInfo; rows: GameRow[] } | { refusal: WorkRefusal } | null;

/**
 * The rows of a version's ended tables, oldest first (the newest PLAYED_MAX_TABLES), with how many
 * were counted and why the others were not; null when no table ended on that version.
 */
export async function playedGames(db: Db, slug: string, version: number): Promise<PlayedGames> {
  const ended = await db
    .select({
      id: tables.id,
      tableMode: tables.tableMode,
      edited: tables.edited,
      seats: tables.seats,
      options: tables.options,
    })
    .from(tables)
    .where(
      and(eq(tables.projectSlug, slug), eq(tables.status, "ended"), eq(tables.componentsVersion, version)),
    )
    .orderBy(desc(tables.endedAt), desc(tables.id))
    .limit(PLAYED_MAX_TABLES + 1);
  if (ended.length === 0) return null;
  const limited = ended.length > PLAYED_MAX_TABLES;
  const skipped = Object.fromEntries(PLAYED_SKIP_REASONS.map((r) => [r, 0])) as Record<
    PlayedSkipReason,
    number
  >;
  const toRead: EndedTable[] = [];
  for (const t of ended.slice(0, PLAYED_MAX_TABLES).reverse()) {
    const reason = countedOut(t);
    if (reason === null) toRead.push(t);
    else skipped[reason]++;
  }
  const rows: GameRow[] = [];
  for (let i = 0; i < toRead.length; i += BATCH) {
    const read = await readTables(db, toRead.slice(i, i + BATCH));
    const batch = read.filter((t): t is PlayedTable => t !== null);
    skipped.unreadable += read.length - batch.length;
    const out = await balancePool().run("played", { slug, tables: batch, first: rows.length });
    if (!out.ok) return { refusal: out.refusal };
    rows.push(...out.value.rows);
    skipped.unfinished += out.value.skipped.unfinished;
    skipped.unreadable += out.value.skipped.unreadable;
  }
  return { info: { version, counted: rows.length, skipped, limited }, rows };
}
