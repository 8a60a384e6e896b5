import { describe, expect, it } from "vitest";
import { mustApply, pileIds, testSituation } from "../test/fixture.js";
import { applyViewPatch, diffViews, isWholeRecord } from "./patch.js";

describe("the patch between two views", () => {
  it("sends a pile a card left only its changed position, and the card whole; applying it gives the after", () => {
    const before = testSituation();
    const [top] = pileIds(before, "deck", "deck").slice(-1) as [string];
    const after = mustApply(before, {
      type: "component move",
      componentId: top,
      destinationId: "area-red",
      positionName: "hand",
    }).situation;
    const patch = diffViews(before, after);
    const deck = patch.components?.find((r) => r.id === "deck");
    expect(deck).toBeDefined();
    // The deck's own fields did not change: only its 'deck' position, as ids.
    expect(deck !== undefined && isWholeRecord(deck)).toBe(false);
    expect(Object.keys(deck?.children ?? {})).toEqual(["deck"]);
    const card = patch.components?.find((r) => r.id === top);
    expect(card !== undefined && isWholeRecord(card)).toBe(true);
    expect(applyViewPatch(before, JSON.parse(JSON.stringify(patch)))).toEqual(after);
  });

  it("refuses a record naming a position the view's component does not have (out of sync)", () => {
    const before = testSituation();
    expect(() => applyViewPatch(before, { components: [{ id: "deck", children: { nowhere: [] } }] })).toThrow(
      "has no position 'nowhere'",
    );
    expect(() => applyViewPatch(before, { components: [{ id: "nope", children: {} }] })).toThrow(
      "no component 'nope'",
    );
  });
});
