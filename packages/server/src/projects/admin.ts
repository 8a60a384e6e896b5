import {
  type FormQuestionDto,
  PROJECT_ROLES,
  type ProjectInfo,
  type ProjectInfoUpdate,
  type ProjectRoleName,
} from "@tt/protocol";
import { and, eq, ne } from "drizzle-orm";
import { type Actor, mayViewProject, projectRoleOf } from "../auth/permissions";
import type { Db } from "../db/connect";
import { invitations, projects, tables, users } from "../db/schema";
import { DomainError } from "../errors";
import {
  assignableRoles,
  mayAdministerProject,
  mayArchiveProjectTables,
  mayDeleteProjectData,
  mayMaintainDecks,
  type OptionDefinition,
} from "./adminRules";
import { type ProjectRow, projectOptions } from "./load";
import { sanitizeDescription } from "./projects";

// The project administration page's data and writes (admin-decks-editor.md sections 2-7).

export const NOT_FOUND = "Project not found";
export const NOT_ADMIN = "Only the project's mods and designers and site admins may do this.";

/** The project for an admin call: 404 if it does not exist or the actor may not open it, 403 if not an admin. */
export async function loadAdminProject(db: Db, slug: string, actor: Actor): Promise<ProjectRow> {
  const project = await loadViewableProject(db, slug, actor);
  if (!mayAdministerProject(actor, project)) throw new DomainError("forbidden", NOT_ADMIN);
  return project;
}

/** The project for anyone who may open it: 404 'Project not found' otherwise, as if it did not exist. */
export async function loadViewableProject(db: Db, slug: string, actor: Actor): Promise<ProjectRow> {
  const [project] = await db.select().from(projects).where(eq(projects.slug, slug));
  if (!project || !mayViewProject(actor, project)) throw new DomainError("not-found", NOT_FOUND);
  return project;
}

/**
 * The admin page's data (GET /api/projects/{slug}/admin-info): the options and the feedback form's
 * questions only for those who see the advanced sections (section 6).
 */
export function adminInfo(project: ProjectRow, actor: Actor): ProjectInfo {
  const roles = rolesOf(project);
  const administer = mayAdministerProject(actor, project);
  return {
    slug: project.slug,
    projectName: project.projectName,
    description: project.description,
    visibility: project.visibility,
    roles,
    ...(administer
      ? {
          options: projectOptions(project),
          // Written only by saveFormQuestions, after normaliseQuestions gave each its stored shape.
          formQuestions: project.formQuestions as Record<string, FormQuestionDto>,
        }
      : {}),
    rights: {
      role: actor.role.includes("admin")
        ? "admin"
        : (projectRoleOf(actor, project) as ProjectRoleName | null),
      administer,
      maintain: mayMaintainDecks(actor, project),
      assignableRoles: assignableRoles(actor, project),
      archiveTables: mayArchiveProjectTables(actor, project),
      deleteData: mayDeleteProjectData(actor, project),
    },
  };
}

function rolesOf(project: { roles: Record<string, string[]> }): Record<ProjectRoleName, string[]> {
  return {
    designer: [...(project.roles.designer ?? [])],
    mod: [...(project.roles.mod ?? [])],
    player: [...(project.roles.player ?? [])],
  };
}

export async function updateProjectInfo(
  db: Db,
  project: ProjectRow,
  name: "description" | "visibility",
  value: string,
): Promise<ProjectInfoUpdate> {
  if (name === "visibility") {
    if (!["public", "closed", "unlisted"].includes(value))
      throw new DomainError("bad-request", "Visibility must be public, closed or unlisted.");
    await db.update(projects).set({ visibility: value }).where(eq(projects.slug, project.slug));
    return { name, value };
  }
  const description = sanitizeDescription(value);
  await db.update(projects).set({ description }).where(eq(projects.slug, project.slug));
  return { name, value: description };
}

/** The user a role request names: by user name, or the user who registered with the invite code. */
async function roleTarget(db: Db, username: string, inviteCode: string): Promise<string> {
  let byName: string | undefined;
  if (username) {
    const [u] = await db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.usernameKey, username.toLowerCase()));
    if (!u) throw new DomainError("not-found", `User ${username} not found.`);
    byName = u.username;
  }
  if (!inviteCode) return byName as string;
  const [code] = await db
    .select({ usedBy: invitations.usedBy, username: users.username })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.usedBy))
    .where(eq(invitations.code, inviteCode));
  if (!code) throw new DomainError("not-found", "Unknown invite code.");
  if (!code.username)
    throw new DomainError(
      "bad-request",
      `Nobody has registered with invite code ${inviteCode} yet: add the role once its holder has registered.`,
    );
  if (byName && byName.toLowerCase() !== code.username.toLowerCase())
    throw new DomainError("bad-request", "The user name and the invite code belong to different users.");
  return code.username;
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Adds a member to a role. A user holds one role per project, so an existing role is replaced, which
 * needs the right over that role too (a mod cannot turn a designer into a player).
 */
