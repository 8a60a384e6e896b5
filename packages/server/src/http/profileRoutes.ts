import { awardBadgeSchema, BADGE_REFUSALS, type Badge, type GameStat, removeBadgeSchema } from "@tt/protocol";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { findUserByName } from "../auth/accounts";
import { type Actor, mayAwardBadges, mayViewProject } from "../auth/permissions";
import { badges, projects, tables, userBadges, users } from "../db/schema";
import type { AppDeps } from "../deps";
import { seatedUser } from "../tables/service";
import { peopleById } from "../tables/tableInfo";
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

  app.get("/api/get-user-game-stats/", async (request): Promise<GameStat[]> => {
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
    return (await peopleById(db, [user.id])).get(user.id)?.badges ?? [];
  });

  // Giving badges: site admins only (the spec names no way; the profile offers it to them).
  const badgeAdmin = (request: Parameters<typeof requireActor>[0]): Actor => {
    const actor = requireActor(request);
    if (!mayAwardBadges(actor)) throw new HttpError(403, BADGE_REFUSALS.notAllowed);
    return actor;
  };

  app.get("/api/badges", async (request): Promise<Badge[]> => {
    badgeAdmin(request);
    return db
      .select({ name: badges.name, displayName: badges.displayName, description: badges.description })
      .from(badges)
      .orderBy(asc(badges.displayName), asc(badges.name));
  });

  app.post("/api/award-badge", async (request): Promise<Badge[]> => {
    badgeAdmin(request);
    const parsed = awardBadgeSchema.safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
    const { username, name, displayName, description } = parsed.data;
    const user = await findUserByName(db, username);
    if (!user) throw new HttpError(404, "User not found.");
    await db.transaction(async (tx) => {
      let shown: string;
      if (displayName !== undefined) {
        // A new badge: its name must be new too (an existing one is chosen from the list instead).
        const created = await tx
          .insert(badges)
          .values({ name, displayName, description: description ?? "" })
          .onConflictDoNothing()
          .returning({ name: badges.name });
        if (created.length === 0)
          throw new HttpError(409, `A badge named '${name}' exists already: choose it from the list.`);
        shown = displayName;
      } else {
        const [found] = await tx
          .select({ displayName: badges.displayName })
          .from(badges)
          .where(eq(badges.name, name));
        if (!found) throw new HttpError(404, `There is no badge named '${name}'.`);
        shown = found.displayName;
      }
      const given = await tx
        .insert(userBadges)
        .values({ userId: user.id, badgeName: name })
        .onConflictDoNothing()
        .returning({ name: userBadges.badgeName });
      if (given.length === 0) throw new HttpError(409, `${user.username} has the badge '${shown}' already.`);
    });
    return (await peopleById(db, [user.id])).get(user.id)?.badges ?? [];
  });

  app.post("/api/remove-badge", async (request): Promise<Badge[]> => {
    badgeAdmin(request);
    const parsed = removeBadgeSchema.safeParse(request.body);
    if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
    const user = await findUserByName(db, parsed.data.username);
    if (!user) throw new HttpError(404, "User not found.");
    const removed = await db
      .delete(userBadges)
      .where(and(eq(userBadges.userId, user.id), eq(userBadges.badgeName, parsed.data.name)))
      .returning({ name: userBadges.badgeName });
    if (removed.length === 0)
      throw new HttpError(404, `${user.username} has no badge named '${parsed.data.name}'.`);
    return (await peopleById(db, [user.id])).get(user.id)?.badges ?? [];
  });
}
