/**
 * Shared vocabulary of the chess rules core: colours, roles, piece codes, squares and the Result
 * value that every rule check returns instead of throwing.
 *
 * Internally squares are 0x88 indices (rank * 16 + file), so "is this square on the board" is a
 * single bit test (`sq & 0x88`). Public APIs speak square names ('a1'..'h8').
 */

export type Result<T, E> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });
export const err = <E>(error: E): { readonly ok: false; readonly error: E } => ({ ok: false, error });

export type Color = "white" | "black";
export type Role = "pawn" | "knight" | "bishop" | "rook" | "queen" | "king";
export type PromotionRole = "queen" | "rook" | "bishop" | "knight";

export type FileName = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h";
export type RankName = "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8";
export type SquareName = `${FileName}${RankName}`;

// Piece codes: colour bit (8 = black) | piece type (1..6). 0 is an empty square.
export const PAWN = 1;
export const KNIGHT = 2;
export const BISHOP = 3;
export const ROOK = 4;
export const QUEEN = 5;
export const KING = 6;
export const BLACK_BIT = 8;

/** Side to move: 0 = white, 1 = black. The colour bit of a piece code is `side << 3`. */
export const WHITE = 0;
export const BLACK = 1;

// Castling right bits.
export const CASTLE_WK = 1;
export const CASTLE_WQ = 2;
export const CASTLE_BK = 4;
export const CASTLE_BQ = 8;

export const ROLES: readonly Role[] = ["pawn", "knight", "bishop", "rook", "queen", "king"];
export const ROLE_LETTERS = ".pnbrqk";

export function roleOf(type: number): Role {
  return ROLES[type - 1] ?? "pawn";
}

export function typeOfRole(role: Role): number {
  return ROLES.indexOf(role) + 1;
}

export function colorOfSide(side: number): Color {
  return side === WHITE ? "white" : "black";
}

export const FILE_NAMES = "abcdefgh";

export function squareName(sq: number): SquareName {
  return `${FILE_NAMES[sq & 7]}${(sq >> 4) + 1}` as SquareName;
}

/** 0x88 index of a square name, or -1 when the name is not a board square. */
export function parseSquare(name: string): number {
  if (typeof name !== "string" || name.length !== 2) return -1;
  const file = name.charCodeAt(0) - 97;
  const rank = name.charCodeAt(1) - 49;
  if (file < 0 || file > 7 || rank < 0 || rank > 7) return -1;
  return rank * 16 + file;
}

export function isSquareName(name: string): name is SquareName {
  return parseSquare(name) >= 0;
}
