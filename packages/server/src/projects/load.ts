import type { GameOptionDto } from "@tt/protocol";
import { eq } from "drizzle-orm";
import { type Actor, mayViewProject } from "../auth/permissions";
import type { Db } from "../db/connect";
import { projects } from "../db/schema";
import { DomainError } from "../errors";

export type ProjectRow = typeof projects.$inferSelect;

export function projectOptions(project: ProjectRow): Record<string, GameOptionDto> {
  return project.options as Record<string, GameOptionDto>;
}

/** The colours a table of this project seats: the game's maximum, in the spec's colour order. */
export function possibleColors(project: ProjectRow): string[] {
  return project.playerColors.slice(0, Math.max(0, project.playerMax));
}

/** The project if it exists and the actor may open it; one message for both, so closed projects stay unknown. */
export async function loadProjectFor(db: Db, slug: string, actor: Actor): Promise<ProjectRow> {
  const [project] = await db.select().from(projects).where(eq(projects.slug, slug));
  if (!project || !mayViewProject(actor, project))
    throw new DomainError("not-found", "Project data not found (not authorized?)");
  return project;
}
