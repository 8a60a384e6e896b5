import { randomInt } from "node:crypto";
import type { DeckInfo, Situation } from "@tt/engine";
import { type ComponentTree, registry } from "@tt/games";
import {
  choosesColors,
  MAX_PLAYERS,
  newTableRequestSchema,
  resolveOptionValues,
  TABLE_LIST_PAGE_SIZE,
  type TableInfo,
  type TableListStatus,
} from "@tt/protocol";
import { and, desc, eq, or, sql } from "drizzle-orm";
import {
  type Actor,
  isProjectAdmin,
  mayCreateDemoInvite,
  mayDeleteTable,
  mayListTable,
  mayStartTable,
  mayViewProject,
  seesHiddenOptions,
} from "../auth/permissions";
import type { Db } from "../db/connect";
import { projects, type SeatRow, tables, users } from "../db/schema";
import { firstIssue, HttpError } from "../http/errors";
import { deckInfosOf, decksOf } from "../projects/decks";
import { type ProjectRow, possibleColors, projectOptions } from "../projects/load";
import { newInvitePwd, newTableId, shuffled } from "./ids";
import { type TableRow, tableInfos } from "./tableInfo";

// Table life in the lobby (platform-lobby-accounts.md sections 2-6): create, list, join, leave,
// start, erase. Every function checks permission itself; routes only parse and answer.

/**
 * A table as its lobby events need it: who may hear of it. A private table is listed only to its
 * creator and the project admins (listTables), so its events go only to them and its seated players.
 */
export interface LobbyTable {
  id: string;
  isPrivate: boolean;
  /**
   * The creator's user name, which only a private table's events need (they go to the creator's
   * tabs); null when not needed or the account is gone.
   */
  creator: string | null;
  /** Every user name seated at the table now (after a join or a leave). */
  seated: string[];
}

/**
 * A new table's tile twice: as everyone may see it (the lobby room is many users) and as its creator
 * may see it (hidden options when the creator is privileged).
 */
export interface NewTableTiles {
  everyone: TableInfo;
  creator: TableInfo;
}

export interface LobbyNotifier {
  tableCreated(project: ProjectRow, table: LobbyTable, tiles: NewTableTiles): void;
  tableRemoved(project: ProjectRow, table: LobbyTable): void;
  playerJoined(project: ProjectRow, table: LobbyTable, color: string, username: string): void;
  playerLeft(project: ProjectRow, table: LobbyTable, color: string, username: string): void;
  tableStarted(project: ProjectRow, table: LobbyTable, startedBy: string | null): void;
}

/** The tiles of a new table (NewTableTiles); one form when the creator sees no more than everyone. */
export async function newTableTiles(
  db: Db,
  project: ProjectRow,
  row: TableRow,
  creatorPrivileged: boolean,
): Promise<NewTableTiles> {
  const [creator] = await tableInfos(db, project, [row], creatorPrivileged);
  const [everyone] = creatorPrivileged ? await tableInfos(db, project, [row], false) : [creator];
  return { everyone: everyone!, creator: creator! };
}

type LobbyRow = Pick<TableRow, "id" | "isPrivate" | "creatorId" | "seats">;

/**
 * A row as its lobby events need it. The creator's name is the actor's, or looked up for a private
 * table only (a public table's events go to the lobby room, so a join costs no query).
 */
export async function lobbyTableOf(db: Db, actor: Actor, row: LobbyRow): Promise<LobbyTable> {
  let creator: string | null = row.creatorId === actor.id ? actor.username : null;
  if (creator === null && row.isPrivate) {
    const [user] = await db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, row.creatorId));
    creator = user?.username ?? null;
  }
  return {
    id: row.id,
    isPrivate: row.isPrivate,
    creator,
    seated: row.seats.flatMap((s) => (s.username ? [s.username] : [])),
  };
}

async function tableOf(db: Db, project: ProjectRow, tableId: string): Promise<TableRow> {
  const [row] = await db
    .select()
    .from(tables)
    .where(and(eq(tables.id, tableId), eq(tables.projectSlug, project.slug)));
  if (!row) throw new HttpError(404, "Table not found.");
  return row;
}

