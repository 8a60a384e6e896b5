import type { TableInfo } from "@tt/protocol";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../deps";
import { loadProjectWithDocuments } from "../projects/load";
import { lobbyNotifier } from "../realtime/lobby";
import type { Io } from "../realtime/socket";
import { playAgainstBots } from "../tables/botGame";
import { requireActor } from "./context";

// 'Play against bots' from the project lobby (issue 37 point 7): one request makes the table, seats
// the caller, fills the other seats with bots and starts it (tables/botGame.ts). The bots begin once
// the caller opens the table (table-subscribe nudges them): until then nobody is there to play with.

type SlugParams = { Params: { slug: string } };

export function botGameRoutes(app: FastifyInstance, deps: AppDeps, io: () => Io | undefined): void {
  const { db } = deps.database;
  const notify = lobbyNotifier(io, () => deps.push);

  app.post<SlugParams>("/api/projects/:slug/play-against-bots", async (request): Promise<TableInfo> => {
    const actor = requireActor(request);
    // Whoever may open the project may create tables in it (404 alike for a closed or missing one).
    const project = await loadProjectWithDocuments(db, request.params.slug, actor);
    return playAgainstBots(db, notify, actor, project, request.body, deps.config.bots.caps);
  });
}
