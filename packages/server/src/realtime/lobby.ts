import type { PlayerEventPayload, TableInfo } from "@tt/protocol";
import type { ProjectRow } from "../projects/load";
import { type PushMessage, type PushService, playerJoinedMessage, tableStartedMessage } from "../push";
import type { LobbyNotifier } from "../tables/service";
import type { TableRow } from "../tables/tableInfo";
import { type Io, setTabMembership } from "./socket";

export const lobbyRoom = (slug: string) => `lobby:${slug}`;
const userRoom = (username: string) => `user:${username}`;

/**
 * Lobby events go to the project's lobby room; a private table only to its creator's tabs. Seated
 * players also get a push notification when their table starts or someone joins it.
 */
export function lobbyNotifier(
  io: () => Io | undefined,
  push: () => PushService | undefined = () => undefined,
): LobbyNotifier {
  const notify = (usernames: string[], message: PushMessage) => {
    if (usernames.length > 0) void push()?.notifyUsers(usernames, message);
  };
  const player = (tableId: string, color: string, username: string): string =>
    JSON.stringify({ tableId, color, userInfo: { username, badges: [] } } satisfies PlayerEventPayload);
  return {
    tableCreated(project: ProjectRow, table: TableInfo, row: TableRow) {
      const target = row.isPrivate ? userRoom(table.creator.username) : lobbyRoom(project.slug);
      io()?.to(target).emit("table-create", table);
    },
    tableRemoved(project, tableId) {
      // Also to the table's own page, whose user is then sent to the lobby (spec section 4).
      io()
        ?.to([lobbyRoom(project.slug), `table:${tableId}`])
        .emit("remove-table", tableId);
    },
    playerJoined(project, tableId, color, username, seated) {
      io()
        ?.to(lobbyRoom(project.slug))
        .emit("player-joined", player(tableId, color, username));
      const others = seated.filter((n) => n !== username);
      const table = { projectSlug: project.slug, projectName: project.projectName, tableId, username, color };
      notify(others, playerJoinedMessage(table));
    },
    playerLeft(project, tableId, color, username) {
      io()
        ?.to(lobbyRoom(project.slug))
        .emit("player-left", player(tableId, color, username));
    },
    tableStarted(project, row, startedBy) {
      // Seated players hear it in any tab, also outside the lobby (they are sent to the table).
      const rooms = [
        lobbyRoom(project.slug),
        ...row.seats.flatMap((s) => (s.username ? [userRoom(s.username)] : [])),
      ];
      io()?.to(rooms).emit("table-started", row.id);
      const seated = row.seats.flatMap((s) => (s.username && s.username !== startedBy ? [s.username] : []));
      notify(
        seated,
        tableStartedMessage({ projectSlug: project.slug, projectName: project.projectName, tableId: row.id }),
      );
    },
  };
}

/** Puts the user's socket of this tab (its session id) into or out of a project's lobby room. */
export function setLobbyMembership(
  io: Io | undefined,
  username: string,
  sessionId: string,
  slug: string,
  member: boolean,
): void {
  if (io) setTabMembership(io, username, sessionId, lobbyRoom(slug), member);
}
