/**
 * Legal move generation. Pins and checks are found once per position from the enemy piece list (only
 * sliders on a line through the king are walked), so every generated move is legal without a
 * make/test/unmake round trip; only the rare en-passant capture (which can expose the king along the
 * rank) is verified by playing it out.
 */
import {
  DIAG_DIRS,
  encodeMove,
  FLAG_CASTLE,
  FLAG_DOUBLE,
  FLAG_EP,
  KING_DIRS,
  KNIGHT_DIRS,
  ORTHO_DIRS,
  type Position,
} from "./position";
import {
  BISHOP,
  BLACK_BIT,
  CASTLE_BK,
  CASTLE_BQ,
  CASTLE_WK,
  CASTLE_WQ,
  KING,
  KNIGHT,
  PAWN,
  QUEEN,
  ROOK,
  WHITE,
} from "./types";

/** Room for the moves of one position (the known maximum is 218). */
export const MAX_MOVES = 256;

// Scratch marks, valid for the generation whose stamp they carry. Generation never re-enters itself.
const pinStamp = new Int32Array(128);
const pinDir = new Int32Array(128);
const targetStamp = new Int32Array(128);
let stamp = 0;

// Directions by piece type: bishop 3, rook 4, queen 5.
const SLIDER_DIRS: readonly (readonly number[])[] = [[], [], [], DIAG_DIRS, ORTHO_DIRS, KING_DIRS];

// Geometry by square difference (index: target - origin + 119): knight jumps, and for queen lines the
// kind of slider that moves along it (BISHOP or ROOK) with the unit step from origin to target.
const KNIGHT_DIFF = new Uint8Array(239);
const LINE_KIND = new Uint8Array(239);
const LINE_STEP = new Int8Array(239);
for (const d of KNIGHT_DIRS) KNIGHT_DIFF[d + 119] = 1;
for (const d of KING_DIRS) {
  const kind = d === 1 || d === -1 || d === 16 || d === -16 ? ROOK : BISHOP;
  for (let k = 1; k < 8; k++) {
    const diff = d * k + 119;
    if (diff < 0 || diff > 238) break;
    LINE_KIND[diff] = kind;
    LINE_STEP[diff] = d;
  }
}

function nextStamp(): number {
  if (stamp >= 0x3fffffff) {
    pinStamp.fill(0);
    targetStamp.fill(0);
    stamp = 0;
  }
  return ++stamp;
}

function pushPawnMove(out: Int32Array, n: number, from: number, to: number, promote: boolean): number {
  if (promote) {
    out[n++] = encodeMove(from, to, QUEEN, 0);
    out[n++] = encodeMove(from, to, ROOK, 0);
    out[n++] = encodeMove(from, to, BISHOP, 0);
    out[n++] = encodeMove(from, to, KNIGHT, 0);
  } else {
    out[n++] = from | (to << 7);
  }
  return n;
}

/**
 * Writes the legal moves of `pos` into `out` from index `start`; returns the index after the last.
 * `pos` is left as it was (the en-passant test touches and restores the board).
 */
