import {
  BOT_MESSAGES,
  choosesColors,
  type NewTableRequest,
  OFFERED_TABLE_MODES,
  REMATCH_MESSAGES,
  type RematchInvite,
  resolveOptionValues,
  visibleOptionValues,
} from "@tt/protocol";
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { type Actor, seesHiddenOptions } from "../auth/permissions";
import type { BotCaps } from "../config";
import type { Db } from "../db/connect";
import { type SeatRow, tables, users } from "../db/schema";
import { DomainError } from "../errors";
import { type ProjectHead, possibleColors, projectOptions } from "../projects/load";
import { withinBotCaps } from "./botCaps";
import { tableBotKinds } from "./botKinds";
import { createTable, type LobbyNotifier, type LobbyTable, lobbyTableOf, newTableTiles } from "./service";
import type { TableRow } from "./tableInfo";
import { findVisibleTable } from "./visible";

// Rematch (issue 37 point 4): a player seated at an ended table makes, in one click, a new table with
// the same seats (the same users in the same colours, the same bots), options and table mode, and the
// other seated players are invited to it. The new table is made by createTable, as the lobby's 'New
// table' makes one, so every rule of table creation holds for it (one unstarted table per user and
// project, demo-invite tables for the privileged only, ...), and its bots are seated under the
// clicker's bot caps (botCaps.ts), as seating them by hand would be. Nothing is written unless all of
// it is: creation, seats and caps are one transaction.
//
// A rematch is known by what it is, not by a stored link: a table of the same project made after this
// one ended, not ended itself, created by one of its players, with its mode, privacy, options and
// seats. So a second click, or the other player's click on their own Rematch, answers that table and
// never makes a second one; once it has ended (or was replaced or erased) a new rematch can be made.

/** Advisory lock space of rematches ('ttrm'); the second key is the ended table's id, hashed. */
const REMATCH_LOCK = 0x7474_726d;

/** What the ended table is read with: the whole row and its project. */
async function endedTableOf(db: Db, actor: Actor, tableId: string) {
  const { table, project } = await findVisibleTable(db, actor, tableId);
  // Only 'a seated player' asks: a spectator, or anyone who merely may open the table, may not.
  if (!table.seats.some((s) => s.userId === actor.id))
    throw new DomainError("forbidden", REMATCH_MESSAGES.notSeated);
  if (table.status !== "ended") throw new DomainError("conflict", REMATCH_MESSAGES.notEnded);
  return { table, project };
}

const seatKey = (s: SeatRow) => `${s.color}\u0000${s.userId ?? ""}\u0000${s.bot ?? ""}`;
const sameSeats = (a: readonly SeatRow[], b: readonly SeatRow[]) =>
  a.length === b.length && [...a.map(seatKey)].sort().join("\n") === [...b.map(seatKey)].sort().join("\n");
const sameOptions = (a: TableRow["options"], b: TableRow["options"]) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
};

/**
 * The seats of the rematch, in the order of the project's colours: each person's seat with their
 * current name (an account since deleted leaves its seat empty), each bot's with its kind (one the
 * game no longer has is refused, as seating it by hand would be).
 */
async function rematchSeats(db: Db, project: ProjectHead, source: TableRow): Promise<SeatRow[]> {
  const ids = source.seats.flatMap((s) => (s.userId === null ? [] : [s.userId]));
  const people =
    ids.length === 0
      ? []
      : await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids));
  const names = new Map(people.map((p) => [p.id, p.username]));
  const kinds = tableBotKinds(project.slug);
  const order = possibleColors(project);
  const seats: SeatRow[] = [];
  for (const s of source.seats) {
    if (!order.includes(s.color)) throw new DomainError("conflict", REMATCH_MESSAGES.colorGone(s.color));
    if (s.bot !== undefined) {
      if (!kinds.some((k) => k.id === s.bot))
        throw new DomainError("bad-request", BOT_MESSAGES.unknownKind(s.bot));
      seats.push({ color: s.color, userId: null, username: null, bot: s.bot });
      continue;
    }
    const name = s.userId === null ? undefined : names.get(s.userId);
    if (name !== undefined) seats.push({ color: s.color, userId: s.userId, username: name });
    // A chosen (sandbox, demo) seat stays as a dummy; a competitive seat without its player is free.
    else if (choosesColors(source.tableMode)) seats.push({ color: s.color, userId: null, username: null });
  }
  return seats.sort((a, b) => order.indexOf(a.color) - order.indexOf(b.color));
}

/** The rematch already made of `source` (as the header says what one is), the actor's own first. */
async function existingRematch(
  db: Db,
  actor: Actor,
  source: TableRow,
  seats: readonly SeatRow[],
): Promise<TableRow | null> {
  const players = source.seats.flatMap((s) => (s.userId === null ? [] : [s.userId]));
  if (players.length === 0) return null;
  const rows = await db
    .select()
    .from(tables)
    .where(
      and(
        eq(tables.projectSlug, source.projectSlug),
        inArray(tables.status, ["open", "midgame"]),
        inArray(tables.creatorId, players),
        eq(tables.tableMode, source.tableMode),
        eq(tables.isPrivate, source.isPrivate),
        gt(tables.createdAt, source.endedAt ?? source.createdAt),
      ),
    )
    .orderBy(desc(tables.createdAt));
  const matching = rows.filter((r) => sameSeats(r.seats, seats) && sameOptions(r.options, source.options));
  return matching.find((r) => r.creatorId === actor.id) ?? matching[0] ?? null;
}

