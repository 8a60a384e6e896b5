import { activeState } from "@tt/engine";
import { describe, expect, it } from "vitest";
import { stateButtons } from "./stage";
import { chessStart } from "./testkit";

// The status bar's buttons out of turn (issue 37 point 5): a seated player who waits still sees the
// ones the rules let any seat press (chess's Offer draw and Resign), nobody else does.

describe("stateButtons", () => {
  const s = chessStart();
  const names = (seat: string) => stateButtons(s, activeState(s), seat, false).map((b) => b.name);

  it("shows the side to move every button of the state", () => {
    expect(names("red")).toEqual(["offer-draw", "resign"]);
  });

  it("shows the waiting player the anyTurn buttons", () => {
    expect(names("blue")).toEqual(["offer-draw", "resign"]);
    const answering = { ...activeState(s), buttons: [{ name: "accept-draw", text: "Accept draw" }] };
    expect(stateButtons(s, answering, "blue", false)).toEqual([]);
  });

  it("shows a spectator none", () => {
    expect(names("spectator")).toEqual([]);
  });
});
