import { shippedGame } from "@tt/games";
import { createProjectSchema, type ProjectListEntry } from "@tt/protocol";
import type { FastifyInstance } from "fastify";
import { isSiteAdmin } from "../auth/permissions";
import { projects } from "../db/schema";
import type { AppDeps } from "../deps";
import { listProjectsFor } from "../projects/projects";
import { requireActor } from "./context";
import { firstIssue, HttpError, isUniqueViolation, sendText } from "./errors";

export function projectRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;

  app.get("/api/get-project-list", async (request) => listProjectsFor(db, requireActor(request)));

  // A site admin starts a new game project; it runs on the default rule modules until a module with
  // its slug ships (game-table.md section 1: unknown game names fall back to default modules).
  app.post("/api/projects/create", async (request) => {
    const actor = requireActor(request);
    if (!isSiteAdmin(actor)) throw new HttpError(403, "Only site admins may create projects.");
    const parsed = createProjectSchema.safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
    const p = parsed.data;
    try {
      const [row] = await db
        .insert(projects)
        .values({ slug: p.slug, projectName: p.projectName, designer: p.designer, visibility: p.visibility })
        .returning();
      request.log.info({ by: actor.username, slug: p.slug }, "project created");
      const entry: ProjectListEntry = {
        slug: row!.slug,
        project_name: row!.projectName,
        visibility: row!.visibility as ProjectListEntry["visibility"],
        designer: row!.designer,
        boxImage: null,
      };
      return entry;
    } catch (err) {
      if (isUniqueViolation(err)) throw new HttpError(409, `A project '${p.slug}' already exists.`);
      throw err;
    }
  });

  // Images shipped with a game's content (box image of the home tile). Public like any static asset:
  // the login page may show them and they hold nothing secret.
  app.get<{ Params: { slug: string; file: string } }>("/game-assets/:slug/:file", async (request, reply) => {
    const images = shippedGame(request.params.slug)?.content.images;
    const { file } = request.params;
    // Own names only: 'constructor' or '__proto__' would find Object's own members (a 500 once).
    const svg = images && Object.hasOwn(images, file) ? images[file] : undefined;
    if (typeof svg !== "string") return sendText(reply, 404, "Not found");
    return reply
      .type("image/svg+xml")
      .header("cache-control", "public, max-age=3600")
      .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg);
  });
}
