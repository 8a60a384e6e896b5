import { displayOptions, type TableInfo, type UserInfo, visibleOptionValues } from "@tt/protocol";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/connect";
import { preparedFor } from "../db/prepared";
import { badges, tables, userBadges, users } from "../db/schema";
import { type ProjectHead, projectOptions } from "../projects/load";
import { botName } from "./botKinds";

export type TableRow = typeof tables.$inferSelect;
/** A table's whole row by id: read at every join, leave and start, and at a table's first load into the hub. */
export const tableRowById = preparedFor((db: Db) =>
  db
    .select()
    .from(tables)
    .where(eq(tables.id, sql.placeholder("id")))
    .prepare("tt_table_row"),
);

/** What a tile is made of: a table row, its start situation not needed (nor read by table-open). */
export type TileRow = Omit<TableRow, "startSituation">;

/** Users by id as tiles and profiles show them: name and badges. */
export type People = Map<number, UserInfo>;

/** Every tile and table-open asks it (five times a game's start): prepared once, the ids one array. */
const peopleOfIds = preparedFor((db: Db) =>
  db
    .select({
      id: users.id,
      username: users.username,
      badge: badges.name,
      displayName: badges.displayName,
      description: badges.description,
    })
    .from(users)
    .leftJoin(userBadges, eq(userBadges.userId, users.id))
    .leftJoin(badges, eq(badges.name, userBadges.badgeName))
    .where(sql`${users.id} = any(${sql.placeholder("ids")}::int[])`)
    .prepare("tt_people"),
);

/** Users' names and badges in one query, keyed by user id (an unknown id is left out). */
export async function peopleById(db: Db, userIds: Iterable<number>): Promise<People> {
  const ids = [...new Set(userIds)];
  const people: People = new Map();
  if (ids.length === 0) return people;
  const found = await peopleOfIds(db).execute({ ids });
  for (const r of found) {
    let person = people.get(r.id);
    if (person === undefined) {
      person = { username: r.username, badges: [] };
      people.set(r.id, person);
    }
    // A left join's badge columns are all null or all set (the badge's are NOT NULL).
    if (r.badge !== null)
      person.badges.push({
        name: r.badge,
        displayName: r.displayName ?? "",
        description: r.description ?? "",
      });
  }
  return people;
}

/** The users behind table rows (creators and seat holders). */
export function peopleOf(db: Db, rows: readonly Pick<TableRow, "creatorId" | "seats">[]): Promise<People> {
  return peopleById(
    db,
    rows.flatMap((r) => [r.creatorId, ...r.seats.flatMap((s) => (s.userId === null ? [] : [s.userId]))]),
  );
}

/**
 * Table rows as tiles and lobby events show them, with creators and seat holders resolved in one query.
 * `privileged`: whether every reader sees hidden options (seesHiddenOptions); else hidden options and
 * hidden values are left out of both the values and their display.
 */
export async function tableInfos(
  db: Db,
  project: ProjectHead,
  rows: TileRow[],
  privileged: boolean,
): Promise<TableInfo[]> {
  return tilesOf(await peopleOf(db, rows), project, rows, privileged);
}

/** tableInfos with the people already read (peopleOf): no query. */
export function tilesOf(
  people: People,
  project: ProjectHead,
  rows: TileRow[],
  privileged: boolean,
): TableInfo[] {
  const userInfo = (id: number): UserInfo => people.get(id) ?? { username: "(deleted user)", badges: [] };
  const options = projectOptions(project);
  return rows.map((r) => ({
    tableId: r.id,
    status: r.status as TableInfo["status"],
    tableMode: r.tableMode,
    creator: userInfo(r.creatorId),
    createdTime: r.createdAt.toISOString(),
    isPrivate: r.isPrivate,
    expected_move_id: r.expectedMoveId,
    numPlayers: r.seats.length,
    playerColors: r.seats.map((s) => ({
      color: s.color,
      userInfo: s.userId !== null ? userInfo(s.userId) : null,
      nonuser: s.userId === null,
      ...(s.bot === undefined ? {} : { bot: botName(r.projectSlug, s.bot) }),
    })),
    possibleColors: r.possibleColors,
    tableTileStats: r.tileStats as TableInfo["tableTileStats"],
    start_position: {
      options: visibleOptionValues(options, r.options, privileged),
      numPlayers: r.seats.length,
    },
    options: displayOptions(options, r.options, privileged),
    projectInfo: { slug: project.slug, project_name: project.projectName },
    activePlayer: r.activePlayer,
    turnsPlayed: r.turnsPlayed,
    edited: r.edited,
  }));
}
