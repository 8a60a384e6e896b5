import { REFUSAL_MESSAGES, refuse } from "@tt/engine";
import { describe, expect, it } from "vitest";
import { clickNotice } from "./clickNotice";

describe("clickNotice", () => {
  it("says the game's own reason without the engine's prefix", () => {
    const refusal = refuse("turn/prevented", ["That square is not a legal move for the knight."]);
    expect(refusal.message).toBe("Cannot make move: That square is not a legal move for the knight.");
    expect(clickNotice(refusal)).toBe("That square is not a legal move for the knight.");
  });

  it("maps the engine's codes to what the player should do", () => {
    expect(clickNotice(refuse("turn/not-your-turn"))).toBe("It is not your turn: wait for it.");
    expect(clickNotice(refuse("turn/no-selection"))).toBe("Select a piece first, then click where it goes.");
  });

  it("falls back to the engine's message for any other code", () => {
    expect(clickNotice(refuse("move/into-itself"))).toBe(REFUSAL_MESSAGES["move/into-itself"]);
  });
});
