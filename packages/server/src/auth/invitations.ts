import type { Invitation } from "@tt/protocol";
import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../db/connect";
import { invitations, users } from "../db/schema";
import { isUniqueViolation } from "../errors";
import { newInviteCode } from "./tokens";

export async function mintInvitations(
  db: Db,
  opts: { count: number; role: string; createdBy: number | null; expiryMs: number },
): Promise<string[]> {
  const codes: string[] = [];
  const expiresAt = new Date(Date.now() + opts.expiryMs);
  while (codes.length < opts.count) {
    const code = newInviteCode();
    try {
      await db.insert(invitations).values({ code, role: opts.role, createdBy: opts.createdBy, expiresAt });
      codes.push(code);
    } catch (err) {
      // 31^10 codes: a collision is near impossible, but a retry costs nothing.
      if (!isUniqueViolation(err)) throw err;
    }
  }
  return codes;
}

const creator = alias(users, "creator");
const user = alias(users, "used_by_user");

/**
 * Invitations, newest first: the given codes, or all. With `upToRoles`, unused codes for other roles
 * are left out (permissions.maySeeInvitation: an admin does not see an unused superadmin code).
 */
export async function listInvitations(
  db: Db,
  filter: { codes?: string[]; upToRoles?: readonly string[] } = {},
): Promise<Invitation[]> {
  const { codes, upToRoles } = filter;
  const rows = await db
    .select({
      code: invitations.code,
      role: invitations.role,
      createdBy: creator.username,
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
      usedBy: user.username,
      usedAt: invitations.usedAt,
    })
    .from(invitations)
    .leftJoin(creator, eq(creator.id, invitations.createdBy))
    .leftJoin(user, eq(user.id, invitations.usedBy))
    .where(
      and(
        codes ? inArray(invitations.code, codes) : undefined,
        upToRoles ? or(isNotNull(invitations.usedAt), inArray(invitations.role, [...upToRoles])) : undefined,
      ),
    )
    .orderBy(desc(invitations.createdAt), invitations.code)
    .limit(1000);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    usedAt: r.usedAt?.toISOString() ?? null,
  }));
}

/**
 * The first start's admin invitation: while nobody has registered, the same unused, unexpired
 * system code is printed at every start instead of minting a new one each time.
 */
export async function firstAdminInvitation(db: Db, expiryMs: number): Promise<string | null> {
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  if (anyUser) return null;
  const [existing] = await db
    .select({ code: invitations.code })
    .from(invitations)
    .where(
      sql`${invitations.role} = 'admin' and ${isNull(invitations.createdBy)} and ${isNull(invitations.usedAt)} and ${invitations.expiresAt} > now()`,
    )
    .limit(1);
  if (existing) return existing.code;
  const [code] = await mintInvitations(db, { count: 1, role: "admin", createdBy: null, expiryMs });
  return code ?? null;
}
