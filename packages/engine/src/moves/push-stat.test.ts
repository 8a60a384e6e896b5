import { describe, expect, it } from "vitest";
import { expectRefusal, mustApply, testSituation } from "../test/fixture.js";
import { applyMove } from "./index.js";

describe("push stat", () => {
  it("appends to list stats", () => {
    let s = testSituation();
    s = mustApply(s, { type: "push stat", player: "blue", stat: "scores", value: 3 }).situation;
    s = mustApply(s, { type: "push stat", player: "blue", stat: "scores", value: 5 }).situation;
    s = mustApply(s, { type: "push stat", stat: "log", value: "x" }).situation;
    expect(s.players[1]?.stats.scores).toEqual([3, 5]);
    expect(s.stats.log).toEqual(["x"]);
  });

  it("refuses a missing player and a stat that is not a list", () => {
    expectRefusal(
      applyMove(testSituation(), { type: "push stat", player: "green", stat: "x", value: 1 }),
      "move/no-player-stats",
      "Can't find stats for player.",
    );
    const s = mustApply(testSituation(), { type: "inc stat", stat: "n", amount: 1 }).situation;
    expectRefusal(applyMove(s, { type: "push stat", stat: "n", value: 1 }), "move/not-a-list-stat");
  });
});