export function generateMoves(pos: Position, out: Int32Array, start: number): number {
  const b = pos.board;
  const us = pos.turn;
  const them = us ^ 1;
  const usBit = us << 3;
  const themBit = them << 3;
  const ksq = pos.kings[us]!;
  const st = nextStamp();
  let n = start;

  // Checkers and pins, found from the enemy piece list: only pieces whose line meets the king count.
  let checkers = 0;
  let checkSq = -1;
  let checkDir = 0;
  const theirList = pos.pieces;
  const theirEnd = them * 16 + pos.counts[them]!;
  const pawnAhead = us === WHITE ? 16 : -16;
  for (let li = them * 16; li < theirEnd; li++) {
    const s = theirList[li]!;
    const type = b[s]! & 7;
    const diff = ksq - s + 119;
    if (type === PAWN) {
      // An enemy pawn checks from one rank ahead of the king, one file aside.
      const delta = s - ksq;
      if (delta === pawnAhead - 1 || delta === pawnAhead + 1) {
        checkers++;
        checkSq = s;
      }
    } else if (type === KNIGHT) {
      if (KNIGHT_DIFF[diff] === 1) {
        checkers++;
        checkSq = s;
      }
    } else if (type !== KING) {
      const line = LINE_KIND[diff]!;
      if (line === 0 || (type !== QUEEN && line !== type)) continue;
      const d = -LINE_STEP[diff]!;
      let pinned = -1;
      let t = ksq + d;
      for (; t !== s; t += d) {
        const p = b[t]!;
        if (p === 0) continue;
        if ((p & BLACK_BIT) !== usBit || pinned >= 0) break;
        pinned = t;
      }
      if (t !== s) continue;
      if (pinned < 0) {
        checkers++;
        checkSq = s;
        checkDir = d;
      } else {
        pinStamp[pinned] = st;
        pinDir[pinned] = d;
      }
    }
  }

  // King moves, tested with the king lifted off the board so it cannot hide behind itself.
  const ourKing = b[ksq]!;
  b[ksq] = 0;
  for (let i = 0; i < 8; i++) {
    const t = ksq + KING_DIRS[i]!;
    if (t & 0x88) continue;
    const p = b[t]!;
    if (p !== 0 && (p & BLACK_BIT) === usBit) continue;
    if (!pos.attacked(t, them)) out[n++] = ksq | (t << 7);
  }
  b[ksq] = ourKing;
  if (checkers > 1) return n;

  // In single check every other move must capture the checker or block its ray.
  const inCheck = checkers === 1;
  if (inCheck) {
    if (checkDir !== 0) {
      for (let s = ksq + checkDir; s !== checkSq; s += checkDir) targetStamp[s] = st;
    }
    targetStamp[checkSq] = st;
  } else {
    n = generateCastling(pos, out, n);
  }

  const lastRank = us === WHITE ? 7 : 0;
  const startRank = us === WHITE ? 1 : 6;
  const list = pos.pieces;
  const listEnd = us * 16 + pos.counts[us]!;
  for (let li = us * 16; li < listEnd; li++) {
    const from = list[li]!;
    const type = b[from]! & 7;
    const pin = pinStamp[from] === st ? pinDir[from]! : 0;
    if (type === PAWN) {
      const t = from + pawnAhead;
      const promote = t >> 4 === lastRank;
      if (b[t] === 0 && (pin === 0 || pin === pawnAhead || pin === -pawnAhead)) {
        if (!inCheck || targetStamp[t] === st) n = pushPawnMove(out, n, from, t, promote);
        const t2 = t + pawnAhead;
        if (from >> 4 === startRank && b[t2] === 0 && (!inCheck || targetStamp[t2] === st)) {
          out[n++] = encodeMove(from, t2, 0, FLAG_DOUBLE);
        }
      }
      for (let side = -1; side <= 1; side += 2) {
        const c = t + side;
        if (c & 0x88) continue;
        const d = pawnAhead + side;
        if (pin !== 0 && pin !== d && pin !== -d) continue;
        const p = b[c]!;
        if (p !== 0) {
          if ((p & BLACK_BIT) === themBit && (!inCheck || targetStamp[c] === st)) {
            n = pushPawnMove(out, n, from, c, promote);
          }
        } else if (c === pos.ep && enPassantIsLegal(pos, from, c, ksq)) {
          out[n++] = encodeMove(from, c, 0, FLAG_EP);
        }
      }
    } else if (type === KNIGHT) {
      if (pin !== 0) continue;
      for (let i = 0; i < 8; i++) {
        const t = from + KNIGHT_DIRS[i]!;
        if (t & 0x88) continue;
        const p = b[t]!;
        if (p !== 0 && (p & BLACK_BIT) === usBit) continue;
        if (!inCheck || targetStamp[t] === st) out[n++] = from | (t << 7);
      }
    } else if (type !== KING) {
      const dirs = SLIDER_DIRS[type]!;
      for (let i = 0; i < dirs.length; i++) {
        const d = dirs[i]!;
        if (pin !== 0 && pin !== d && pin !== -d) continue;
        let t = from + d;
        while ((t & 0x88) === 0) {
          const p = b[t]!;
          if (p !== 0 && (p & BLACK_BIT) === usBit) break;
          if (!inCheck || targetStamp[t] === st) out[n++] = from | (t << 7);
          if (p !== 0) break;
          t += d;
        }
      }
    }
  }
  return n;
}

/** Plays the capture out on the board: it can uncover a check along the rank or a diagonal. */
function enPassantIsLegal(pos: Position, from: number, to: number, ksq: number): boolean {
  const b = pos.board;
  const capSq = pos.turn === WHITE ? to - 16 : to + 16;
  const pawn = b[from]!;
  const captured = b[capSq]!;
  b[from] = 0;
  b[capSq] = 0;
  b[to] = pawn;
  const legal = !pos.attacked(ksq, pos.turn ^ 1);
  b[to] = 0;
  b[capSq] = captured;
  b[from] = pawn;
  return legal;
}

/** Castling: right held, king and rook at home, squares between empty, king's path not attacked. */
function generateCastling(pos: Position, out: Int32Array, n: number): number {
  const rights = pos.castling;
  if (rights === 0) return n;
  const b = pos.board;
  const us = pos.turn;
  const them = us ^ 1;
  const base = us === WHITE ? 0 : 112;
  const king = base + 4;
  if (b[king] !== ((us << 3) | KING)) return n;
  const rook = (us << 3) | ROOK;
  if (
    rights & (us === WHITE ? CASTLE_WK : CASTLE_BK) &&
    b[base + 5] === 0 &&
    b[base + 6] === 0 &&
    b[base + 7] === rook &&
    !pos.attacked(base + 5, them) &&
    !pos.attacked(base + 6, them)
  ) {
    out[n++] = encodeMove(king, base + 6, 0, FLAG_CASTLE);
  }
  if (
    rights & (us === WHITE ? CASTLE_WQ : CASTLE_BQ) &&
    b[base + 3] === 0 &&
    b[base + 2] === 0 &&
    b[base + 1] === 0 &&
    b[base] === rook &&
    !pos.attacked(base + 3, them) &&
    !pos.attacked(base + 2, them)
  ) {
    out[n++] = encodeMove(king, base + 2, 0, FLAG_CASTLE);
  }
  return n;
}
