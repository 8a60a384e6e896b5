import { randomInt } from "node:crypto";
import type { ComponentTree, DeckInfo, Situation } from "@tt/engine";
import { piecesOf, registry } from "@tt/games";
import {
  choosesColors,
  MAX_PLAYERS,
  needsPlayersMessage,
  newTableRequestSchema,
  resolveOptionValues,
  TABLE_LIST_PAGE_SIZE,
  type TableInfo,
  type TableListStatus,
} from "@tt/protocol";
import { and, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import {
  type Actor,
  isProjectAdmin,
  mayCreateDemoInvite,
  mayDeleteTable,
  mayStartTable,
  mayViewProject,
  seesHiddenOptions,
} from "../auth/permissions";
import type { BotCaps } from "../config";
import { type Db, type NamedStatement, runNamed } from "../db/connect";
import { projects, type SeatRow, tables, users } from "../db/schema";
import { DomainError, firstIssue, TABLE_NOT_FOUND } from "../errors";
import { deckInfosOf, decksOf } from "../projects/decks";
import {
  type ProjectHead,
  type ProjectRow,
  possibleColors,
  projectOptions,
  withDocuments,
} from "../projects/load";
import { startUnderBotCaps } from "./botCaps";
import { newInvitePwd, newTableId, shuffled } from "./ids";
import { anySeatMode } from "./seats";
import { peopleOf, type TableRow, tableInfos, tableRowById, tilesOf } from "./tableInfo";
import { tileStatsOf } from "./tileStats";
import { findVisibleTable } from "./visible";

// Table life in the lobby (platform-lobby-accounts.md sections 2-6): create, list, join, leave,
// start, erase. Every function checks permission itself; routes only parse and answer.

/**
 * A table as its lobby events need it: who may hear of it. A private table is listed only to its
 * creator, its seated players and the project admins (listableBy), so its events go only to them (and
 * to the tabs that opened its page by the link).
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
  tableCreated(project: ProjectHead, table: LobbyTable, tiles: NewTableTiles): void;
  tableRemoved(project: ProjectHead, table: LobbyTable): void;
  playerJoined(project: ProjectHead, table: LobbyTable, color: string, username: string): void;
  playerLeft(project: ProjectHead, table: LobbyTable, color: string, username: string): void;
  tableStarted(project: ProjectHead, table: LobbyTable, startedBy: string | null): void;
}

/** The tiles of a new table (NewTableTiles); one form when the creator sees no more than everyone. */
export async function newTableTiles(
  db: Db,
  project: ProjectHead,
  row: TableRow,
  creatorPrivileged: boolean,
): Promise<NewTableTiles> {
  const people = await peopleOf(db, [row]);
  const [creator] = tilesOf(people, project, [row], creatorPrivileged);
  const [everyone] = creatorPrivileged ? tilesOf(people, project, [row], false) : [creator];
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

async function tableOf(db: Db, project: ProjectHead, tableId: string): Promise<TableRow> {
  const [row] = await tableRowById(db).execute({ id: tableId });
  if (!row || row.projectSlug !== project.slug) throw new DomainError("not-found", TABLE_NOT_FOUND);
  return row;
}

/**
 * An open table's seats, written only if they are still those read (jsonb equality: a compare-and-set).
 * Joins and leaves take no row lock and no transaction: one read and this one write, where a lock was
 * four statements (begin, select for update, update, commit) at each of a game's joins.
 */
const SEATS_IF_UNCHANGED: NamedStatement = {
  name: "tt_seats_if_unchanged",
  text: `UPDATE tables SET seats = $3::jsonb WHERE id = $1 AND status = 'open' AND seats = $2::jsonb RETURNING id`,
};

/** How often a seat change reads again after losing a race before it gives up (each loss means someone else's change went in). */
const SEAT_RACE_TRIES = 10;

/**
 * Changes the seats of an open table: `decide` gets the row as read and answers the new seats (or
 * throws the refusal). When another join, leave or the start changed the table between the read and
 * the write, the write does nothing and the change is decided again on the new row: two players who
 * click the same colour at once get it once, two who click different colours both get theirs.
 */
async function changeSeats<T>(
  db: Db,
  project: ProjectHead,
  tableId: string,
  decide: (row: TableRow) => { seats: SeatRow[]; result: T },
): Promise<{ row: TableRow; result: T }> {
  for (let attempt = 0; attempt < SEAT_RACE_TRIES; attempt++) {
    const row = await tableOf(db, project, tableId);
    const { seats, result } = decide(row);
    const written = await runNamed(db, SEATS_IF_UNCHANGED, [
      tableId,
      JSON.stringify(row.seats),
      JSON.stringify(seats),
    ]);
    if (written.length === 1) return { row: { ...row, seats }, result };
  }
  throw new DomainError("conflict", "The table is changing too fast. Try again.");
}

export async function createTable(
  db: Db,
  notify: LobbyNotifier,
  actor: Actor,
  project: ProjectHead,
  body: unknown,
): Promise<TableInfo> {
  const parsed = newTableRequestSchema.safeParse(body);
  if (!parsed.success) throw new DomainError("bad-request", firstIssue(parsed.error));
  const req = parsed.data;
  if (req.tableMode === "demo-invite" && !mayCreateDemoInvite(actor, project)) {
    throw new DomainError(
      "forbidden",
      "Demo Invite tables are for admins, staff, designers and mods of this project.",
    );
  }
  const privileged = seesHiddenOptions(actor, project);
  const options = resolveOptionValues(projectOptions(project), req.start_position.options, privileged);
  if (!options.ok) throw new DomainError("bad-request", options.message);

  const colors = possibleColors(project);
  let seats: SeatRow[] = [];
  if (choosesColors(req.tableMode)) {
    const chosen = req.start_position.playerColors ?? colors.slice(0, project.playerMin);
    if (new Set(chosen).size !== chosen.length)
      throw new DomainError("bad-request", "Each colour can be chosen once.");
    if (chosen.length > Math.min(MAX_PLAYERS, colors.length)) {
      throw new DomainError(
        "bad-request",
        `This game seats at most ${Math.min(MAX_PLAYERS, colors.length)} players.`,
      );
    }
    const unknown = chosen.find((c) => !colors.includes(c));
    if (unknown) throw new DomainError("bad-request", `This game has no colour '${unknown}'.`);
    seats = chosen.map((color) => ({ color, userId: null, username: null }));
  } else if (req.seatCreator && colors[0] !== undefined) {
    // The lobby seats the creator at the first colour (issue 37 point 7); nobody else knows the table yet.
    seats = [{ color: colors[0], userId: actor.id, username: actor.username }];
  }

  const id = newTableId();
  const { row, removed } = await db.transaction(async (tx) => {
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
    const removed: LobbyTable[] = [];
    for (const e of erased) removed.push(await lobbyTableOf(tx, actor, e));
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
        // Opponents are asked at tables with seats of their own; at a sandbox anyone plays every colour.
        undoAsks: req.undoAsks && !anySeatMode(req.tableMode),
        ...(req.tableMode === "demo-invite" ? { invitePwd: newInvitePwd() } : {}),
      })
      .returning();
    return { row: created!, removed };
  });
  // Told once the replacement is committed: a failed insert rolls the removal back too.
  for (const table of removed) notify.tableRemoved(project, table);
  // A public sandbox starts at once with the creator's colours (spec section 1).
  // No one else knows the table yet (the lobby hears of it below), so its seats cannot have changed.
  const final =
    req.tableMode === "public-sandbox" ? await startRow(db, await withDocuments(db, project), row) : row;
  if (final === null)
    throw new DomainError("conflict", "The table changed before it could start. Try again.");
  const tiles = await newTableTiles(db, project, final, privileged);
  const table = await lobbyTableOf(db, actor, final);
  notify.tableCreated(project, table, tiles);
  if (final.status === "midgame") notify.tableStarted(project, table, actor.username);
  return tiles.creator;
}

