import { type ChatMessage, displayOptions, type TableLoadResponse } from "@tt/protocol";
import { asc, eq, getTableColumns, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  type Actor,
  isProjectAdmin,
  isSiteAdmin,
  mayActForAnySeat,
  seesHiddenOptions,
} from "../auth/permissions";
import type { Db } from "../db/connect";
import { preparedFor } from "../db/prepared";
import { projects, tableChat, tables } from "../db/schema";
import type { AppDeps } from "../deps";
import { mayMaintainDecks } from "../projects/adminRules";
import { decksOf } from "../projects/decks";
import { headColumns, type ProjectHead, projectOptions, withDocuments } from "../projects/load";
import { noteGlance } from "../realtime/fullViewGlances";
import { lobbyNotifier } from "../realtime/lobby";
import { presenceOf } from "../realtime/presence";
import { type Io, setTabMembership } from "../realtime/socket";
import { knownFullViewers, tellFullViewers } from "../realtime/table";
import { fullWatchersRoom, tableRoom, viewerRoom } from "../realtime/tableBroadcast";
import { EndedLogs, endedLogTag, tagMatches } from "../tables/endedLogs";
import { anySeatMode, editModeAllowed, type TableHub } from "../tables/hub";
import { DEMO_INVITE, seatByInvite } from "../tables/invite";
import { tableInfos } from "../tables/tableInfo";
import { fullViewIsPrivilege, mayWatchFullView, tableViewers, viewerOf } from "../tables/viewers";
import { findVisibleTable, tableWithProjectQuery, visibleOrNotFound } from "../tables/visible";
import { requireActor } from "./context";
import { firstIssue, HttpError, sendText } from "./errors";
import { type HeavyReadLimits, heavyReads } from "./heavyReads";

type TableParams = { Params: { tableId: string } };

/** Where an ended table's whole log is read, apart from its load (it is stored and cached whole). */
const endedLogPath = (tableId: string) => `/api/table-log/${encodeURIComponent(tableId)}`;

