import { registerRequestSchema } from "@tt/protocol";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/connect";
import { invitations, users } from "../db/schema";
import { firstIssue, HttpError, isUniqueViolation } from "../http/errors";
import { hashPassword } from "./passwords";

export interface NewUser {
  id: number;
  username: string;
  role: string;
}

/**
 * Creates the user and consumes the invitation in one transaction: two registrations racing for one
 * code give exactly one user, and a refused registration leaves the code unused.
 */
export async function registerUser(db: Db, body: unknown): Promise<NewUser> {
  const parsed = registerRequestSchema.safeParse(body);
  if (!parsed.success) throw new HttpError(400, firstIssue(parsed.error));
  const { userName, userPassword, inviteCode, email } = parsed.data;
  const passwordHash = await hashPassword(userPassword);

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

    let created: NewUser | undefined;
    try {
      [created] = await tx
        .insert(users)
        .values({
          username: userName,
          usernameKey: userName.toLowerCase(),
          passwordHash,
          email,
          role: claimed.role,
        })
        .returning({ id: users.id, username: users.username, role: users.role });
    } catch (err) {
      if (isUniqueViolation(err)) throw new HttpError(409, `The user name '${userName}' is already taken.`);
      throw err;
    }
    if (!created) throw new Error("insert returned no row");
    await tx.update(invitations).set({ usedBy: created.id }).where(eq(invitations.code, inviteCode));
    return created;
  });
}

async function invitationRefusal(tx: Pick<Db, "select">, code: string): Promise<HttpError> {
  const [row] = await tx
    .select({ usedAt: invitations.usedAt, expiresAt: invitations.expiresAt })
    .from(invitations)
    .where(eq(invitations.code, code));
  if (!row) return new HttpError(400, "Invalid invitation code.");
  if (row.usedAt) return new HttpError(400, "This invitation code has already been used.");
  return new HttpError(400, "This invitation code has expired.");
}

export async function findUserByName(db: Db, name: string) {
  const [row] = await db.select().from(users).where(eq(users.usernameKey, name.trim().toLowerCase()));
  return row;
}