/** A stored tree as tables use it: with every deck's entries and a no-code project's board (games/src/noCode.ts). */
export function projectTree(
  project: Pick<ProjectRow, "slug" | "decks">,
  stored: ComponentTree | null,
  decks: Record<string, DeckInfo> = deckInfosOf(decksOf(project)),
): ComponentTree {
  return registry.treeFor(project.slug, stored, decks);
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
  components: ComponentTree | null = project.components,
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
      components: tree,
      decks: infos,
      ...(project.dataSheet ? { dataSheet: project.dataSheet } : {}),
    });
  } catch (err) {
    throw new DomainError("failed", `Could not set up the game: ${(err as Error).message}`);
  }
  return {
    situation,
    decks,
    components: tree,
    activePlayer: activePlayerOf(situation),
    tileStats: startTileStats(project.slug, situation, tree, options),
  };
}

/** The tile's stats of a table's start (or a debug table's fork), read as its turns will read them. */
export function startTileStats(
  slug: string,
  situation: Situation,
  components: ComponentTree | null,
  options: TableRow["options"],
) {
  const pieces = components ? piecesOf(components) : {};
  return tileStatsOf(registry.moduleFor(slug), situation, { pieces, options });
}

/** The active player as the lobby tiles store it: one colour, or several joined by commas. */
export function activePlayerOf(situation: Situation): string {
  const active = situation.gameState.current.activePlayer;
  return Array.isArray(active) ? active.join(",") : String(active);
}

