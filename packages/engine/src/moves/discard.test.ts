import { describe, expect, it } from "vitest";
import { component, deckTop, expectRefusal, mustApply, pileIds, testSituation } from "../test/fixture.js";
import { applyMove } from "./index.js";

describe("discard", () => {
  it("puts a card face up on its deck's discard pile", () => {
    let s = testSituation();
    const top = deckTop(s);
    s = mustApply(s, {
      type: "component move",
      componentId: top,
      destinationId: "area-red",
      positionName: "hand",
    }).situation;
    const { situation } = mustApply(s, { type: "discard", componentId: top });
    expect(pileIds(situation, "deck", "discard")).toEqual([top]);
    expect(component(situation, top).options.facedown).toBe(false);
    expect(situation.containers.deck).toMatchObject({ componentAmt: 5, discardSize: 1 });
  });

  it("refuses a component without a deck", () => {
    expectRefusal(applyMove(testSituation(), { type: "discard", componentId: "m1" }), "move/no-deck");
  });
});
