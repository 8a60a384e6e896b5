// What the endgame dialog says about a finished game (game-table.md section 2): who won, read from the
// result a rule module puts into the table stats with its game end ({winner} or {winners}, a null
// winner for a draw, optional text), with the seated users' names.
import type { JsonObject } from "@tt/engine";
import type { SeatInfo } from "@tt/protocol";
import { playerLabel, playerName } from "./scores";

export interface GameResult {
  /** Colours of the winners, in the order the result lists them. */
  winners: string[];
  /** The result names no winner on purpose (winner: null), as chess does for a draw. */
  draw: boolean;
  /** The module's own words for the end ('Black wins by checkmate'), when it gives them. */
  text: string | null;
}

function recordOf(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

export function gameResult(stats: JsonObject): GameResult {
  const r = recordOf(stats.result);
  if (r === null) return { winners: [], draw: false, text: null };
  const winners = Array.isArray(r.winners)
    ? r.winners.filter((w): w is string => typeof w === "string")
    : typeof r.winner === "string"
      ? [r.winner]
      : [];
  return {
    winners,
    draw: winners.length === 0 && "winner" in r && r.winner === null,
    text: typeof r.text === "string" && r.text !== "" ? r.text : null,
  };
}

/** 'Winner: ann (red)', 'Winners: ann (red), ben (blue)', 'Draw', or null when the result names none. */
export function winnerLine(result: GameResult, seats: SeatInfo[]): string | null {
  const names = result.winners.map((color) => playerLabel({ color, player: playerName(color, seats) }));
  if (names.length === 1) return `Winner: ${names[0]}`;
  if (names.length > 1) return `Winners: ${names.join(", ")}`;
  return result.draw ? "Draw" : null;
}
