import type { GameOptionDto } from "@tt/protocol";
import { eq, getTableColumns, sql } from "drizzle-orm";
import { type Actor, mayViewProject } from "../auth/permissions";
import type { Db } from "../db/connect";
import { preparedFor } from "../db/prepared";
import { projects } from "../db/schema";
import { DomainError } from "../errors";

export type ProjectRow = typeof projects.$inferSelect;

/**
 * The project's documents that only a table's start, the admin pages and the card tools read: its
 * component trees, decks, data sheet, global assets and feedback form. A designer's data sheet can be
 * megabytes; read and parsed on every lobby call (a join, a tile, a start) it cost every player's
 * request what one designer uploaded.
 */
const DOCUMENTS = [
  "components",
  "devComponents",
  "decks",
  "dataSheet",
  "globalAssets",
  "formQuestions",
] as const;
type Document = (typeof DOCUMENTS)[number];

/** A project as lobby calls read it: every column but its documents (DOCUMENTS). */
export type ProjectHead = Omit<ProjectRow, Document>;

const columns = getTableColumns(projects);
const isDocument = (name: string): name is Document => (DOCUMENTS as readonly string[]).includes(name);
/** The columns of ProjectHead, for reads that join a project's head to something else. */
export const headColumns = Object.fromEntries(
  Object.entries(columns).filter(([name]) => !isDocument(name)),
) as Omit<typeof columns, Document>;
const documentColumns = Object.fromEntries(DOCUMENTS.map((name) => [name, columns[name]])) as Pick<
  typeof columns,
  Document
>;

export function projectOptions(project: ProjectHead): Record<string, GameOptionDto> {
  return project.options as Record<string, GameOptionDto>;
}

/** The colours a table of this project seats: the game's maximum, in the spec's colour order. */
export function possibleColors(project: ProjectHead): string[] {
  return project.playerColors.slice(0, Math.max(0, project.playerMax));
}

/** The project if the actor may open it; one message for a missing and a closed one, so closed projects stay unknown. */
function visibleTo<P extends ProjectHead>(project: P | undefined, actor: Actor): P {
  if (!project || !mayViewProject(actor, project))
    throw new DomainError("not-found", "Project data not found (not authorized?)");
  return project;
}

/** A project without its documents: read by nearly every lobby call (five times a game's start). */
const headOf = preparedFor((db) =>
  db
    .select(headColumns)
    .from(projects)
    .where(eq(projects.slug, sql.placeholder("slug")))
    .prepare("tt_project_head"),
);

/** The project if it exists and the actor may open it, without its documents. */
export async function loadProjectFor(db: Db, slug: string, actor: Actor): Promise<ProjectHead> {
  const [project] = await headOf(db).execute({ slug });
  return visibleTo(project, actor);
}

/** loadProjectFor with the documents, for the calls that set a table up (a start). */
export async function loadProjectWithDocuments(db: Db, slug: string, actor: Actor): Promise<ProjectRow> {
  const [project] = await db.select().from(projects).where(eq(projects.slug, slug));
  return visibleTo(project, actor);
}

/** The documents of a project already read without them (a public sandbox starts at its creation). */
export async function withDocuments(db: Db, project: ProjectHead): Promise<ProjectRow> {
  const [documents] = await db.select(documentColumns).from(projects).where(eq(projects.slug, project.slug));
  if (!documents) throw new DomainError("not-found", "Project data not found (not authorized?)");
  return { ...project, ...documents };
}
