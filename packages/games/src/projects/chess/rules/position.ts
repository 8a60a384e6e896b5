/**
 * The mutable search position: a 0x88 mailbox with make/unmake. It is internal to the rules core;
 * the public API copies positions in and out as FEN, so callers never see it mutate.
 *
 * A move is one integer: from | to << 7 | promotion type << 14 | flags << 17.
 */
import { type FenError, parseFen, type Setup } from "./fen";
import {
  BISHOP,
  BLACK,
  BLACK_BIT,
  CASTLE_BK,
  CASTLE_BQ,
  CASTLE_WK,
  CASTLE_WQ,
  err,
  KING,
  KNIGHT,
  ok,
  PAWN,
  parseSquare,
  QUEEN,
  type Result,
  ROOK,
  squareName,
  WHITE,
} from "./types";

export const FLAG_DOUBLE = 1;
export const FLAG_EP = 2;
export const FLAG_CASTLE = 4;

export const moveFrom = (m: number): number => m & 127;
export const moveTo = (m: number): number => (m >> 7) & 127;
export const movePromotion = (m: number): number => (m >> 14) & 7;
export const moveFlags = (m: number): number => m >> 17;
export const encodeMove = (from: number, to: number, promotion: number, flags: number): number =>
  from | (to << 7) | (promotion << 14) | (flags << 17);

export const KNIGHT_DIRS: readonly number[] = [33, 31, 18, 14, -14, -18, -31, -33];
export const KING_DIRS: readonly number[] = [1, -1, 16, -16, 15, 17, -15, -17];
export const ORTHO_DIRS: readonly number[] = [1, -1, 16, -16];
export const DIAG_DIRS: readonly number[] = [15, 17, -15, -17];

/** Castling rights kept after a move touches a square (king and rook home squares clear rights). */
const CASTLE_KEEP = new Uint8Array(128).fill(15);
CASTLE_KEEP[0] = 15 & ~CASTLE_WQ;
CASTLE_KEEP[7] = 15 & ~CASTLE_WK;
CASTLE_KEEP[4] = 15 & ~(CASTLE_WK | CASTLE_WQ);
CASTLE_KEEP[112] = 15 & ~CASTLE_BQ;
CASTLE_KEEP[119] = 15 & ~CASTLE_BK;
CASTLE_KEEP[116] = 15 & ~(CASTLE_BK | CASTLE_BQ);

const MAX_PLY = 1024;

export type PositionErrorCode =
  | "position/kings"
  | "position/pawns"
  | "position/too-many-pieces"
  | "position/opposite-check";

export interface PositionError {
  readonly code: PositionErrorCode;
  readonly message: string;
}

export class Position {
  readonly board = new Uint8Array(128);
  /** WHITE (0) or BLACK (1). */
  turn = WHITE;
  castling = 0;
  /** En-passant target square (0x88) or -1. */
  ep = -1;
  halfmoves = 0;
  fullmoves = 1;
  readonly kings = new Int32Array(2);
  /** Piece lists: the squares of side s are pieces[s * 16 .. s * 16 + counts[s]), in no order. */
  readonly pieces = new Uint8Array(32);
  readonly counts = new Int32Array(2);
  /** Where each occupied square sits in its side's piece list. */
  private readonly listIndex = new Uint8Array(128);

  private ply = 0;
  private readonly undoCaptured = new Uint8Array(MAX_PLY);
  private readonly undoCastling = new Uint8Array(MAX_PLY);
  private readonly undoEp = new Int16Array(MAX_PLY);
  private readonly undoHalfmoves = new Int32Array(MAX_PLY);

