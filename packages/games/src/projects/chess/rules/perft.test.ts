import { describe, expect, it } from "vitest";
import { makeFen } from "./fen";
import { perft, perftDivide } from "./perft";
import { positionFromFen } from "./position";

// Published perft results (chessprogramming.org "Perft Results").
const POSITIONS: { name: string; fen: string; counts: number[] }[] = [
  {
    name: "initial position",
    fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    counts: [20, 400, 8902, 197281],
  },
  {
    name: "Kiwipete",
    fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
    counts: [48, 2039, 97862, 4085603],
  },
  {
    name: "position 3",
    fen: "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -",
    counts: [14, 191, 2812, 43238, 674624],
  },
  {
    name: "position 4",
    fen: "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    counts: [6, 264, 9467, 422333],
  },
  {
    name: "position 4 mirrored",
    fen: "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    counts: [6, 264, 9467, 422333],
  },
  {
    name: "position 5",
    fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    counts: [44, 1486, 62379, 2103487],
  },
  {
    name: "position 6",
    fen: "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    counts: [46, 2079, 89890, 3894594],
  },
];

describe("perft", () => {
  it.each(POSITIONS)("matches the published counts for $name", ({ fen, counts }) => {
    const pos = positionFromFen(fen);
    if (!pos.ok) throw new Error(pos.error.message);
    const before = makeFen(pos.value.toSetup());
    counts.forEach((expected, i) => {
      expect(perft(pos.value, i + 1)).toBe(expected);
    });
    // make/unmake must restore the position exactly.
    expect(makeFen(pos.value.toSetup())).toBe(before);
  });

  it("counts the position itself at depth 0 and divides by root move", () => {
    const pos = positionFromFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    if (!pos.ok) throw new Error(pos.error.message);
    expect(perft(pos.value, 0)).toBe(1);
    const divide = perftDivide(pos.value, 3);
    expect(divide).toHaveLength(20);
    expect(divide.reduce((sum, d) => sum + d.nodes, 0)).toBe(8902);
  });
});
