import type { ServerToClientEvents } from "@tt/protocol";
import { closingServers } from "./closing";
import type { Io } from "./socket";

// Every message to the people at a table goes through here (DESIGN.md 'Hidden information'): it takes
// the recipient. Each socket at a table is in the table's room and in one viewer room (its seat,
// 'spectator' or 'full'); a message is built per viewer, and viewers whose messages are the same
// object get one emit, so a public message (chat, a ping, a game without secrets) is serialised once.
// Viewers with messages of their own are each serialised whole: splicing the JSON text of the parts
// they share (an encoder that did, until issue 21) cost 1.3-2x plain JSON.stringify per turn, in the
// shipped games, sandbox included.

export const tableRoom = (tableId: string) => `table:${tableId}`;
export const viewerRoom = (tableId: string, viewer: string) => `table:${tableId}/${viewer}`;
/** Those who asked for the full view at a table where it is a privilege (players are told who). */
export const fullWatchersRoom = (tableId: string) => `table:${tableId}/watching-full`;

type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/**
 * Sends each viewer of a table its message. `viewers` lists every viewer the table can have;
 * `messageFor` answers the same object for viewers who may all read it. One viewer group covering
 * everyone listed (every viewer the table has sockets of) is one emit to the table's room.
 */
export function broadcastTable<E extends EventName>(
  io: Io,
  tableId: string,
  event: E,
  viewers: readonly string[],
  messageFor: (viewer: string) => Payload<E>,
): void {
  const groups = new Map<Payload<E>, string[]>();
  for (const viewer of viewers) {
    const message = messageFor(viewer);
    const group = groups.get(message);
    if (group === undefined) groups.set(message, [viewer]);
    else group.push(viewer);
  }
  const emit = (rooms: string | string[], message: Payload<E>) =>
    (io.to(rooms).emit as (event: E, message: Payload<E>) => void)(event, message);
  // A server closing tells nobody: its sockets are leaving, and with Redis the adapter's publish
  // would reject on a closed client where no caller can catch it (a watcher list made as they leave).
  if (groups.size === 0 || closingServers.has(io)) return;
  if (groups.size === 1) {
    const [message] = groups.keys();
    emit(tableRoom(tableId), message as Payload<E>);
    return;
  }
  for (const [message, group] of groups)
    emit(
      group.map((v) => viewerRoom(tableId, v)),
      message,
    );
}

/**
 * A message every viewer of the table may read (chat, pings, restarts, reloads). `alsoTo`: rooms
 * outside the table that get the same message in the same emit (a removed table's lobby), so a tab
 * in both hears it once.
 */
export function broadcastPublic<E extends EventName>(
  io: Io,
  tableId: string,
  event: E,
  message: Payload<E>,
  alsoTo: readonly string[] = [],
) {
  if (alsoTo.length === 0) broadcastTable(io, tableId, event, ["*"], () => message);
  else
    (io.to([tableRoom(tableId), ...alsoTo]).emit as (event: E, message: Payload<E>) => void)(event, message);
}
