import type { BoardMark, MoveList, Situation } from "@tt/engine";
import { type ChessState, status } from "./rules";
import { chessOf, liveChess } from "./state";

/**
 * What the board marks for everyone, from the chess state alone: the last move's two squares and the
 * square of a king in check. Squares are the slot names of the board's 'squares' position.
 */
export function chessMarks(chess: ChessState): BoardMark[] {
  const marks: BoardMark[] = [];
  if (chess.lastMove !== null) {
    marks.push({ target: chess.lastMove.from, kind: "recent", label: "last move from here" });
    marks.push({ target: chess.lastMove.to, kind: "recent", label: "last move to here" });
  }
  // A mated king stays marked after the end: the mark shows why the game ended.
  const { checkSquare } = status(chess);
  if (checkSquare !== null) marks.push({ target: checkSquare, kind: "danger", label: "king in check" });
  return marks;
}

/** The marks of a table's chess state as it is played (liveChess: an edited board starts afresh). */
export const marksOf = (situation: Situation): BoardMark[] => chessMarks(liveChess(situation));

/**
 * The game in SAN as a numbered two-column list ('1. e4 e5'): a game started from a position with
 * Black to move opens its first row with White's cell empty.
 */
export function chessMoveList(chess: ChessState): MoveList {
  const [, side = "w", , , , full = "1"] = chess.initialFen.split(" ");
  const first = Number(full) || 1;
  const cells = side === "b" ? ["", ...chess.moves] : [...chess.moves];
  const rows: MoveList["rows"] = [];
  for (let i = 0; i < cells.length; i += 2)
    rows.push({ number: first + i / 2, moves: [cells[i] ?? "", cells[i + 1] ?? ""] });
  return { columns: ["White", "Black"], rows };
}

/** The stored game's record (the moves as played; an edit does not rewrite them). */
export const moveListOf = (situation: Situation): MoveList => chessMoveList(chessOf(situation));
