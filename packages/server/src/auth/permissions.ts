// The one place that answers 'may this user do that' (DESIGN.md, Security model).
// Routes and socket handlers call these; the permission tests walk the matrix.

export interface Actor {
  id: number;
  username: string;
  role: string;
}

export interface ProjectAccess {
  visibility: string;
  roles: Record<string, string[]>;
}

export function isSiteAdmin(actor: Actor | null): boolean {
  return !!actor && actor.role.includes("admin");
}

export function isStaff(actor: Actor | null): boolean {
  return !!actor && (actor.role.includes("admin") || actor.role.includes("cgestaff"));
}

export function projectRoleOf(actor: Actor | null, project: ProjectAccess): string | null {
  if (!actor) return null;
  const name = actor.username.toLowerCase();
  for (const role of ["designer", "mod", "player"]) {
    if (project.roles[role]?.some((n) => n.toLowerCase() === name)) return role;
  }
  return null;
}

export function mayMintInvitations(actor: Actor | null): boolean {
  return isSiteAdmin(actor);
}

/** Whether the project may be opened at all (unlisted projects open by link). */
export function mayViewProject(actor: Actor | null, project: ProjectAccess): boolean {
  if (!actor) return false;
  if (project.visibility === "closed") return isSiteAdmin(actor) || projectRoleOf(actor, project) !== null;
  return true;
}

/** Whether the project appears in the home page's game list. */
export function mayListProject(actor: Actor | null, project: ProjectAccess): boolean {
  return project.visibility !== "unlisted" && mayViewProject(actor, project);
}
