import type { PlayerEventPayload } from "@tt/protocol";
import type { ProjectHead } from "../projects/load";
import { type PushMessage, type PushService, playerJoinedMessage, tableStartedMessage } from "../push";
import type { LobbyNotifier, LobbyTable } from "../tables/service";
import { type Io, setTabMembership } from "./socket";
import { broadcastPublic } from "./tableBroadcast";

export const lobbyRoom = (slug: string) => `lobby:${slug}`;
/**
 * The lobby tabs of the project's admins (isProjectAdmin): private tables are listed to them
 * (listTables), so they hear of them too, without the rest of the lobby learning their ids.
 */
export const lobbyAdminRoom = (slug: string) => `lobby-admin:${slug}`;
const userRoom = (username: string) => `user:${username}`;

/**
 * The rooms that hear of a table in the lobby: the project's lobby room; for a private table only
 * those who may see it in the lobby list (its creator's tabs and the project admins' lobby tabs) and
 * the tabs of the players seated at it, who know it anyway.
 */
function audienceOf(project: ProjectHead, table: LobbyTable): string[] {
  if (!table.isPrivate) return [lobbyRoom(project.slug)];
  const names = table.creator === null ? table.seated : [table.creator, ...table.seated];
  return [lobbyAdminRoom(project.slug), ...new Set(names.map(userRoom))];
}

/**
 * Lobby events go to the project's lobby room; a private table's only to those who may see it
 * (audienceOf). Seated players also get a push notification when their table starts or someone joins
 * it.
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
    tableCreated(project, table, tiles) {
      // A private table's audience is its creator and project admins, who see at least as much as
      // any creator (isProjectAdmin implies seesHiddenOptions): the creator's tile suits them all.
      const tile = table.isPrivate ? tiles.creator : tiles.everyone;
      io()?.to(audienceOf(project, table)).emit("table-create", tile);
    },
    tableRemoved(project, table) {
      // Also to the table's own page, whose user is then sent to the lobby (spec section 4).
      const server = io();
      if (server) broadcastPublic(server, table.id, "remove-table", table.id, audienceOf(project, table));
    },
    playerJoined(project, table, color, username) {
      // Also to the table's own page (its pre-start lobby, opened by the link), whose seats change.
      const server = io();
      if (server)
        broadcastPublic(
          server,
          table.id,
          "player-joined",
          player(table.id, color, username),
          audienceOf(project, table),
        );
      const others = table.seated.filter((n) => n !== username);
      const ref = { projectSlug: project.slug, projectName: project.projectName, tableId: table.id };
      notify(others, playerJoinedMessage({ ...ref, username, color }));
    },
    playerLeft(project, table, color, username) {
      // The one who left is no longer seated, but still hears of it (their lists change).
      const rooms = table.isPrivate
        ? [...audienceOf(project, table), userRoom(username)]
        : audienceOf(project, table);
      const server = io();
      if (server) broadcastPublic(server, table.id, "player-left", player(table.id, color, username), rooms);
    },
    tableStarted(project, table, startedBy) {
      // Seated players hear it in any tab, also outside the lobby (they are sent to the table); the
      // table's own page loads the game.
      const rooms = [...audienceOf(project, table), ...table.seated.map(userRoom)];
      const server = io();
      if (server) broadcastPublic(server, table.id, "table-started", table.id, rooms);
      notify(
        table.seated.filter((n) => n !== startedBy),
        tableStartedMessage({
          projectSlug: project.slug,
          projectName: project.projectName,
          tableId: table.id,
        }),
      );
    },
  };
}

/**
 * Puts the user's socket of this tab (its session id) into or out of a project's lobby room, and a
 * project admin's tab also into the room that hears of private tables. Opening the lobby again sets
 * both afresh, so a tab whose user is no longer a project admin leaves that room then.
 */
export function setLobbyMembership(
  io: Io | undefined,
  username: string,
  sessionId: string,
  slug: string,
  member: boolean,
  projectAdmin = false,
): void {
  if (!io) return;
  setTabMembership(io, username, sessionId, lobbyRoom(slug), member);
  setTabMembership(io, username, sessionId, lobbyAdminRoom(slug), member && projectAdmin);
}
