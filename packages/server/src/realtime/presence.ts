import type { ChatMessage } from "@tt/protocol";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { type Db, type NamedStatement, runNamed } from "../db/connect";
import { tables } from "../db/schema";
import type { AppSocket, Io } from "./socket";
import { broadcastPublic, tableRoom } from "./tableBroadcast";

// Who of a table's seated players has it open now (game-table.md section 3 'connectedPlayers'; table
// event types 'player-joined' and 'player-disconnected'; chat messages of type 'player-joined').
//
// Seated players are announced one by one (player-joined, player-disconnected). Who has the table open
// without a seat is told as a list (the 'watchers' event, issue 37 point 8: players see who watches,
// as at a real table), made again whenever a watcher comes or goes. Only user names travel: no socket
// id or session ever leaves the server.
//
// A change is noticed where it happens, without asking the other instances (a round trip through Redis
// that waits for the slowest instance): a seated player's first socket here to subscribe to the table
// is 'player-joined'; their last socket here to leave its room (tab closed, table page left, connection
// lost: Socket.IO's leave-room, whatever the cause) is 'player-disconnected', and the other instances
// are told, so one that still holds a tab of theirs says 'player-joined' again right after. The list
// itself (the table load and every subscribe) is read from the rooms of every instance.

/**
 * How long the list waits for the other instances' sockets; after it, this instance's own answer. The
 * adapter waits 2 s for a dying instance; a table load or a subscribe should not (an answer takes a few
 * milliseconds, half a second on a busy 2-core machine).
 */
const ASK_OTHERS_MS = 1000;
/** The instances' message that a player left the table here (see above). */
const PLAYER_LEFT_HERE = "presence:player-left";

export const joinLine = (username: string) => `${username} joined the table.`;

/**
 * A player's 'joined' line, written unless they have one at the table already: once per player and
 * table (issue 37 point 8), so a reload, a lost connection, a second tab or a visit days later is no
 * news to the others (the player-joined event still tells who has the table open now). By user id,
 * which a rename keeps; by name too, for a line whose account was deleted since (its user id is null).
 * Two instances announcing the same player in the same instant may both write one (as with a read
 * then an insert): two lines, nothing lost.
 */
const JOIN_LINE: NamedStatement = {
  name: "tt_join_line_once",
  text: `INSERT INTO table_chat (table_id, user_id, username, message, type)
    SELECT $1, $2, $3, $4, 'player-joined'
    WHERE NOT EXISTS (
      SELECT 1 FROM table_chat
      WHERE table_id = $1 AND type = 'player-joined' AND (user_id = $2 OR username = $3))
    RETURNING message, floor(extract(epoch FROM created_at) * 1000)::float8 AS at`,
};

/** The table a room name is the table room of (`table:{id}`, not a viewer room), or null. */
function tableOfRoom(room: string): string | null {
  if (!room.startsWith("table:")) return null;
  const tableId = room.slice("table:".length);
  return tableId.includes("/") ? null : tableId;
}

export interface Presence {
  /** A socket of a seated player subscribed to a table it was not at: announces them if new here. */
  arrived(socket: AppSocket, tableId: string): void;
  /** The seated players (by user name, in seat order) with the table open in a socket on any instance. */
  connected(tableId: string, seats: readonly { userId: number | null }[]): Promise<string[]>;
  /**
   * Whether anyone, seated or not, has the table open in a socket on any instance: a table's bots
   * play only then (tables/bots.ts). This instance's rooms answer at once; the others are asked only
   * when nobody is here.
   */
  watched(tableId: string): Promise<boolean>;
  /**
   * A socket without a seat subscribed to a table: the others are told who watches now, when it
   * changed. Answers the list.
   */
  watcherArrived(
    socket: AppSocket,
    tableId: string,
    seats: readonly { userId: number | null }[],
  ): Promise<string[]>;
  /** Who has the table open without one of these seats, on every instance: sorted, each once. */
  watchers(tableId: string, seats: readonly { userId: number | null }[]): Promise<string[]>;
}