/**
 * Starts an open table with the seats it was read with, or answers null when its seats changed since
 * (a join or leave went in between): the start must not write back seats from before it.
 */
async function startRow(db: Db, project: ProjectRow, row: TableRow): Promise<TableRow | null> {
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
      tileStats: start.tileStats,
      componentsVersion: project.componentsVersion,
      decks: start.decks,
    })
    .where(
      and(
        eq(tables.id, row.id),
        eq(tables.status, "open"),
        sql`${tables.seats} = ${JSON.stringify(row.seats)}::jsonb`,
      ),
    )
    .returning();
  return started ?? null;
}

export async function startTable(
  db: Db,
  notify: LobbyNotifier,
  actor: Actor,
  project: ProjectRow,
  tableId: string,
  botCaps: BotCaps,
): Promise<TableRow> {
  for (let attempt = 0; attempt < SEAT_RACE_TRIES; attempt++) {
    const row = await tableOf(db, project, tableId);
    if (row.status !== "open") throw new DomainError("conflict", "The table has already started.");
    if (!mayStartTable(actor, row))
      throw new DomainError("forbidden", "Only the creator of the table may start it.");
    if (!choosesColors(row.tableMode) && row.seats.length < project.playerMin) {
      // The table page tells this refusal apart (isNeedsPlayersRefusal) and points at seating bots.
      throw new DomainError("bad-request", needsPlayersMessage(project.playerMin));
    }
    // Null: someone joined or left meanwhile, or another start won; read the table again and decide anew.
    // A table with bots starts only within its creator's caps (botCaps.ts).
    const started = await startUnderBotCaps(db, botCaps, row, (tx) => startRow(tx, project, row));
    if (started === null) continue;
    notify.tableStarted(project, await lobbyTableOf(db, actor, started), actor.username);
    return started;
  }
  throw new DomainError("conflict", "The table is changing too fast. Try again.");
}

export async function joinTable(
  db: Db,
  notify: LobbyNotifier,
  actor: Actor,
  project: ProjectHead,
  tableId: string,
  color: string,
): Promise<void> {
  const { row: joined } = await changeSeats(db, project, tableId, (row) => {
    if (row.status !== "open")
      throw new DomainError("conflict", "You can only join a table that has not started.");
    if (!row.possibleColors.includes(color))
      throw new DomainError("bad-request", `This table has no colour '${color}'.`);
    if (row.seats.some((s) => s.userId === actor.id))
      throw new DomainError("conflict", "You already have a colour at this table.");
    const taken = row.seats.find((s) => s.color === color);
    // A bot's seat (tables/bots.ts) is taken too.
    if (taken && (taken.userId !== null || taken.bot !== undefined))
      throw new DomainError("conflict", `${color} is already taken.`);
    const seat = { color, userId: actor.id, username: actor.username };
    const seats = taken
      ? row.seats.map((s) => (s.color === color ? seat : s))
      : [...row.seats, seat].sort(
          (a, b) => row.possibleColors.indexOf(a.color) - row.possibleColors.indexOf(b.color),
        );
    return { seats, result: null };
  });
  notify.playerJoined(project, await lobbyTableOf(db, actor, joined), color, actor.username);
}

export async function leaveTable(
  db: Db,
  notify: LobbyNotifier,
  actor: Actor,
  project: ProjectHead,
  tableId: string,
): Promise<void> {
  const left = await changeSeats(db, project, tableId, (row) => {
    if (row.status !== "open")
      throw new DomainError("conflict", "You can only leave a table that has not started.");
    const mine = row.seats.find((s) => s.userId === actor.id);
    if (!mine) throw new DomainError("conflict", "You have no colour at this table.");
    // A chosen (sandbox/demo) seat goes back to being a dummy; a competitive seat frees its colour.
    const seats = choosesColors(row.tableMode)
      ? row.seats.map((s) => (s === mine ? { color: s.color, userId: null, username: null } : s))
      : row.seats.filter((s) => s !== mine);
    return { seats, result: mine.color };
  });
  notify.playerLeft(project, await lobbyTableOf(db, actor, left.row), left.result, actor.username);
}

export async function eraseTable(
  db: Db,
  notify: LobbyNotifier,
  actor: Actor,
  project: ProjectHead,
  tableId: string,
): Promise<void> {
  const row = await tableOf(db, project, tableId);
  if (!mayDeleteTable(actor, row)) {
    throw new DomainError(
      "forbidden",
      row.status === "ended" ? "Ended tables cannot be deleted." : "Only the creator may delete this table.",
    );
  }
  await db.delete(tables).where(eq(tables.id, tableId));
  notify.tableRemoved(project, await lobbyTableOf(db, actor, row));
}

