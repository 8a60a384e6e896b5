import type { HookMoves, Move, Situation } from "@tt/engine";
import { BOARD_ID, placement, SQUARES, trayOf } from "./layout";
import {
  applyMove,
  type ChessState,
  type Color,
  legalMoves,
  type Outcome,
  type Refusal,
  status,
} from "./rules";
import {
  COLOR_NAME,
  colorOf,
  liveChess,
  overState,
  pieceAt,
  playState,
  promotionState,
  sidesOf,
  toJson,
} from "./state";

/**
 * Chess moves -> engine moves. The rules core decides legality and keeps the ChessState; these
 * functions mirror each accepted move on the components (piece, captured piece, castling rook,
 * promoted pawn) so the board the players see always equals the FEN in globals.
 */

const hidden = { logMessage: "" };

const toSquare = (componentId: string, square: string, logMessage = ""): Move => ({
  type: "component move",
  componentId,
  destinationId: BOARD_ID,
  positionName: SQUARES,
  positionIndex: square,
  logMessage,
});

/**
 * Component moves for from -> to on the position `fen`: a captured piece (en passant included)
 * goes to its colour's tray first, so no component is ever lost and the target slot is free.
 */
export function boardMoves(situation: Situation, fen: string, from: string, to: string, log: string): Move[] {
  const board = placement(fen);
  const piece = board.get(from);
  const moving = pieceAt(situation, from);
  if (piece === undefined || moving === undefined)
    throw new Error(`Board out of sync with the FEN at ${from}`);
  const moves: Move[] = [];
  const enPassant = piece.role === "pawn" && from[0] !== to[0] && !board.has(to);
  const capturedSquare = enPassant ? `${to[0]}${from[1]}` : to;
  const captured = pieceAt(situation, capturedSquare);
  if (captured !== undefined && board.has(capturedSquare)) {
    const color = board.get(capturedSquare)?.color as Color;
    moves.push({
      type: "component move",
      componentId: captured.id,
      destinationId: BOARD_ID,
      positionName: trayOf(color),
      ...hidden,
    });
  }
  moves.push(toSquare(moving.id, to, log));
  const fileStep = to.charCodeAt(0) - from.charCodeAt(0);
  if (piece.role === "king" && Math.abs(fileStep) === 2) {
    // Castling: the rook jumps from its corner to the square the king crossed.
    const rank = from[1];
    const rook = pieceAt(situation, `${fileStep > 0 ? "h" : "a"}${rank}`);
    if (rook === undefined) throw new Error("Castling without a rook component");
    moves.push(toSquare(rook.id, `${fileStep > 0 ? "f" : "d"}${rank}`));
  }
  return moves;
}

