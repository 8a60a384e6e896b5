import { describe, expect, it } from "vitest";
import { component, expectRefusal, mustApply, testSituation } from "../test/fixture.js";
import { applyMove } from "./index.js";

describe("set component variable", () => {
  it("sets a variable of a component", () => {
    const { situation } = mustApply(testSituation(), {
      type: "set component variable",
      componentId: "die",
      variable: "face",
      value: 6,
    });
    expect(component(situation, "die").variables).toEqual({ face: 6 });
  });

  it("refuses an unknown component", () => {
    expectRefusal(
      applyMove(testSituation(), {
        type: "set component variable",
        componentId: "x",
        variable: "a",
        value: 1,
      }),
      "move/unknown-component",
    );
  });
});
