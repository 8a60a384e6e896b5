/**
 * Could the piece on `from` reach `to` if pins and checks did not matter? Only used to word a refusal:
 * a move that fails this test "cannot move there", one that passes but is not legal would leave the
 * king in check.
 */
import { DIAG_DIRS, KING_DIRS, KNIGHT_DIRS, ORTHO_DIRS, type Position } from "./position";
import { BISHOP, BLACK_BIT, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE } from "./types";

function slides(pos: Position, from: number, to: number, dirs: readonly number[]): boolean {
  for (const d of dirs) {
    let s = from + d;
    while ((s & 0x88) === 0) {
      if (s === to) return true;
      if (pos.board[s] !== 0) break;
      s += d;
    }
  }
  return false;
}

export function pseudoReach(pos: Position, from: number, to: number): boolean {
  const b = pos.board;
  const piece = b[from]!;
  const target = b[to]!;
  if (piece === 0 || (target !== 0 && (target & BLACK_BIT) === (piece & BLACK_BIT))) return false;
  const diff = to - from;
  switch (piece & 7) {
    case PAWN: {
      const white = (piece & BLACK_BIT) === 0;
      const forward = white ? 16 : -16;
      if (diff === forward) return target === 0;
      if (diff === 2 * forward) {
        return from >> 4 === (white ? 1 : 6) && b[from + forward] === 0 && target === 0;
      }
      if (diff === forward - 1 || diff === forward + 1) {
        return target !== 0 || (to === pos.ep && pos.turn === (white ? WHITE : 1));
      }
      return false;
    }
    case KNIGHT:
      return KNIGHT_DIRS.includes(diff);
    case KING:
      return KING_DIRS.includes(diff);
    case BISHOP:
      return slides(pos, from, to, DIAG_DIRS);
    case ROOK:
      return slides(pos, from, to, ORTHO_DIRS);
    case QUEEN:
      return slides(pos, from, to, KING_DIRS);
    default:
      return false;
  }
}
