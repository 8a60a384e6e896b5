import { describe, expect, it } from "vitest";
import { activeState } from "../access.js";
import { componentInfo } from "../component-info.js";
import { component, expectRefusal, mustApply, TEST_PIECES, testSituation } from "../test/fixture.js";
import { applyMove } from "./index.js";

describe("set component overdrive", () => {
  it("overrides component info while the state lasts, and clears", () => {
    let s = testSituation();
    s = mustApply(s, {
      type: "set component overdrive",
      componentId: "die",
      overdrive: { selectable: true },
    }).situation;
    expect(componentInfo(TEST_PIECES, component(s, "die"), s).selectable).toBe(true);
    s = mustApply(s, { type: "set component overdrive", componentId: "die", overdrive: null }).situation;
    expect(activeState(s).componentOverdrive).toEqual({});
  });

  it("refuses an unknown component", () => {
    expectRefusal(
      applyMove(testSituation(), { type: "set component overdrive", componentId: "x", overdrive: {} }),
      "move/unknown-component",
    );
  });
});
