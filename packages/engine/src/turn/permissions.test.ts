import { describe, expect, it } from "vitest";
import { mustApply, testSituation } from "../test/fixture.js";
import { activeSeats, mayAct, showsPlayerButtons } from "./permissions.js";

describe("permissions", () => {
  it("lists the seats that may act", () => {
    const s = testSituation();
    expect(activeSeats(s)).toEqual(["red"]);
    expect(mayAct(s, "alwaysactive")).toBe(true);
    expect(mayAct(s, "spectator")).toBe(false);
    const everyone = mustApply(s, {
      type: "set gamestate",
      state: { name: "x", activePlayer: "everyone" },
    }).situation;
    expect(activeSeats(everyone)).toEqual(["red", "blue"]);
  });

  it("shows player buttons on your turn, in rival or everyone states, and in edit mode", () => {
    const s = testSituation();
    expect(showsPlayerButtons(s, "red", false)).toBe(true);
    expect(showsPlayerButtons(s, "blue", false)).toBe(false);
    expect(showsPlayerButtons(s, "blue", true)).toBe(true);
    const rival = mustApply(s, {
      type: "add substate",
      state: { name: "r", activePlayer: "rival" },
    }).situation;
    expect(showsPlayerButtons(rival, "red", false)).toBe(true);
  });
});
