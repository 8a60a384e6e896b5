import { normaliseUserName, registerRequestSchema } from "@tt/protocol";
import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../db/connect";
import { invitations, users } from "../db/schema";
import { DomainError, firstIssue, isUniqueViolation } from "../errors";
import { nameSkeleton } from "./nameSkeleton";
import { hashPassword } from "./passwords";

export interface NewUser {
  id: number;
  username: string;
  role: string;
}

/**
 * Creates the user and consumes the invitation in one transaction: two registrations racing for one
 * code give exactly one user, and a refused registration leaves the code unused. The name is stored
 * as the schema normalised it, and refused when it is an existing one regardless of case or looks
 * like one (nameSkeleton.ts).
 */
export async function registerUser(db: Db, body: unknown): Promise<NewUser> {
  const parsed = registerRequestSchema.safeParse(body);
  if (!parsed.success) throw new DomainError("bad-request", firstIssue(parsed.error));
  const { userName, userPassword, inviteCode, email } = parsed.data;
  const passwordHash = await hashPassword(userPassword);
  await fillMissingSkeletons(db);

  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(invitations)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(invitations.code, inviteCode),
          isNull(invitations.usedAt),
          gt(invitations.expiresAt, sql`now()`),
        ),
      )
      .returning({ role: invitations.role });
    if (!claimed) throw await invitationRefusal(tx, inviteCode);
    // After the code: only someone holding a valid code learns which names are near one that exists.
    const key = userName.toLowerCase();
    const skel = nameSkeleton(userName);
    const near = await lookAlike(tx, key, skel);
    if (near) throw nameRefusal(userName, near);

    let created: NewUser | undefined;
    try {
      [created] = await tx
        .insert(users)
        .values({
          username: userName,
          usernameKey: key,
          usernameSkeleton: skel,
          passwordHash,
          email,
          role: claimed.role,
        })
        .returning({ id: users.id, username: users.username, role: users.role });
    } catch (err) {
      if (isUniqueViolation(err)) throw nameRefusal(userName, { username: userName, sameKey: true });
      throw err;
    }
    if (!created) throw new Error("insert returned no row");
    await tx.update(invitations).set({ usedBy: created.id }).where(eq(invitations.code, inviteCode));
    return created;
  });
}

/** Key of the advisory lock registrations take turns on: two look-alike names at once must not both pass. */
const REGISTRATION_LOCK = 0x7474_7267; // 'ttrg'

/**
 * Gives users from before skeletons were stored theirs (SQL cannot compute one), so a look-alike
 * check covers every user. Outside the registration's transaction: a refused registration keeps them.
 */
async function fillMissingSkeletons(db: Db): Promise<void> {
  const missing = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(isNull(users.usernameSkeleton));
  for (const m of missing) {
    await db
      .update(users)
      .set({ usernameSkeleton: nameSkeleton(m.username) })
      .where(eq(users.id, m.id));
  }
}

/**
 * An existing user whose name is this one regardless of case, or looks like it (the same skeleton),
 * or undefined. Takes the registration lock first, so of two look-alike names registering at once
 * the second sees the first.
 */
async function lookAlike(
  tx: Pick<Db, "select" | "execute">,
  key: string,
  skel: string,
): Promise<{ username: string; sameKey: boolean } | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(${REGISTRATION_LOCK})`);
  const [row] = await tx
    .select({ username: users.username, key: users.usernameKey })
    .from(users)
    .where(or(eq(users.usernameKey, key), eq(users.usernameSkeleton, skel)))
    .orderBy(sql`${users.usernameKey} = ${key} desc`)
    .limit(1);
  return row && { username: row.username, sameKey: row.key === key };
}

function nameRefusal(userName: string, existing: { username: string; sameKey: boolean }): DomainError {
  if (existing.sameKey) return new DomainError("conflict", `The user name '${userName}' is already taken.`);
  return new DomainError(
    "conflict",
    `The user name '${userName}' looks like the existing user name '${existing.username}'. Please choose another.`,
  );
}

async function invitationRefusal(tx: Pick<Db, "select">, code: string): Promise<DomainError> {
  const [row] = await tx
    .select({ usedAt: invitations.usedAt, expiresAt: invitations.expiresAt })
    .from(invitations)
    .where(eq(invitations.code, code));
  if (!row) return new DomainError("bad-request", "Invalid invitation code.");
  if (row.usedAt) return new DomainError("bad-request", "This invitation code has already been used.");
  return new DomainError("bad-request", "This invitation code has expired.");
}

/**
 * The user of a typed name (login, roles): as stored regardless of case, else in its normalised form
 * (names are stored NFKC: 'ａｌｉｃｅ' typed at login is 'alice').
 */
export async function findUserByName(db: Db, name: string) {
  const typed = name.trim().toLowerCase();
  const normalised = normaliseUserName(name).toLowerCase();
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.usernameKey, [...new Set([typed, normalised])]));
  return rows.find((r) => r.usernameKey === typed) ?? rows[0];
}