const presences = new WeakMap<Io, Presence>();

/** One per Socket.IO server: the table handlers and the table routes share it. */
export function presenceOf(io: Io, db: Db, log: Pick<FastifyBaseLogger, "error">, alone: boolean): Presence {
  let known = presences.get(io);
  if (known === undefined) {
    known = createPresence(io, db, log, alone);
    presences.set(io, known);
  }
  return known;
}

function createPresence(io: Io, db: Db, log: Pick<FastifyBaseLogger, "error">, alone: boolean): Presence {
  const nsp = io.of("/");
  /** The tables each socket was announced at as a seated player. */
  const announced = new WeakMap<object, Set<string>>();
  const tablesOf = (socket: object) => {
    let set = announced.get(socket);
    if (set === undefined) {
      set = new Set();
      announced.set(socket, set);
    }
    return set;
  };

  /** Whether another socket of this user here is announced at the table. */
  const stillHere = (tableId: string, username: string, except?: string) => {
    for (const id of nsp.adapter.rooms.get(tableRoom(tableId)) ?? []) {
      if (id === except) continue;
      const other = nsp.sockets.get(id);
      if (other?.data.actor.username === username && announced.get(other)?.has(tableId)) return true;
    }
    return false;
  };

  /** The tables each socket watches without a seat (its leaving makes the list again). */
  const watching = new WeakMap<object, Set<string>>();
  /** The watcher list last told at each table from here, so an unchanged list is not told again. */
  const toldWatchers = new Map<string, string>();

  /** Who has the table open without one of these seats, on every instance: sorted, each once. */
  const watchersOf = async (tableId: string, seats: readonly { userId: number | null }[]) => {
    const seated = new Set(seats.map((s) => s.userId));
    const sockets = await socketsIn(tableRoom(tableId));
    const names = sockets.filter((s) => !seated.has(s.data.actor.id)).map((s) => s.data.actor.username);
    return [...new Set(names)].sort();
  };

  /** Makes the watcher list again and tells it to the table when it changed. */
  const tellWatchers = async (tableId: string, seats?: readonly { userId: number | null }[]) => {
    const usernames = await watchersOf(tableId, seats ?? (await seatsOf(tableId)));
    const key = usernames.join("\n");
    if (toldWatchers.get(tableId) !== key) {
      // Forgotten when nobody watches: a table nobody looks at keeps no entry here.
      if (usernames.length === 0) toldWatchers.delete(tableId);
      else toldWatchers.set(tableId, key);
      broadcastPublic(io, tableId, "table-event", { tableId, type: "watchers", usernames });
    }
    return usernames;
  };

  /** The table's seats as stored (a watcher's leaving knows no row). */
  const seatsOf = async (tableId: string) => {
    const [row] = await db.select({ seats: tables.seats }).from(tables).where(eq(tables.id, tableId));
    return row?.seats ?? [];
  };

  const tell = (tableId: string, type: "player-joined" | "player-disconnected", username: string) =>
    broadcastPublic(io, tableId, "table-event", { tableId, type, username });

  /**
   * The chat line, unless this player has one here (JOIN_LINE): the check and the insert are one
   * statement, so a game start's four arrivals cost four statements, not eight.
   */
  const chatLine = async (tableId: string, userId: number, username: string) => {
    const [saved] = await runNamed<{ message: string; at: number }>(db, JOIN_LINE, [
      tableId,
      userId,
      username,
      joinLine(username),
    ]);
    if (saved === undefined) return;
    const chat: ChatMessage = {
      username,
      message: saved.message,
      timestamp: Number(saved.at),
      type: "player-joined",
    };
    broadcastPublic(io, tableId, "table-event", { tableId, type: "chat-message", chat });
  };

  // Leaving the table's room, however it happens (disconnect, table-close from any instance).
  nsp.adapter.on("leave-room", (room: string, id: string) => {
    const tableId = tableOfRoom(room);
    if (tableId === null) return;
    const socket = nsp.sockets.get(id);
    if (socket !== undefined && watching.get(socket)?.delete(tableId))
      // After the adapter's own bookkeeping, so the socket is out of the room when the list is made.
      setImmediate(() => {
        tellWatchers(tableId).catch((err: unknown) => log.error({ err, tableId }, "watcher list failed"));
      });
    if (socket === undefined || !announced.get(socket)?.delete(tableId)) return;
    const { username } = socket.data.actor;
    if (stillHere(tableId, username, id)) return;
    // Not from inside the adapter's own bookkeeping.
    setImmediate(() => {
      if (stillHere(tableId, username)) return;
      tell(tableId, "player-disconnected", username);
      if (!alone)
        (io.serverSideEmit as (event: string, ...args: unknown[]) => boolean)(
          PLAYER_LEFT_HERE,
          tableId,
          username,
        );
    });
  });

  // Another instance said a player left: if they still have the table open here, they are still there.
  if (!alone)
    (io.on as (event: string, listener: (...args: unknown[]) => void) => void)(
      PLAYER_LEFT_HERE,
      (tableId, username) => {
        if (typeof tableId === "string" && typeof username === "string" && stillHere(tableId, username))
          tell(tableId, "player-joined", username);
      },
    );

  /** The sockets in a room on every instance, or this instance's when another does not answer in time. */
  const socketsIn = async (room: string) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      const everywhere = io.in(room).fetchSockets();
      return alone
        ? await everywhere
        : await Promise.race([
            everywhere,
            new Promise<never>((_, reject) => {
              timer = setTimeout(() => reject(new Error("instances slow")), ASK_OTHERS_MS);
            }),
          ]);
    } catch {
      // An instance did not answer in time (it is dying): this instance's sockets are the best answer.
      return io.local.in(room).fetchSockets();
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    arrived(socket, tableId) {
      const { actor } = socket.data;
      const mine = tablesOf(socket);
      // Gone again while its subscribe was answered: its leave-room has passed, so no arrival either.
      if (mine.has(tableId) || !socket.connected || !socket.rooms.has(tableRoom(tableId))) return;
      const first = !stillHere(tableId, actor.username, socket.id);
      mine.add(tableId);
      if (!first) return;
      tell(tableId, "player-joined", actor.username);
      chatLine(tableId, actor.id, actor.username).catch((err: unknown) =>
        log.error({ err, tableId }, "player-joined chat line failed"),
      );
    },

    async connected(tableId, seats) {
      if (!seats.some((s) => s.userId !== null)) return [];
      const sockets = await socketsIn(tableRoom(tableId));
      // By user id, in seat order; the name as the session has it (as playerColors and the events).
      const here = new Map(sockets.map((s) => [s.data.actor.id, s.data.actor.username]));
      const names = seats.flatMap((s) => {
        const name = s.userId === null ? undefined : here.get(s.userId);
        return name === undefined ? [] : [name];
      });
      return [...new Set(names)];
    },

    async watcherArrived(socket, tableId, seats) {
      let mine = watching.get(socket);
      if (mine === undefined) {
        mine = new Set();
        watching.set(socket, mine);
      }
      // Gone again while its subscribe was answered: its leave-room has passed.
      if (!socket.connected || !socket.rooms.has(tableRoom(tableId))) return watchersOf(tableId, seats);
      mine.add(tableId);
      return tellWatchers(tableId, seats);
    },

    watchers: watchersOf,

    async watched(tableId) {
      const room = tableRoom(tableId);
      if ((nsp.adapter.rooms.get(room)?.size ?? 0) > 0) return true;
      if (alone) return false;
      return (await socketsIn(room)).length > 0;
    },
  };
}
