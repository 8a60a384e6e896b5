import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { type Actor, isProjectAdmin } from "../auth/permissions";
import type { Db } from "../db/connect";
import { tables } from "../db/schema";
import { DomainError, firstIssue, TABLE_NOT_FOUND } from "../errors";
import type { ProjectHead } from "../projects/load";
import { newInvitePwd } from "./ids";
import { type LobbyNotifier, lobbyTableOf } from "./service";
import { findVisibleTable } from "./visible";

// Invite links of demo-invite tables (game-table.md sections 2 and 6): a link per seat carries that
// seat's password; whoever opens it takes that seat, and only that one, if it has no user yet. The
// table keeps one secret (tables.invite_pwd, never sent to anyone); each colour's password is derived
// from it, so a link for red opens no other seat and no password of another seat can be worked out.

export const DEMO_INVITE = "demo-invite";

export const inviteLinkQuery = z.object({
  color: z.string({ error: "Say which colour the link is for (?color=)." }).min(1).max(20),
});

/** The password of the link for `color`: an HMAC of the colour under the table's secret, 144 bits. */
export function seatPassword(tableSecret: string, color: string): string {
  return createHmac("sha256", tableSecret).update(`seat:${color}`).digest("base64url").slice(0, 24);
}

/** Whether two passwords match, in time that does not depend on where they differ. */
function samePassword(given: string, stored: string | null): boolean {
  if (stored === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The table page's address that seats its opener at `color` (section 6: site admins and the
 * project's designers and mods, demo-invite tables only). Tables from before invite passwords get
 * one now.
 */
export async function inviteLink(db: Db, actor: Actor, tableId: string, query: unknown): Promise<string> {
  const { table, project } = await findVisibleTable(db, actor, tableId);
  if (!isProjectAdmin(actor, project)) {
    throw new DomainError(
      "forbidden",
      "Invite links are for site admins and the project's designers and mods.",
    );
  }
  if (table.tableMode !== DEMO_INVITE)
    throw new DomainError("conflict", "Only Demo Invite tables have invite links.");
  const parsed = inviteLinkQuery.safeParse(query);
  if (!parsed.success) throw new DomainError("bad-request", firstIssue(parsed.error));
  const { color } = parsed.data;
  if (!table.possibleColors.includes(color))
    throw new DomainError("bad-request", `This table has no colour '${color}'.`);
  let pwd = table.invitePwd;
  if (pwd === null) {
    // Only where still null: two first requests at once must not hand out two passwords.
    await db
      .update(tables)
      .set({ invitePwd: newInvitePwd() })
      .where(and(eq(tables.id, tableId), isNull(tables.invitePwd)));
    const [row] = await db.select({ pwd: tables.invitePwd }).from(tables).where(eq(tables.id, tableId));
    pwd = row!.pwd!;
  }
  const params = new URLSearchParams({ playAsColor: color, invitePwd: seatPassword(pwd, color) });
  return `/projects/${project.slug}/table/${table.id}?${params}`;
}

/**
 * Opening an invite link: seats the actor at `color` when the password is that seat's and the seat
 * has no user (or is already theirs). Under a row lock, so two people opening links for one seat at once
 * cannot both get it.
 */
export async function seatByInvite(
  db: Db,
  lobby: LobbyNotifier,
  actor: Actor,
  project: ProjectHead,
  tableId: string,
  color: string,
  pwd: string,
): Promise<void> {
  const joined = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(tables).where(eq(tables.id, tableId)).for("update");
    if (!row) throw new DomainError("not-found", TABLE_NOT_FOUND);
    const secret = row.invitePwd;
    if (secret === null) throw new DomainError("forbidden", "Wrong invite password.");
    if (!samePassword(pwd, seatPassword(secret, color))) {
      // A link for another seat of this table: say which, so its holder is not left guessing.
      const linkFor = row.seats.find((s) => samePassword(pwd, seatPassword(secret, s.color)));
      throw new DomainError(
        "forbidden",
        linkFor
          ? `This invite link is for ${linkFor.color}: it cannot seat you as ${color}.`
          : "Wrong invite password.",
      );
    }
    const seat = row.seats.find((s) => s.color === color);
    if (!seat) throw new DomainError("bad-request", `This table has no colour '${color}'.`);
    if (seat.userId === actor.id) return null;
    if (seat.userId !== null) throw new DomainError("conflict", "This seat is already taken.");
    const own = row.seats.find((s) => s.userId === actor.id);
    if (own) throw new DomainError("conflict", `You already play ${own.color} at this table.`);
    const seats = row.seats.map((s) =>
      s.color === color ? { color, userId: actor.id, username: actor.username } : s,
    );
    await tx.update(tables).set({ seats }).where(eq(tables.id, tableId));
    return { ...row, seats };
  });
  if (joined) lobby.playerJoined(project, await lobbyTableOf(db, actor, joined), color, actor.username);
}
