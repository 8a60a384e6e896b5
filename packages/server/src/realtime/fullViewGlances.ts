import type { Io } from "./socket";

// Who read a running table's full view over HTTP (table-open?view=full; issue 36 point 7). A socket
// that watches with the full view is listed to the players while it stays in the table's full
// watchers' room; a read over HTTP leaves no socket anywhere, so each one is kept as a glance and
// listed with the socket watchers (realtime/table.ts fullViewersOf) for FULL_VIEW_GLANCE_MS after it,
// renewed by every further read. Every instance keeps every glance (told through the adapter), so a
// list made on any of them names the reader; the instance that answered the read tells the players
// again when it lapses.

/**
 * How long a reader over HTTP is listed after a read: what they saw (every hand, the deck's order)
 * stays true for a few turns, and a script that reads every few minutes is listed all along.
 */
export const FULL_VIEW_GLANCE_MS = 5 * 60_000;

const GLANCE_SHARED = "full-view-glance";

interface Glances {
  /** Table -> user -> when their glance lapses (this process's clock). */
  until: Map<string, Map<string, number>>;
  /** Table and user -> the timer that tells the players the glance lapsed (reads answered here only). */
  lapses: Map<string, NodeJS.Timeout>;
}

const glancesByIo = new WeakMap<Io, Glances>();

function glancesOf(io: Io): Glances {
  let glances = glancesByIo.get(io);
  if (glances === undefined) {
    glances = { until: new Map(), lapses: new Map() };
    glancesByIo.set(io, glances);
  }
  return glances;
}

function keep(io: Io, tableId: string, username: string, ms: number): void {
  const { until } = glancesOf(io);
  let users = until.get(tableId);
  if (users === undefined) {
    users = new Map();
    until.set(tableId, users);
  }
  users.set(username, Date.now() + ms);
}

/** Hears other instances' glances. Once per server, before its first socket (realtime/table.ts). */
export function shareGlances(io: Io): void {
  (io.on as (event: string, listener: (...args: unknown[]) => void) => void)(
    GLANCE_SHARED,
    (tableId, username, ms) => {
      if (typeof tableId === "string" && typeof username === "string" && typeof ms === "number")
        keep(io, tableId, username, Math.min(ms, FULL_VIEW_GLANCE_MS));
    },
  );
}

export interface GlanceOptions {
  /** Called when the glance lapses with no read since (to tell the players the list again). */
  lapsed: () => void;
  /** No other instance to tell (no Redis): the in-memory adapter warns at every server-side emit. */
  alone?: boolean;
  ms?: number;
}

/** Notes a read of a table's full view by `username`, on every instance. */
export function noteGlance(
  io: Io,
  tableId: string,
  username: string,
  { lapsed, alone = false, ms = FULL_VIEW_GLANCE_MS }: GlanceOptions,
): void {
  keep(io, tableId, username, ms);
  if (!alone)
    (io.serverSideEmit as (event: string, ...args: unknown[]) => boolean)(
      GLANCE_SHARED,
      tableId,
      username,
      ms,
    );
  const { until, lapses } = glancesOf(io);
  const key = `${tableId}\n${username}`;
  clearTimeout(lapses.get(key));
  const timer = setTimeout(() => {
    lapses.delete(key);
    // A timer may fire a little before the clock reads its end: the glance lapses with it, unless a
    // read on another instance renewed it (that instance tells when it lapses).
    const users = until.get(tableId);
    const end = users?.get(username);
    if (users && end !== undefined && end - Date.now() < 1000) users.delete(username);
    lapsed();
  }, ms);
  timer.unref();
  lapses.set(key, timer);
}

/** The users whose glance at the table has not lapsed (lapsed ones are forgotten). */
export function glancersAt(io: Io, tableId: string): string[] {
  const { until } = glancesOf(io);
  const users = until.get(tableId);
  if (users === undefined) return [];
  const now = Date.now();
  for (const [username, end] of users) if (end <= now) users.delete(username);
  if (users.size === 0) until.delete(tableId);
  return [...users.keys()];
}