export async function addRole(
  db: Db,
  actor: Actor,
  project: ProjectRow,
  request: { username: string; inviteCode: string; roleName: ProjectRoleName },
): Promise<string> {
  const allowed = assignableRoles(actor, project);
  if (!allowed.includes(request.roleName))
    throw new DomainError("forbidden", `You may not add a ${request.roleName}.`);
  const target = await roleTarget(db, request.username, request.inviteCode);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ roles: projects.roles })
      .from(projects)
      .where(eq(projects.slug, project.slug))
      .for("update");
    const roles = rolesOf(row ?? project);
    const current = PROJECT_ROLES.find((r) => roles[r].some((n) => sameName(n, target)));
    if (current === request.roleName) return `${target} already is ${request.roleName}.`;
    if (current && !allowed.includes(current))
      throw new DomainError("forbidden", `You may not change the role of a ${current}.`);
    for (const r of PROJECT_ROLES) roles[r] = roles[r].filter((n) => !sameName(n, target));
    roles[request.roleName].push(target);
    await tx.update(projects).set({ roles }).where(eq(projects.slug, project.slug));
    return `${target} added as ${request.roleName}.`;
  });
}

export async function removeRole(
  db: Db,
  actor: Actor,
  project: ProjectRow,
  request: { username: string; roleName: ProjectRoleName },
): Promise<string> {
  if (!assignableRoles(actor, project).includes(request.roleName))
    throw new DomainError("forbidden", `You may not remove a ${request.roleName}.`);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ roles: projects.roles })
      .from(projects)
      .where(eq(projects.slug, project.slug))
      .for("update");
    const roles = rolesOf(row ?? project);
    const member = roles[request.roleName].find((n) => sameName(n, request.username));
    if (!member)
      throw new DomainError("not-found", `${request.username} is not a ${request.roleName} of this project.`);
    roles[request.roleName] = roles[request.roleName].filter((n) => !sameName(n, request.username));
    await tx.update(projects).set({ roles }).where(eq(projects.slug, project.slug));
    return `${member} removed from ${request.roleName}.`;
  });
}

export async function saveFormQuestions(
  db: Db,
  slug: string,
  questions: Record<string, unknown>,
): Promise<void> {
  await db.update(projects).set({ formQuestions: questions }).where(eq(projects.slug, slug));
}

/** Writes one option definition, or deletes the option when `definition` is null. */
export async function saveOption(
  db: Db,
  slug: string,
  optionName: string,
  definition: OptionDefinition | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ options: projects.options })
      .from(projects)
      .where(eq(projects.slug, slug))
      .for("update");
    const options = { ...(row?.options ?? {}) };
    if (definition === null) {
      if (!(optionName in options)) throw new DomainError("not-found", `No option named ${optionName}.`);
      delete options[optionName];
    } else options[optionName] = definition;
    await tx.update(projects).set({ options }).where(eq(projects.slug, slug));
  });
}

/** Archive: every table of the project that has not ended is ended now (moves, chat and feedback stay). */
export async function archiveTables(db: Db, actor: Actor, project: ProjectRow): Promise<string> {
  if (!mayArchiveProjectTables(actor, project)) throw new DomainError("forbidden", NOT_ADMIN);
  const ended = await db
    .update(tables)
    .set({ status: "ended", endedAt: new Date() })
    .where(and(eq(tables.projectSlug, project.slug), ne(tables.status, "ended")))
    .returning({ id: tables.id });
  return `${ended.length} ${ended.length === 1 ? "table" : "tables"} archived.`;
}

/** Delete: every table of the project, with its moves, chat and feedback (the project itself stays). */
export async function deleteTables(db: Db, actor: Actor, project: ProjectRow): Promise<string> {
  if (!mayDeleteProjectData(actor, project))
    throw new DomainError("forbidden", "Only site admins and the project's designers may delete its tables.");
  const gone = await db
    .delete(tables)
    .where(eq(tables.projectSlug, project.slug))
    .returning({ id: tables.id });
  return `${gone.length} ${gone.length === 1 ? "table" : "tables"} deleted with their moves, chat and feedback.`;
}
