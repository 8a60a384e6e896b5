import { shippedGame } from "@tt/games";
import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../app";
import { listProjectsFor } from "../projects/projects";
import { requireActor } from "./context";
import { sendText } from "./errors";

export function projectRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;

  app.get("/api/get-project-list", async (request) => listProjectsFor(db, requireActor(request)));

  // Images shipped with a game's content (box image of the home tile). Public like any static asset:
  // the login page may show them and they hold nothing secret.
  app.get<{ Params: { slug: string; file: string } }>("/game-assets/:slug/:file", async (request, reply) => {
    const svg = shippedGame(request.params.slug)?.content.images[request.params.file];
    if (!svg) return sendText(reply, 404, "Not found");
    return reply
      .type("image/svg+xml")
      .header("cache-control", "public, max-age=3600")
      .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg);
  });
}