/** Whether an Accept-Encoding header takes gzip (every browser's does). */
function takesGzip(acceptEncoding: string | undefined): boolean {
  return (acceptEncoding ?? "").split(",").some((part) => {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return (name === "gzip" || name === "*") && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** Sheet name -> row count of a data sheet (sheet name -> rows), for the table lobby. */
function sheetOutline(sheet: unknown): Record<string, number> {
  if (sheet === null || typeof sheet !== "object" || Array.isArray(sheet)) return {};
  return Object.fromEntries(
    Object.entries(sheet).map(([name, rows]) => [name, Array.isArray(rows) ? rows.length : 0]),
  );
}

/**
 * The section 6 controls the table page offers this user: the checks their routes and socket handlers
 * make (restart, bind, reload: mayMaintainDecks; invite links: tables/invite.ts; debug tables:
 * tables/admin.ts), so the page never restates who may use them.
 */
function controlsFor(actor: Actor, project: ProjectHead, tableMode: string): TableLoadResponse["controls"] {
  return {
    maintain: mayMaintainDecks(actor, project),
    invite: tableMode === DEMO_INVITE && isProjectAdmin(actor, project),
    debug: isSiteAdmin(actor),
  };
}

const sessionQuery = z.object({ sessionId: z.string().max(100).optional() });
const openQuery = sessionQuery.extend({
  playAsColor: z.string().min(1).max(20).optional(),
  invitePwd: z.string().min(1).max(200).optional(),
  /** 'full': a privileged watcher asks for the full view (viewers.ts decides whether they get it). */
  view: z.enum(["full"]).optional(),
});
const containerQuery = z.object({
  tableId: z.string().min(1).max(50),
  containerId: z.string().min(1).max(200),
});

const { startSituation: _start, ...tableColumnsButStart } = getTableColumns(tables);

/**
 * What table-open reads, four times at every game's start: the table without its start situation
 * (tens of kB; the seat's view comes from the hub) but with the start's data sheet, and the project
 * without its documents (those an open table shows are read after, for open tables only).
 */
const openRowOf = preparedFor((db: Db) =>
  db
    .select({
      table: {
        ...tableColumnsButStart,
        started: sql<boolean>`${tables.startSituation} is not null`,
        startDataSheet: sql<unknown>`${tables.startSituation}->'dataSheet'`,
      },
      project: headColumns,
    })
    .from(tables)
    .innerJoin(projects, eq(projects.slug, tables.projectSlug))
    .where(eq(tables.id, sql.placeholder("tableId")))
    .prepare("tt_table_open"),
);

/**
 * An ended table's log is asked by each of its seats at the end, and at every reload: its status, who
 * may read it, and what its ETag is made of (endedLogs.ts), so a 304 costs this query alone.
 */
const statusOf = preparedFor((db: Db) =>
  tableWithProjectQuery(db, {
    table: {
      id: tables.id,
      status: tables.status,
      rev: tables.rev,
      expectedMoveId: tables.expectedMoveId,
    },
    project: { visibility: projects.visibility, roles: projects.roles },
  })
    .where(eq(tables.id, sql.placeholder("tableId")))
    .prepare("tt_table_status"),
);

/** A closing tab leaves the rooms of the table's viewers (each seat's tab, at every game's end). */
const seatsOf = preparedFor((db: Db) =>
  db
    .select({ seats: tables.seats })
    .from(tables)
    .where(eq(tables.id, sql.placeholder("tableId")))
    .prepare("tt_table_seats"),
);

/** A table's chat, in order: every tab reads it as it opens the table (four times a game's start). */
const chatOf = preparedFor((db: Db) =>
  db
    .select()
    .from(tableChat)
    .where(eq(tableChat.tableId, sql.placeholder("tableId")))
    .orderBy(asc(tableChat.id))
    .prepare("tt_table_chat"),
);

/** The table page's calls (game-table.md section 7): open (the load response) and close. */
export function tableRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  hub: TableHub,
  io: () => Io | undefined,
  limits?: HeavyReadLimits,
): void {
  const { db } = deps.database;
  const lobby = lobbyNotifier(io, () => deps.push);
  const heavyRead = heavyReads(limits);
  /** Ended tables' logs, each serialised once and kept compressed (endedLogs.ts). */
  const endedLogs = new EndedLogs();
  /** The seated players with the table open now, on every instance (realtime/presence.ts). */
  const connectedAt = async (table: { id: string; seats: { userId: number | null }[] }) => {
    const server = io();
    if (!server) return [];
    return presenceOf(server, db, app.log, !deps.config.redisUrl).connected(table.id, table.seats);
  };

  app.get<TableParams>("/api/table-open/:tableId", async (request, reply) => {
    const actor = requireActor(request);
    const read = await heavyRead(actor, reply, true);
    const query = openQuery.safeParse(request.query);
    if (!query.success) throw new HttpError(400, firstIssue(query.error));
    const load = async () => {
      // Private tables open for anyone with the link (spec section 6); closed projects only for members.
      const [found] = await openRowOf(db).execute({ tableId: request.params.tableId.slice(0, 50) });
      return visibleOrNotFound(actor, found);
    };
    let row = await load();
    // An invite link (section 2): playAsColor with the table's invite password seats the opener.
    const { playAsColor, invitePwd } = query.data;
    if (row.table.tableMode === DEMO_INVITE && playAsColor && invitePwd) {
      await seatByInvite(db, lobby, actor, row.project, row.table.id, playAsColor, invitePwd);
      row = await load();
    }
    const { table, project } = row;
    const privileged = seesHiddenOptions(actor, project);
    const [info] = await tableInfos(db, project, [table], privileged);
    const chat = await chatOf(db).execute({ tableId: table.id });
    // Secrets stay on the server: a running table answers with this user's view and its own events;
    // only an ended one reveals its whole log (DESIGN.md 'Hidden information'), read apart from the
    // load (table-log), where it is stored once and a reload is answered 304.
    const ended = table.status === "ended" && table.started;
    let live: TableLoadResponse["live"] = null;
    if (!ended && table.started) {
      const viewer = viewerOf(table, actor, project, query.data.view === "full");
      // The counters come with the row just read: the hub needs no read of its own to trust its cache.
      const { rev, startedAt, expectedMoveId, turnsPlayed, activePlayer, edited } = table;
      const snapshot = await hub.viewerSnapshot(table.id, viewer, -1, {
        rev,
        startedAt,
        expectedMoveId,
        turnsPlayed,
        activePlayer,
        edited,
      });
      const server = io();
      // The full view where the others see less: the players are told before it is answered, and
      // the reader stays listed a while (realtime/fullViewGlances.ts), as a socket watcher is while
      // it watches. Told again only when the list did not have them.
      if (snapshot && server && fullViewIsPrivilege(table, actor, project, viewer)) {
        const listed = knownFullViewers(server, table.id).includes(actor.username);
        noteGlance(server, table.id, actor.username, {
          lapsed: () => void tellFullViewers(server, table.id),
          alone: !deps.config.redisUrl,
        });
        if (!listed) await tellFullViewers(server, table.id);
      }
      if (snapshot)
        live = {
          viewer,
          situation: snapshot.situation,
          events: snapshot.events,
          fullViewers: server ? knownFullViewers(server, table.id) : [],
          mayWatchFull: mayWatchFullView(table, actor, project) && !anySeatMode(table.tableMode),
        };
    }
    // The project's documents only where the table shows them: an open table (and one kept from
    // before tables held their components).
    const documents = table.started && table.components !== null ? null : await withDocuments(db, project);
    const body: TableLoadResponse = {
      tableId: table.id,
      status: table.status as TableLoadResponse["status"],
      tableMode: table.tableMode,
      isPrivate: table.isPrivate,
      projectInfo: {
        slug: project.slug,
        project_name: project.projectName,
        background: project.background,
        overviewCard: project.overviewCard,
        roles: { designer: project.roles.designer ?? [], mod: project.roles.mod ?? [] },
      },
      start_position: null,
      events: [],
      endedLog: ended ? endedLogPath(table.id) : null,
      live,
      chatMessages: chat.map(
        (c): ChatMessage => ({
          username: c.username,
          message: c.message,
          timestamp: c.createdAt.getTime(),
          type: c.type as ChatMessage["type"],
        }),
      ),
      playerColors: info!.playerColors,
      possibleColors: table.possibleColors,
      options: info!.start_position.options,
      optionsDisplay: displayOptions(projectOptions(project), table.options, privileged),
      components: table.components ?? documents!.components,
      // Open tables show the project's decks as they are now; started ones keep theirs.
      decks: decksOf(table.started ? table : documents!),
      dataSheet: sheetOutline(table.started ? table.startDataSheet : documents!.dataSheet),
      yourSeat: table.seats.find((s) => s.userId === actor.id)?.color ?? null,
      editModeAllowed: editModeAllowed(table.tableMode),
      undoAsks: table.undoAsks,
      anySeat: anySeatMode(table.tableMode),
      expected_move_id: table.expectedMoveId,
      isBound: table.isBound,
      controls: controlsFor(actor, project, table.tableMode),
      connectedPlayers: await connectedAt(table),
    };
    // Serialised here, so its bytes are counted against the user's budget.
    const text = JSON.stringify(body);
    read.spend(Buffer.byteLength(text));
    return reply.type("application/json; charset=utf-8").send(text);
  });

  /**
   * An ended table's whole log (the table page reads it after the load, or after watching the end):
   * one stored serialisation per table, gzip-compressed, with an ETag made from the row, so a reload
   * is answered 304 from one light query. Charged to the user's byte budget: the bytes sent, and the
   * log's whole JSON when this call had to make it.
   */
  app.get<TableParams>("/api/table-log/:tableId", async (request, reply) => {
    const actor = requireActor(request);
    // A reload of a log the browser holds is a 304: no bytes, so the byte budget is checked after.
    const read = await heavyRead(actor, reply, false);
    // Only what the check needs: the project's row also holds its decks, components and data sheet.
    const [found] = await statusOf(db).execute({ tableId: request.params.tableId.slice(0, 50) });
    const { table } = visibleOrNotFound(actor, found);
    const notEnded = () => new HttpError(409, "The game has not ended: its log stays on the server.");
    if (table.status !== "ended") throw notEnded();
    const tag = endedLogTag(table);
    // The browser keeps the log and asks again each time (no-cache): private, it is this user's to see.
    reply.header("etag", tag).header("cache-control", "private, no-cache").header("vary", "accept-encoding");
    if (tagMatches(request.headers["if-none-match"], tag)) return reply.code(304).send();
    await read.take(0);
    const answer = await endedLogs.get(table, () => hub.fullLog(table.id));
    if (!answer) throw notEnded();
    // Sending it is taken before it is sent (loads at once take in turn); making it, if this call
    // did, is work done and charged after, so whoever opens a log first still gets it.
    const gzip = takesGzip(request.headers["accept-encoding"]);
    await read.take(gzip ? answer.stored.gzip.length : answer.stored.jsonBytes);
    read.spend(answer.made);
    const sent = gzip ? answer.stored.gzip : await EndedLogs.json(answer.stored);
    reply.type("application/json; charset=utf-8");
    if (gzip) reply.header("content-encoding", "gzip");
    return reply.send(sent);
  });

  // Right-click on a deck or bank shows what it holds (game-table.md section 7).
  app.get("/api/container-content", async (request) => {
    const actor = requireActor(request);
    const q = containerQuery.safeParse(request.query);
    if (!q.success) throw new HttpError(400, firstIssue(q.error));
    const row = await findVisibleTable(db, actor, q.data.tableId);
    // A deck's order is hidden information: its contents are for whoever may fix the table in edit
    // mode (a seated player where edit mode is allowed, anyone in sandbox modes), or after the end.
    const seated = row.table.seats.some((s) => s.userId === actor.id);
    const mayLook =
      row.table.status === "ended" ||
      (editModeAllowed(row.table.tableMode) &&
        (seated || (anySeatMode(row.table.tableMode) && mayActForAnySeat(actor, row.table))));
    if (!mayLook) throw new HttpError(403, "Deck contents can be seen in edit mode only.");
    // What the caller may see of it, decided here: edit mode shows no more than the seat sees (a
    // look through a hidden pile is a logged move of its own, 'look').
    const viewer = viewerOf(row.table, actor, row.project, false);
    const contents = await hub.containerView(q.data.tableId, viewer, q.data.containerId);
    if (!contents) throw new HttpError(404, "No deck or bank with that id at this table.");
    return contents;
  });

  app.get<TableParams>("/api/table-close/:tableId", async (request, reply) => {
    const actor = requireActor(request);
    const q = sessionQuery.safeParse(request.query);
    const server = io();
    if (q.success && q.data.sessionId && server) {
      // Out of the table's room and whichever viewer room the tab was in.
      const [row] = await seatsOf(db).execute({ tableId: request.params.tableId.slice(0, 50) });
      const tableId = request.params.tableId;
      const rooms = [tableRoom(tableId), fullWatchersRoom(tableId)];
      for (const viewer of row ? tableViewers(row) : []) rooms.push(viewerRoom(tableId, viewer));
      for (const room of rooms) setTabMembership(server, actor.username, q.data.sessionId, room, false);
    }
    return sendText(reply, 200, "ok");
  });
}
