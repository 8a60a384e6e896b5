import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../db/connect";
import { preparedFor } from "../db/prepared";
import { sessions, users } from "../db/schema";
import type { SessionActor, SessionCache } from "./sessionCache";
import { hashToken, newSessionToken } from "./tokens";

export const SESSION_COOKIE = "tt_session";
/** last_seen_at is refreshed at most this often: a write per request would be waste. */
const TOUCH_INTERVAL_MS = 60_000;

export async function createSession(db: Db, userId: number, userAgent: string): Promise<string> {
  const token = newSessionToken();
  await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), userId, userAgent: userAgent.slice(0, 300) });
  return token;
}

export type { SessionActor };

/** The session's user, if the session is still alive: every request and socket asks it. */
const sessionOf = preparedFor((db) =>
  db
    .select({ id: users.id, username: users.username, role: users.role, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        gt(sessions.lastSeenAt, sql.placeholder("idleSince")),
      ),
    )
    .prepare("tt_session_of"),
);

/**
 * The user of a live session, or null when the token is unknown or idle past `idleMs`. With a cache,
 * a session read a moment ago is answered from it (sessionCache.ts says what that can miss).
 */
export async function lookupSession(
  db: Db,
  token: string,
  idleMs: number,
  cache?: SessionCache,
): Promise<SessionActor | null> {
  const tokenHash = hashToken(token);
  const readAt = Date.now();
  const cached = cache?.get(tokenHash, readAt, idleMs, TOUCH_INTERVAL_MS);
  if (cached !== undefined) return cached;
  const idleSince = new Date(Date.now() - idleMs);
  const [row] = await sessionOf(db).execute({ tokenHash, idleSince });
  if (!row) return null;
  let lastSeenAt = row.lastSeenAt.getTime();
  if (Date.now() - lastSeenAt > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.tokenHash, tokenHash));
    lastSeenAt = Date.now();
  }
  const actor = { id: row.id, username: row.username, role: row.role, tokenHash };
  cache?.set(actor, lastSeenAt, readAt);
  return actor;
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteIdleSessions(db: Db, idleMs: number): Promise<void> {
  await db.delete(sessions).where(lt(sessions.lastSeenAt, new Date(Date.now() - idleMs)));
}
