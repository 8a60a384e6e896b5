import type { Actor } from "./permissions";

// Sessions this instance read a moment ago (issue 21: every HTTP call read its session, 18 of a game
// start's 86 statements). A user's id, name and site role never change once registered, so what a
// cached session can miss is its end: a logout (forgotten here at once, and on every other instance
// through the adapter: realtime/socket.ts endedElsewhere), going idle (checked against the last-seen time
// read with it), and anything done to the row outside the server (seen after at most `maxAgeMs`).

/** The user of a live session, and the session's key (the SHA-256 of its cookie token). */
export interface SessionActor extends Actor {
  tokenHash: string;
}

/** Sessions kept at most: only sessions that exist are kept, so this bounds a flood of logins. */
export const SESSION_CACHE_MAX = 10_000;

interface Entry {
  actor: SessionActor;
  /** The session's last_seen_at as read or written, ms. */
  lastSeenAt: number;
  /** When it was read from the database, ms. */
  readAt: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /**
   * Sessions ended within maxAgeMs, and when: a read that began before a logout and answers after it
   * must not put the ended session back.
   */
  private readonly ended = new Map<string, number>();

  constructor(
    /** How long a read is trusted; 0 turns the cache off. */
    readonly maxAgeMs: number,
    private readonly max = SESSION_CACHE_MAX,
  ) {}

  /**
   * The session's actor if it was read within maxAgeMs, was seen within `touchMs` (the read after
   * that refreshes last_seen_at) and is not idle past `idleMs`; else undefined: ask the database.
   */
  get(tokenHash: string, now: number, idleMs: number, touchMs: number): SessionActor | undefined {
    const entry = this.entries.get(tokenHash);
    if (entry === undefined) return undefined;
    if (now - entry.readAt >= this.maxAgeMs || now - entry.lastSeenAt >= Math.min(touchMs, idleMs)) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.actor;
  }

  /** A session read from the database by a read that began at `readAt`. */
  set(actor: SessionActor, lastSeenAt: number, readAt: number): void {
    if (this.maxAgeMs <= 0) return;
    const endedAt = this.ended.get(actor.tokenHash);
    if (endedAt !== undefined && endedAt >= readAt) return;
    this.entries.delete(actor.tokenHash);
    // Oldest first (a Map keeps insertion order): a full cache drops the longest-kept read.
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(actor.tokenHash, { actor, lastSeenAt, readAt });
  }

  /** A session that ended (a logout, here or on another instance). */
  forget(tokenHash: string, now: number): void {
    this.entries.delete(tokenHash);
    if (this.maxAgeMs <= 0) return;
    // Oldest first: what ended longer than maxAgeMs ago can no longer be put back by a read.
    for (const [hash, at] of this.ended) {
      if (now - at <= this.maxAgeMs && this.ended.size < this.max) break;
      this.ended.delete(hash);
    }
    this.ended.delete(tokenHash);
    this.ended.set(tokenHash, now);
  }

  get size(): number {
    return this.entries.size;
  }
}
