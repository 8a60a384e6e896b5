import { type ComponentTree, componentTreeSchema } from "@tt/engine";
import type { ComponentsResponse, PushToProductionResponse } from "@tt/protocol";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { projects, tables } from "../db/schema";
import type { AppDeps } from "../deps";
import { loadAdminProject } from "../projects/admin";
import { mayMaintainDecks } from "../projects/adminRules";
import type { ProjectRow } from "../projects/load";
import { reloadBoundTables, type TableNotifier } from "../tables/admin";
import type { TableHub } from "../tables/hub";
import { projectTree } from "../tables/service";
import { requireActor } from "./context";
import { HttpError, sendText } from "./errors";

// The game implementation (admin-decks-editor.md sections 2 and 7): the component tree has a
// development copy (what the component editor edits) and a production copy (what new tables start
// with). Designers save to development, pull development from the latest table, and push development
// to production, which bumps the components version and records it in the change log (so does a save
// straight to production). Tables bound to the editor take every saved development tree at once.

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

  app.get<SlugParams>("/api/projects/:slug/components", async (request): Promise<ComponentsResponse> => {
    const project = await designer(request);
    const query = componentsQuery.safeParse(request.query);
    if (!query.success) throw new HttpError(400, "development is true or false.");
    const development = query.data.development === "true";
    const stored = development ? (project.devComponents ?? project.components) : project.components;
    // With every deck's entries (and a no-code project's board) filled in, as a table starts on them.
    return {
      components: projectTree(project, stored),
      version: project.componentsVersion,
      development,
    };
  });

  /**
   * Production components are written as a new version, recorded in the change log: by a push of the
   * development components and by a save without ?development=true alike. Answers the new version.
   */
  async function publish(
    request: FastifyRequest<SlugParams>,
    slug: string,
    pick: (row: typeof projects.$inferSelect) => ComponentTree | null,
    how: string,
  ): Promise<number> {
    const by = requireActor(request).username;
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(projects).where(eq(projects.slug, slug)).for("update");
      if (!row) throw new HttpError(404, "Project not found.");
      const components = pick(row);
      if (!components) throw new HttpError(400, "There are no development components to push.");
      const next = row.componentsVersion + 1;
      const entry = {
        version: `components ${next}`,
        date: new Date().toISOString().slice(0, 10),
        notes: `<p>${how} by ${by}.</p>`,
      };
      await tx
        .update(projects)
        .set({ components, componentsVersion: next, changeLog: [...row.changeLog, entry] })
        .where(eq(projects.slug, slug));
      return next;
    });
  }

  // ?development=true saves what the component editor edits; without it the tree goes to production
  // (section 7: the flag is optional), as a new version like a push.
  app.post<SlugParams>("/api/projects/:slug/components", async (request): Promise<ComponentsResponse> => {
    const project = await designer(request);
    const query = componentsQuery.safeParse(request.query);
    if (!query.success) throw new HttpError(400, "development is true or false.");
    const tree = componentTreeSchema.safeParse(request.body);
    if (!tree.success) throw new HttpError(400, tree.error.issues[0]?.message ?? "Not a component tree.");
    if (query.data.development !== "true") {
      const version = await publish(request, project.slug, () => tree.data, "Components saved to production");
      return { components: tree.data, version, development: false };
    }
    await db.update(projects).set({ devComponents: tree.data }).where(eq(projects.slug, project.slug));
    // The tree is stored: the save succeeded whatever happens next. A bound table that cannot take it
    // keeps its components until the next save, and the failure goes to the log, not to the editor.
    const slug = project.slug;
    try {
      await reloadBoundTables(db, hub, notify, slug, projectTree(project, tree.data), (tableId, err) =>
        request.log.error(
          { err, slug, tableId },
          "a bound table did not take the saved development components",
        ),
      );
    } catch (err) {
      request.log.error({ err, slug }, "bound tables were not sent the saved development components");
    }
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
      .set({ devComponents: latest.components })
      .where(eq(projects.slug, project.slug));
    return sendText(reply, 200, "Development components updated from the latest table.");
  });

  app.post<SlugParams>(
    "/api/projects/:slug/push-dev-to-production",
    async (request): Promise<PushToProductionResponse> => {
      const project = await designer(request);
      const version = await publish(
        request,
        project.slug,
        (row) => row.devComponents,
        "Development components pushed to production",
      );
      return { version };
    },
  );
}
