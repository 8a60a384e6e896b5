import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../deps";
import { loadProjectFor } from "../projects/load";
import { lobbyNotifier } from "../realtime/lobby";
import { presenceOf } from "../realtime/presence";
import type { Io } from "../realtime/socket";
import { broadcastPublic } from "../realtime/tableBroadcast";
import { botDriverOf, removeBot, replaceWithBot, seatBot } from "../tables/bots";
import type { TableHub } from "../tables/hub";
import { requireActor } from "./context";
import { sendText } from "./errors";

// Bots at tables (issue 22 point 2): seat one before the start and take it off again (the table's
// creator), replace a player who left with one (the table's admins), within the creator's caps
// (issue 36). Parsing and permissions live in tables/bots.ts. The driver that plays them is handed
// the database and presence from here: it sits below the sockets.

type SlugTableParams = { Params: { slug: string; tableId: string } };

export function botRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  hub: TableHub,
  io: () => Io | undefined,
): void {
  const { db } = deps.database;
  const lobby = lobbyNotifier(io, () => deps.push);
  // The config's settings for every bot of this hub (realtime/table.ts asks for the same driver).
  const { caps } = deps.config.bots;
  const bots = botDriverOf(hub, app.log, deps.config.bots);
  const presence = () => {
    const server = io();
    return server ? presenceOf(server, db, app.log, !deps.config.redisUrl) : undefined;
  };
  bots.attach({
    db,
    // No socket server: nobody can have a table open, and its bots wait.
    watched: async (tableId) => (await presence()?.watched(tableId)) ?? false,
    // A tab that opened the table as it ended loads it again, and finds it ended.
    ended: (row) => {
      const server = io();
      if (server)
        broadcastPublic(server, row.id, "table-event", { tableId: row.id, type: "reload-components" });
    },
  });
  app.addHook("onClose", async () => bots.close());

  app.post<SlugTableParams>("/api/projects/:slug/:tableId/seat-bot", async (request, reply) => {
    const actor = requireActor(request);
    const project = await loadProjectFor(db, request.params.slug, actor);
    await seatBot(db, lobby, actor, project, request.params.tableId, request.body, caps);
    return sendText(reply, 200, "ok");
  });

  app.post<SlugTableParams>("/api/projects/:slug/:tableId/remove-bot", async (request, reply) => {
    const actor = requireActor(request);
    const project = await loadProjectFor(db, request.params.slug, actor);
    await removeBot(db, lobby, actor, project, request.params.tableId, request.body);
    return sendText(reply, 200, "ok");
  });

  app.post<SlugTableParams>("/api/projects/:slug/:tableId/replace-with-bot", async (request, reply) => {
    const actor = requireActor(request);
    const project = await loadProjectFor(db, request.params.slug, actor);
    const server = io();
    const row = await replaceWithBot(
      db,
      hub,
      actor,
      project,
      request.params.tableId,
      request.body,
      (t) => presence()?.connected(t.id, t.seats) ?? Promise.resolve([]),
      caps,
    );
    // The seats are no event of the log: the tabs load the table again, as after a components reload.
    if (server)
      broadcastPublic(server, row.id, "table-event", { tableId: row.id, type: "reload-components" });
    bots.nudge(row.id, row.seats);
    return sendText(reply, 200, "ok");
  });
}
