import { and, desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppDeps } from "../app";
import { findUserByName } from "../auth/accounts";
import { mayViewProject } from "../auth/permissions";
import { projects, tables, users } from "../db/schema";
import { seatedUser } from "../tables/service";
import { badgesOf } from "../tables/tableInfo";
import { requireActor } from "./context";
import { firstIssue, HttpError, sendText } from "./errors";

export const BIO_MAX = 2000;

const userQuery = z.object({
  username: z.string({ error: "username is required." }).min(1, "username is required.").max(100),
});
const bioBody = z.object({ bioText: z.string().max(BIO_MAX, `Bio must be at most ${BIO_MAX} characters.`) });

/** Profile calls (platform-lobby-accounts.md section 7): stats, bio, badges, finished tables. */
export function profileRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps.database;

  const userOf = async (query: unknown) => {
    const parsed = userQuery.safeParse(query);
    if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
    const user = await findUserByName(db, parsed.data.username);
    if (!user) throw new HttpError(404, "User not found.");
    return user;
  };

  app.get("/api/get-user-game-stats/", async (request) => {
    const actor = requireActor(request);
    const user = await userOf(request.query);
    const rows = await db
      .select({
        project_name: projects.projectName,
        visibility: projects.visibility,
        roles: projects.roles,
        amt: sql<number>`count(*)::int`,
      })
      .from(tables)
      .innerJoin(projects, eq(projects.slug, tables.projectSlug))
      // A game whose result edit moves changed (tables.edited) is no played game; it is still listed
      // among the finished tables, marked.
      .where(and(eq(tables.status, "ended"), eq(tables.edited, false), seatedUser(user.id)))
      .groupBy(projects.slug)
      .orderBy(desc(sql`count(*)`), projects.projectName);
    // A closed project's name is not for those outside it, not even on someone's profile.
    return rows
      .filter((r) => mayViewProject(actor, r))
      .map((r) => ({ project_name: r.project_name, amt: r.amt }));
  });

  app.get("/api/user-bio/", async (request, reply) => {
    requireActor(request);
    const user = await userOf(request.query);
    return sendText(reply, 200, user.bio);
  });

  app.post("/api/user-bio/", async (request, reply) => {
    const actor = requireActor(request);
    const user = await userOf(request.query);
    // Only the owner edits a bio; not even admins write words into someone else's mouth.
    if (user.id !== actor.id) throw new HttpError(403, "You can only change your own bio.");
    const parsed = bioBody.safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
    await db.update(users).set({ bio: parsed.data.bioText }).where(eq(users.id, user.id));
    return sendText(reply, 200, "Bio updated");
  });

  app.get("/api/get-user-badges", async (request) => {
    requireActor(request);
    const user = await userOf(request.query);
    return (await badgesOf(db, [user.id])).get(user.id) ?? [];
  });
}
