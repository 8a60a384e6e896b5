import { describe, expect, it } from "vitest";
import { INITIAL_FEN, makeFen } from "./fen";
import { generateMoves, MAX_MOVES } from "./movegen";
import { type Position, positionFromFen } from "./position";
import { makeSan, parseSan } from "./san";

function load(fen: string): Position {
  const pos = positionFromFen(fen);
  if (!pos.ok) throw new Error(`${pos.error.code}: ${fen}`);
  return pos.value;
}

function sans(fen: string): string[] {
  const pos = load(fen);
  const buf = new Int32Array(MAX_MOVES);
  const n = generateMoves(pos, buf, 0);
  return Array.from(buf.subarray(0, n), (m) => makeSan(pos, m)).sort();
}

const GAMES: Record<string, string> = {
  "Morphy v Duke of Brunswick and Count Isouard, Paris 1858 (the Opera Game)":
    "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 " +
    "Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#",
  "Anderssen v Kieseritzky, London 1851 (the Immortal Game)":
    "e4 e5 f4 exf4 Bc4 Qh4+ Kf1 b5 Bxb5 Nf6 Nf3 Qh6 d3 Nh5 Nh4 Qg5 Nf5 c6 g4 Nf6 Rg1 cxb5 h4 Qg6 h5 Qg5 " +
    "Qf3 Ng8 Bxf4 Qf6 Nc3 Bc5 Nd5 Qxb2 Bd6 Bxg1 e5 Qxa1+ Ke2 Na6 Nxg7+ Kd8 Qf6+ Nxf6 Be7#",
  "Anderssen v Dufresne, Berlin 1852 (the Evergreen Game)":
    "e4 e5 Nf3 Nc6 Bc4 Bc5 b4 Bxb4 c3 Ba5 d4 exd4 O-O d3 Qb3 Qf6 e5 Qg6 Re1 Nge7 Ba3 b5 Qxb5 Rb8 Qa4 Bb6 " +
    "Nbd2 Bb7 Ne4 Qf5 Bxd3 Qh5 Nf6+ gxf6 exf6 Rg8 Rad1 Qxf3 Rxe7+ Nxe7 Qxd7+ Kxd7 Bf5+ Ke8 Bd7+ Kf8 Bxe7#",
  "a constructed game with en passant and promotions":
    "e4 f5 e5 d5 exd6 Kf7 dxc7 Kg6 cxb8=N Rxb8 h4 a5 h5+ Kf6 h6 a4 hxg7 a3 gxh8=Q+ Ke6 Qxg8+ Kd6 bxa3 e5",
};

describe("SAN", () => {
  it.each(Object.entries(GAMES))("round-trips %s", (_name, moves) => {
    const pos = load(INITIAL_FEN);
    for (const san of moves.split(" ")) {
      const m = parseSan(pos, san);
      if (!m.ok) throw new Error(`${san}: ${m.error.message}`);
      expect(makeSan(pos, m.value)).toBe(san);
      pos.make(m.value);
    }
  });

  it("lists the 20 opening moves", () => {
    expect(sans(INITIAL_FEN)).toContain("Nf3");
    expect(sans(INITIAL_FEN)).toContain("e4");
    expect(sans(INITIAL_FEN)).toHaveLength(20);
  });

  it("disambiguates by file, by rank, or by both", () => {
    const moves = sans("8/8/6k1/8/Q6Q/8/8/Q3K3 w - - 0 1");
    expect(moves).toContain("Qa4d4"); // shares its file with one rival and its rank with another
    expect(moves).toContain("Qhd4"); // the only queen on the h-file
    expect(moves).toContain("Q1d4"); // the a-file queens differ by rank
    expect(moves).toContain("Q1a2");
    expect(sans("4k3/8/8/8/8/8/5K2/R6R w - - 0 1")).toEqual(
      expect.arrayContaining(["Rad1", "Rhd1", "Rab1", "Ra2"]),
    );
    expect(sans("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")).toEqual(expect.arrayContaining(["O-O", "O-O-O"]));
  });

  it("ignores pinned rivals when disambiguating", () => {
    // Both knights reach d4 and d2, but the one on f3 is pinned against the king on h1.
    const moves = sans("4k3/8/2b5/8/8/1N3N2/8/7K w - - 0 1");
    expect(moves).toEqual(expect.arrayContaining(["Nd4", "Nd2"]));
    expect(moves).not.toContain("Nbd4");
  });

  it("writes captures, promotions, check and mate", () => {
    expect(sans("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1")).toEqual(
      expect.arrayContaining(["a8=Q", "axb8=N", "axb8=Q+", "axb8=R+"]),
    );
    expect(sans("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")).toContain("Ra8#");
    expect(sans("4k3/8/8/8/8/8/7p/4K3 b - - 0 1")).toEqual(
      expect.arrayContaining(["h1=Q+", "h1=R+", "h1=N"]),
    );
  });

  it("parses leniently but refuses bad or ambiguous input", () => {
    const pos = load("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    const ok = (san: string): boolean => parseSan(pos, san).ok;
    expect(ok("0-0")).toBe(true);
    expect(ok("O-O-O+")).toBe(true);
    expect(ok("Rh1f1")).toBe(true);
    const code = (p: Position, san: string): string | undefined => {
      const r = parseSan(p, san);
      return r.ok ? undefined : r.error.code;
    };
    expect(code(load("4k3/8/8/8/8/8/5K2/R6R w - - 0 1"), "Rd1")).toBe("san/ambiguous");
    expect(code(pos, "Rxa8+")).toBeUndefined();
    expect(code(pos, "Zz9")).toBe("san/syntax");
    expect(code(pos, "Qd1")).toBe("san/illegal");
    expect(code(load("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1"), "a8")).toBe("san/illegal");
    expect(code(load("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1"), "exd3 e.p.")).toBeUndefined();
  });

  it("leaves the position unchanged", () => {
    const pos = load("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    const before = makeFen(pos.toSetup());
    sans(before);
    const m = parseSan(pos, "O-O");
    if (m.ok) makeSan(pos, m.value);
    expect(makeFen(pos.toSetup())).toBe(before);
  });
});
