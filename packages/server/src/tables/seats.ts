import type { Situation } from "@tt/engine";
import type { Actor } from "../auth/permissions";
import type { TableRow } from "./tableInfo";

// Who may act as which seat at a table, and what a finished game leaves behind: the table-level
// rules the turn pipeline (hub.ts) applies around the game's own.

/** Modes where anyone may act as any colour (and 'alwaysactive'). */
export const anySeatMode = (mode: string) => mode.includes("sandbox") || mode === "debug";
/** Edit mode is allowed in every mode but plain competitive (game-table.md section 1). */
export const editModeAllowed = (mode: string) => mode !== "competitive";

/**
 * The server playing a bot's seat (tables/bots.ts): it goes through the same turn path as a person, as
 * this one seat only, and only while the table holds a bot there. No user id: no account can be it.
 */
export interface BotActor extends Actor {
  botSeat: string;
}

export const botActor = (seat: string, name: string): BotActor => ({
  id: -1,
  username: name,
  role: "bot",
  botSeat: seat,
});

const isBot = (actor: Actor): actor is BotActor => typeof (actor as Partial<BotActor>).botSeat === "string";

/** The user a turn is stored with: none for a bot's. */
export const userIdOf = (actor: Actor): number | null => (isBot(actor) ? null : actor.id);

/** Who the actor may act as: their own seat, or in sandbox modes any colour or 'alwaysactive'. */
export function seatFor(
  row: TableRow,
  actor: Actor,
  requested: string | undefined,
): string | { reason: string } {
  if (isBot(actor)) {
    const held = row.seats.some((s) => s.color === actor.botSeat && s.bot !== undefined);
    return held && (requested === undefined || requested === actor.botSeat)
      ? actor.botSeat
      : { reason: `No bot plays ${actor.botSeat} here.` };
  }
  const own = row.seats.find((s) => s.userId === actor.id)?.color;
  if (anySeatMode(row.tableMode)) {
    const seat = requested ?? own ?? "alwaysactive";
    if (seat === "alwaysactive" || row.seats.some((s) => s.color === seat)) return seat;
    return { reason: `This table has no colour '${seat}'.` };
  }
  if (requested && requested !== own && requested !== "spectator") {
    return { reason: own ? `You are playing as ${own}.` : "Spectators cannot move." };
  }
  return own ?? "spectator";
}

/** Player and global stats at the end, for the results page and the feedback results. */
export function resultStats(situation: Situation) {
  const players: Record<string, Record<string, unknown>> = {};
  for (const p of situation.players) players[p.color] = p.stats as Record<string, unknown>;
  return { players, global: situation.stats as Record<string, unknown> };
}
