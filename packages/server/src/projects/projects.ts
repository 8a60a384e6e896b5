import { type ShippedGame, shippedGames } from "@tt/games";
import type { ProjectListEntry, ProjectVisibility } from "@tt/protocol";
import { eq } from "drizzle-orm";
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

export function gameAssetUrl(slug: string, file: string): string {
  return `/game-assets/${encodeURIComponent(slug)}/${encodeURIComponent(file)}`;
}

/** The content columns of a shipped game; what the seed writes. */
function contentColumns(game: ShippedGame) {
  const c = game.content;
  return {
    projectName: c.projectName,
    designer: c.designer,
    description: sanitizeDescription(c.description),
    boxImage: c.images["box.svg"] ? gameAssetUrl(c.slug, "box.svg") : null,
    background: c.images["background.svg"] ? gameAssetUrl(c.slug, "background.svg") : null,
    options: c.options as Record<string, unknown>,
    changeLog: c.changeLog.map((v) => ({ ...v, notes: sanitizeDescription(v.notes) })),
    components: c.components,
    decks: c.decks as Record<string, unknown>,
    overviewCard: c.overviewCard ? gameAssetUrl(c.slug, c.overviewCard) : null,
    overviewStats: c.overviewStats,
    playerMin: c.players.min,
    playerMax: c.players.max,
  };
}

/**
 * Inserts shipped projects the database does not have yet. With `update`, the shipped content of
 * existing ones is written again (the seed command after an upgrade); visibility and roles set by
 * admins are kept, and a changed component tree gets a new components version.
 */
export async function seedProjects(db: Db, opts: { update?: boolean } = {}): Promise<string[]> {
  const touched: string[] = [];
  for (const game of shippedGames) {
    const slug = game.content.slug;
    const columns = contentColumns(game);
    const inserted = await db
      .insert(projects)
      .values({ slug, visibility: game.content.visibility, ...columns })
      .onConflictDoNothing()
      .returning({ slug: projects.slug });
    if (inserted.length > 0) {
      touched.push(slug);
      continue;
    }
    if (!opts.update) continue;
    const [current] = await db.select().from(projects).where(eq(projects.slug, slug));
    const changed = canonicalJson(current?.components) !== canonicalJson(columns.components);
    await db
      .update(projects)
      .set({ ...columns, componentsVersion: (current?.componentsVersion ?? 0) + (changed ? 1 : 0) })
      .where(eq(projects.slug, slug));
    touched.push(slug);
  }
  return touched;
}

/** JSON with sorted keys: jsonb does not keep key order, so plain JSON.stringify would differ. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

export async function listProjectsFor(db: Db, actor: Actor): Promise<ProjectListEntry[]> {
  const rows = await db
    .select({
      slug: projects.slug,
      projectName: projects.projectName,
      visibility: projects.visibility,
      designer: projects.designer,
      boxImage: projects.boxImage,
      roles: projects.roles,
    })
    .from(projects)
    .orderBy(projects.projectName);
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
