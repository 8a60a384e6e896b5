// Who of the seated players has the table open (game-table.md section 3 'connectedPlayers', table
// events 'player-joined' and 'player-disconnected'): the list the table load and every subscribe
// answer, kept up to date by the events between them. Pure, so the player areas only draw it.

import type { SeatInfo, TableEventMessage } from "@tt/protocol";

export interface SeatPresence {
  /** The seated user's name, 'Dummy-{colour}' for a seat without a user, null for a free seat. */
  username: string | null;
  /**
   * 'here': the table is open in a tab of theirs now; 'away': it is not; 'none': no user sits there;
   * 'bot': a bot plays the seat (username is then its name, 'Bot (Random)').
   */
  state: "here" | "away" | "none" | "bot";
}

/** The connected players after a table event (other events leave the list as it is). */
export function presenceAfter(connected: readonly string[], message: TableEventMessage): readonly string[] {
  if (message.type === "player-joined")
    return connected.includes(message.username) ? connected : [...connected, message.username];
  if (message.type === "player-disconnected")
    return connected.includes(message.username) ? connected.filter((n) => n !== message.username) : connected;
  return connected;
}

/**
 * Each colour's seat as a player area shows it. `me`: this page's user, shown here while the page is
 * connected, whatever the list says (the server counts this tab once it has subscribed).
 */
export function seatPresence(
  seats: readonly SeatInfo[],
  connected: readonly string[],
  me: string | null,
  online: boolean,
): Map<string, SeatPresence> {
  const map = new Map<string, SeatPresence>();
  for (const seat of seats) {
    if (seat.bot !== undefined) {
      map.set(seat.color, { username: seat.bot, state: "bot" });
      continue;
    }
    const username = seat.userInfo?.username ?? null;
    if (username === null) {
      map.set(seat.color, { username: seat.nonuser ? `Dummy-${seat.color}` : null, state: "none" });
      continue;
    }
    const here = username === me ? online : connected.includes(username);
    map.set(seat.color, { username, state: here ? "here" : "away" });
  }
  return map;
}

/**
 * The top bar's line of who watches without a seat (issue 37 point 8): 'Watching: ann, bob' for the
 * players; a spectator, who reads 'Watching' for themself, sees the others as 'Also watching: bob'.
 * Null when nobody (else) watches.
 */
export function watchingLine(
  watchers: readonly string[],
  me: string | null,
  spectator: boolean,
): string | null {
  const others = watchers.filter((name) => name !== me);
  if (others.length === 0) return null;
  return `${spectator ? "Also watching" : "Watching"}: ${others.join(", ")}`;
}
