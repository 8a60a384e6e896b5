import { describe, expect, it } from "vitest";
import { component, deckTop, expectRefusal, mustApply, testSituation } from "../test/fixture.js";
import { applyMove } from "./index.js";

describe("component reveal", () => {
  it("shows a face-down card to everyone", () => {
    const s = testSituation();
    const top = deckTop(s);
    expect(component(s, top).options.facedown).toBe(true);
    const { situation } = mustApply(s, { type: "component reveal", componentId: top });
    expect(component(situation, top).options.facedown).toBe(false);
  });

  it("shows a card to chosen players only", () => {
    const s = testSituation();
    const top = deckTop(s);
    const { situation, log } = mustApply(s, {
      type: "component reveal",
      componentId: top,
      forPlayers: ["red"],
    });
    expect(component(situation, top).options).toMatchObject({ facedown: true, cardUnflippedFor: ["red"] });
    expect(log[0]?.message).toContain("red");
  });

  it("turns a card face down again, and says so", () => {
    const s = testSituation();
    const shown = mustApply(s, { type: "component reveal", componentId: deckTop(s) });
    expect(shown.log[0]?.message).toBe("revealed card");
    const { situation, log } = mustApply(shown.situation, {
      type: "component reveal",
      componentId: deckTop(s),
      facedown: true,
    });
    expect(component(situation, deckTop(s)).options.facedown).toBe(true);
    expect(log[0]?.message).toBe("flipped card face down");
  });

  it("flips a two-sided card", () => {
    const s = testSituation();
    const { situation } = mustApply(s, { type: "component reveal", componentId: "m1", flip: true });
    expect(component(situation, "m1").options.cardFlipped).toBe(true);
  });

  it("refuses an unknown component", () => {
    expectRefusal(
      applyMove(testSituation(), { type: "component reveal", componentId: "x" }),
      "move/unknown-component",
    );
  });
});
