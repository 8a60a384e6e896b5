import { describe, expect, it } from "vitest";
import { expectRefusal, mustApply, testSituation } from "../test/fixture.js";
import { applyMove } from "./index.js";

describe("inc counter", () => {
  it("adds to a player's counter and logs for that player", () => {
    const { situation, log } = mustApply(testSituation(), {
      type: "inc counter",
      player: "red",
      counter: "coins",
      amount: 2,
    });
    expect(situation.players[0]?.counters[0]?.value).toBe(5);
    expect(log[0]?.event.targetPlayer).toBe("red");
    expect(log[0]?.message).toBe("gained 2 coins");
  });

  it("stops at the counter's maxValue", () => {
    const { situation } = mustApply(testSituation(), {
      type: "inc counter",
      player: "red",
      counter: "coins",
      amount: 50,
    });
    expect(situation.players[0]?.counters[0]?.value).toBe(10);
  });

  it("uses the move's own log message when given", () => {
    const { log } = mustApply(testSituation(), {
      type: "inc counter",
      player: "red",
      counter: "vp",
      amount: -1,
      logMessage: "paid",
    });
    expect(log[0]?.message).toBe("paid");
  });

  it("refuses unknown players and counters", () => {
    expectRefusal(
      applyMove(testSituation(), { type: "inc counter", player: "green", counter: "coins", amount: 1 }),
      "move/unknown-player",
    );
    expectRefusal(
      applyMove(testSituation(), { type: "inc counter", player: "red", counter: "gems", amount: 1 }),
      "move/unknown-counter",
    );
  });
});
