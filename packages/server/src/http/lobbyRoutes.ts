import {
  type ProjectDetail,
  type StartTableResponse,
  tableListQuerySchema,
  visibleOptions,
} from "@tt/protocol";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { findUserByName } from "../auth/accounts";
import { isProjectAdmin, mayCreateDemoInvite, maySeeFeedback, seesHiddenOptions } from "../auth/permissions";
import type { AppDeps } from "../deps";
import { TABLE_NOT_FOUND } from "../errors";
import {
  loadProjectFor,
  loadProjectWithDocuments,
  type ProjectHead,
  possibleColors,
  projectOptions,
} from "../projects/load";
import { lobbyNotifier, setLobbyMembership } from "../realtime/lobby";
import type { Io } from "../realtime/socket";
import { botPlayOffer } from "../tables/botGame";
import {
  countOpenTables,
  createTable,
  eraseTable,
  finishedTablesOf,
  joinTable,
  leaveTable,
  listTables,
  startTable,
  tableTile,
} from "../tables/service";
import { requireActor } from "./context";
import { firstIssue, HttpError, sendText } from "./errors";

type SlugParams = { Params: { slug: string } };
type TableParams = { Params: { slug: string; tableId: string } };

const detailQuery = z.object({
  status: z.string().max(20).optional(),
  sessionId: z.string().max(100).optional(),
});

const tableIdParams = z.object({ tableId: z.string().min(1).max(50, TABLE_NOT_FOUND) });

export function lobbyRoutes(app: FastifyInstance, deps: AppDeps, io: () => Io | undefined): void {
  const { db } = deps.database;
  const notify = lobbyNotifier(io, () => deps.push);

  app.get<SlugParams>("/api/projects/get-project-detail/:slug", async (request) => {
    const actor = requireActor(request);
    const project = await loadProjectFor(db, request.params.slug, actor);
    const query = detailQuery.safeParse(request.query);
    if (!query.success) throw new HttpError(400, firstIssue(query.error));
    // Opening the lobby with this tab's session id subscribes that tab to the live lobby events.
    if (query.data.sessionId) {
      const admin = isProjectAdmin(actor, project);
      setLobbyMembership(io(), actor.username, query.data.sessionId, project.slug, true, admin);
    }
    return projectDetail(project, actor, await countOpenTables(db, actor, project));
  });

  app.get<SlugParams>("/api/leave-lobby/:slug", async (request, reply) => {
    const actor = requireActor(request);
    const sessionId = z
      .string()
      .max(100)
      .safeParse((request.query as { sessionId?: unknown }).sessionId);
    if (sessionId.success)
      setLobbyMembership(io(), actor.username, sessionId.data, request.params.slug, false);
    return sendText(reply, 200, "ok");
  });

  app.get("/api/get-table-list/", async (request) => {
    const actor = requireActor(request);
    const query = tableListQuerySchema.safeParse(request.query);
    if (!query.success) throw new HttpError(400, firstIssue(query.error));
    if (query.data.username !== undefined) {
      // The profile's list: a user's finished tables across projects.
      if (query.data.status !== "ended") throw new HttpError(400, "A user's table list has status=ended.");
      const user = await findUserByName(db, query.data.username);
      if (!user) throw new HttpError(404, "User not found.");
      return finishedTablesOf(db, actor, user.id, query.data.skip);
    }
    if (!query.data.projectSlug) throw new HttpError(400, "projectSlug is required.");
    const project = await loadProjectFor(db, query.data.projectSlug, actor);
    return listTables(db, actor, project, query.data.status, query.data.skip);
  });

  // One table's tile: the table page's pre-start lobby offers its seats with it (the shared link).
  app.get<{ Params: { tableId: string } }>("/api/get-table-tile/:tableId", async (request) => {
    const actor = requireActor(request);
    const params = tableIdParams.safeParse(request.params);
    if (!params.success) throw new HttpError(400, firstIssue(params.error));
    return tableTile(db, actor, params.data.tableId);
  });

  app.post<SlugParams>("/api/projects/:slug/new-table", async (request) => {
    const actor = requireActor(request);
    const project = await loadProjectFor(db, request.params.slug, actor);
    return createTable(db, notify, actor, project, request.body);
  });

  app.post<TableParams>(
    "/api/projects/:slug/:tableId/start-table",
    async (request): Promise<StartTableResponse> => {
      const actor = requireActor(request);
      const project = await loadProjectWithDocuments(db, request.params.slug, actor);
      const row = await startTable(db, notify, actor, project, request.params.tableId, deps.config.bots.caps);
      return { tableId: row.id, status: row.status };
    },
  );

  app.get<TableParams & { Querystring: { color?: string } }>(
    "/api/projects/:slug/join-table/:tableId",
    async (request, reply) => {
      const actor = requireActor(request);
      const project = await loadProjectFor(db, request.params.slug, actor);
      const color = z.string().min(1, "Choose a colour.").max(20).safeParse(request.query.color);
      if (!color.success) throw new HttpError(400, firstIssue(color.error));
      await joinTable(db, notify, actor, project, request.params.tableId, color.data);
      return sendText(reply, 200, `Joined as ${color.data}`);
    },
  );

  app.get<TableParams>("/api/projects/:slug/leave-table/:tableId", async (request, reply) => {
    const actor = requireActor(request);
    const project = await loadProjectFor(db, request.params.slug, actor);
    await leaveTable(db, notify, actor, project, request.params.tableId);
    return sendText(reply, 200, "Left the table");
  });

  app.get<TableParams>("/api/projects/:slug/erase-table/:tableId", async (request, reply) => {
    const actor = requireActor(request);
    const project = await loadProjectFor(db, request.params.slug, actor);
    await eraseTable(db, notify, actor, project, request.params.tableId);
    return sendText(reply, 200, "Table erased");
  });
}

function projectDetail(
  project: ProjectHead,
  actor: Parameters<typeof isProjectAdmin>[0],
  openTableCount: number,
): ProjectDetail {
  const admin = isProjectAdmin(actor, project);
  const hidden = seesHiddenOptions(actor, project);
  const changeLog = (project.changeLog as ProjectDetail["changeLog"]).filter(
    (v) => admin || !v.version.startsWith("__"),
  );
  return {
    slug: project.slug,
    project_name: project.projectName,
    designer: project.designer,
    description: project.description,
    visibility: project.visibility,
    boxImage: project.boxImage,
    background: project.background,
    changeLog,
    options: visibleOptions(projectOptions(project), hidden),
    playerColors: possibleColors(project),
    players: { min: project.playerMin, max: project.playerMax },
    roles: { designer: project.roles.designer ?? [], mod: project.roles.mod ?? [] },
    openTableCount,
    botPlay: botPlayOffer(project),
    permissions: {
      projectAdmin: admin,
      feedback: maySeeFeedback(actor, project),
      hiddenOptions: hidden,
      demoInvite: mayCreateDemoInvite(actor, project),
    },
  };
}