/** A notifier that keeps what createTable tells, to be told after the rematch's transaction commits. */
function heldNotifier() {
  const removed: LobbyTable[] = [];
  const notifier: LobbyNotifier = {
    tableRemoved: (_project, table) => void removed.push(table),
    // The new table is announced once its seats are in (below), not as createTable made it.
    tableCreated: () => undefined,
    tableStarted: () => undefined,
    playerJoined: () => undefined,
    playerLeft: () => undefined,
  };
  return { notifier, removed };
}

export interface RematchOutcome {
  invite: RematchInvite;
  created: boolean;
  /** The other players seated at the rematch, to be invited (only when it was made now). */
  invited: string[];
  /** The game's name, as notifications name it. */
  projectName: string;
}

const inviteOf = async (db: Db, source: TableRow, row: TableRow): Promise<RematchInvite> => {
  const [creator] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, row.creatorId));
  return {
    fromTableId: source.id,
    tableId: row.id,
    projectSlug: row.projectSlug,
    by: creator?.username ?? "",
  };
};

/** Makes the rematch of an ended table, or answers the one already made. */
export async function makeRematch(
  db: Db,
  notify: LobbyNotifier,
  actor: Actor,
  tableId: string,
  botCaps: BotCaps,
): Promise<RematchOutcome> {
  const { table: source, project } = await endedTableOf(db, actor, tableId);
  // A debug table (a fork) or a mode the lobby no longer offers is not made again by a click.
  if (!(OFFERED_TABLE_MODES as readonly string[]).includes(source.tableMode))
    throw new DomainError("conflict", REMATCH_MESSAGES.mode(source.tableMode));
  const seats = await rematchSeats(db, project, source);
  const held = heldNotifier();
  const outcome = await db.transaction(async (tx) => {
    // One rematch of a table at a time: a double click, or two players clicking at once, wait here
    // and the second finds the first's table.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${REMATCH_LOCK}, hashtext(${source.id}))`);
    const existing = await existingRematch(tx, actor, source, seats);
    if (existing !== null) return { row: existing, created: false };
    const request: NewTableRequest = {
      tableMode: source.tableMode as NewTableRequest["tableMode"],
      isPrivate: source.isPrivate,
      start_position: {
        // What the clicker could have chosen: createTable refuses a value hidden from them.
        options: visibleOptionValues(
          projectOptions(project),
          source.options,
          seesHiddenOptions(actor, project),
        ),
        ...(choosesColors(source.tableMode) ? { playerColors: seats.map((s) => s.color) } : {}),
      },
    };
    const tile = await createTable(tx, held.notifier, actor, project, request);
    const [made] = await tx.select().from(tables).where(eq(tables.id, tile.tableId));
    // A table that started as it was made (a public sandbox) seats nobody: there is nothing to copy.
    if (made!.status !== "open") return { row: made!, created: true };
    // The options the table was played with, hidden ones too: createTable keeps only those the clicker
    // could choose, but a rematch repeats the game, and hidden values stay hidden from whoever may not
    // see them (tiles and loads show visibleOptionValues). Values the project no longer has fall back.
    const copied = resolveOptionValues(projectOptions(project), source.options, true);
    const options = copied.ok ? copied.values : made!.options;
    const row = await withinBotCaps(tx, botCaps, actor.id, "yours", async (capped, withinCaps) => {
      // The clicker's caps, as when the creator seats bots: the rematch's bots are charged to them.
      await withinCaps({ tableId: made!.id, seats });
      const [updated] = await capped
        .update(tables)
        .set({ seats, options })
        .where(eq(tables.id, made!.id))
        .returning();
      return updated!;
    });
    return { row, created: true };
  });
  const invite = await inviteOf(db, source, outcome.row);
  if (!outcome.created) return { invite, created: false, invited: [], projectName: project.projectName };
  // Told once committed: a refused rematch (a cap) rolls back the replaced table's removal too.
  for (const table of held.removed) notify.tableRemoved(project, table);
  const tiles = await newTableTiles(db, project, outcome.row, seesHiddenOptions(actor, project));
  const lobbyTable = await lobbyTableOf(db, actor, outcome.row);
  notify.tableCreated(project, lobbyTable, tiles);
  if (outcome.row.status === "midgame") notify.tableStarted(project, lobbyTable, actor.username);
  const invited = lobbyTable.seated.filter((name) => name !== actor.username);
  return { invite, created: true, invited, projectName: project.projectName };
}

/** The rematch made of an ended table and not yet ended, for its seated players; null when none. */
export async function findRematch(db: Db, actor: Actor, tableId: string): Promise<RematchInvite | null> {
  const { table: source, project } = await endedTableOf(db, actor, tableId);
  const seats = await rematchSeats(db, project, source).catch((err: unknown) => {
    if (err instanceof DomainError) return null;
    throw err;
  });
  if (seats === null) return null;
  const row = await existingRematch(db, actor, source, seats);
  return row === null ? null : inviteOf(db, source, row);
}
