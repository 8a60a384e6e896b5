import { describe, expect, it } from "vitest";
import { component, deckTop, expectRefusal, mustApply, pileIds, testSituation } from "../test/fixture.js";
import { applyMove } from "./index.js";

describe("return to top", () => {
  it("puts a card face down on top of its deck", () => {
    let s = testSituation();
    const bottom = pileIds(s, "deck", "deck")[0] as string;
    s = mustApply(s, {
      type: "component move",
      componentId: bottom,
      destinationId: "table",
      positionName: "pile",
    }).situation;
    s = mustApply(s, { type: "component reveal", componentId: bottom }).situation;
    const { situation } = mustApply(s, { type: "return to top", componentId: bottom });
    expect(deckTop(situation)).toBe(bottom);
    expect(component(situation, bottom).options.facedown).toBe(true);
  });

  it("refuses a component without a deck", () => {
    expectRefusal(applyMove(testSituation(), { type: "return to top", componentId: "m1" }), "move/no-deck");
  });
});
