import { describe, expect, it } from "vitest";
import { component, expectRefusal, mustApply, pileIds, testSituation } from "../test/fixture.js";
import { applyMove } from "./index.js";

describe("reveal all", () => {
  it("reveals every card of a position", () => {
    const s = testSituation();
    const { situation } = mustApply(s, { type: "reveal all", componentId: "deck", positionName: "deck" });
    for (const id of pileIds(situation, "deck", "deck"))
      expect(component(situation, id).options.facedown).toBe(false);
  });

  it("leaves other positions alone", () => {
    const s = testSituation();
    const { situation } = mustApply(s, { type: "reveal all", componentId: "table", positionName: "pile" });
    for (const id of pileIds(situation, "deck", "deck"))
      expect(component(situation, id).options.facedown).toBe(true);
  });

  it("refuses an unknown component", () => {
    expectRefusal(
      applyMove(testSituation(), { type: "reveal all", componentId: "x" }),
      "move/unknown-component",
    );
  });
});
