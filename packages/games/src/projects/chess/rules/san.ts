/** Standard algebraic notation: `makeSan` for log messages and `parseSan` to read moves back. */
import { generateMoves, MAX_MOVES } from "./movegen";
import { FLAG_CASTLE, moveFlags, moveFrom, movePromotion, moveTo, type Position } from "./position";
import { type Color, err, FILE_NAMES, KING, ok, PAWN, parseSquare, type Result, squareName } from "./types";

const PIECE_LETTER = "  NBRQK";

export type SanErrorCode = "san/syntax" | "san/illegal" | "san/ambiguous";

export interface SanError {
  readonly code: SanErrorCode;
  readonly message: string;
}

function legalMoves(pos: Position): Int32Array {
  const buf = new Int32Array(MAX_MOVES);
  return buf.subarray(0, generateMoves(pos, buf, 0));
}

/** SAN of a legal move `m` in `pos`, with '+' or '#' when it gives check or mate. */
export function makeSan(pos: Position, m: number): string {
  const from = moveFrom(m);
  const to = moveTo(m);
  const piece = pos.board[from]!;
  const type = piece & 7;
  let san: string;
  if (moveFlags(m) & FLAG_CASTLE) {
    san = to > from ? "O-O" : "O-O-O";
  } else if (type === PAWN) {
    san = (from & 7) !== (to & 7) ? `${FILE_NAMES[from & 7]}x${squareName(to)}` : squareName(to);
    const promotion = movePromotion(m);
    if (promotion) san += `=${PIECE_LETTER[promotion]}`;
  } else {
    san = PIECE_LETTER[type] ?? "";
    if (type !== KING) {
      // Another piece of the same kind that can reach the same square asks for file, rank or both.
      let sameFile = false;
      let sameRank = false;
      let rivals = false;
      for (const other of legalMoves(pos)) {
        const f = moveFrom(other);
        if (f === from || moveTo(other) !== to || pos.board[f] !== piece) continue;
        rivals = true;
        if ((f & 7) === (from & 7)) sameFile = true;
        if (f >> 4 === from >> 4) sameRank = true;
      }
      if (rivals) {
        if (!sameFile) san += FILE_NAMES[from & 7];
        else if (!sameRank) san += String((from >> 4) + 1);
        else san += squareName(from);
      }
    }
    if (pos.board[to] !== 0) san += "x";
    san += squareName(to);
  }
  pos.make(m);
  if (pos.inCheck()) san += legalMoves(pos).length === 0 ? "#" : "+";
  pos.unmake(m);
  return san;
}

const FIGURES: Record<Color, Record<string, string>> = {
  white: { K: "♔", Q: "♕", R: "♖", B: "♗", N: "♘" },
  black: { K: "♚", Q: "♛", R: "♜", B: "♝", N: "♞" },
};

/**
 * SAN with each piece letter as the figure of the side that moves (figurine algebraic notation), as
 * players read a move list: 'Nf3' -> '♘f3', 'exd8=Q+' -> 'exd8=♕+' for White, 'Qh4#' -> '♛h4#' for
 * Black. Pawn moves and castling ('O-O') have no letter to change.
 */
export function figurine(san: string, color: Color): string {
  return san.replace(/[KQRBN]/g, (letter) => FIGURES[color][letter] ?? letter);
}

const SAN_PATTERN = /^([NBRQK])?([a-h])?([1-8])?(x)?([a-h][1-8])(?:=?([NBRQ]))?$/;

/**
 * Finds the legal move a SAN string names. Lenient where it costs nothing: check marks, annotations,
 * 'e.p.', '0-0' castling, a missing 'x' or '=' and extra disambiguation are accepted.
 */
export function parseSan(pos: Position, san: string): Result<number, SanError> {
  const text = san
    .trim()
    .replace(/\s*e\.p\.$/, "")
    .replace(/[+#!?]+$/, "");
  const moves = legalMoves(pos);
  const castle = text.replace(/0/g, "O");
  if (castle === "O-O" || castle === "O-O-O") {
    for (const m of moves) {
      if (moveFlags(m) & FLAG_CASTLE && moveTo(m) > moveFrom(m) === (castle === "O-O")) return ok(m);
    }
    return err({ code: "san/illegal", message: `${san} is not a legal move here.` });
  }
  const match = SAN_PATTERN.exec(text);
  if (!match) return err({ code: "san/syntax", message: `${san} is not algebraic notation.` });
  const [, letter, fromFile, fromRank, , target = "", promotionLetter] = match;
  const type = letter ? PIECE_LETTER.indexOf(letter) : PAWN;
  const to = parseSquare(target);
  const promotion = promotionLetter ? PIECE_LETTER.indexOf(promotionLetter) : 0;
  let found = -1;
  let count = 0;
  for (const m of moves) {
    const from = moveFrom(m);
    if (moveTo(m) !== to || (pos.board[from]! & 7) !== type || moveFlags(m) & FLAG_CASTLE) continue;
    if (fromFile ? FILE_NAMES[from & 7] !== fromFile : type === PAWN && (from & 7) !== (to & 7)) continue;
    if (fromRank && String((from >> 4) + 1) !== fromRank) continue;
    if (movePromotion(m) !== promotion) continue;
    found = m;
    count++;
  }
  if (count === 0) return err({ code: "san/illegal", message: `${san} is not a legal move here.` });
  if (count > 1) return err({ code: "san/ambiguous", message: `${san} could mean more than one move.` });
  return ok(found);
}
