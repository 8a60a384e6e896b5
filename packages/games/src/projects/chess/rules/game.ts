/**
 * The high-level chess API the game module uses. Everything here takes and returns plain JSON
 * (`ChessState`), never mutates its inputs, and answers rule violations with `Refusal` values whose
 * messages can be shown to players as they are.
 */
import { type FenError, INITIAL_FEN, makeFen, parseFen } from "./fen";
import { generateMoves, MAX_MOVES } from "./movegen";
import { encodeMove, moveFrom, movePromotion, moveTo, Position, type PositionError } from "./position";
import { pseudoReach } from "./reach";
import { makeSan, parseSan } from "./san";
import { drawOutcome, type Outcome, positionKey, positionOutcome, winOutcome } from "./status";
import {
  BLACK_BIT,
  type Color,
  colorOfSide,
  err,
  KING,
  ok,
  PAWN,
  type PromotionRole,
  parseSquare,
  type Result,
  roleOf,
  type SquareName,
  squareName,
  typeOfRole,
} from "./types";

export const CHESS_STATE_VERSION = 1;

export interface ChessMove {
  readonly from: SquareName;
  readonly to: SquareName;
  readonly promotion?: PromotionRole;
}

/** A move request as it arrives from a player: plain strings, checked here. */
export interface MoveInput {
  readonly from: string;
  readonly to: string;
  readonly promotion?: string;
}

/** The whole game situation as plain JSON, stored by the engine. */
export interface ChessState {
  readonly version: typeof CHESS_STATE_VERSION;
  readonly initialFen: string;
  /** The current position. */
  readonly fen: string;
  /** Every move played, in SAN, for the log. */
  readonly moves: readonly string[];
  readonly lastMove: ChessMove | null;
  /** Repetition keys since the last capture or pawn move (earlier positions cannot recur); current last. */
  readonly repetition: readonly string[];
  /** The side whose draw offer is waiting for an answer. */
  readonly drawOffer: Color | null;
  readonly outcome: Outcome | null;
}

export type RefusalCode =
  | "game/over"
  | "move/not-your-turn"
  | "move/bad-square"
  | "move/no-piece"
  | "move/not-your-piece"
  | "move/illegal"
  | "move/king-in-check"
  | "move/cannot-castle"
  | "move/choose-promotion"
  | "move/bad-promotion"
  | "move/no-promotion"
  | "move/bad-san"
  | "draw/already-offered"
  | "draw/offer-pending"
  | "draw/no-offer"
  | "draw/own-offer";

export interface Refusal {
  readonly code: RefusalCode;
  readonly message: string;
}

export const REFUSAL_MESSAGES: Readonly<Record<RefusalCode, string>> = {
  "game/over": "The game is over.",
  "move/not-your-turn": "It is not your turn.",
  "move/bad-square": "That is not a square on the board.",
  "move/no-piece": "There is no piece on that square.",
  "move/not-your-piece": "That is not your piece.",
  "move/illegal": "That piece cannot move there.",
  "move/king-in-check": "That move would leave your king in check.",
  "move/cannot-castle": "You cannot castle now.",
  "move/choose-promotion": "Choose a piece to promote to.",
  "move/bad-promotion": "A pawn can only be promoted to a queen, rook, bishop or knight.",
  "move/no-promotion": "Only a pawn reaching the last rank is promoted.",
  "move/bad-san": "That is not a legal move in algebraic notation.",
  "draw/already-offered": "You have already offered a draw.",
  "draw/offer-pending": "Your opponent offers a draw: accept or decline it.",
  "draw/no-offer": "There is no draw offer to answer.",
  "draw/own-offer": "You cannot answer your own draw offer.",
};

const refuse = (code: RefusalCode): Result<never, Refusal> => err({ code, message: REFUSAL_MESSAGES[code] });

const PROMOTION_ROLES: readonly string[] = ["queen", "rook", "bishop", "knight"];

