import { describe, expect, it } from "vitest";
import { expectRefusal, mustApply, testSituation } from "../test/fixture.js";
import { applyMove } from "./index.js";

describe("press button", () => {
  it("is recorded without changing the situation's content", () => {
    const s = testSituation();
    const { situation, log } = mustApply(s, { type: "press button", componentId: "die", button: "roll" });
    expect({ ...situation, evaledMoves: 0 }).toEqual(s);
    expect(log[0]?.message).toBe("pressed roll");
  });

  it("refuses an unknown component", () => {
    expectRefusal(
      applyMove(testSituation(), { type: "press button", componentId: "x", button: "roll" }),
      "move/unknown-component",
    );
  });
});
