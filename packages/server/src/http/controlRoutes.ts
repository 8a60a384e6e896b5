import { timingSafeEqual } from "node:crypto";
import { createInvitationsSchema } from "@tt/protocol";
import type { FastifyInstance } from "fastify";
import { mintInvitations } from "../auth/invitations";
import type { AppDeps } from "../deps";
import { seedProjects } from "../projects/projects";
import { firstIssue, HttpError } from "./errors";

/** Written into DATA_DIR (mode 0600) by a server on the embedded database, for local admin commands. */
export const CONTROL_FILE = "control.json";
export interface ControlFile {
  port: number;
  token: string;
}

/**
 * Local administration while the server holds the embedded database: `npm run invite` proves it may
 * act by a token that only the owner of DATA_DIR can read, and must come from the loopback address.
 */
export function controlRoutes(app: FastifyInstance, deps: AppDeps, token: string): void {
  const expected = Buffer.from(token);
  app.addHook("onRequest", async (request) => {
    if (!request.url.startsWith("/api/control/")) return;
    const given = Buffer.from(String(request.headers["x-control-token"] ?? ""));
    const loopback = request.socket.remoteAddress === "127.0.0.1" || request.socket.remoteAddress === "::1";
    if (!loopback || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new HttpError(403, "Forbidden.");
    }
  });

  app.post("/api/control/seed", async () => seedProjects(deps.database.db, { update: true }));

  app.post("/api/control/invitations", async (request) => {
    const parsed = createInvitationsSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
    return mintInvitations(deps.database.db, {
      ...parsed.data,
      createdBy: null,
      expiryMs: deps.config.inviteExpiryMs,
    });
  });
}
