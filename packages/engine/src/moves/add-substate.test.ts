import { describe, expect, it } from "vitest";
import { activeState, stateDepth } from "../access.js";
import { mustApply, testSituation } from "../test/fixture.js";

describe("add substate", () => {
  it("stacks states", () => {
    let s = testSituation();
    s = mustApply(s, { type: "add substate", state: { name: "a", activePlayer: "blue" } }).situation;
    s = mustApply(s, { type: "add substate", state: { name: "b", activePlayer: ["red", "blue"] } }).situation;
    expect(stateDepth(s)).toBe(2);
    expect(activeState(s).name).toBe("b");
  });
});
