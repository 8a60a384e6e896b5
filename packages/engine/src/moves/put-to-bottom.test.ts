import { describe, expect, it } from "vitest";
import { deckTop, expectRefusal, mustApply, pileIds, testSituation } from "../test/fixture.js";
import { applyMove } from "./index.js";

describe("put to bottom", () => {
  it("puts a card under its deck", () => {
    const s = testSituation();
    const top = deckTop(s);
    const { situation } = mustApply(s, { type: "put to bottom", componentId: top });
    expect(pileIds(situation, "deck", "deck")[0]).toBe(top);
    expect(situation.containers.deck?.componentAmt).toBe(6);
  });

  it("refuses a deck that is not a deck", () => {
    expectRefusal(
      applyMove(testSituation(), { type: "put to bottom", componentId: "m1", deckId: "bank" }),
      "move/no-deck",
    );
  });
});
