import { timingSafeEqual } from "node:crypto";
import { createInvitationsSchema } from "@tt/protocol";
import Fastify from "fastify";
import { mintInvitations } from "../auth/invitations";
import type { Config } from "../config";
import type { Db } from "../db/connect";
import { firstIssue } from "../errors";
import { seedProjects } from "../projects/projects";

/** Written into DATA_DIR (mode 0600) by a server on the embedded database, for local admin commands. */
export const CONTROL_FILE = "control.json";
export interface ControlFile {
  /** The control listener's own port on 127.0.0.1 (never the public one). */
  port: number;
  token: string;
}

/** The control listener's routes, under its own address only. */
export const CONTROL_PATHS = { seed: "/control/seed", invitations: "/control/invitations" } as const;

export interface ControlServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Local administration while the server holds the embedded database (PGlite belongs to one process):
 * `npm run invite` and `npm run seed` reach the running server here. A listener of its own, on the
 * loopback address and an ephemeral port, separate from the public app: no request to the public port,
 * however its path is spelled (percent-encoded, doubled slashes, dot segments), can reach these routes,
 * because they do not exist there. The caller also proves it may act by a token that only the owner of
 * DATA_DIR can read (other users of the machine can reach the loopback address too). Every request to
 * this listener is checked, whatever its path: no decision depends on how the URL is written.
 */
export async function startControlServer(db: Db, config: Config, token: string): Promise<ControlServer> {
  const expected = Buffer.from(token);
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  app.addHook("onRequest", async (request, reply) => {
    const given = Buffer.from(String(request.headers["x-control-token"] ?? ""));
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return reply.code(403).type("text/plain; charset=utf-8").send("Forbidden.");
  });
  app.post(CONTROL_PATHS.seed, async () => seedProjects(db, { update: true }));
  app.post(CONTROL_PATHS.invitations, async (request, reply) => {
    const parsed = createInvitationsSchema.safeParse(request.body ?? {});
    if (!parsed.success)
      return reply.code(400).type("text/plain; charset=utf-8").send(firstIssue(parsed.error));
    return mintInvitations(db, { ...parsed.data, createdBy: null, expiryMs: config.inviteExpiryMs });
  });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  return { port: Number(new URL(address).port), close: () => app.close() };
}
