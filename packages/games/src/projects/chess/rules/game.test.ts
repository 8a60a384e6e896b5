import { describe, expect, it } from "vitest";
import {
  acceptDraw,
  applyMove,
  applySan,
  type ChessMove,
  type ChessState,
  declineDraw,
  legalDestinations,
  legalMoves,
  type MoveInput,
  offerDraw,
  resign,
  startState,
  status,
} from "./game";
import type { Result } from "./types";

function start(fen?: string): ChessState {
  const state = startState(fen);
  if (!state.ok) throw new Error(state.error.message);
  return state.value;
}

function value<T, E>(result: Result<T, E>): T {
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
}

function play(state: ChessState, moves: string): ChessState {
  return moves.split(" ").reduce((s, san) => value(applySan(s, san)), state);
}

function refusal(result: Result<ChessState, { code: string; message: string }>): string {
  return result.ok ? "accepted" : `${result.error.code}: ${result.error.message}`;
}

function deepFreeze<T>(x: T): T {
  if (x && typeof x === "object") {
    for (const v of Object.values(x)) deepFreeze(v);
    Object.freeze(x);
  }
  return x;
}

describe("starting a game", () => {
  it("starts from the standard position or a FEN", () => {
    const state = start();
    expect(state.fen).toBe("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    expect(state.version).toBe(1);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    expect(start("4k3/8/8/8/8/8/8/4K2R w K -").fen).toBe("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  });

  it("refuses a broken FEN with its code", () => {
    const bad = startState("not a fen");
    expect(!bad.ok && bad.error.code).toBe("fen/fields");
    const noKing = startState("8/8/8/8/8/8/8/4K3 w - - 0 1");
    expect(!noKing.ok && noKing.error.code).toBe("position/kings");
  });

  it("lists legal destinations for highlights", () => {
    const state = start();
    expect(legalDestinations(state, "e2").sort()).toEqual(["e3", "e4"]);
    expect(legalDestinations(state, "g1").sort()).toEqual(["f3", "h3"]);
    expect(legalDestinations(state, "e7")).toEqual([]);
    expect(legalDestinations(state, "zz")).toEqual([]);
    expect(legalMoves(state)).toHaveLength(20);
    const promo = start("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    expect(legalDestinations(promo, "a7")).toEqual(["a8"]);
    expect(legalMoves(promo).filter((m) => m.from === "a7")).toHaveLength(4);
  });
});

describe("moves and refusals", () => {
  it("plays a move, logs it in SAN and passes the turn", () => {
    const state = value(applyMove(start(), { from: "g1", to: "f3" }, "white"));
    expect(state.moves).toEqual(["Nf3"]);
    expect(state.lastMove).toEqual({ from: "g1", to: "f3" });
    expect(status(state).turn).toBe("black");
  });

  it.each<[string, string | undefined, MoveInput, "white" | "black" | undefined, string]>([
    ["start", undefined, { from: "e7", to: "e5" }, "black", "move/not-your-turn: It is not your turn."],
    [
      "start",
      undefined,
      { from: "e4", to: "e5" },
      "white",
      "move/no-piece: There is no piece on that square.",
    ],
    ["start", undefined, { from: "e7", to: "e5" }, undefined, "move/not-your-piece: That is not your piece."],
    ["start", undefined, { from: "e2", to: "e5" }, "white", "move/illegal: That piece cannot move there."],
    [
      "start",
      undefined,
      { from: "i2", to: "e5" },
      "white",
      "move/bad-square: That is not a square on the board.",
    ],
    ["start", undefined, { from: "e2", to: "e4", promotion: "queen" }, "white", "move/no-promotion"],
    ["pin", "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", { from: "e2", to: "c3" }, "white", "move/king-in-check"],
    ["promote", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", { from: "a7", to: "a8" }, "white", "move/choose-promotion"],
    ["castle", "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", { from: "e1", to: "g1" }, "white", "move/cannot-castle"],
  ])("refuses (%s) %j", (_name, fen, move, by, expected) => {
    expect(refusal(applyMove(start(fen), move, by))).toContain(expected);
  });

  it("refuses an unknown promotion piece and accepts a chosen one", () => {
    const state = start("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    expect(refusal(applyMove(state, { from: "a7", to: "a8", promotion: "king" }))).toContain(
      "move/bad-promotion",
    );
    const promoted = value(applyMove(state, { from: "a7", to: "a8", promotion: "knight" }));
    expect(promoted.moves).toEqual(["a8=N"]);
    expect(promoted.fen).toBe("N3k3/8/8/8/8/8/8/4K3 b - - 0 1");
  });

  it("castles and captures en passant through the API", () => {
    const castled = value(applyMove(start("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), { from: "e1", to: "c1" }));
    expect(castled.moves).toEqual(["O-O-O"]);
    expect(castled.fen).toBe("r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1");
    const ep = play(start(), "e4 a6 e5 d5");
    const taken = value(applyMove(ep, { from: "e5", to: "d6" }));
    expect(taken.moves.at(-1)).toBe("exd6");
    expect(taken.fen).toBe("rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
  });

  it("never changes its inputs", () => {
    const state = deepFreeze(play(start(), "e4 e5 Nf3"));
    const json = JSON.stringify(state);
    const move = deepFreeze({ from: "b8", to: "c6" } as ChessMove);
    applyMove(state, move);
    applyMove(state, { from: "a1", to: "a8" });
    applySan(state, "Nc6");
    legalDestinations(state, "b8");
    legalMoves(state);
    status(state);
    offerDraw(state, "white");
    resign(state, "black");
    expect(JSON.stringify(state)).toBe(json);
    expect(move).toEqual({ from: "b8", to: "c6" });
  });
});

describe("game end", () => {
  it("ends by checkmate", () => {
    const state = play(start(), "f3 e5 g4 Qh4#");
    expect(state.outcome).toEqual({
      result: "0-1",
      winner: "black",
      reason: "checkmate",
      text: "Checkmate. Black wins.",
    });
    expect(status(state)).toMatchObject({ inCheck: true, checkSquare: "e1" });
    expect(refusal(applySan(state, "Kf2"))).toContain("game/over");
    expect(legalDestinations(state, "e1")).toEqual([]);
  });

  it("ends by stalemate", () => {
    const state = value(applyMove(start("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1"), { from: "f1", to: "f7" }));
    expect(state.outcome).toMatchObject({ result: "1/2-1/2", reason: "stalemate" });
    expect(status(state).inCheck).toBe(false);
  });

  it("ends by threefold repetition, counting the starting position", () => {
    const twice = play(start(), "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    expect(twice.outcome).toBeNull();
    const thrice = play(twice, "Ng8");
    expect(thrice.outcome).toMatchObject({ result: "1/2-1/2", reason: "threefold-repetition" });
    expect(thrice.outcome?.text).toBe("Draw by threefold repetition.");
  });

  it("tells positions apart by castling rights and a possible en-passant capture", () => {
    // The king walks away and back: same placement, but castling rights are gone.
    const walked = play(start("r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1"), "Kd1 Kd8 Ke1 Ke8 Kd1 Kd8 Ke1 Ke8");
    // Eight half-moves: the start (with rights) never recurs, later positions occur twice each.
    expect(walked.outcome).toBeNull();
    expect(play(walked, "Kd1").outcome).toBeNull();
    expect(play(walked, "Kd1 Kd8").outcome?.reason).toBe("threefold-repetition");
    // After 1.e4 no black pawn can capture en passant, so the e3 square does not count.
    const afterE4 = play(start(), "e4");
    expect(afterE4.repetition).toEqual(["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -"]);
    const withEp = play(start("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1"), "e4");
    expect(withEp.repetition).toEqual(["4k3/8/8/8/3pP3/8/8/4K3 b - e3"]);
  });

  it("ends by the fifty-move rule after 100 half-moves, unless the last move mates", () => {
    const before = start("4k3/8/8/8/8/8/8/R3K3 w - - 98 80");
    const at99 = play(before, "Ra2");
    expect(at99.outcome).toBeNull();
    const at100 = play(at99, "Kf8");
    expect(at100.outcome).toMatchObject({ result: "1/2-1/2", reason: "fifty-move-rule" });
    expect(at100.outcome?.text).toBe("Draw by the fifty-move rule.");
    const mate = play(start("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80"), "Ra8#");
    expect(mate.outcome?.reason).toBe("checkmate");
  });

  it.each([
    ["4k3/8/8/8/8/8/8/4K3 w - - 0 1", true],
    ["4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", true],
    ["4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", true],
    ["2b1k3/8/8/8/8/8/8/3BK3 w - - 0 1", true],
    ["3bk3/8/8/8/8/8/8/3BK3 w - - 0 1", false],
    ["1n2k3/8/8/8/8/8/8/1N2K3 w - - 0 1", false],
    ["4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1", false],
    ["4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false],
    ["4k3/8/8/8/8/8/8/R3K3 w - - 0 1", false],
  ])("insufficient material in %s: %s", (fen, drawn) => {
    expect(start(fen).outcome?.reason === "insufficient-material").toBe(drawn);
  });

  it("ends by insufficient material after the last capture", () => {
    const state = play(start("4k3/8/8/8/8/8/4r3/4KB2 w - - 0 1"), "Bxe2");
    expect(state.outcome).toMatchObject({ result: "1/2-1/2", reason: "insufficient-material" });
  });
});

describe("draw offers and resignation", () => {
  it("offers, declines, offers again and accepts", () => {
    const offered = value(offerDraw(start(), "white"));
    expect(offered.drawOffer).toBe("white");
    expect(refusal(offerDraw(offered, "white"))).toContain("draw/already-offered");
    expect(refusal(offerDraw(offered, "black"))).toContain("draw/offer-pending");
    expect(refusal(acceptDraw(offered, "white"))).toContain("draw/own-offer");
    const declined = value(declineDraw(offered, "black"));
    expect(declined.drawOffer).toBeNull();
    expect(refusal(acceptDraw(declined, "black"))).toContain("draw/no-offer");
    const accepted = value(acceptDraw(value(offerDraw(declined, "black")), "white"));
    expect(accepted.outcome).toEqual({
      result: "1/2-1/2",
      winner: null,
      reason: "agreement",
      text: "Draw agreed.",
    });
    expect(refusal(offerDraw(accepted, "white"))).toContain("game/over");
  });

  it("lets an offer lapse when the opponent moves instead of answering", () => {
    const offered = value(offerDraw(play(start(), "e4"), "white"));
    expect(value(applySan(offered, "e5")).drawOffer).toBeNull();
    const own = value(offerDraw(start(), "white"));
    expect(value(applySan(own, "e4")).drawOffer).toBe("white");
  });

  it("ends the game by resignation", () => {
    const state = value(resign(start(), "black"));
    expect(state.outcome).toEqual({
      result: "1-0",
      winner: "white",
      reason: "resignation",
      text: "Black resigned. White wins.",
    });
    expect(refusal(resign(state, "white"))).toContain("game/over");
  });
});
