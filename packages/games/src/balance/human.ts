import {
  createTableHolder,
  effectiveTurns,
  type JsonObject,
  playerTurnsOf,
  type RuleModule,
  type Situation,
  scoresOf,
  type TableEvent,
  winnersOf,
} from "@tt/engine";
import { type GameRow, gameRow } from "./report";

/**
 * The balance report over games people played (issue 22 point 4: the designer's real playtest data
 * beside the bots'). A played table becomes the same row a self-played game does: its stored start
 * and event log folded with the engine's table holder, as the results page folds them, read by the
 * same outcome functions self-play uses. Which tables count at all (edited results, free-play modes)
 * is the server's choice; this only reads a table that ended by the rules.
 */

/** A played table, as the server stores it. */
export interface PlayedTable {
  id: string;
  /** Seats in the order the game was set up with (the first played first). */
  seats: { color: string; userId: number | null; bot?: string }[];
  options: JsonObject;
  start: Situation;
  events: readonly TableEvent[];
}

/** The kind a report gives a seat a person played, where a run names its bot. */
export const PERSON = "person";
/** A seat nobody held (a dummy): its turns were someone else's. */
export const EMPTY_SEAT = "empty";

/** Why a played table is left out of the report, when its log is read. */
export type UnreadReason = "unfinished" | "unreadable";

/**
 * The table's row, numbered `game`; 'unfinished' when its log does not end the game (a table ended
 * otherwise), 'unreadable' when the log does not fold.
 */
export function playedGameRow(
  module: RuleModule,
  table: PlayedTable,
  game: number,
): { row: GameRow } | { skipped: UnreadReason } {
  let end: Situation;
  try {
    end = createTableHolder({ start: table.start, events: table.events, module }).live;
  } catch {
    return { skipped: "unreadable" };
  }
  if (!end.ended) return { skipped: "unfinished" };
  const seats = table.seats.map((s) => s.color);
  const playerTurns = playerTurnsOf(table.events);
  // The turns in effect: an undone turn is no part of the game that ended.
  const turns = effectiveTurns(table.events).length;
  const row = gameRow(
    game,
    {
      seed: 0,
      seats,
      bots: Object.fromEntries(
        table.seats.map((s) => [s.color, s.bot ?? (s.userId === null ? EMPTY_SEAT : PERSON)]),
      ),
      options: table.options,
    },
    {
      stop: "ended",
      winners: winnersOf(end.stats.result),
      scores: scoresOf(end),
      result: end.stats.result ?? null,
      turns,
      playerTurns,
      rounds: Math.ceil(playerTurns / Math.max(1, seats.length)),
      stats: {
        global: end.stats,
        players: Object.fromEntries(end.players.map((p) => [p.color, p.stats])),
        objects: end.objectStats,
      },
      refused: 0,
    },
  );
  return { row: { ...row, table: table.id } };
}
