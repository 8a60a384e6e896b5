import { describe, expect, it } from "vitest";
import { activeState } from "../access.js";
import { mustApply, testSituation } from "../test/fixture.js";

describe("set gamestate", () => {
  it("replaces the active state, filling what the move leaves out", () => {
    const { situation } = mustApply(testSituation(), {
      type: "set gamestate",
      state: {
        name: "play",
        activePlayer: "blue",
        message: "Play a card",
        buttons: [{ name: "pass", text: "Pass" }],
      },
    });
    const state = activeState(situation);
    expect(state).toMatchObject({
      name: "play",
      activePlayer: "blue",
      message: "Play a card",
      subState: null,
      variables: {},
    });
    expect(state.buttons).toHaveLength(1);
  });

  it("replaces only the innermost state", () => {
    let s = testSituation();
    s = mustApply(s, { type: "add substate", state: { name: "react", activePlayer: "rival" } }).situation;
    s = mustApply(s, { type: "set gamestate", state: { name: "react2", activePlayer: "rival" } }).situation;
    expect(s.gameState.current.name).toBe("start");
    expect(activeState(s).name).toBe("react2");
  });
});
