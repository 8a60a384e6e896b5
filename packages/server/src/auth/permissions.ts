// The one place that answers 'may this user do that' (DESIGN.md, Security model).
// Routes and socket handlers call these; the permission tests walk the matrix.

import { siteRoleRank } from "@tt/protocol";

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

/**
 * Nobody hands out more than they hold: an invitation for a role at or below the actor's own (a
 * superadmin invitation only from a superadmin).
 */
export function mayMintRole(actor: Actor | null, role: string): boolean {
  return mayMintInvitations(actor) && siteRoleRank(role) <= siteRoleRank(actor!.role);
}

/**
 * Whether the actor may see an invitation. An unused code above their role would let them register
 * with it and so hold more than they were given; a used one is history (who joined with what role).
 */
export function maySeeInvitation(actor: Actor | null, invitation: { role: string; used: boolean }): boolean {
  return mayMintInvitations(actor) && (invitation.used || mayMintRole(actor, invitation.role));
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

/** 'Stricter admin' (spec section 6): site admins, or a mod or designer of the project. */
export function isProjectAdmin(actor: Actor | null, project: ProjectAccess): boolean {
  if (isSiteAdmin(actor)) return true;
  const role = projectRoleOf(actor, project);
  return role === "designer" || role === "mod";
}

/** 'Full-options visibility': admins and staff, or a mod or designer of the project. */
export function seesHiddenOptions(actor: Actor | null, project: ProjectAccess): boolean {
  return isStaff(actor) || isProjectAdmin(actor, project);
}

/** demo-invite tables are offered to admins, cgestaff, project designers and mods. */
export const mayCreateDemoInvite = seesHiddenOptions;

/** Feedback results: project admins, designers, mods and site admins. */
export const maySeeFeedback = isProjectAdmin;

export interface TableAccess {
  creatorId: number;
  status: string;
  isPrivate: boolean;
}

/**
 * Private tables are listed to their creator, the players seated at them (who joined by the shared
 * link), project mods and admins; they open by link for anyone who may open the project. The lobby
 * lists and the profile put the same rule into their queries (tables/service.ts listableBy), so a page
 * is cut from the rows the reader may see.
 */
export function mayListTable(
  actor: Actor | null,
  project: ProjectAccess,
  table: TableAccess & { seats: readonly { userId: number | null }[] },
): boolean {
  if (!actor) return false;
  return (
    !table.isPrivate ||
    table.creatorId === actor.id ||
    table.seats.some((s) => s.userId === actor.id) ||
    isProjectAdmin(actor, project)
  );
}

/** Badges are given and taken by site admins only: nobody else, not even for themselves. */
export function mayAwardBadges(actor: Actor | null): boolean {
  return isSiteAdmin(actor);
}

/** Delete: the creator of a table that has not ended, or a superadmin any table. */
export function mayDeleteTable(actor: Actor | null, table: TableAccess): boolean {
  if (!actor) return false;
  if (actor.role.includes("superadmin")) return true;
  return table.creatorId === actor.id && table.status !== "ended";
}

/**
 * In the modes where anyone acts for any colour (sandbox, debug), who may: everyone who may watch,
 * except at a private table, which is its creator's (platform spec section 1: a private sandbox is
 * 'seen only by the creator, who plays any colour'). Others who have the link, mods among them,
 * watch and chat. Seats at other tables are the table hub's business.
 */
export function mayActForAnySeat(actor: Actor | null, table: TableAccess): boolean {
  return !!actor && (!table.isPrivate || table.creatorId === actor.id);
}

export function mayStartTable(actor: Actor | null, table: TableAccess): boolean {
  return !!actor && table.creatorId === actor.id && table.status === "open";
}
