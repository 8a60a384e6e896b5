import type { Situation } from "@tt/engine";
import type { SeatInfo } from "@tt/protocol";
import { describe, expect, it } from "vitest";
import { replay } from "../eventLog";
import { chessStart, turn } from "../testkit";
import { gameResult, winnerLine } from "./endgame";

const seats: SeatInfo[] = [
  { color: "red", userInfo: { username: "ann", badges: [] }, nonuser: false },
  { color: "blue", userInfo: { username: "ben", badges: [] }, nonuser: false },
  { color: "green", userInfo: null, nonuser: true },
];

/** A real chess game: ann (red, White) plays e4, then ben (blue) resigns. */
function resigned(): Situation {
  const start = chessStart();
  const e4 = turn(start, 0, "red", [
    { kind: "click component", componentId: "white-pawn-e2" },
    { kind: "click position", destinationId: "board", positionName: "squares", positionIndex: "e4" },
  ]);
  const afterE4 = replay(start, [e4]).situation;
  const resign = turn(afterE4, 1, "blue", [{ kind: "press state button", button: "resign" }]);
  return replay(start, [e4, resign]).situation;
}

describe("gameResult", () => {
  it("reads the winner and the words of a chess game's end", () => {
    const s = resigned();
    expect(s.ended).toBe(true);
    const result = gameResult(s.stats);
    expect(result.winners).toEqual(["red"]);
    expect(result.draw).toBe(false);
    expect(result.text).toMatch(/resign/i);
  });

  it("reads several winners, a draw, and no result at all", () => {
    expect(gameResult({ result: { winners: ["red", "blue"], scores: { red: 3, blue: 3 } } })).toEqual({
      winners: ["red", "blue"],
      draw: false,
      text: null,
    });
    expect(gameResult({ result: { winner: null, text: "Draw by stalemate" } })).toEqual({
      winners: [],
      draw: true,
      text: "Draw by stalemate",
    });
    // The sandbox ends with {mode: 'free play'}: nobody won, and it is no draw either.
    expect(gameResult({ result: { mode: "free play" } })).toEqual({ winners: [], draw: false, text: null });
    expect(gameResult({})).toEqual({ winners: [], draw: false, text: null });
    expect(gameResult({ result: "red" })).toEqual({ winners: [], draw: false, text: null });
  });

  it("ignores winners that are not colours", () => {
    expect(gameResult({ result: { winners: ["red", 3, null] } }).winners).toEqual(["red"]);
  });
});

describe("winnerLine", () => {
  it("names the winners by their users, a dummy seat as Dummy-{colour}", () => {
    expect(winnerLine({ winners: ["blue"], draw: false, text: null }, seats)).toBe("Winner: ben (blue)");
    expect(winnerLine({ winners: ["red", "green"], draw: false, text: null }, seats)).toBe(
      "Winners: ann (red), Dummy-green (green)",
    );
    // A colour nobody sat at is named by the colour alone.
    expect(winnerLine({ winners: ["white"], draw: false, text: null }, seats)).toBe("Winner: white");
  });

  it("says Draw for a draw and nothing when the result names no winner", () => {
    expect(winnerLine({ winners: [], draw: true, text: null }, seats)).toBe("Draw");
    expect(winnerLine({ winners: [], draw: false, text: null }, seats)).toBeNull();
  });
});
