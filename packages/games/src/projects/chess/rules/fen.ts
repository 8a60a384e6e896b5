/**
 * FEN parsing and making. `parseFen` checks syntax only and returns a plain `Setup`; whether the
 * setup is a playable position (kings, checks, en-passant consistency) is `Position.fromSetup`'s job.
 */
import {
  CASTLE_BK,
  CASTLE_BQ,
  CASTLE_WK,
  CASTLE_WQ,
  type Color,
  err,
  ok,
  parseSquare,
  type Result,
  type SquareName,
  squareName,
} from "./types";

/** A syntactically valid position, as plain data. `board[rank * 8 + file]` holds a piece code. */
export interface Setup {
  readonly board: readonly number[];
  readonly turn: Color;
  /** Bit set of CASTLE_WK | CASTLE_WQ | CASTLE_BK | CASTLE_BQ. */
  readonly castling: number;
  readonly epSquare: SquareName | null;
  readonly halfmoves: number;
  readonly fullmoves: number;
}

export type FenErrorCode =
  | "fen/fields"
  | "fen/board"
  | "fen/turn"
  | "fen/castling"
  | "fen/en-passant"
  | "fen/halfmoves"
  | "fen/fullmoves";

export interface FenError {
  readonly code: FenErrorCode;
  readonly message: string;
}

export const INITIAL_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

const PIECE_LETTERS = " PNBRQK  pnbrqk";

const fenError = (code: FenErrorCode, message: string): Result<never, FenError> => err({ code, message });

function parseBoard(part: string): number[] | null {
  const rows = part.split("/");
  if (rows.length !== 8) return null;
  const board = new Array<number>(64).fill(0);
  for (let r = 0; r < 8; r++) {
    const row = rows[r] ?? "";
    const rank = 7 - r;
    let file = 0;
    for (const ch of row) {
      if (ch >= "1" && ch <= "8") {
        file += ch.charCodeAt(0) - 48;
      } else {
        const code = PIECE_LETTERS.indexOf(ch);
        if (code <= 0 || ch === " " || file > 7) return null;
        board[rank * 8 + file] = code;
        file++;
      }
      if (file > 8) return null;
    }
    if (file !== 8) return null;
  }
  return board;
}

function parseCastling(part: string): number | null {
  if (part === "-") return 0;
  let bits = 0;
  for (const ch of part) {
    const bit =
      ch === "K" ? CASTLE_WK : ch === "Q" ? CASTLE_WQ : ch === "k" ? CASTLE_BK : ch === "q" ? CASTLE_BQ : 0;
    if (bit === 0 || bits & bit) return null;
    bits |= bit;
  }
  return bits;
}

function parseCount(part: string | undefined, fallback: number, min: number): number | null {
  if (part === undefined) return fallback;
  if (!/^\d{1,6}$/.test(part)) return null;
  const n = Number(part);
  return n >= min ? n : null;
}

/** Parses a FEN string; the two clock fields may be left out (they default to "0 1"). */
export function parseFen(fen: string): Result<Setup, FenError> {
  const parts = fen.trim().split(/\s+/);
  if (parts.length < 4 || parts.length > 6) {
    return fenError("fen/fields", "A FEN needs 4 to 6 fields separated by spaces.");
  }
  const [boardPart = "", turnPart = "", castlingPart = "", epPart = ""] = parts;
  const board = parseBoard(boardPart);
  if (!board) return fenError("fen/board", "The piece placement must list 8 ranks of 8 squares.");
  if (turnPart !== "w" && turnPart !== "b") {
    return fenError("fen/turn", "The side to move must be 'w' or 'b'.");
  }
  const castling = parseCastling(castlingPart);
  if (castling === null) return fenError("fen/castling", "Castling rights must be '-' or letters from KQkq.");
  let epSquare: SquareName | null = null;
  if (epPart !== "-") {
    const sq = parseSquare(epPart);
    const rank = sq >> 4;
    if (sq < 0 || rank !== (turnPart === "w" ? 5 : 2)) {
      return fenError("fen/en-passant", "The en-passant square must be '-' or a square on rank 3 or 6.");
    }
    epSquare = squareName(sq);
  }
  const halfmoves = parseCount(parts[4], 0, 0);
  if (halfmoves === null) return fenError("fen/halfmoves", "The halfmove clock must be a whole number.");
  const fullmoves = parseCount(parts[5], 1, 1);
  if (fullmoves === null) return fenError("fen/fullmoves", "The move number must be a whole number from 1.");
  return ok({ board, turn: turnPart === "w" ? "white" : "black", castling, epSquare, halfmoves, fullmoves });
}

export function makeBoardFen(board: readonly number[]): string {
  let out = "";
  for (let rank = 7; rank >= 0; rank--) {
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const code = board[rank * 8 + file] ?? 0;
      if (code === 0) {
        empty++;
        continue;
      }
      if (empty) out += empty;
      empty = 0;
      out += PIECE_LETTERS[code] ?? "?";
    }
    if (empty) out += empty;
    if (rank > 0) out += "/";
  }
  return out;
}

export function makeCastling(bits: number): string {
  const s =
    (bits & CASTLE_WK ? "K" : "") +
    (bits & CASTLE_WQ ? "Q" : "") +
    (bits & CASTLE_BK ? "k" : "") +
    (bits & CASTLE_BQ ? "q" : "");
  return s || "-";
}

export function makeFen(setup: Setup): string {
  return [
    makeBoardFen(setup.board),
    setup.turn === "white" ? "w" : "b",
    makeCastling(setup.castling),
    setup.epSquare ?? "-",
    setup.halfmoves,
    setup.fullmoves,
  ].join(" ");
}
