import type { InviteLinkResponse } from "@tt/protocol";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../deps";
import { lobbyNotifier } from "../realtime/lobby";
import type { Io } from "../realtime/socket";
import { tableNotifier } from "../realtime/table";
import { createDebugTable, restartTable, setBound } from "../tables/admin";
import type { TableHub } from "../tables/hub";
import { inviteLink } from "../tables/invite";
import { requireActor } from "./context";
import { sendText } from "./errors";

// The table page's admin and designer calls (game-table.md sections 6 and 7). Permissions and
// input checks live in tables/admin.ts and tables/invite.ts.

type SlugTableParams = { Params: { slug: string; tableId: string } };
type DebugParams = { Params: { tableId: string; step: string } };

export function tableAdminRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  hub: TableHub,
  io: () => Io | undefined,
): void {
  const { db } = deps.database;
  const tables = tableNotifier(io);
  const lobby = lobbyNotifier(io, () => deps.push);

  // The spec's client posts with a trailing slash; both forms are the same call.
  for (const path of [
    "/api/projects/:slug/:tableId/restart-table",
    "/api/projects/:slug/:tableId/restart-table/",
  ]) {
    app.post<SlugTableParams>(path, async (request, reply) => {
      const actor = requireActor(request);
      const { slug, tableId } = request.params;
      await restartTable(db, hub, tables, actor, slug, tableId, request.body, deps.config.bots.caps);
      return sendText(reply, 200, "ok");
    });
  }

  for (const [verb, bound] of [
    ["bind", true],
    ["unbind", false],
  ] as const) {
    app.post<SlugTableParams>(`/api/${verb}-table/:tableId/:slug`, async (request, reply) => {
      const actor = requireActor(request);
      await setBound(db, actor, request.params.slug, request.params.tableId, bound);
      return sendText(reply, 200, "ok");
    });
  }

  app.post<DebugParams>("/api/debug-table/:tableId/:step", async (request, reply) => {
    const actor = requireActor(request);
    const path = await createDebugTable(db, hub, lobby, actor, request.params.tableId, request.params.step);
    return sendText(reply, 200, path);
  });

  app.get<{ Params: { tableId: string } }>("/api/invite-link/:tableId", async (request) => {
    const actor = requireActor(request);
    const body: InviteLinkResponse = {
      link: await inviteLink(db, actor, request.params.tableId, request.query),
    };
    return body;
  });
}
