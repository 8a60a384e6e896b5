import { and, eq } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { type Actor, mayViewProject, type ProjectAccess } from "../auth/permissions";
import type { Db } from "../db/connect";
import { projects, tables } from "../db/schema";
import { DomainError, TABLE_NOT_FOUND } from "../errors";

// Whoever may open a project may open any of its tables by id, private ones too (the shared link; spec
// section 2, private-table notice): the id is the secret, so an unknown id and a table of a project the
// actor may not open answer alike, 'Table not found.'. Every read of one table by id goes through here.

/**
 * What a caller reads of the table and of its project. The project's part holds at least what
 * mayViewProject checks; a caller on a hot path names only the columns it reads (a table's start and a
 * project's decks, components and sheets are tens to hundreds of kB a row).
 */
export type VisibleSelection = {
  table: typeof tables | Record<string, PgColumn>;
  project: { visibility: typeof projects.visibility; roles: typeof projects.roles };
};

/** The whole table row with the whole project row. */
export const WHOLE_TABLE = { table: tables, project: projects };

/** The table joined to its project: the start of every visible-table read, a prepared one too. */
export function tableWithProjectQuery<S extends VisibleSelection>(db: Db, select: S) {
  return db.select(select).from(tables).innerJoin(projects, eq(projects.slug, tables.projectSlug));
}

/** The row when the actor may open its table's project, else null (no row and no right answer alike). */
export function visibleTo<R extends { project: ProjectAccess }>(
  actor: Actor | null,
  row: R | undefined,
): R | null {
  return row && mayViewProject(actor, row.project) ? row : null;
}

/** The row when the actor may open its table's project, else 'Table not found.' (not-found). */
export function visibleOrNotFound<R extends { project: ProjectAccess }>(
  actor: Actor | null,
  row: R | undefined,
): R {
  const visible = visibleTo(actor, row);
  if (!visible) throw new DomainError("not-found", TABLE_NOT_FOUND);
  return visible;
}

/** The table and its project, or null when there is none the actor may open. */
export async function visibleTable<S extends VisibleSelection = typeof WHOLE_TABLE>(
  db: Db,
  actor: Actor | null,
  tableId: string,
  select?: S,
  /** When given, a table of another project is not found either. */
  projectSlug?: string,
): Promise<SelectResultFields<S> | null> {
  const fields: VisibleSelection = select ?? WHOLE_TABLE;
  const [row] = await tableWithProjectQuery(db, fields).where(
    and(eq(tables.id, tableId), projectSlug === undefined ? undefined : eq(tables.projectSlug, projectSlug)),
  );
  // The join is inner, so every selected part is there: the row is the selection's result.
  return visibleTo(actor, row as unknown as (SelectResultFields<S> & { project: ProjectAccess }) | undefined);
}

/** As visibleTable, refusing with 'Table not found.' (not-found) when there is none the actor may open. */
export async function findVisibleTable<S extends VisibleSelection = typeof WHOLE_TABLE>(
  db: Db,
  actor: Actor | null,
  tableId: string,
  select?: S,
  projectSlug?: string,
): Promise<SelectResultFields<S>> {
  const row = await visibleTable(db, actor, tableId, select, projectSlug);
  if (!row) throw new DomainError("not-found", TABLE_NOT_FOUND);
  return row;
}
