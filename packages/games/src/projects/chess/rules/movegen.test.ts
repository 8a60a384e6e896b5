import { describe, expect, it } from "vitest";
import { makeFen } from "./fen";
import { generateMoves, MAX_MOVES } from "./movegen";
import {
  FLAG_EP,
  moveFlags,
  moveFrom,
  movePromotion,
  moveTo,
  type Position,
  positionFromFen,
} from "./position";
import { roleOf, squareName } from "./types";

function load(fen: string): Position {
  const pos = positionFromFen(fen);
  if (!pos.ok) throw new Error(`${pos.error.code}: ${fen}`);
  return pos.value;
}

/** Legal moves as UCI strings ("e2e4", "e7e8q"), sorted. */
function uci(fen: string): string[] {
  const pos = load(fen);
  const buf = new Int32Array(MAX_MOVES);
  const n = generateMoves(pos, buf, 0);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const m = buf[i]!;
    const p = movePromotion(m);
    out.push(
      squareName(moveFrom(m)) +
        squareName(moveTo(m)) +
        (p ? (roleOf(p) === "knight" ? "n" : roleOf(p)[0]) : ""),
    );
  }
  return out.sort();
}

describe("castling", () => {
  it("castles both ways when every condition holds", () => {
    const moves = uci("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    expect(moves).toContain("e1g1");
    expect(moves).toContain("e1c1");
    const black = uci("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    expect(black).toContain("e8g8");
    expect(black).toContain("e8c8");
  });

  it("refuses castling through an attacked square", () => {
    const moves = uci("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    expect(moves).not.toContain("e1g1");
    expect(moves).toContain("e1c1");
  });

  it("refuses castling onto an attacked square", () => {
    const moves = uci("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    expect(moves).not.toContain("e1g1");
    const queenSide = uci("2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    expect(queenSide).not.toContain("e1c1");
    expect(queenSide).toContain("e1g1");
  });

  it("refuses castling out of check", () => {
    const moves = uci("4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1");
    expect(moves).not.toContain("e1g1");
    expect(moves).not.toContain("e1c1");
  });

  it("allows queen-side castling when only b1 is attacked", () => {
    expect(uci("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")).toContain("e1c1");
  });

  it("needs the squares between king and rook empty", () => {
    const moves = uci("4k3/8/8/8/8/8/8/RN2K1NR w KQ - 0 1");
    expect(moves).not.toContain("e1g1");
    expect(moves).not.toContain("e1c1");
  });

  it("needs the rook on its square and the right", () => {
    expect(uci("4k3/8/8/8/8/8/8/4K2R w Q - 0 1")).not.toContain("e1g1");
    expect(uci("4k3/8/8/8/8/8/8/4K2R w KQ - 0 1")).not.toContain("e1c1");
    expect(uci("4k3/8/8/8/8/8/8/R3K2R w - - 0 1")).not.toContain("e1g1");
  });

  it("loses the rights when king or rook moves or the rook is captured", () => {
    const pos = load("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    pos.make(0x07 | (0x77 << 7)); // Rh1xh8
    expect(makeFen(pos.toSetup())).toBe("r3k2R/8/8/8/8/8/8/R3K3 b Qq - 0 1");
    pos.make(0x74 | (0x64 << 7)); // Ke8-e7
    expect(makeFen(pos.toSetup())).toBe("r6R/4k3/8/8/8/8/8/R3K3 w Q - 1 2");
  });
});

describe("en passant", () => {
  it("captures en passant right after the double step", () => {
    const moves = uci("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    expect(moves).toContain("e5f6");
    expect(moves).not.toContain("e5d6");
  });

  it("refuses the capture that exposes the king along the rank", () => {
    expect(uci("8/8/8/KPp4r/8/8/8/7k w - c6 0 2")).not.toContain("b5c6");
    expect(uci("8/8/8/8/k2pP2R/8/8/7K b - e3 0 1")).not.toContain("d4e3");
  });

  it("refuses the capture that uncovers a diagonal check", () => {
    expect(uci("8/8/1b6/2pP4/8/8/5K2/k7 w - c6 0 2").filter((m) => m.startsWith("d5"))).toEqual(["d5d6"]);
  });

  it("allows the capture that removes a checking pawn", () => {
    const moves = uci("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
    expect(moves).toContain("e4d3");
  });

  it("marks and replays the capture", () => {
    const pos = load("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
    const buf = new Int32Array(MAX_MOVES);
    const n = generateMoves(pos, buf, 0);
    const ep = Array.from(buf.subarray(0, n)).find((m) => moveFlags(m) & FLAG_EP)!;
    pos.make(ep);
    expect(makeFen(pos.toSetup())).toBe("8/8/8/2k5/8/3p4/8/4K3 w - - 0 2");
    pos.unmake(ep);
    expect(makeFen(pos.toSetup())).toBe("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
  });
});

describe("promotion and checks", () => {
  it("offers all four promotions, also when capturing", () => {
    const moves = uci("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1").filter((m) => m.startsWith("a7"));
    expect(moves).toEqual(["a7a8b", "a7a8n", "a7a8q", "a7a8r", "a7b8b", "a7b8n", "a7b8q", "a7b8r"]);
  });

  it("answers check only by capturing, blocking or moving the king", () => {
    expect(uci("4k3/8/8/8/8/8/3P4/r3K1NR w - - 0 1")).toEqual(["e1e2", "e1f2"]);
    expect(uci("4k3/8/8/8/8/8/8/r3K1R1 w - - 0 1")).toEqual(["e1d2", "e1e2", "e1f2"]);
    expect(uci("4k3/8/8/8/8/8/8/r2NK3 w - - 0 1").filter((m) => m.startsWith("d1"))).toEqual([]);
  });

  it("allows only king moves in double check", () => {
    expect(uci("4k3/8/8/8/8/5n2/8/r3K2Q w - - 0 1").every((m) => m.startsWith("e1"))).toBe(true);
  });

  it("keeps pinned pieces on the pin line", () => {
    expect(uci("4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1").filter((m) => m.startsWith("e2"))).toEqual([
      "e2e3",
      "e2e4",
      "e2e5",
      "e2e6",
      "e2e7",
    ]);
  });

  it("detects check", () => {
    expect(load("4k3/8/8/8/8/8/8/4K2r w - - 0 1").inCheck()).toBe(true);
    expect(load("4k3/8/8/8/8/8/8/4K3 w - - 0 1").inCheck()).toBe(false);
    expect(load("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1").inCheck()).toBe(true);
    expect(load("4k3/8/8/8/8/5n2/8/4K3 w - - 0 1").inCheck()).toBe(true);
  });
});
