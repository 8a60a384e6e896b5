/**
 * The chess bot's search: negamax with alpha-beta pruning on the rules core's own position and move
 * generator (rules/position.ts, rules/movegen.ts: make/unmake, legal moves only), so it plays exactly
 * the moves the table accepts. Levels trade strength for time:
 *
 *   level 1: 2 plies, material only, no capture search (a beginner who sees one reply);
 *   level 2: 2 plies and a capture search, material and piece placement;
 *   level 3: 3 plies, the same evaluation;
 *   level 4: 4 plies, the same evaluation.
 *
 * Scores are centipawns from the side to move's point of view; a mate is MATE minus its distance, so
 * the search prefers the quickest mate and the longest defence. Equal best moves are chosen between
 * with the caller's random state, so games between the same bots differ by seed, not by chance.
 */
import { generateMoves, MAX_MOVES } from "./rules/movegen";
import { FLAG_EP, moveFlags, movePromotion, moveTo, type Position } from "./rules/position";
import { positionKey } from "./rules/status";
import { BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE } from "./rules/types";

export const MATE = 100_000;
export const CHESS_BOT_LEVELS = [1, 2, 3, 4] as const;
export type ChessBotLevel = (typeof CHESS_BOT_LEVELS)[number];

interface LevelSettings {
  depth: number;
  quiescence: boolean;
  placement: boolean;
}

const LEVELS: Record<ChessBotLevel, LevelSettings> = {
  1: { depth: 2, quiescence: false, placement: false },
  2: { depth: 2, quiescence: true, placement: true },
  3: { depth: 3, quiescence: true, placement: true },
  4: { depth: 4, quiescence: true, placement: true },
};

/** Piece values by type code (rules/types.ts: pawn 1 .. king 6). */
const VALUE = [0, 100, 320, 330, 500, 900, 0];

/**
 * Placement bonus by type and square, for White (Black reads it mirrored), in centipawns: pawns are
 * worth more as they advance and in the centre, knights and bishops in the centre, rooks on the
 * seventh rank and open middle files, the king at home behind its pawns, the queen slightly central.
 */
const PLACEMENT: Int16Array[] = Array.from({ length: 7 }, () => new Int16Array(128));
for (let sq = 0; sq < 128; sq++) {
  if (sq & 0x88) continue;
  const file = sq & 7;
  const rank = sq >> 4;
  // 0 on the rim .. 3 in the four centre squares.
  const centre = 3 - Math.max(Math.abs(2 * file - 7), Math.abs(2 * rank - 7)) / 2 + 0.5;
  const fileCentre = 3.5 - Math.abs(file - 3.5);
  (PLACEMENT[PAWN] as Int16Array)[sq] =
    rank === 6 ? 50 : rank * 4 + (rank >= 3 ? Math.round(fileCentre * 4) : 0);
  (PLACEMENT[KNIGHT] as Int16Array)[sq] = Math.round(centre * 10) - 15;
  (PLACEMENT[BISHOP] as Int16Array)[sq] = Math.round(centre * 5) - 5;
  (PLACEMENT[ROOK] as Int16Array)[sq] = (rank === 6 ? 15 : 0) + (file === 3 || file === 4 ? 5 : 0);
  (PLACEMENT[QUEEN] as Int16Array)[sq] = Math.round(centre * 3) - 5;
  (PLACEMENT[KING] as Int16Array)[sq] = rank === 0 ? (file <= 2 || file >= 6 ? 20 : 0) : -10 * rank;
}

/** The evaluation from the side to move's point of view. */
function evaluate(pos: Position, placement: boolean): number {
  let score = 0;
  for (let side = 0; side < 2; side++) {
    const sign = side === pos.turn ? 1 : -1;
    const count = pos.counts[side] as number;
    for (let i = 0; i < count; i++) {
      const sq = pos.pieces[side * 16 + i] as number;
      const type = (pos.board[sq] as number) & 7;
      let v = VALUE[type] as number;
      // Black reads the table from its own side of the board.
      if (placement) v += (PLACEMENT[type] as Int16Array)[side === WHITE ? sq : sq ^ 0x70] as number;
      score += sign * v;
    }
  }
  return score;
}

/** Move ordering: promotions and captures of big pieces by small ones first. */
function orderKey(pos: Position, m: number): number {
  const victim = (pos.board[moveTo(m)] as number) & 7;
  const promotion = movePromotion(m);
  if (promotion) return 2000 + (VALUE[promotion] as number);
  if (victim)
    return 1000 + (VALUE[victim] as number) * 10 - (VALUE[(pos.board[m & 127] as number) & 7] as number) / 10;
  if (moveFlags(m) & FLAG_EP) return 1000 + 990;
  return 0;
}