/** Tables where the user holds a seat (jsonb containment on the seats array). */
export const seatedUser = (userId: number) => sql`${tables.seats} @> ${JSON.stringify([{ userId }])}::jsonb`;

/**
 * The tables of a project the actor may see in lists (permissions.ts mayListTable) as a condition:
 * every public table; a private one only when the actor created it or sits at it, unless the actor
 * is a project admin (who sees them all: pass `projectAdmin`). Pages are cut after this condition,
 * so a page holds as many tables as the reader may see, never fewer.
 */
export function listableBy(actor: Actor, projectAdmin: boolean): SQL | undefined {
  if (projectAdmin) return undefined;
  return or(eq(tables.isPrivate, false), eq(tables.creatorId, actor.id), seatedUser(actor.id));
}

/**
 * Recently finished tables of a user across projects, newest first (the profile's infinite scroll).
 * Only tables the reader may see: in a project they may open, and a private one only where they may
 * list it. Both are in the query, so skip and limit count the reader's rows (filtering after the
 * page would make pages short, and a next page would repeat or skip tables).
 */
export async function finishedTablesOf(
  db: Db,
  actor: Actor,
  userId: number,
  skip: number,
): Promise<TableInfo[]> {
  // The projects are few; the permission module decides for each (no second copy of the rules in SQL).
  const all = await db
    .select({ slug: projects.slug, visibility: projects.visibility, roles: projects.roles })
    .from(projects);
  const visible = all.filter((p) => mayViewProject(actor, p)).map((p) => p.slug);
  if (visible.length === 0) return [];
  const adminOf = visible.filter((slug) => isProjectAdmin(actor, all.find((p) => p.slug === slug)!));
  const rows = await db
    .select({ table: tables, project: projects })
    .from(tables)
    .innerJoin(projects, eq(projects.slug, tables.projectSlug))
    .where(
      and(
        eq(tables.status, "ended"),
        seatedUser(userId),
        inArray(tables.projectSlug, visible),
        adminOf.length === visible.length
          ? undefined
          : or(
              listableBy(actor, false),
              adminOf.length > 0 ? inArray(tables.projectSlug, adminOf) : undefined,
            ),
      ),
    )
    .orderBy(desc(tables.endedAt), desc(tables.createdAt), tables.id)
    .limit(TABLE_LIST_PAGE_SIZE)
    .offset(skip);
  // One tile query per project on the page, then back in the page's order.
  const byProject = new Map<string, { project: ProjectHead; rows: TableRow[] }>();
  for (const { table, project } of rows) {
    const group = byProject.get(project.slug) ?? { project, rows: [] };
    group.rows.push(table);
    byProject.set(project.slug, group);
  }
  const tiles = new Map<string, TableInfo>();
  for (const { project, rows: group } of byProject.values()) {
    for (const tile of await tableInfos(db, project, group, seesHiddenOptions(actor, project)))
      tiles.set(tile.tableId, tile);
  }
  return rows.map(({ table }) => tiles.get(table.id)!);
}

export async function listTables(
  db: Db,
  actor: Actor,
  project: ProjectHead,
  status: TableListStatus,
  skip: number,
): Promise<TableInfo[]> {
  const mine = or(eq(tables.creatorId, actor.id), seatedUser(actor.id));
  const where =
    status === "my"
      ? and(eq(tables.projectSlug, project.slug), mine)
      : and(
          eq(tables.projectSlug, project.slug),
          eq(tables.status, status),
          listableBy(actor, isProjectAdmin(actor, project)),
        );
  const rows = await db
    .select()
    .from(tables)
    .where(where)
    .orderBy(desc(tables.createdAt), tables.id)
    .limit(TABLE_LIST_PAGE_SIZE)
    .offset(skip);
  return tableInfos(db, project, rows, seesHiddenOptions(actor, project));
}

export async function countOpenTables(db: Db, actor: Actor, project: ProjectHead): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tables)
    .where(
      and(
        eq(tables.projectSlug, project.slug),
        eq(tables.status, "open"),
        listableBy(actor, isProjectAdmin(actor, project)),
      ),
    );
  return row?.n ?? 0;
}

/**
 * One table's tile (the table page's pre-start lobby shows it, with its join buttons). Whoever may
 * open the project may open any of its tables by id, private ones too (the shared link; spec section
 * 2, private-table notice): the id is the secret, so an unknown id and a table of a project the actor
 * may not open answer alike.
 */
export async function tableTile(db: Db, actor: Actor, tableId: string): Promise<TableInfo> {
  const row = await findVisibleTable(db, actor, tableId);
  const [tile] = await tableInfos(db, row.project, [row.table], seesHiddenOptions(actor, row.project));
  return tile!;
}