/** Stats, the next state or the game end, after `after` was accepted for `seat`. */
export function commitMoves(situation: Situation, seat: string, after: ChessState): Move[] {
  const san = after.moves.at(-1) ?? "";
  const moves: Move[] = [
    { type: "set global", name: "chess", value: toJson(after) },
    { type: "select component", seat, componentId: null, ...hidden },
    { type: "inc stat", player: seat, stat: "moves", amount: 1 },
  ];
  if (san.includes("x")) moves.push({ type: "inc stat", player: seat, stat: "captures", amount: 1 });
  if (/[+#]$/.test(san)) moves.push({ type: "inc stat", player: seat, stat: "checks", amount: 1 });
  return [...moves, ...nextStateMoves(situation, after)];
}

/** The state that follows a change of the chess state: the next turn, or the end of the game. */
export function nextStateMoves(situation: Situation, after: ChessState): Move[] {
  if (after.outcome !== null) return endMoves(situation, after, after.outcome);
  return [{ type: "set gamestate", state: playState(after, sidesOf(situation), status(after).inCheck) }];
}

/** Score stats, the game's object stats for the results page, and the game end itself. */
export function endMoves(situation: Situation, chess: ChessState, outcome: Outcome): Move[] {
  const sides = sidesOf(situation);
  const score = (color: Color) => (outcome.winner === null ? 0.5 : outcome.winner === color ? 1 : 0);
  return [
    { type: "inc stat", player: sides.white, stat: "score", amount: score("white") },
    ...(sides.black === sides.white
      ? []
      : [{ type: "inc stat" as const, player: sides.black, stat: "score", amount: score("black") }]),
    { type: "set object stat", objectId: "game", stat: "result", value: outcome.result },
    { type: "set object stat", objectId: "game", stat: "reason", value: outcome.reason },
    { type: "set object stat", objectId: "game", stat: "moves", value: chess.moves.length },
    { type: "set object stat", objectId: "game", stat: "movetext", value: movetext(chess) },
    { type: "set gamestate", state: overState(outcome) },
    {
      type: "game end",
      result: {
        result: outcome.result,
        reason: outcome.reason,
        text: outcome.text,
        winner: outcome.winner === null ? null : sides[outcome.winner],
      },
      logMessage: `${outcome.text} (${outcome.result})`,
    },
  ];
}

/** '1. e4 e5 2. Nf3', numbered from the start position's move number and side. */
export function movetext(chess: ChessState): string {
  return chess.moves.map((san, i) => (i > 0 && !whiteMoved(chess, i) ? san : numbered(chess, i))).join(" ");
}

const whiteStarts = (chess: ChessState) => chess.initialFen.split(" ")[1] !== "b";
const whiteMoved = (chess: ChessState, i: number) => whiteStarts(chess) === (i % 2 === 0);

/**
 * The i-th move of the game with its number: '12. Qh5+' for White, '12... Qxf2+' for Black; `write`
 * sets the move down otherwise (the log's figures: '12. ♕h5+').
 */
export function numbered(
  chess: ChessState,
  i: number,
  write: (san: string, color: Color) => string = (san) => san,
): string {
  const full = Number(chess.initialFen.split(" ")[5]) || 1;
  const n = full + (whiteStarts(chess) ? Math.floor(i / 2) : Math.floor((i + 1) / 2));
  const white = whiteMoved(chess, i);
  return `${n}${white ? "." : "..."} ${write(chess.moves[i] ?? "", white ? "white" : "black")}`;
}

/**
 * The replay bar's marks for a turn (game-table.md section 4, Replay): each check, mate or
 * promotion it played, numbered as in the movetext. A position repaired in edit mode starts a new
 * history, all of which is new.
 */
export function replayMarks(before: ChessState, after: ChessState): string[] {
  const from = before.initialFen === after.initialFen ? before.moves.length : 0;
  const marks: string[] = [];
  for (let i = from; i < after.moves.length; i++)
    if (/[+#]$|=/.test(after.moves[i] ?? "")) marks.push(numbered(after, i));
  return marks;
}

/**
 * A click that asks to move the piece on `from` to `to`. A promotion moves the pawn at once and
 * asks for the piece in a substate; the chess state changes only when the choice is made.
 */
export function requestMove(situation: Situation, seat: string, from: string, to: string): HookMoves {
  const chess = liveChess(situation);
  const color = colorOf(situation, seat);
  if (color === null) return { prevent: ["Only the two players move pieces."] };
  const promotes = legalMoves(chess).some((m) => m.from === from && m.to === to && m.promotion !== undefined);
  if (promotes) {
    return [
      ...boardMoves(situation, chess.fen, from, to, ""),
      { type: "select component", seat, componentId: null, ...hidden },
      { type: "add substate", state: promotionState(seat, from, to) },
    ];
  }
  const result = applyMove(chess, { from, to }, color);
  if (!result.ok) return { prevent: [refusalText(result.error, placement(chess.fen).get(from)?.role)] };
  const san = result.value.moves.at(-1) ?? "";
  return [...boardMoves(situation, chess.fen, from, to, san), ...commitMoves(situation, seat, result.value)];
}

/**
 * A refused move as the status line says it: an illegal square names the piece ('That square is not
 * a legal move for the knight.'); every other refusal keeps the core's own words.
 */
export function refusalText(refusal: Refusal, role: string | undefined): string {
  return refusal.code === "move/illegal" && role !== undefined
    ? `That square is not a legal move for the ${role}.`
    : refusal.message;
}

/** Log line of a player's action, e.g. 'White offers a draw.' */
export const said = (color: Color, text: string): string => `${COLOR_NAME[color]} ${text}`;