export async function createTable(
  db: Db,
  notify: LobbyNotifier,
  actor: Actor,
  project: ProjectRow,
  body: unknown,
): Promise<TableInfo> {
  const parsed = newTableRequestSchema.safeParse(body);
  if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
  const req = parsed.data;
  if (req.tableMode === "demo-invite" && !mayCreateDemoInvite(actor, project)) {
    throw new HttpError(403, "Demo Invite tables are for admins, staff, designers and mods of this project.");
  }
  const privileged = seesHiddenOptions(actor, project);
  const options = resolveOptionValues(projectOptions(project), req.start_position.options, privileged);
  if (!options.ok) throw new HttpError(400, options.message);

  const colors = possibleColors(project);
  let seats: SeatRow[] = [];
  if (choosesColors(req.tableMode)) {
    const chosen = req.start_position.playerColors ?? colors.slice(0, project.playerMin);
    if (new Set(chosen).size !== chosen.length) throw new HttpError(400, "Each colour can be chosen once.");
    if (chosen.length > Math.min(MAX_PLAYERS, colors.length)) {
      throw new HttpError(400, `This game seats at most ${Math.min(MAX_PLAYERS, colors.length)} players.`);
    }
    const unknown = chosen.find((c) => !colors.includes(c));
    if (unknown) throw new HttpError(400, `This game has no colour '${unknown}'.`);
    seats = chosen.map((color) => ({ color, userId: null, username: null }));
  }

  const id = newTableId();
  const row = await db.transaction(async (tx) => {
    // A user keeps one unstarted table per project: a new one replaces the previous.
    const erased = await tx
      .delete(tables)
      .where(
        and(eq(tables.creatorId, actor.id), eq(tables.projectSlug, project.slug), eq(tables.status, "open")),
      )
      .returning({
        id: tables.id,
        isPrivate: tables.isPrivate,
        creatorId: tables.creatorId,
        seats: tables.seats,
      });
    for (const e of erased) notify.tableRemoved(project, await lobbyTableOf(tx, actor, e));
    const [created] = await tx
      .insert(tables)
      .values({
        id,
        projectSlug: project.slug,
        tableMode: req.tableMode,
        isPrivate: req.isPrivate,
        creatorId: actor.id,
        options: options.values,
        possibleColors: choosesColors(req.tableMode) ? seats.map((s) => s.color) : colors,
        seats,
        componentsVersion: project.componentsVersion,
        ...(req.tableMode === "demo-invite" ? { invitePwd: newInvitePwd() } : {}),
      })
      .returning();
    return created!;
  });
  // A public sandbox starts at once with the creator's colours (spec section 1).
  const final = req.tableMode === "public-sandbox" ? await startRow(db, project, row) : row;
  const tiles = await newTableTiles(db, project, final, privileged);
  const table = await lobbyTableOf(db, actor, final);
  notify.tableCreated(project, table, tiles);
  if (final.status === "midgame") notify.tableStarted(project, table, actor.username);
  return tiles.creator;
}

/** A stored tree as tables use it: with every deck's entries and a no-code project's board (games/src/noCode.ts). */
export function projectTree(
  project: ProjectRow,
  stored: Record<string, unknown> | null,
  decks: Record<string, DeckInfo> = deckInfosOf(decksOf(project)),
): Record<string, unknown> {
  return registry.treeFor(project.slug, stored as ComponentTree | null, decks) as unknown as Record<
    string,
    unknown
  >;
}

/**
 * A fresh start situation for these seats and options with the project's current decks and data
 * sheet, and its component tree unless `components` replaces it (a designer's restart). Start and
 * restart share it, so a restarted table is set up exactly as a new one would be.
 */