  static fromSetup(setup: Setup): Result<Position, PositionError> {
    const pos = new Position();
    const kingCount = [0, 0];
    for (let i = 0; i < 64; i++) {
      const code = setup.board[i] ?? 0;
      const sq = (i >> 3) * 16 + (i & 7);
      pos.board[sq] = code;
      if ((code & 7) === KING) {
        const side = code >> 3;
        kingCount[side] = (kingCount[side] ?? 0) + 1;
        pos.kings[side] = sq;
      }
      if ((code & 7) === PAWN && (i < 8 || i >= 56)) {
        return err({ code: "position/pawns", message: "Pawns cannot stand on the first or last rank." });
      }
      if (code !== 0) {
        const side = code >> 3;
        if (pos.counts[side] === 16) {
          return err({ code: "position/too-many-pieces", message: "A side can have at most 16 pieces." });
        }
        pos.addPiece(side, sq);
      }
    }
    if (kingCount[0] !== 1 || kingCount[1] !== 1) {
      return err({ code: "position/kings", message: "Each side needs exactly one king." });
    }
    pos.turn = setup.turn === "white" ? WHITE : BLACK;
    pos.castling = setup.castling & 15;
    pos.halfmoves = setup.halfmoves;
    pos.fullmoves = setup.fullmoves;
    if (pos.attacked(pos.kings[pos.turn ^ 1]!, pos.turn)) {
      return err({ code: "position/opposite-check", message: "The side that is not to move is in check." });
    }
    // An en-passant square is kept only when a pawn really just made a double step past it.
    if (setup.epSquare) {
      const ep = parseSquare(setup.epSquare);
      const forward = pos.turn === WHITE ? 16 : -16;
      const theirPawn = ((pos.turn ^ 1) << 3) | PAWN;
      if (pos.board[ep] === 0 && pos.board[ep + forward] === 0 && pos.board[ep - forward] === theirPawn) {
        pos.ep = ep;
      }
    }
    return ok(pos);
  }

  toSetup(): Setup {
    const board = new Array<number>(64);
    for (let i = 0; i < 64; i++) board[i] = this.board[(i >> 3) * 16 + (i & 7)]!;
    return {
      board,
      turn: this.turn === WHITE ? "white" : "black",
      castling: this.castling,
      epSquare: this.ep >= 0 ? squareName(this.ep) : null,
      halfmoves: this.halfmoves,
      fullmoves: this.fullmoves,
    };
  }

  private addPiece(side: number, sq: number): void {
    const i = this.counts[side]!++;
    this.pieces[side * 16 + i] = sq;
    this.listIndex[sq] = i;
  }

  private removePiece(side: number, sq: number): void {
    const base = side * 16;
    const last = --this.counts[side]!;
    const moved = this.pieces[base + last]!;
    const i = this.listIndex[sq]!;
    this.pieces[base + i] = moved;
    this.listIndex[moved] = i;
  }

  private movePiece(side: number, from: number, to: number): void {
    const i = this.listIndex[from]!;
    this.pieces[side * 16 + i] = to;
    this.listIndex[to] = i;
  }

  /** Is `sq` attacked by a piece of side `by`? */
  attacked(sq: number, by: number): boolean {
    const b = this.board;
    const c = by << 3;
    if (by === WHITE) {
      if (((sq - 15) & 0x88) === 0 && b[sq - 15] === PAWN) return true;
      if (((sq - 17) & 0x88) === 0 && b[sq - 17] === PAWN) return true;
    } else {
      if (((sq + 15) & 0x88) === 0 && b[sq + 15] === (BLACK_BIT | PAWN)) return true;
      if (((sq + 17) & 0x88) === 0 && b[sq + 17] === (BLACK_BIT | PAWN)) return true;
    }
    const knight = c | KNIGHT;
    for (let i = 0; i < 8; i++) {
      const s = sq + KNIGHT_DIRS[i]!;
      if ((s & 0x88) === 0 && b[s] === knight) return true;
    }
    const king = c | KING;
    const queen = c | QUEEN;
    const rook = c | ROOK;
    const bishop = c | BISHOP;
    for (let i = 0; i < 4; i++) {
      const d = ORTHO_DIRS[i]!;
      let s = sq + d;
      if (s & 0x88) continue;
      let p = b[s]!;
      if (p === king) return true;
      while (p === 0) {
        s += d;
        if (s & 0x88) break;
        p = b[s]!;
      }
      if (p === rook || p === queen) return true;
    }
    for (let i = 0; i < 4; i++) {
      const d = DIAG_DIRS[i]!;
      let s = sq + d;
      if (s & 0x88) continue;
      let p = b[s]!;
      if (p === king) return true;
      while (p === 0) {
        s += d;
        if (s & 0x88) break;
        p = b[s]!;
      }
      if (p === bishop || p === queen) return true;
    }
    return false;
  }

