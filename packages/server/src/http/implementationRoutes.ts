import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppDeps } from "../app";
import { projects, tables } from "../db/schema";
import { loadAdminProject } from "../projects/admin";
import { mayMaintainDecks } from "../projects/adminRules";
import type { ProjectRow } from "../projects/load";
import { componentTreeSchema, reloadBoundTables, type TableNotifier } from "../tables/admin";
import type { TableHub } from "../tables/hub";
import { requireActor } from "./context";
import { HttpError, sendText } from "./errors";

// The game implementation (admin-decks-editor.md sections 2 and 7): the component tree has a
// development copy (what the component editor edits) and a production copy (what new tables start
// with). Designers save to development, pull development from the latest table, and push development
// to production, which bumps the components version and records it in the change log. Tables bound
// to the editor take every saved development tree at once.

type SlugParams = { Params: { slug: string } };

const componentsQuery = z.object({ development: z.enum(["true", "false"]).optional() });

export function implementationRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  hub: TableHub,
  notify: TableNotifier,
): void {
  const { db } = deps.database;

  async function designer(request: FastifyRequest<SlugParams>): Promise<ProjectRow> {
    const actor = requireActor(request);
    const project = await loadAdminProject(db, request.params.slug, actor);
    if (!mayMaintainDecks(actor, project)) {
      throw new HttpError(
        403,
        "Only the project's designers and site admins may change the game implementation.",
      );
    }
    return project;
  }

  app.get<SlugParams>("/api/projects/:slug/components", async (request) => {
    const project = await designer(request);
    const query = componentsQuery.safeParse(request.query);
    if (!query.success) throw new HttpError(400, "development is true or false.");
    const development = query.data.development === "true";
    return {
      components: development ? (project.devComponents ?? project.components) : project.components,
      version: project.componentsVersion,
      development,
    };
  });

  app.post<SlugParams>("/api/projects/:slug/components", async (request) => {
    const project = await designer(request);
    const query = componentsQuery.safeParse(request.query);
    if (!query.success || query.data.development !== "true") {
      throw new HttpError(400, "Save to development (?development=true), then push to production.");
    }
    const tree = componentTreeSchema.safeParse(request.body);
    if (!tree.success) throw new HttpError(400, tree.error.issues[0]?.message ?? "Not a component tree.");
    await db.update(projects).set({ devComponents: tree.data }).where(eq(projects.slug, project.slug));
    await reloadBoundTables(db, hub, notify, project.slug, tree.data);
    return { components: tree.data, version: project.componentsVersion, development: true };
  });

  app.post<SlugParams>("/api/projects/:slug/update-dev-from-latest-table", async (request, reply) => {
    const project = await designer(request);
    const [latest] = await db
      .select({ components: tables.components })
      .from(tables)
      .where(and(eq(tables.projectSlug, project.slug), isNotNull(tables.startedAt)))
      .orderBy(desc(tables.startedAt))
      .limit(1);
    if (!latest?.components) throw new HttpError(404, "No table of this project has started yet.");
    await db
      .update(projects)
      .set({ devComponents: latest.components as Record<string, unknown> })
      .where(eq(projects.slug, project.slug));
    return sendText(reply, 200, "Development components updated from the latest table.");
  });

  app.post<SlugParams>("/api/projects/:slug/push-dev-to-production", async (request) => {
    const project = await designer(request);
    const version = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(projects).where(eq(projects.slug, project.slug)).for("update");
      if (!row?.devComponents) throw new HttpError(400, "There are no development components to push.");
      const next = row.componentsVersion + 1;
      const entry = {
        version: `components ${next}`,
        date: new Date().toISOString().slice(0, 10),
        notes: `<p>Development components pushed to production by ${requireActor(request).username}.</p>`,
      };
      await tx
        .update(projects)
        .set({ components: row.devComponents, componentsVersion: next, changeLog: [...row.changeLog, entry] })
        .where(eq(projects.slug, project.slug));
      return next;
    });
    return { version };
  });
}
