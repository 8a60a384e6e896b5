/**
 * How a position ends the game: checkmate, stalemate, insufficient material, threefold repetition
 * and the fifty-move rule.
 *
 * Decision: the draws by repetition and by the fifty-move rule are AUTOMATIC, as on most online
 * servers: the game ends as soon as a position occurs for the third time or 100 half-moves pass
 * without a capture or a pawn move. A table of casual testers has no arbiter to claim from, and an
 * automatic end cannot be forgotten. A checkmate given by the 100th half-move still wins.
 */
import { makeBoardFen, makeCastling } from "./fen";
import { generateMoves, MAX_MOVES } from "./movegen";
import { FLAG_EP, moveFlags, type Position } from "./position";
import { BISHOP, type Color, KNIGHT, squareName, WHITE } from "./types";

export type GameResult = "1-0" | "0-1" | "1/2-1/2";

export type EndReason =
  | "checkmate"
  | "resignation"
  | "stalemate"
  | "insufficient-material"
  | "threefold-repetition"
  | "fifty-move-rule"
  | "agreement";

export interface Outcome {
  readonly result: GameResult;
  /** The winning colour, or null for a draw. */
  readonly winner: Color | null;
  readonly reason: EndReason;
  /** A sentence for the log and the results page. */
  readonly text: string;
}

/** Half-moves without capture or pawn move after which the game is drawn. */
export const FIFTY_MOVE_HALFMOVES = 100;

export function legalMoveCount(pos: Position): number {
  return generateMoves(pos, new Int32Array(MAX_MOVES), 0);
}

/** True when an en-passant capture is actually playable: only then does it tell positions apart. */
export function hasLegalEnPassant(pos: Position): boolean {
  if (pos.ep < 0) return false;
  const moves = new Int32Array(MAX_MOVES);
  const n = generateMoves(pos, moves, 0);
  for (let i = 0; i < n; i++) if (moveFlags(moves[i]!) & FLAG_EP) return true;
  return false;
}

/**
 * The identity of a position for the repetition rule: placement, side to move, castling rights and
 * the en-passant square only when an en-passant capture is possible.
 */
export function positionKey(pos: Position): string {
  const setup = pos.toSetup();
  const ep = hasLegalEnPassant(pos) ? squareName(pos.ep) : "-";
  return `${makeBoardFen(setup.board)} ${pos.turn === WHITE ? "w" : "b"} ${makeCastling(pos.castling)} ${ep}`;
}

/**
 * Neither side can ever mate: bare kings, a single minor piece, or only bishops that all stand on
 * squares of one colour (which covers K+B v K+B with same-coloured bishops).
 */
export function insufficientMaterial(pos: Position): boolean {
  const b = pos.board;
  let knights = 0;
  let lightBishops = 0;
  let darkBishops = 0;
  for (let sq = 0; sq < 120; sq++) {
    if (sq & 0x88) {
      sq += 7;
      continue;
    }
    const type = b[sq]! & 7;
    if (type === 0 || type === 6) continue;
    if (type === KNIGHT) knights++;
    else if (type === BISHOP) {
      if (((sq >> 4) + (sq & 7)) & 1) lightBishops++;
      else darkBishops++;
    } else return false;
  }
  if (knights + lightBishops + darkBishops <= 1) return true;
  return knights === 0 && (lightBishops === 0 || darkBishops === 0);
}

const colorName = (c: Color): string => (c === "white" ? "White" : "Black");

export function winOutcome(winner: Color, reason: "checkmate" | "resignation"): Outcome {
  const loser: Color = winner === "white" ? "black" : "white";
  return {
    result: winner === "white" ? "1-0" : "0-1",
    winner,
    reason,
    text:
      reason === "checkmate"
        ? `Checkmate. ${colorName(winner)} wins.`
        : `${colorName(loser)} resigned. ${colorName(winner)} wins.`,
  };
}

const DRAW_TEXT: Record<string, string> = {
  stalemate: "Stalemate. The game is drawn.",
  "insufficient-material": "Draw: neither side has enough material to checkmate.",
  "threefold-repetition": "Draw by threefold repetition.",
  "fifty-move-rule": "Draw by the fifty-move rule.",
  agreement: "Draw agreed.",
};

export function drawOutcome(
  reason: "stalemate" | "insufficient-material" | "threefold-repetition" | "fifty-move-rule" | "agreement",
): Outcome {
  return { result: "1/2-1/2", winner: null, reason, text: DRAW_TEXT[reason] ?? "Draw." };
}

/**
 * The outcome the board itself decides, or null while play goes on. `keys` lists the repetition keys
 * of the positions since the last capture or pawn move, the current position last.
 */
export function positionOutcome(pos: Position, keys: readonly string[]): Outcome | null {
  if (legalMoveCount(pos) === 0) {
    return pos.inCheck()
      ? winOutcome(pos.turn === WHITE ? "black" : "white", "checkmate")
      : drawOutcome("stalemate");
  }
  if (insufficientMaterial(pos)) return drawOutcome("insufficient-material");
  const current = keys[keys.length - 1];
  if (current !== undefined && keys.filter((k) => k === current).length >= 3) {
    return drawOutcome("threefold-repetition");
  }
  if (pos.halfmoves >= FIFTY_MOVE_HALFMOVES) return drawOutcome("fifty-move-rule");
  return null;
}
