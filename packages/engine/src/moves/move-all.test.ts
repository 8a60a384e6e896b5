import { describe, expect, it } from "vitest";
import { expectRefusal, mustApply, pileIds, testSituation } from "../test/fixture.js";
import { applyMove } from "./index.js";

describe("move all", () => {
  it("moves a whole position keeping its order", () => {
    const s = testSituation();
    const { situation } = mustApply(s, {
      type: "move all",
      componentId: "table",
      sourcePositionName: "meeples",
      destinationId: "area-blue",
      positionName: "tableau",
    });
    expect(pileIds(situation, "area-blue", "tableau")).toEqual(["m1", "m2"]);
    expect(pileIds(situation, "table", "meeples")).toEqual([]);
  });

  it("numbers keyed slots from the given index", () => {
    const s = testSituation();
    const { situation } = mustApply(s, {
      type: "move all",
      componentId: "table",
      sourcePositionName: "meeples",
      destinationId: "table",
      positionName: "board",
      positionIndex: 0,
    });
    expect(Object.keys(situation.root.children.board ?? {})).toEqual(["0", "1"]);
  });

  it("refuses an unknown source", () => {
    const s = testSituation();
    expectRefusal(
      applyMove(s, {
        type: "move all",
        componentId: "x",
        sourcePositionName: "p",
        destinationId: "table",
        positionName: "pile",
      }),
      "move/unknown-component",
    );
  });
});
