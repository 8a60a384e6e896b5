import { describe, expect, it } from "vitest";
import { INITIAL_FEN, makeFen, parseFen } from "./fen";
import { Position, positionFromFen } from "./position";

const ROUND_TRIP = [
  INITIAL_FEN,
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
  "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
  "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b Kq d3 0 3",
  "4k3/8/8/8/8/8/8/4K3 b - - 99 120",
];

describe("FEN", () => {
  it.each(ROUND_TRIP)("round-trips %s through parse and make", (fen) => {
    const setup = parseFen(fen);
    expect(setup.ok).toBe(true);
    if (!setup.ok) return;
    expect(makeFen(setup.value)).toBe(fen);
    const pos = Position.fromSetup(setup.value);
    expect(pos.ok && makeFen(pos.value.toSetup())).toBe(fen);
  });

  it("fills in missing clocks", () => {
    const setup = parseFen("8/8/8/8/8/8/8/K6k w - -");
    expect(setup.ok && makeFen(setup.value)).toBe("8/8/8/8/8/8/8/K6k w - - 0 1");
  });

  it.each([
    ["", "fen/fields"],
    ["8/8/8/8/8/8/8/K6k w - - 0 1 extra", "fen/fields"],
    ["8/8/8/8/8/8/K6k w - - 0 1", "fen/board"],
    ["9/8/8/8/8/8/8/K6k w - - 0 1", "fen/board"],
    ["8/8/8/8/8/8/8/K6x w - - 0 1", "fen/board"],
    ["8/8/8/8/8/8/8/K6kk w - - 0 1", "fen/board"],
    ["8/8/8/8/8/8/8/K6k x - - 0 1", "fen/turn"],
    ["8/8/8/8/8/8/8/K6k w KK - 0 1", "fen/castling"],
    ["8/8/8/8/8/8/8/K6k w X - 0 1", "fen/castling"],
    ["8/8/8/8/8/8/8/K6k w - e4 0 1", "fen/en-passant"],
    ["8/8/8/8/8/8/8/K6k w - e3 0 1", "fen/en-passant"],
    ["8/8/8/8/8/8/8/K6k w - - x 1", "fen/halfmoves"],
    ["8/8/8/8/8/8/8/K6k w - - 0 0", "fen/fullmoves"],
  ])("rejects %j with %s", (fen, code) => {
    const result = parseFen(fen);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe(code);
      expect(result.error.message.length).toBeGreaterThan(10);
    }
  });

  it.each([
    ["8/8/8/8/8/8/8/K7 w - - 0 1", "position/kings"],
    ["8/8/8/8/8/8/8/KK5k w - - 0 1", "position/kings"],
    ["P7/8/8/8/8/8/8/K6k w - - 0 1", "position/pawns"],
    ["8/8/8/8/8/8/8/K5pk w - - 0 1", "position/pawns"],
    ["k7/8/8/8/8/8/8/R6K w - - 0 1", "position/opposite-check"],
  ])("refuses the unplayable position %s with %s", (fen, code) => {
    const pos = positionFromFen(fen);
    expect(!pos.ok && pos.error.code).toBe(code);
  });

  it("drops an en-passant square that no double step explains", () => {
    const pos = positionFromFen("4k3/8/8/8/8/8/8/4K3 w - e6 0 1");
    expect(pos.ok && makeFen(pos.value.toSetup())).toBe("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  });

  it("leaves its input setup unchanged", () => {
    const setup = parseFen(INITIAL_FEN);
    if (!setup.ok) throw new Error("initial FEN must parse");
    const copy = JSON.parse(JSON.stringify(setup.value));
    const pos = Position.fromSetup(setup.value);
    if (pos.ok) pos.value.make(pos.value.board[0x14]! | (0x34 << 7));
    makeFen(setup.value);
    expect(setup.value).toEqual(copy);
  });
});