function sortMoves(pos: Position, moves: Int32Array, n: number, keys: Float64Array): void {
  for (let i = 0; i < n; i++) keys[i] = orderKey(pos, moves[i] as number);
  // Insertion sort: a few dozen moves, mostly already in order.
  for (let i = 1; i < n; i++) {
    const m = moves[i] as number;
    const k = keys[i] as number;
    let j = i - 1;
    while (j >= 0 && (keys[j] as number) < k) {
      moves[j + 1] = moves[j] as number;
      keys[j + 1] = keys[j] as number;
      j--;
    }
    moves[j + 1] = m;
    keys[j + 1] = k;
  }
}

const isNoisy = (pos: Position, m: number) =>
  (pos.board[moveTo(m)] as number) !== 0 || movePromotion(m) !== 0 || (moveFlags(m) & FLAG_EP) !== 0;

const MAX_PLY = 64;
const QUIESCENCE_PLIES = 8;

class Search {
  readonly moves = Array.from({ length: MAX_PLY }, () => new Int32Array(MAX_MOVES));
  readonly keys = Array.from({ length: MAX_PLY }, () => new Float64Array(MAX_MOVES));
  nodes = 0;
  constructor(
    readonly pos: Position,
    readonly settings: LevelSettings,
  ) {}

  negamax(depth: number, alpha: number, beta: number, ply: number): number {
    const pos = this.pos;
    this.nodes++;
    const moves = this.moves[ply] as Int32Array;
    const n = generateMoves(pos, moves, 0);
    if (n === 0) return pos.inCheck() ? -MATE + ply : 0;
    if (pos.halfmoves >= 100) return 0;
    if (depth <= 0)
      return this.settings.quiescence
        ? this.quiesce(alpha, beta, ply, n, 0)
        : evaluate(pos, this.settings.placement);
    sortMoves(pos, moves, n, this.keys[ply] as Float64Array);
    for (let i = 0; i < n; i++) {
      const m = moves[i] as number;
      pos.make(m);
      const score = -this.negamax(depth - 1, -beta, -alpha, ply + 1);
      pos.unmake(m);
      if (score >= beta) return score;
      if (score > alpha) alpha = score;
    }
    return alpha;
  }

  /** Captures and promotions only, until the position is quiet; `n` moves are generated at `ply`. */
  quiesce(alpha: number, beta: number, ply: number, n: number, qply: number): number {
    const pos = this.pos;
    const standPat = evaluate(pos, this.settings.placement);
    if (standPat >= beta) return standPat;
    if (standPat > alpha) alpha = standPat;
    if (qply >= QUIESCENCE_PLIES || ply >= MAX_PLY - 1) return alpha;
    const moves = this.moves[ply] as Int32Array;
    sortMoves(pos, moves, n, this.keys[ply] as Float64Array);
    for (let i = 0; i < n; i++) {
      const m = moves[i] as number;
      if (!isNoisy(pos, m)) break;
      pos.make(m);
      this.nodes++;
      const replies = generateMoves(pos, this.moves[ply + 1] as Int32Array, 0);
      const score =
        replies === 0
          ? pos.inCheck()
            ? MATE - ply - 1
            : 0
          : -this.quiesce(-beta, -alpha, ply + 1, replies, qply + 1);
      pos.unmake(m);
      if (score >= beta) return score;
      if (score > alpha) alpha = score;
    }
    return alpha;
  }
}

function seenTwice(keys: readonly string[], key: string): boolean {
  let seen = 0;
  for (const k of keys) if (k === key && ++seen >= 2) return true;
  return false;
}

export interface RootChoice {
  /** The moves (rules/position.ts integers) that scored best, in generation order. */
  best: number[];
  score: number;
  nodes: number;
}

/**
 * The best moves of `pos` (which is left as it was) at `level`. `repetition` lists the repetition keys
 * since the last capture or pawn move (ChessState.repetition): a move into a position seen twice
 * already is a draw by threefold repetition and scores 0.
 */
export function bestMoves(
  pos: Position,
  level: ChessBotLevel,
  repetition: readonly string[] = [],
): RootChoice {
  const settings = LEVELS[level];
  const search = new Search(pos, settings);
  const moves = new Int32Array(MAX_MOVES);
  const n = generateMoves(pos, moves, 0);
  const keys = new Float64Array(MAX_MOVES);
  sortMoves(pos, moves, n, keys);
  let best: number[] = [];
  let bestScore = -Infinity;
  for (let i = 0; i < n; i++) {
    const m = moves[i] as number;
    pos.make(m);
    let score: number;
    if (repetition.length > 0 && pos.halfmoves > 0 && seenTwice(repetition, positionKey(pos))) score = 0;
    // A window one centipawn below the best so far keeps every equally good move, for the random pick.
    else score = -search.negamax(settings.depth - 1, -MATE - 1, -(bestScore - 1), 1);
    pos.unmake(m);
    if (score > bestScore) {
      bestScore = score;
      best = [m];
    } else if (score === bestScore) best.push(m);
  }
  return { best, score: bestScore, nodes: search.nodes };
}
