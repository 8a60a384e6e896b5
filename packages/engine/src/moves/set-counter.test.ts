import { describe, expect, it } from "vitest";
import { expectRefusal, mustApply, testSituation } from "../test/fixture.js";
import { applyMove } from "./index.js";

describe("set counter", () => {
  it("sets a counter, within its maxValue", () => {
    const s = testSituation();
    expect(
      mustApply(s, { type: "set counter", player: "blue", counter: "vp", value: 7 }).situation.players[1]
        ?.counters[1]?.value,
    ).toBe(7);
    expect(
      mustApply(s, { type: "set counter", player: "blue", counter: "coins", value: 70 }).situation.players[1]
        ?.counters[0]?.value,
    ).toBe(10);
  });

  it("refuses an unknown counter", () => {
    expectRefusal(
      applyMove(testSituation(), { type: "set counter", player: "blue", counter: "x", value: 1 }),
      "move/unknown-counter",
    );
  });
});