  inCheck(): boolean {
    return this.attacked(this.kings[this.turn]!, this.turn ^ 1);
  }

  make(m: number): void {
    const b = this.board;
    const from = m & 127;
    const to = (m >> 7) & 127;
    const promotion = (m >> 14) & 7;
    const flags = m >> 17;
    const piece = b[from]!;
    const ply = this.ply++;
    let captured = b[to]!;
    this.undoCastling[ply] = this.castling;
    this.undoEp[ply] = this.ep;
    this.undoHalfmoves[ply] = this.halfmoves;

    const us = this.turn;
    if (captured) this.removePiece(us ^ 1, to);
    this.movePiece(us, from, to);
    b[to] = promotion ? (piece & BLACK_BIT) | promotion : piece;
    b[from] = 0;
    if (flags) {
      if (flags & FLAG_EP) {
        const capSq = us === WHITE ? to - 16 : to + 16;
        captured = b[capSq]!;
        b[capSq] = 0;
        this.removePiece(us ^ 1, capSq);
      } else if (flags & FLAG_CASTLE) {
        if (to > from) {
          b[from + 1] = b[from + 3]!;
          b[from + 3] = 0;
          this.movePiece(us, from + 3, from + 1);
        } else {
          b[from - 1] = b[from - 4]!;
          b[from - 4] = 0;
          this.movePiece(us, from - 4, from - 1);
        }
      }
    }
    this.undoCaptured[ply] = captured;
    if ((piece & 7) === KING) this.kings[this.turn] = to;
    this.castling &= CASTLE_KEEP[from]! & CASTLE_KEEP[to]!;
    this.ep = flags & FLAG_DOUBLE ? (from + to) >> 1 : -1;
    this.halfmoves = captured || (piece & 7) === PAWN ? 0 : this.halfmoves + 1;
    if (this.turn === BLACK) this.fullmoves++;
    this.turn ^= 1;
  }

  unmake(m: number): void {
    const b = this.board;
    const from = m & 127;
    const to = (m >> 7) & 127;
    const promotion = (m >> 14) & 7;
    const flags = m >> 17;
    const ply = --this.ply;
    this.turn ^= 1;
    if (this.turn === BLACK) this.fullmoves--;
    this.castling = this.undoCastling[ply]!;
    this.ep = this.undoEp[ply]!;
    this.halfmoves = this.undoHalfmoves[ply]!;
    const us = this.turn;
    const piece = b[to]!;
    b[from] = promotion ? (piece & BLACK_BIT) | PAWN : piece;
    this.movePiece(us, to, from);
    if ((piece & 7) === KING) this.kings[us] = from;
    const captured = this.undoCaptured[ply]!;
    if (flags & FLAG_EP) {
      b[to] = 0;
      const capSq = us === WHITE ? to - 16 : to + 16;
      b[capSq] = captured;
      this.addPiece(us ^ 1, capSq);
    } else {
      b[to] = captured;
      if (captured) this.addPiece(us ^ 1, to);
      if (flags & FLAG_CASTLE) {
        if (to > from) {
          b[from + 3] = b[from + 1]!;
          b[from + 1] = 0;
          this.movePiece(us, from + 1, from + 3);
        } else {
          b[from - 4] = b[from - 1]!;
          b[from - 1] = 0;
          this.movePiece(us, from - 1, from - 4);
        }
      }
    }
  }
}

/** Parses a FEN straight into a search position (perft, SAN over a position). */
export function positionFromFen(fen: string): Result<Position, FenError | PositionError> {
  const setup = parseFen(fen);
  return setup.ok ? Position.fromSetup(setup.value) : setup;
}