export function freshStart(
  project: ProjectRow,
  seats: readonly SeatRow[],
  options: TableRow["options"],
  components: Record<string, unknown> | null = project.components,
) {
  const decks = decksOf(project);
  const infos = deckInfosOf(decks);
  // The table keeps the tree it started on.
  const tree = projectTree(project, components, infos);
  let situation: Situation;
  try {
    situation = registry.startSituation(project.slug, {
      players: seats.map((s) => ({ color: s.color })),
      options,
      seed: randomInt(2 ** 31),
      components: tree as unknown as ComponentTree,
      decks: infos,
      ...(project.dataSheet ? { dataSheet: project.dataSheet as never } : {}),
    });
  } catch (err) {
    throw new HttpError(500, `Could not set up the game: ${(err as Error).message}`);
  }
  return {
    situation,
    decks,
    components: tree,
    activePlayer: activePlayerOf(situation),
  };
}

/** The active player as the lobby tiles store it: one colour, or several joined by commas. */
export function activePlayerOf(situation: Situation): string {
  const active = situation.gameState.current.activePlayer;
  return Array.isArray(active) ? active.join(",") : String(active);
}

async function startRow(db: Db, project: ProjectRow, row: TableRow): Promise<TableRow> {
  // Colour order is randomised at setup; empty sandbox/demo seats stay dummies (Dummy-{colour}).
  const seats = shuffled(row.seats);
  const start = freshStart(project, seats, row.options);
  const [started] = await db
    .update(tables)
    .set({
      status: "midgame",
      startedAt: sql`now()`,
      seats,
      startSituation: start.situation,
      components: start.components,
      activePlayer: start.activePlayer,
      componentsVersion: project.componentsVersion,
      decks: start.decks,
    })
    .where(and(eq(tables.id, row.id), eq(tables.status, "open")))
    .returning();
  if (!started) throw new HttpError(409, "The table has already started.");
  return started;
}

export async function startTable(
  db: Db,
  notify: LobbyNotifier,
  actor: Actor,
  project: ProjectRow,
  tableId: string,
): Promise<TableRow> {
  const row = await tableOf(db, project, tableId);
  if (row.status !== "open") throw new HttpError(409, "The table has already started.");
  if (!mayStartTable(actor, row)) throw new HttpError(403, "Only the creator of the table may start it.");
  if (!choosesColors(row.tableMode) && row.seats.length < project.playerMin) {
    throw new HttpError(
      400,
      `This game needs at least ${project.playerMin} player${project.playerMin === 1 ? "" : "s"}.`,
    );
  }
  const started = await startRow(db, project, row);
  notify.tableStarted(project, await lobbyTableOf(db, actor, started), actor.username);
  return started;
}

export async function joinTable(
  db: Db,
  notify: LobbyNotifier,
  actor: Actor,
  project: ProjectRow,
  tableId: string,
  color: string,
): Promise<void> {
  const joined = await db.transaction(async (tx) => {
    // Row lock: two players clicking the same colour at once cannot both get it.
    const [row] = await tx.select().from(tables).where(eq(tables.id, tableId)).for("update");
    if (!row || row.projectSlug !== project.slug) throw new HttpError(404, "Table not found.");
    if (row.status !== "open") throw new HttpError(409, "You can only join a table that has not started.");
    if (!row.possibleColors.includes(color)) throw new HttpError(400, `This table has no colour '${color}'.`);
    if (row.seats.some((s) => s.userId === actor.id))
      throw new HttpError(409, "You already have a colour at this table.");
    const taken = row.seats.find((s) => s.color === color);
    if (taken && taken.userId !== null) throw new HttpError(409, `${color} is already taken.`);
    const seat = { color, userId: actor.id, username: actor.username };
    const seats = taken
      ? row.seats.map((s) => (s.color === color ? seat : s))
      : [...row.seats, seat].sort(
          (a, b) => row.possibleColors.indexOf(a.color) - row.possibleColors.indexOf(b.color),
        );
    await tx.update(tables).set({ seats }).where(eq(tables.id, tableId));
    return { ...row, seats };
  });
  notify.playerJoined(project, await lobbyTableOf(db, actor, joined), color, actor.username);
}

