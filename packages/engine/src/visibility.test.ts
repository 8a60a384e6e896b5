import { describe, expect, it } from "vitest";
import { mustApply, pileIds, TEST_PIECES, testSituation } from "./test/fixture.js";
import { visibilityFor } from "./visibility.js";

describe("visibility", () => {
  const dealt = () => {
    let s = testSituation();
    const [a, b] = pileIds(s, "deck", "deck").slice(-2) as [string, string];
    s = mustApply(s, {
      type: "component move",
      componentId: a,
      destinationId: "area-red",
      positionName: "hand",
    }).situation;
    s = mustApply(s, { type: "component reveal", componentId: a }).situation;
    s = mustApply(s, {
      type: "component move",
      componentId: b,
      destinationId: "area-red",
      positionName: "tableau",
    }).situation;
    s = mustApply(s, { type: "component reveal", componentId: b }).situation;
    return { s, a, b };
  };

  it("shows a hand to its owner only and backs in an opponentCardBack position", () => {
    const { s, a, b } = dealt();
    expect(visibilityFor(s, TEST_PIECES, a, "red", false)).toBe("face");
    expect(visibilityFor(s, TEST_PIECES, a, "blue", false)).toBe("hidden");
    expect(visibilityFor(s, TEST_PIECES, a, "blue", true)).toBe("face");
    expect(visibilityFor(s, TEST_PIECES, b, "blue", false)).toBe("back");
  });

  it("shows face-down cards as backs except to the players they were shown to", () => {
    let s = testSituation();
    const top = pileIds(s, "deck", "deck").at(-1) as string;
    expect(visibilityFor(s, TEST_PIECES, top, "red", false)).toBe("back");
    s = mustApply(s, { type: "component reveal", componentId: top, forPlayers: ["blue"] }).situation;
    expect(visibilityFor(s, TEST_PIECES, top, "blue", false)).toBe("face");
    expect(visibilityFor(s, TEST_PIECES, "m1", "red", false)).toBe("face");
    expect(visibilityFor(s, TEST_PIECES, "nope", "red", false)).toBe("hidden");
  });
});