/** Loads a stored state. A state that does not parse was not made by this module: a programming error. */
function load(state: ChessState): Position {
  const setup = parseFen(state.fen);
  const pos = setup.ok ? Position.fromSetup(setup.value) : setup;
  if (!pos.ok) throw new Error(`Corrupt chess state (${pos.error.code}): ${state.fen}`);
  return pos.value;
}

function movesOf(pos: Position): Int32Array {
  const buf = new Int32Array(MAX_MOVES);
  return buf.subarray(0, generateMoves(pos, buf, 0));
}

/** A new game from the standard start or from a FEN (the "start from a position" option). */
export function startState(fen: string = INITIAL_FEN): Result<ChessState, FenError | PositionError> {
  const setup = parseFen(fen);
  if (!setup.ok) return setup;
  const pos = Position.fromSetup(setup.value);
  if (!pos.ok) return pos;
  const normalized = makeFen(pos.value.toSetup());
  const repetition = [positionKey(pos.value)];
  return ok({
    version: CHESS_STATE_VERSION,
    initialFen: normalized,
    fen: normalized,
    moves: [],
    lastMove: null,
    repetition,
    drawOffer: null,
    outcome: positionOutcome(pos.value, repetition),
  });
}

export function turnOf(state: ChessState): Color {
  return state.fen.split(" ")[1] === "b" ? "black" : "white";
}

/** Squares the piece on `from` may move to (empty when it is not the mover's piece or the game is over). */
export function legalDestinations(state: ChessState, from: string): SquareName[] {
  const sq = parseSquare(from);
  if (state.outcome || sq < 0) return [];
  const dests: SquareName[] = [];
  for (const m of movesOf(load(state))) {
    if (moveFrom(m) !== sq) continue;
    const to = squareName(moveTo(m));
    if (!dests.includes(to)) dests.push(to);
  }
  return dests;
}

/** All legal moves of the side to move; a promotion appears once per piece it can become. */
export function legalMoves(state: ChessState): ChessMove[] {
  if (state.outcome) return [];
  return Array.from(movesOf(load(state)), (m) => {
    const move = { from: squareName(moveFrom(m)), to: squareName(moveTo(m)) };
    const promotion = movePromotion(m);
    return promotion ? { ...move, promotion: roleOf(promotion) as PromotionRole } : move;
  });
}

export interface ChessStatus {
  readonly turn: Color;
  readonly inCheck: boolean;
  /** The checked king's square, for a highlight. */
  readonly checkSquare: SquareName | null;
  readonly drawOffer: Color | null;
  readonly outcome: Outcome | null;
}

export function status(state: ChessState): ChessStatus {
  const pos = load(state);
  const inCheck = pos.inCheck();
  return {
    turn: colorOfSide(pos.turn),
    inCheck,
    checkSquare: inCheck ? squareName(pos.kings[pos.turn]!) : null,
    drawOffer: state.drawOffer,
    outcome: state.outcome,
  };
}

/** Finds the one legal move meant by `move`, or the refusal that explains why there is none. */
function resolveMove(pos: Position, move: MoveInput, by: Color | undefined): Result<number, Refusal> {
  const mover = colorOfSide(pos.turn);
  if (by !== undefined && by !== mover) return refuse("move/not-your-turn");
  const from = parseSquare(move.from);
  const to = parseSquare(move.to);
  if (from < 0 || to < 0) return refuse("move/bad-square");
  const piece = pos.board[from]!;
  if (piece === 0) return refuse("move/no-piece");
  if ((piece & BLACK_BIT) >> 3 !== pos.turn) return refuse("move/not-your-piece");
  if (move.promotion !== undefined && !PROMOTION_ROLES.includes(move.promotion)) {
    return refuse("move/bad-promotion");
  }
  const candidates = movesOf(pos).filter((m) => moveFrom(m) === from && moveTo(m) === to);
  if (candidates.length === 0) {
    if ((piece & 7) === KING && (from === 4 || from === 116) && (to === from + 2 || to === from - 2)) {
      return refuse("move/cannot-castle");
    }
    return refuse(pseudoReach(pos, from, to) ? "move/king-in-check" : "move/illegal");
  }
  const promotes = (piece & 7) === PAWN && (to >> 4 === 7 || to >> 4 === 0);
  if (!promotes) return move.promotion ? refuse("move/no-promotion") : ok(candidates[0]!);
  if (!move.promotion) return refuse("move/choose-promotion");
  return ok(encodeMove(from, to, typeOfRole(move.promotion as PromotionRole), 0));
}

