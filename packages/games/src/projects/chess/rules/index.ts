/**
 * The chess rules core. Modules form a one-way chain:
 * types -> fen -> position -> movegen -> (perft, status, san, reach) -> game -> index.
 */

export type { FenError, FenErrorCode, Setup } from "./fen";
export { INITIAL_FEN, makeFen, parseFen } from "./fen";
export type {
  ChessMove,
  ChessState,
  ChessStatus,
  MoveInput,
  Refusal,
  RefusalCode,
} from "./game";
export {
  acceptDraw,
  applyMove,
  applySan,
  CHESS_STATE_VERSION,
  declineDraw,
  legalDestinations,
  legalMoves,
  offerDraw,
  REFUSAL_MESSAGES,
  resign,
  startState,
  status,
  turnOf,
} from "./game";
export { generateMoves, MAX_MOVES } from "./movegen";
export { perft, perftDivide } from "./perft";
export type { PositionError, PositionErrorCode } from "./position";
export { moveFrom, movePromotion, moveTo, Position, positionFromFen } from "./position";
export type { SanError, SanErrorCode } from "./san";
export { figurine, makeSan, parseSan } from "./san";
export type { EndReason, GameResult, Outcome } from "./status";
export { FIFTY_MOVE_HALFMOVES, insufficientMaterial, positionKey } from "./status";
export type { Color, PromotionRole, Result, Role, SquareName } from "./types";
export { roleOf, squareName } from "./types";
