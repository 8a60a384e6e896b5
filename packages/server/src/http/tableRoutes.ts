import {
  type ChatMessage,
  displayOptions,
  LIMIT_MESSAGES,
  SESSION_CAPS,
  type TableLoadResponse,
  type TableLogResponse,
} from "@tt/protocol";
import { asc, eq, getTableColumns, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import {
  type Actor,
  isProjectAdmin,
  isSiteAdmin,
  mayActForAnySeat,
  seesHiddenOptions,
} from "../auth/permissions";
import type { Rate } from "../config";
import type { Db } from "../db/connect";
import { preparedFor } from "../db/prepared";
import { projects, tableChat, tables } from "../db/schema";
import type { AppDeps } from "../deps";
import { mayMaintainDecks } from "../projects/adminRules";
import { decksOf } from "../projects/decks";
import { headColumns, type ProjectHead, projectOptions, withDocuments } from "../projects/load";
import { lobbyNotifier } from "../realtime/lobby";
import { presenceOf } from "../realtime/presence";
import type { Rates } from "../realtime/rates";
import { type Io, setTabMembership } from "../realtime/socket";
import { knownFullViewers } from "../realtime/table";
import { fullWatchersRoom, tableRoom, viewerRoom } from "../realtime/tableBroadcast";
import { anySeatMode, editModeAllowed, type TableHub } from "../tables/hub";
import { DEMO_INVITE, seatByInvite } from "../tables/invite";
import { tableInfos } from "../tables/tableInfo";
import { mayWatchFullView, tableViewers, viewerOf } from "../tables/viewers";
import { findVisibleTable, tableWithProjectQuery, visibleOrNotFound } from "../tables/visible";
import { requireActor } from "./context";
import { firstIssue, HttpError, sendText } from "./errors";

type TableParams = { Params: { tableId: string } };

/** How many ended tables' log texts are kept for the seats still to ask. */
const LOG_TEXTS_KEPT = 32;

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

/** An ended table's log is asked by each of its seats at the end: its status and who may read it. */
const statusOf = preparedFor((db: Db) =>
  tableWithProjectQuery(db, {
    table: { status: tables.status },
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
  limits?: { rates: Rates; heavyReads: Rate },
): void {
  const { db } = deps.database;
  const lobby = lobbyNotifier(io, () => deps.push);
  /**
   * Table loads answer a table's whole view or log, the heaviest reads there are: twenty in parallel
   * stalled every other user for seconds (issue 20). A bucket per user, on every instance.
   */
  const inFlight = new Map<number, number>();
  const heavyRead = async (actor: Actor, reply: FastifyReply) => {
    if (!limits) return;
    // At most a few at once per user on this process, whatever the bucket holds: a tab loads one
    // table at a time, and parallel loads are what stalled everyone. Counted until the answer is sent.
    const running = inFlight.get(actor.id) ?? 0;
    const allowed =
      running < SESSION_CAPS.heavyReadsInFlight &&
      (await limits.rates.take([{ key: `reads:${actor.id}`, rate: limits.heavyReads }]));
    if (!allowed) {
      reply.header("retry-after", String(Math.max(1, Math.ceil(1 / limits.heavyReads.perSecond))));
      throw new HttpError(429, LIMIT_MESSAGES.readsTooFast);
    }
    inFlight.set(actor.id, (inFlight.get(actor.id) ?? 0) + 1);
    reply.raw.once("close", () => {
      const left = (inFlight.get(actor.id) ?? 1) - 1;
      if (left > 0) inFlight.set(actor.id, left);
      else inFlight.delete(actor.id);
    });
  };
  /**
   * The JSON text of the last full logs the hub answered (it answers the same object until the log
   * grows): the seats of a table that just ended ask within moments of each other. A few only, not one
   * per ended table the hub keeps (a log's text is tens of kilobytes to a megabyte).
   */
  const logTexts = new Map<object, string>();
  /** The seated players with the table open now, on every instance (realtime/presence.ts). */
  const connectedAt = async (table: { id: string; seats: { userId: number | null }[] }) => {
    const server = io();
    if (!server) return [];
    return presenceOf(server, db, app.log, !deps.config.redisUrl).connected(table.id, table.seats);
  };

  app.get<TableParams>("/api/table-open/:tableId", async (request, reply) => {
    const actor = requireActor(request);
    await heavyRead(actor, reply);
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
    // only an ended one reveals its whole log (DESIGN.md 'Hidden information').
    const ended = table.status === "ended" && table.started;
    const log = ended ? await hub.fullLog(table.id) : null;
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
      start_position: log?.start ?? null,
      events: log?.events ?? [],
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
      anySeat: anySeatMode(table.tableMode),
      expected_move_id: table.expectedMoveId,
      isBound: table.isBound,
      controls: controlsFor(actor, project, table.tableMode),
      connectedPlayers: await connectedAt(table),
    };
    return body;
  });

  // An ended table's log, for a page that watched the end (it has everything else already).
  app.get<TableParams>("/api/table-log/:tableId", async (request, reply) => {
    const actor = requireActor(request);
    await heavyRead(actor, reply);
    // Only what the check needs: the project's row also holds its decks, components and data sheet.
    const [found] = await statusOf(db).execute({ tableId: request.params.tableId.slice(0, 50) });
    const { table } = visibleOrNotFound(actor, found);
    if (table.status !== "ended")
      throw new HttpError(409, "The game has not ended: its log stays on the server.");
    const log = await hub.fullLog(request.params.tableId);
    if (!log) throw new HttpError(409, "The game has not ended: its log stays on the server.");
    // Every seat's page asks at the end: the hub answers the same object, serialised once here.
    let text = logTexts.get(log);
    if (text === undefined) {
      const body: TableLogResponse = { start_position: log.start, events: log.events };
      text = JSON.stringify(body);
      logTexts.set(log, text);
      if (logTexts.size > LOG_TEXTS_KEPT) logTexts.delete(logTexts.keys().next().value as object);
    }
    return reply.type("application/json; charset=utf-8").send(text);
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