function play(state: ChessState, pos: Position, m: number): ChessState {
  const san = makeSan(pos, m);
  const mover = colorOfSide(pos.turn);
  pos.make(m);
  const key = positionKey(pos);
  const repetition = pos.halfmoves === 0 ? [key] : [...state.repetition, key];
  const promotion = movePromotion(m);
  const lastMove: ChessMove = {
    from: squareName(moveFrom(m)),
    to: squareName(moveTo(m)),
    ...(promotion ? { promotion: roleOf(promotion) as PromotionRole } : {}),
  };
  return {
    ...state,
    fen: makeFen(pos.toSetup()),
    moves: [...state.moves, san],
    lastMove,
    repetition,
    // Moving instead of answering declines the opponent's offer; one's own offer stands.
    drawOffer: state.drawOffer === mover ? mover : null,
    outcome: positionOutcome(pos, repetition),
  };
}

/**
 * Plays `move` for `by` (default: the side to move). The SAN of the move is the new last entry of
 * `moves`; a move that ends the game sets `outcome`.
 */
export function applyMove(state: ChessState, move: MoveInput, by?: Color): Result<ChessState, Refusal> {
  if (state.outcome) return refuse("game/over");
  const pos = load(state);
  const m = resolveMove(pos, move, by);
  return m.ok ? ok(play(state, pos, m.value)) : m;
}

/** Plays a move given in SAN (scripted games, tests). */
export function applySan(state: ChessState, san: string, by?: Color): Result<ChessState, Refusal> {
  if (state.outcome) return refuse("game/over");
  const pos = load(state);
  if (by !== undefined && by !== colorOfSide(pos.turn)) return refuse("move/not-your-turn");
  const m = parseSan(pos, san);
  return m.ok ? ok(play(state, pos, m.value)) : refuse("move/bad-san");
}

export function offerDraw(state: ChessState, by: Color): Result<ChessState, Refusal> {
  if (state.outcome) return refuse("game/over");
  if (state.drawOffer === by) return refuse("draw/already-offered");
  if (state.drawOffer !== null) return refuse("draw/offer-pending");
  return ok({ ...state, drawOffer: by });
}

function answerable(state: ChessState, by: Color): Refusal | null {
  if (state.outcome) return { code: "game/over", message: REFUSAL_MESSAGES["game/over"] };
  if (state.drawOffer === null) return { code: "draw/no-offer", message: REFUSAL_MESSAGES["draw/no-offer"] };
  if (state.drawOffer === by) return { code: "draw/own-offer", message: REFUSAL_MESSAGES["draw/own-offer"] };
  return null;
}

export function acceptDraw(state: ChessState, by: Color): Result<ChessState, Refusal> {
  const refusal = answerable(state, by);
  if (refusal) return err(refusal);
  return ok({ ...state, drawOffer: null, outcome: drawOutcome("agreement") });
}

export function declineDraw(state: ChessState, by: Color): Result<ChessState, Refusal> {
  const refusal = answerable(state, by);
  if (refusal) return err(refusal);
  return ok({ ...state, drawOffer: null });
}

export function resign(state: ChessState, by: Color): Result<ChessState, Refusal> {
  if (state.outcome) return refuse("game/over");
  return ok({
    ...state,
    drawOffer: null,
    outcome: winOutcome(by === "white" ? "black" : "white", "resignation"),
  });
}
