import { describe, expect, it } from "vitest";
import { expectRefusal, mustApply, testSituation } from "../test/fixture.js";
import { applyMove } from "./index.js";

describe("game end", () => {
  it("ends the game and keeps the result", () => {
    const { situation } = mustApply(testSituation(), { type: "game end", result: { winner: "red" } });
    expect(situation.ended).toBe(true);
    expect(situation.stats.result).toEqual({ winner: "red" });
  });

  it("refuses a second game end and play after it, but takes final statistics", () => {
    const { situation } = mustApply(testSituation(), { type: "game end" });
    expectRefusal(
      applyMove(situation, { type: "game end" }),
      "move/game-ended",
      "The game has already ended.",
    );
    expectRefusal(
      applyMove(situation, {
        type: "component move",
        componentId: "m1",
        destinationId: "table",
        positionName: "pile",
      }),
      "move/game-ended",
    );
    expect(applyMove(situation, { type: "inc stat", player: "red", stat: "score", amount: 5 }).ok).toBe(true);
  });
});
