import { describe, expect, it } from "vitest";
import { activeState } from "../access.js";
import { mustApply, testSituation } from "../test/fixture.js";

describe("set gamestate variable", () => {
  it("keeps variables on the active state, gone when it resolves", () => {
    let s = testSituation();
    s = mustApply(s, { type: "add substate", state: { name: "a", activePlayer: "blue" } }).situation;
    s = mustApply(s, { type: "set gamestate variable", name: "picked", value: "m1" }).situation;
    expect(activeState(s).variables.picked).toBe("m1");
    expect(s.gameState.current.variables.picked).toBeUndefined();
    s = mustApply(s, { type: "resolve current state" }).situation;
    expect(activeState(s).variables.picked).toBeUndefined();
  });
});