export async function leaveTable(
  db: Db,
  notify: LobbyNotifier,
  actor: Actor,
  project: ProjectRow,
  tableId: string,
): Promise<void> {
  const left = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(tables).where(eq(tables.id, tableId)).for("update");
    if (!row || row.projectSlug !== project.slug) throw new HttpError(404, "Table not found.");
    if (row.status !== "open") throw new HttpError(409, "You can only leave a table that has not started.");
    const mine = row.seats.find((s) => s.userId === actor.id);
    if (!mine) throw new HttpError(409, "You have no colour at this table.");
    // A chosen (sandbox/demo) seat goes back to being a dummy; a competitive seat frees its colour.
    const seats = choosesColors(row.tableMode)
      ? row.seats.map((s) => (s === mine ? { color: s.color, userId: null, username: null } : s))
      : row.seats.filter((s) => s !== mine);
    await tx.update(tables).set({ seats }).where(eq(tables.id, tableId));
    return { row: { ...row, seats }, color: mine.color };
  });
  notify.playerLeft(project, await lobbyTableOf(db, actor, left.row), left.color, actor.username);
}

export async function eraseTable(
  db: Db,
  notify: LobbyNotifier,
  actor: Actor,
  project: ProjectRow,
  tableId: string,
): Promise<void> {
  const row = await tableOf(db, project, tableId);
  if (!mayDeleteTable(actor, row)) {
    throw new HttpError(
      403,
      row.status === "ended" ? "Ended tables cannot be deleted." : "Only the creator may delete this table.",
    );
  }
  await db.delete(tables).where(eq(tables.id, tableId));
  notify.tableRemoved(project, await lobbyTableOf(db, actor, row));
}

/** Tables where the user holds a seat (jsonb containment on the seats array). */
export const seatedUser = (userId: number) => sql`${tables.seats} @> ${JSON.stringify([{ userId }])}::jsonb`;

/** Recently finished tables of a user across projects, newest first (the profile's infinite scroll). */
export async function finishedTablesOf(
  db: Db,
  actor: Actor,
  userId: number,
  skip: number,
): Promise<TableInfo[]> {
  const rows = await db
    .select({ table: tables, project: projects })
    .from(tables)
    .innerJoin(projects, eq(projects.slug, tables.projectSlug))
    .where(and(eq(tables.status, "ended"), seatedUser(userId)))
    .orderBy(desc(tables.endedAt), desc(tables.createdAt), tables.id)
    .limit(TABLE_LIST_PAGE_SIZE)
    .offset(skip);
  const out: TableInfo[] = [];
  for (const { table, project } of rows) {
    if (!mayViewProject(actor, project) || !mayListTable(actor, project, table)) continue;
    out.push(...(await tableInfos(db, project, [table], seesHiddenOptions(actor, project))));
  }
  return out;
}

export async function listTables(
  db: Db,
  actor: Actor,
  project: ProjectRow,
  status: TableListStatus,
  skip: number,
): Promise<TableInfo[]> {
  const mine = or(eq(tables.creatorId, actor.id), seatedUser(actor.id));
  const admin = isProjectAdmin(actor, project);
  const where =
    status === "my"
      ? and(eq(tables.projectSlug, project.slug), mine)
      : and(
          eq(tables.projectSlug, project.slug),
          eq(tables.status, status),
          admin ? undefined : or(eq(tables.isPrivate, false), eq(tables.creatorId, actor.id)),
        );
  const rows = await db
    .select()
    .from(tables)
    .where(where)
    .orderBy(desc(tables.createdAt), tables.id)
    .limit(TABLE_LIST_PAGE_SIZE)
    .offset(skip);
  const visible = rows.filter((r) => mayListTable(actor, project, r));
  return tableInfos(db, project, visible, seesHiddenOptions(actor, project));
}

export async function countOpenTables(db: Db, actor: Actor, project: ProjectRow): Promise<number> {
  const admin = isProjectAdmin(actor, project);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tables)
    .where(
      and(
        eq(tables.projectSlug, project.slug),
        eq(tables.status, "open"),
        admin ? undefined : or(eq(tables.isPrivate, false), eq(tables.creatorId, actor.id)),
      ),
    );
  return row?.n ?? 0;
}
