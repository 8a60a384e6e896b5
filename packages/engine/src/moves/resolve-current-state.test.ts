import { describe, expect, it } from "vitest";
import { activeState } from "../access.js";
import { expectRefusal, mustApply, testSituation } from "../test/fixture.js";
import { applyMove } from "./index.js";

describe("resolve current state", () => {
  it("returns to the interrupted state", () => {
    let s = testSituation();
    s = mustApply(s, { type: "add substate", state: { name: "a", activePlayer: "blue" } }).situation;
    s = mustApply(s, { type: "add substate", state: { name: "b", activePlayer: "blue" } }).situation;
    s = mustApply(s, { type: "resolve current state" }).situation;
    expect(activeState(s).name).toBe("a");
    s = mustApply(s, { type: "resolve current state" }).situation;
    expect(activeState(s).name).toBe("start");
  });

  it("refuses to resolve the root state", () => {
    expectRefusal(
      applyMove(testSituation(), { type: "resolve current state" }),
      "move/root-state",
      "Cannot mark resolved a root game state.",
    );
  });
});
