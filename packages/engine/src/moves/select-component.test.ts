import { describe, expect, it } from "vitest";
import { expectRefusal, mustApply, testSituation } from "../test/fixture.js";
import { applyMove } from "./index.js";

describe("select component", () => {
  it("selects and clears per seat", () => {
    let s = testSituation();
    s = mustApply(s, { type: "select component", seat: "red", componentId: "m1" }).situation;
    expect(s.selected).toEqual({ red: "m1" });
    s = mustApply(s, { type: "select component", seat: "red", componentId: null }).situation;
    expect(s.selected).toEqual({ red: null });
  });

  it("refuses an unknown component", () => {
    expectRefusal(
      applyMove(testSituation(), { type: "select component", seat: "red", componentId: "x" }),
      "move/unknown-component",
    );
  });
});
