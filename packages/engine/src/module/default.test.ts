import { describe, expect, it } from "vitest";
import { mustApply, TEST_PIECES, testSituation } from "../test/fixture.js";
import { defaultModule } from "./default.js";

const ctx = { pieces: TEST_PIECES, options: {} };

describe("default module", () => {
  it("says whose turn it is when a state has no message", () => {
    const s = testSituation();
    expect(defaultModule.stateMessage(s, "red", ctx)).toBe("No instructions. your turn");
    expect(defaultModule.stateMessage(s, "blue", ctx)).toBe("No instructions. red's turn");
    const told = mustApply(s, {
      type: "set gamestate",
      state: { name: "p", activePlayer: "red", message: "Draw" },
    }).situation;
    expect(defaultModule.stateMessage(told, "blue", ctx)).toBe("Draw");
  });

  it("makes selectable pieces, decks and banks clickable, and any piece in edit mode", () => {
    const s = testSituation();
    expect(defaultModule.isClickable(s, "m1", "red", false, ctx)).toBe(true);
    expect(defaultModule.isClickable(s, "deck", "red", false, ctx)).toBe(true);
    expect(defaultModule.isClickable(s, "die", "red", false, ctx)).toBe(false);
    expect(defaultModule.isClickable(s, "die", "red", true, ctx)).toBe(true);
    expect(defaultModule.isClickable(s, "nope", "red", true, ctx)).toBe(false);
  });

  it("lets edit mode lift a board only when its info says editModeSelectable (or selectable)", () => {
    const s = testSituation();
    const area = s.players[0]?.area as string;
    // Pieces, decks and banks: always, in edit mode. Components holding positions: not by default.
    expect(defaultModule.isClickable(s, "die", "red", true, ctx)).toBe(true);
    expect(defaultModule.isClickable(s, "bank", "red", true, ctx)).toBe(true);
    expect(defaultModule.isClickable(s, "table", "red", true, ctx)).toBe(false);
    expect(defaultModule.isClickable(s, area, "red", true, ctx)).toBe(false);
    const flagged = {
      ...ctx,
      pieces: { ...TEST_PIECES, "player-area": { ...TEST_PIECES["player-area"], editModeSelectable: true } },
    };
    expect(defaultModule.isClickable(s, area, "red", true, flagged)).toBe(true);
    // Selectable only in edit mode: outside it the flag gives nothing.
    expect(defaultModule.isClickable(s, area, "red", false, flagged)).toBe(false);
  });

  it("lets a game state restrict what is clickable, and hide positions", () => {
    const s = mustApply(testSituation(), {
      type: "set gamestate",
      state: { name: "pick", activePlayer: "red", isClickable: ["m2"] },
    }).situation;
    expect(defaultModule.isClickable(s, "m1", "red", false, ctx)).toBe(false);
    expect(defaultModule.isClickable(s, "m2", "red", false, ctx)).toBe(true);
    expect(defaultModule.highlights(s, "red", ctx)).toEqual(["m2"]);
    expect(defaultModule.isPosVisible(s, "table", "pile", "red", ctx)).toBe(true);
  });

  it("has no tooltips, follow-ups or stats of its own", () => {
    const s = testSituation();
    const turn = { seat: "red", editMode: false, timestamp: 0, turnUID: "x" };
    expect(defaultModule.tooltip(s, "m1", "red", ctx)).toBeNull();
    expect(defaultModule.gameEvent(s, { type: "custom", name: "x" }, turn, ctx)).toEqual([]);
    expect(defaultModule.stats(s, ctx)).toEqual([]);
    expect(defaultModule.movePreventReasons(s, turn, ctx)).toEqual([]);
  });
});
