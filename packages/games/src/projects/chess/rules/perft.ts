/** Perft: counts the leaf nodes of the legal move tree, the standard test of a move generator. */
import { generateMoves, MAX_MOVES } from "./movegen";
import type { Position } from "./position";

const MAX_DEPTH = 32;
let buffer = new Int32Array(MAX_MOVES * 8);

function search(pos: Position, depth: number, start: number): number {
  const end = generateMoves(pos, buffer, start);
  if (depth === 1) return end - start;
  let nodes = 0;
  for (let i = start; i < end; i++) {
    const m = buffer[i]!;
    pos.make(m);
    nodes += search(pos, depth - 1, end);
    pos.unmake(m);
  }
  return nodes;
}

function ensureBuffer(depth: number): void {
  const need = MAX_MOVES * (depth + 1);
  if (buffer.length < need) buffer = new Int32Array(need);
}

/** Leaf count at `depth` (depth 0 counts the position itself). Leaves `pos` as it was. */
export function perft(pos: Position, depth: number): number {
  if (depth <= 0) return 1;
  if (depth > MAX_DEPTH) throw new RangeError(`perft depth ${depth} is above ${MAX_DEPTH}`);
  ensureBuffer(depth);
  return search(pos, depth, 0);
}

/** Perft split by root move: one entry per legal move with the leaf count below it. */
export function perftDivide(pos: Position, depth: number): { move: number; nodes: number }[] {
  const moves = new Int32Array(MAX_MOVES);
  const end = generateMoves(pos, moves, 0);
  const result: { move: number; nodes: number }[] = [];
  for (let i = 0; i < end; i++) {
    const m = moves[i]!;
    pos.make(m);
    result.push({ move: m, nodes: perft(pos, depth - 1) });
    pos.unmake(m);
  }
  return result;
}
