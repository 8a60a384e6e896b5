import { describe, expect, it } from "vitest";
import { component, expectRefusal, mustApply, pileIds, testSituation } from "../test/fixture.js";
import { applyMove } from "./index.js";

describe("move to bank", () => {
  it("returns a component to the bank of its name", () => {
    let s = testSituation();
    s = mustApply(s, {
      type: "component move",
      componentId: "coin1",
      destinationId: "area-red",
      positionName: "tableau",
    }).situation;
    s = mustApply(s, { type: "component reveal", componentId: "coin1", flip: true }).situation;
    expect(s.containers.bank?.componentAmt).toBe(1);
    const { situation } = mustApply(s, { type: "move to bank", componentId: "coin1" });
    expect(pileIds(situation, "bank", "bank")).toEqual(["coin2", "coin1"]);
    expect(situation.containers.bank?.componentAmt).toBe(2);
    expect(component(situation, "coin1").options.cardFlipped).toBeUndefined();
  });

  it("refuses a component no bank takes", () => {
    expectRefusal(applyMove(testSituation(), { type: "move to bank", componentId: "m1" }), "move/no-bank");
    expectRefusal(
      applyMove(testSituation(), { type: "move to bank", componentId: "x" }),
      "move/unknown-component",
    );
  });
});
