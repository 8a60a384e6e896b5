import { FULL_VIEW, SPECTATOR } from "@tt/engine";
import { type Actor, isProjectAdmin, type ProjectAccess } from "../auth/permissions";
import { anySeatMode } from "./seats";
import type { TableRow } from "./tableInfo";

// Who a user is at a table, as the view they are sent (DESIGN.md 'Hidden information'): the seat
// they hold, a spectator, or the full view. The engine computes each view; this decides whose.

/**
 * Project admins, designers and site admins who hold no seat may watch a running table with the full
 * view; the players are told who does.
 */
export function mayWatchFullView(
  row: Pick<TableRow, "seats">,
  actor: Actor,
  project: ProjectAccess,
): boolean {
  return isProjectAdmin(actor, project) && !row.seats.some((s) => s.userId === actor.id);
}

/**
 * The viewer an actor is at a table. Everyone sees everything once the game has ended, and at
 * sandbox and debug tables, where anyone may play any colour anyway. A seated player sees what their
 * seat may see (a seated designer too); anyone else is a spectator, unless they may and asked to
 * watch with the full view.
 */
export function viewerOf(
  row: Pick<TableRow, "status" | "tableMode" | "seats">,
  actor: Actor,
  project: ProjectAccess,
  wantsFull: boolean,
): string {
  if (row.status === "ended" || anySeatMode(row.tableMode)) return FULL_VIEW;
  const own = row.seats.find((s) => s.userId === actor.id)?.color;
  if (own !== undefined) return own;
  if (wantsFull && mayWatchFullView(row, actor, project)) return FULL_VIEW;
  return SPECTATOR;
}

/**
 * Whether `viewer` is the full view given as a privilege: the actor would see less without asking, so
 * the others at the table see less too and are told who watches with it (on every path that gives it:
 * table-subscribe, table-open?view=full).
 */
export function fullViewIsPrivilege(
  row: Pick<TableRow, "status" | "tableMode" | "seats">,
  actor: Actor,
  project: ProjectAccess,
  viewer: string,
): boolean {
  return viewer === FULL_VIEW && viewerOf(row, actor, project, false) !== FULL_VIEW;
}

/** Every viewer a running table may have: its seats, a spectator, the full view. */
export function tableViewers(row: Pick<TableRow, "seats">): string[] {
  return [...row.seats.map((s) => s.color), SPECTATOR, FULL_VIEW];
}
