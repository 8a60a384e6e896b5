import { shippedProjects } from "@tt/games";
import type { ProjectListEntry, ProjectVisibility } from "@tt/protocol";
import sanitizeHtml from "sanitize-html";
import { type Actor, mayListProject } from "../auth/permissions";
import type { Db } from "../db/connect";
import { projects } from "../db/schema";

/** Designers write HTML descriptions; only formatting survives (no scripts, styles or event handlers). */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: sanitizeHtml.defaults.allowedTags.concat(["img", "h1", "h2", "span"]),
    allowedAttributes: { a: ["href", "title", "target", "rel"], img: ["src", "alt", "width", "height"] },
    allowedSchemes: ["https", "http", "mailto"],
    transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }) },
  });
}

export function boxImageUrl(slug: string): string {
  return `/game-assets/${encodeURIComponent(slug)}/box.svg`;
}

/** Inserts shipped projects that the database does not have yet; edits made by admins are kept. */
export async function seedProjects(db: Db): Promise<void> {
  for (const p of shippedProjects) {
    await db
      .insert(projects)
      .values({
        slug: p.slug,
        projectName: p.projectName,
        designer: p.designer,
        description: sanitizeDescription(p.description),
        visibility: p.visibility,
        boxImage: p.images["box.svg"] ? boxImageUrl(p.slug) : null,
      })
      .onConflictDoNothing();
  }
}

export async function listProjectsFor(db: Db, actor: Actor): Promise<ProjectListEntry[]> {
  const rows = await db.select().from(projects).orderBy(projects.projectName);
  return rows
    .filter((p) => mayListProject(actor, p))
    .map((p) => ({
      slug: p.slug,
      project_name: p.projectName,
      visibility: p.visibility as ProjectVisibility,
      designer: p.designer,
      boxImage: p.boxImage,
    }));
}
