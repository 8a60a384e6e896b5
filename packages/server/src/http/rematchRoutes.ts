import { type RematchLookup, type RematchResponse, rematchParamsSchema } from "@tt/protocol";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../deps";
import { rematchMessage } from "../push";
import { lobbyNotifier } from "../realtime/lobby";
import type { Io } from "../realtime/socket";
import { findRematch, makeRematch } from "../tables/rematch";
import { requireActor } from "./context";
import { firstIssue, HttpError } from "./errors";

// Rematch (issue 37 point 4; tables/rematch.ts): POST makes the rematch of an ended table (or answers
// the one made already) and invites its other players; GET answers it to a player who opens the ended
// table later, so the invitation is still there for whoever was not watching when it was made.

type Params = { Params: { tableId: string } };

function tableIdOf(params: unknown): string {
  const parsed = rematchParamsSchema.safeParse(params);
  if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
  return parsed.data.tableId;
}

export function rematchRoutes(app: FastifyInstance, deps: AppDeps, io: () => Io | undefined): void {
  const { db } = deps.database;
  const notify = lobbyNotifier(io, () => deps.push);

  app.post<Params>("/api/rematch/:tableId", async (request): Promise<RematchResponse> => {
    const actor = requireActor(request);
    const made = await makeRematch(db, notify, actor, tableIdOf(request.params), deps.config.bots.caps);
    if (made.invited.length > 0) {
      // Every tab of theirs hears it (the ended table's page shows the invitation); devices that
      // subscribed to notifications get one too.
      io()
        ?.to(made.invited.map((name) => `user:${name}`))
        .emit("rematch-invite", made.invite);
      void deps.push?.notifyUsers(
        made.invited,
        rematchMessage({
          projectSlug: made.invite.projectSlug,
          projectName: made.projectName,
          tableId: made.invite.tableId,
          by: actor.username,
        }),
      );
    }
    return { ...made.invite, created: made.created };
  });

  app.get<Params>("/api/rematch/:tableId", async (request): Promise<RematchLookup> => {
    const actor = requireActor(request);
    return { rematch: await findRematch(db, actor, tableIdOf(request.params)) };
  });
}
