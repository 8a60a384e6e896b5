import { describe, expect, it } from "vitest";
import { expectRefusal, mustApply, testSituation } from "../test/fixture.js";
import { applyMove } from "./index.js";

describe("inc stat", () => {
  it("counts player stats and table stats from zero", () => {
    let s = testSituation();
    s = mustApply(s, { type: "inc stat", player: "red", stat: "cardsPlayed", amount: 1 }).situation;
    s = mustApply(s, { type: "inc stat", player: "red", stat: "cardsPlayed", amount: 2 }).situation;
    s = mustApply(s, { type: "inc stat", stat: "rounds", amount: 1 }).situation;
    expect(s.players[0]?.stats.cardsPlayed).toBe(3);
    expect(s.stats.rounds).toBe(1);
  });

  it("refuses stats of a missing player with the spec's message", () => {
    expectRefusal(
      applyMove(testSituation(), { type: "inc stat", player: "green", stat: "x", amount: 1 }),
      "move/no-player-stats",
      "Can't find stats for player.",
    );
  });
});
