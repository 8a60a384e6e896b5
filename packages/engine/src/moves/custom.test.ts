import { describe, expect, it } from "vitest";
import { mustApply, testSituation } from "../test/fixture.js";

describe("custom", () => {
  it("changes nothing but the move count and is logged with its type", () => {
    const s = testSituation();
    const { situation, log } = mustApply(s, {
      type: "custom",
      name: "score",
      data: { x: 1 },
      logMessage: "scored",
    });
    expect(situation.evaledMoves).toBe(1);
    expect({ ...situation, evaledMoves: 0 }).toEqual(s);
    expect(log[0]).toMatchObject({ message: "scored", event: { type: "custom" } });
  });
});
