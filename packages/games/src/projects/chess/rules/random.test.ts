import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INITIAL_FEN, makeFen, parseFen } from "./fen";
import { generateMoves, MAX_MOVES } from "./movegen";
import {
  encodeMove,
  FLAG_CASTLE,
  FLAG_DOUBLE,
  FLAG_EP,
  moveFlags,
  type Position,
  positionFromFen,
} from "./position";
import { pseudoReach } from "./reach";
import { makeSan, parseSan } from "./san";
import { PAWN } from "./types";

function load(fen: string): Position {
  const pos = positionFromFen(fen);
  if (!pos.ok) throw new Error(fen);
  return pos.value;
}

function legal(pos: Position): number[] {
  const buf = new Int32Array(MAX_MOVES);
  return Array.from(buf.subarray(0, generateMoves(pos, buf, 0)));
}

/** A slow, independent generator: every geometric move that does not leave the king attacked. */
function naive(pos: Position): number[] {
  const out: number[] = [];
  for (let from = 0; from < 120; from++) {
    if (from & 0x88 || pos.board[from] === 0 || pos.board[from]! >> 3 !== pos.turn) continue;
    for (let to = 0; to < 120; to++) {
      if (to & 0x88 || !pseudoReach(pos, from, to)) continue;
      const pawn = (pos.board[from]! & 7) === PAWN;
      const flags =
        pawn && Math.abs(to - from) === 32
          ? FLAG_DOUBLE
          : pawn && to === pos.ep && (to - from) % 16
            ? FLAG_EP
            : 0;
      const promotions = pawn && (to >> 4 === 0 || to >> 4 === 7) ? [5, 4, 3, 2] : [0];
      for (const promotion of promotions) {
        const m = encodeMove(from, to, promotion, flags);
        pos.make(m);
        const safe = !pos.attacked(pos.kings[pos.turn ^ 1]!, pos.turn);
        pos.unmake(m);
        if (safe) out.push(m);
      }
    }
  }
  return out;
}

const STARTS = [
  INITIAL_FEN,
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
  "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
  "4k3/1P4p1/8/2pP4/5pP1/8/1p4P1/4K3 w - c6 0 1",
];

describe("random games", () => {
  it("agree with a naive generator, round-trip SAN and FEN, and restore on unmake", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STARTS),
        fc.array(fc.nat(), { minLength: 1, maxLength: 80 }),
        (start, choices) => {
          const pos = load(start);
          for (const choice of choices) {
            const moves = legal(pos);
            if (moves.length === 0) break;
            const withoutCastling = moves.filter((m) => !(moveFlags(m) & FLAG_CASTLE)).sort();
            expect(withoutCastling).toEqual(naive(pos).sort());
            const fen = makeFen(pos.toSetup());
            const setup = parseFen(fen);
            expect(setup.ok && makeFen(setup.value)).toBe(fen);
            for (const m of moves) {
              const san = makeSan(pos, m);
              const back = parseSan(pos, san);
              expect(back.ok && back.value).toBe(m);
            }
            const m = moves[choice % moves.length]!;
            pos.make(m);
            pos.unmake(m);
            expect(makeFen(pos.toSetup())).toBe(fen);
            pos.make(m);
          }
        },
      ),
      { numRuns: 60, seed: 20261122 },
    );
  });
});
